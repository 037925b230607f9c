"""The documentation site opened from its files (``site/index.html``), as a reader of a
downloaded copy opens it: links lead to pages, not folder listings, and search finds
English and Japanese words without a server."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from test_docs import ROOT, build_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    result = build_site(ROOT, folder)
    assert result.returncode == 0, result.stdout + result.stderr
    return folder


def search(page: Page, words: str) -> None:
    page.keyboard.press("s")  # Material's shortcut opens the search box
    box = page.locator("input.md-search__input")
    expect(box).to_be_focused()
    page.keyboard.type(words)
    box.press("End")  # a key of the keyboard's own: the search runs on key-up


def test_links_open_pages_from_the_files(browser: Browser, site: Path) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((site / "index.html").as_uri())
    page.get_by_role("link", name="Gymnasium, PettingZoo, OpenSpiel").first.click()
    assert page.url.endswith("research/interfaces.html")
    expect(page.locator("h1")).to_contain_text("Research interfaces")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(
    ("words", "found"),
    [("Gymnasium", "Research interfaces"), ("花嫁", "Egyptian Bride")],
)
def test_search_works_from_the_files(browser: Browser, site: Path, words: str, found: str) -> None:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    search(page, words)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=30_000)
    expect(page.locator(".md-search-result")).to_contain_text(found)
    page.close()
