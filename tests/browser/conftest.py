"""Browser tests: Playwright driving Debian's Chromium against a real ``bodoge serve``.

Each server is a subprocess on 127.0.0.1 with a free port and its own SQLite
file; it is started by a fixture, waited for until it answers, and stopped at
the end.  Chromium is required: when it is missing the tests fail (CI installs
it), they are never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from .browser_support import CHROMIUM, CHROMIUM_ARGS, Server, check_server_log


@pytest.fixture(scope="module")
def playwright_instance() -> Iterator[Playwright]:
    """Per module: while Playwright's sync API runs, the thread has a running asyncio
    loop, which other test folders' ``asyncio.run`` must not meet."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is needed for the browser tests and is not at {CHROMIUM} "
            "(apt-get install chromium, or set BODOGE_CHROMIUM)"
        )
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    chromium = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server shared by a module's tests (each test uses tables of its own)."""
    folder = tmp_path_factory.mktemp("server")
    running = Server(folder / "bodoge.sqlite", folder / "server.log")
    running.start()
    yield running
    running.stop()
    check_server_log(running)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, for tests that stop and restart it."""
    running = Server(tmp_path / "bodoge.sqlite", tmp_path / "server.log")
    running.start()
    yield running
    running.stop()
    check_server_log(running)
