"""Chromium as every test launches it (and context_bench.py, beside the plain flags): Debian's
binary, the project's flags, and the omnibox popup's WebUI left out. The other benchmarks keep
Playwright's flags alone, so their figures stay comparable with earlier runs.

Chromium 156 in headless mode opens each new browser context (one per test) in a window of its
own, and each window starts a renderer for the address bar's popup, drawn in WebUI
(chrome://omnibox-popup.top-chrome/ and its "aim" page). Nobody types in that address bar here,
yet that renderer cost more than the page: 1.46 CPU-seconds for a record page opened in a new
context, 0.83 without it (tests/benchmarks/context_bench.py measures it). It is browser chrome,
not the page, so what a test sees is unchanged.

Chromium keeps only the last --disable-features, and Playwright passes its own list (features
its automation needs off). So the first launch in a process reads that list from
chrome://version, and the browser is launched with it and the two omnibox features added.
"""
from __future__ import annotations

import re
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update", "--no-first-run",
                 "--disable-sync", "--disable-gpu", "--no-sandbox"]
OMNIBOX_WEBUI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

_args: list[str] | None = None


def playwright_features_off(browser_type) -> list[str]:
    """The features Playwright turns off when it launches Chromium (read from chrome://version)."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = browser.new_page()
        page.goto("chrome://version")
        line = page.locator("#command_line").inner_text()
    finally:
        browser.close()
    found = re.findall(r"--disable-features=(\S+)", line)
    assert found, f"chrome://version shows no --disable-features in Chromium's command line: {line[:500]}"
    return found[-1].split(",")


def launch_args(browser_type) -> list[str]:
    """CHROMIUM_ARGS with Playwright's features off and the omnibox popup's WebUI off too."""
    global _args
    assert Path(CHROMIUM).exists(), "Debian chromium is missing: run the README's test command, which installs it"
    if _args is None:
        off = [f for f in playwright_features_off(browser_type) if f not in OMNIBOX_WEBUI] + OMNIBOX_WEBUI
        _args = [*CHROMIUM_ARGS, "--disable-features=" + ",".join(off)]
    return _args


def launch(browser_type, **options):
    """The headless Chromium every test uses (browser_type: Playwright's `chromium`)."""
    return browser_type.launch(executable_path=CHROMIUM, args=launch_args(browser_type), headless=True, **options)
