"""One LocalCluster of two worker processes for the Dask tests.

The dashboard takes a free port (``":0"``; ``None`` would still bind the
default 8787), and 8787 is held here while the cluster starts, so the tests
never depend on it being free.

The cluster starts with the first test that asks for it and stops after the
last test of this folder: its scheduler (a thread of the test process) and
its idle workers would otherwise take CPU for the rest of the run (about 30
seconds over the whole suite)."""

import contextlib
import socket
from pathlib import Path

import pytest

DEFAULT_DASHBOARD_PORT = 8787
HERE = Path(__file__).resolve().parent

_running = {}  # "stack": the ExitStack that stops it, "client": its client


def _start(distributed):
    stack = contextlib.ExitStack()
    with contextlib.ExitStack() as starting:
        starting.enter_context(stack)  # stops what started if a step fails
        taken = starting.enter_context(socket.socket())
        with contextlib.suppress(OSError):  # already taken: the same test
            taken.bind(("", DEFAULT_DASHBOARD_PORT))
            taken.listen(1)
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
            )
        )
        taken.close()
        client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
        starting.pop_all()
    _running.update(stack=stack, client=client)


def _stop():
    stack = _running.pop("stack", None)
    _running.clear()
    if stack is not None:
        stack.close()


@pytest.fixture
def cluster_client():
    """A client of a LocalCluster(processes=True, 2 workers of 1 thread),
    not the default client: tests that want it enter ``on_cluster``."""
    distributed = pytest.importorskip("distributed")
    if "client" not in _running:
        _start(distributed)
    return _running["client"]


@pytest.fixture
def on_cluster(cluster_client):
    """Runs the test with the cluster's client as the current client."""
    with cluster_client.as_current():
        yield cluster_client


def pytest_runtest_teardown(item, nextitem):
    if nextitem is None or HERE not in Path(nextitem.path).resolve().parents:
        _stop()


def pytest_sessionfinish(session):
    _stop()
