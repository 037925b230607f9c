"""The balance report in Chromium: a file opened from disk, every plot drawn, nothing fetched."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Request

from bodoge.sim import run_sweep
from bodoge.sim.report import build_report


def test_a_sweep_report_renders_its_plots_offline(browser: Browser, tmp_path: Path) -> None:
    results = list(run_sweep("hoarders", 4, [(None, None), (None, {"winning_set": 4})], 3, n=20))
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
    # a comparison, then per variant: win rates, scores, score over time, lengths, phases
    assert plots.count() == 1 + 2 * 5
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


def test_reports_are_legible_at_desktop_and_phone_widths(browser: Browser, tmp_path: Path) -> None:
    """A competitive sweep over player counts and a co-operative game, at 1280 and 390 px.

    Nothing may stick out sideways (tables scroll inside their box, plots
    shrink), the summary's links land on their sections, and the
    screenshots are kept in ``tmp_path`` to be looked at.
    """
    reports = {
        "counts": run_sweep("egyptian-bride", [3, 4], [(None, None)], 5, n=30),
        "coop": run_sweep("tarot-storia", 2, [(None, None)], 7, ["heuristic"], n=30),
    }
    for name, results in reports.items():
        page_file = tmp_path / f"{name}.html"
        page_file.write_text(build_report(list(results), "en"), encoding="utf-8")
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 900})
            page = context.new_page()
            page.goto(page_file.as_uri())
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, (name, width, overflow)
            for plot in page.locator("figure.plot svg").all():
                box = plot.bounding_box()
                assert box is not None and 0 < box["width"] <= width, (name, width, box)
            links = page.locator(".summary a")
            assert links.count() >= 2
            target = links.first.get_attribute("href")
            assert target is not None and page.locator(target).count() == 1
            page.screenshot(path=str(tmp_path / f"{name}-{width}.png"), full_page=True)
            context.close()
        text = page_file.read_text(encoding="utf-8")
        if name == "coop":
            assert "The team&#39;s success" in text and "Win rate by seat" not in text
        else:
            assert 'data-testid="player-counts"' in text
