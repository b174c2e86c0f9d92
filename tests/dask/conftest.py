"""One LocalCluster of two worker processes for the Dask tests.

The dashboard takes a free port (``":0"``; ``None`` would still bind the
default 8787), and 8787 is held here while the cluster starts, so the tests
never depend on it being free."""

import contextlib
import socket

import pytest

DEFAULT_DASHBOARD_PORT = 8787


@pytest.fixture(scope="session")
def cluster_client():
    """A client of a LocalCluster(processes=True, 2 workers of 1 thread),
    not the default client: tests that want it enter ``on_cluster``."""
    distributed = pytest.importorskip("distributed")
    with contextlib.ExitStack() as stack:
        taken = stack.enter_context(socket.socket())
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
        yield client


@pytest.fixture
def on_cluster(cluster_client):
    """Runs the test with the cluster's client as the current client."""
    with cluster_client.as_current():
        yield cluster_client
