"""The README's promise: on a fresh machine its set-up commands do all the
set-up, and .ci/run (the gate every submission passes) runs exactly those
commands, so the two cannot drift apart. Also: the README stays a
five-minute read, and each of its links leads somewhere."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"


def setup_commands():
    """The commands of the README's plain code blocks in its set-up section,
    each `a && b` split in two, in order."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```\n(.*?)^```$", section, flags=re.DOTALL | re.MULTILINE)
    return [
        command.strip()
        for block in blocks
        for line in block.splitlines()
        for command in line.split("&&")
        if command.strip()
    ]


def ci_commands():
    """The commands .ci/run runs at the top level, without output redirections."""
    commands = []
    for line in CI_RUN.read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and not line.startswith(("#", "set ", "cd ", "if ")):
            commands.append(re.sub(r"\s*[12]?>\S+", "", line).strip())
    return commands


def test_the_readme_sets_up_with_a_venv_an_install_and_the_tests():
    commands = setup_commands()
    assert commands[0].startswith("python3 -m venv ")
    assert 'pip install ".[test]"' in commands and commands[-1] == "pytest"
    assert any(c.startswith("pyrankcore demo") for c in commands)


def test_ci_run_runs_the_readme_set_up_in_order():
    """Every README set-up command but the demo's, in the README's order."""
    wanted = [c for c in setup_commands() if "demo" not in c and c != "pip install ."]
    ci = ci_commands()
    positions = [ci.index(c) if c in ci else -1 for c in wanted]
    assert -1 not in positions, (wanted, ci)
    assert positions == sorted(positions), (wanted, ci)
    assert ci[-1] == "pytest"


def test_the_readme_is_a_five_minute_read():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def test_every_readme_link_leads_somewhere():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", text)
    assert len(links) > 10
    for link in links:
        if link.startswith(("http://", "https://")):
            continue
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.is_file(), link
        if anchor:
            headings = re.findall(r"^#+ (.+)$", target.read_text(encoding="utf-8"), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert anchor in slugs, link
