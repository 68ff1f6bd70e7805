"""Material's instant navigation works on the built site, and calculators start after it."""
import pytest


def navigate_instantly(page, link_selector):
    page.evaluate("window.__noReload = 1")
    page.locator(link_selector).first.click()


def test_links_navigate_without_reload(page, site_url):
    page.goto(site_url)
    navigate_instantly(page, "article a[href$='/mare-nostrum/']")
    page.wait_for_url("**/mare-nostrum/")
    page.locator("h1", has_text="Mare Nostrum").wait_for()
    assert page.evaluate("window.__noReload") == 1, "the page was fully reloaded: instant navigation is off"


@pytest.mark.parametrize("href,root", [("calculators/mare-nostrum-battle/", "#mn-battle"),
                                       ("calculators/ancient-conquest-battle/", "#ac-battle")])
def test_calculators_start_after_instant_navigation(page, site_url, href, root):
    page.goto(site_url)
    navigate_instantly(page, f"article a[href$='/{href}']")
    page.wait_for_url(f"**/{href}*")
    page.locator(f"{root} select, {root} input").first.wait_for(timeout=15000)   # the UI has mounted
    assert page.evaluate("window.__noReload") == 1
    assert "could not load" not in page.locator(root).inner_text()
