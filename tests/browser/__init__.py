"""Browser tests (Playwright + Chromium) and in-process checks of the rendered views."""
