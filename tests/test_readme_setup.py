"""The README's first command, run as a newcomer runs it: in a fresh copy, from a plain shell.

The set-up must work on a machine whose Python refuses a system-wide
``pip install`` (Debian 12, Ubuntu 24.04), so the command makes its own
virtual environment.  Here it runs word for word in a copy of the
repository's files, from an environment with no virtual environment of the
test run's (no ``VIRTUAL_ENV``, no ``PYTHONPATH``, the run's ``.venv`` off
``PATH``); only ``BODOGE_PORT=0`` is added, as a user with port 8000 taken
would set it, so that parallel tests never collide.  The test waits for the
line that says where the server listens, then loads the lobby from it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_docs import ROOT, SET_UP

SERVING = re.compile(r"https?://127\.0\.0\.1:\d+")


def repository_files() -> list[str]:
    """The files of the repository a clone would hold (tracked, and new ones not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def plain_environment() -> dict[str, str]:
    """The user's environment without the test run's virtual environment."""
    venv = Path(sys.prefix)
    path = [
        entry
        for entry in os.environ.get("PATH", "").split(os.pathsep)
        if entry and not Path(entry).resolve().is_relative_to(venv.resolve())
    ]
    hidden = {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PIP_REQUIRE_VIRTUALENV"}
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    env.update(PATH=os.pathsep.join(path), BODOGE_PORT="0")
    return env


@pytest.fixture
def fresh_copy(tmp_path: Path) -> Iterator[Path]:
    copy = tmp_path / "bodoge"
    for name in repository_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    yield copy


@pytest.mark.timeout(900)
def test_the_first_set_up_command_installs_and_serves_on_a_clean_machine(
    fresh_copy: Path,
) -> None:
    with subprocess.Popen(
        ["bash", "-c", SET_UP],
        cwd=fresh_copy,
        env=plain_environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as server:
        try:
            url = wait_for_address(server)
            with urllib.request.urlopen(url, timeout=60) as response:
                page = response.read().decode("utf-8")
        finally:
            stop(server)
    assert response.status == 200 and "bodoge" in page
    assert (fresh_copy / ".venv" / "bin" / "bodoge").exists(), "installed in its own venv"
    assert (fresh_copy / "bodoge.sqlite").exists(), "the embedded default database"


def wait_for_address(server: subprocess.Popen[str]) -> str:
    """The address the server says it listens on; fails with its output if it ends first."""
    assert server.stdout is not None
    said: list[str] = []
    for line in server.stdout:
        said.append(line)
        if found := SERVING.search(line):
            return found[0]
    pytest.fail("the command ended without serving:\n" + "".join(said[-40:]))


def stop(server: subprocess.Popen[str]) -> None:
    """Ctrl-C to the whole command, as in a terminal; a kill if it does not end."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
