"""The balance report in Chromium: a file opened from disk, every plot drawn, nothing fetched."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Request

from bodoge.sim import run_sweep
from bodoge.sim.report import build_report


def test_a_sweep_report_renders_its_plots_offline(browser: Browser, tmp_path: Path) -> None:
    results = list(run_sweep("hoarders", 4, [(None, None), (None, {"winning_set": 4})], 3, n=12))
    page_file = tmp_path / "report.html"
    page_file.write_text(build_report(results, "en"), encoding="utf-8")
    context = browser.new_context()
    page = context.new_page()
    fetched: list[str] = []

    def remember(request: Request) -> None:
        if not request.url.startswith("file://"):
            fetched.append(request.url)

    page.on("request", remember)
    page.goto(page_file.as_uri())
    plots = page.locator("figure.plot svg")
    # a comparison, then per variant: win rates, scores, lengths, actions by phase
    assert plots.count() == 1 + 2 * 4
    kinds = page.locator("figure.plot").evaluate_all("els => els.map(e => e.dataset.plot)")
    assert kinds[0] == "differences" and kinds.count("win-rate") == 2
    for index in range(plots.count()):
        plot = plots.nth(index)
        plot.scroll_into_view_if_needed()
        box = plot.bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100, (index, box)
        drawn = plot.evaluate(
            "svg => [...svg.querySelectorAll('path, rect, use')]"
            ".filter(e => { const b = e.getBBox(); return b.width > 0 || b.height > 0; }).length"
        )
        assert drawn > 5, (kinds[index], drawn)
    summary = page.get_by_test_id("summary").inner_text()
    assert "winning_set=4" in summary and "game length" in summary
    assert fetched == []
    context.close()
