"""Printed aids that lead back: each player aid, printed, carries QR codes of its own
page and its game's page, and a real decoder (zxing-cpp) reads them from a screenshot of the
print-emulated page in Chromium. The site is built with site_url equal to the served origin."""
import pytest
import zxingcpp

from png_pixels import grey_pixels
from generator.validate.games import games_of

GAMES = games_of().slugs
A4_CONTENT = {"width": 726, "height": 1054}   # A4 less the 9 mm print margins, in CSS pixels


def decoded(png: bytes) -> set[str]:
    pixels, width, height = grey_pixels(png)
    image = zxingcpp.ImageView(pixels, width, height, zxingcpp.ImageFormat.Lum)
    return {code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)}


@pytest.fixture
def print_page(browser):
    """A4's printable width at a printer-like density (device scale factor 2)."""
    context = browser.new_context(viewport=A4_CONTENT, device_scale_factor=2)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_printed_aid_codes_lead_to_its_page_and_its_game(print_page, site_url, game):
    print_page.goto(f"{site_url}{game}/player-aid/")
    print_page.emulate_media(media="print")
    head = print_page.locator(".cmp-aid-head")
    assert head.locator(".cmp-qr").count() == 2
    assert all(print_page.locator(".cmp-qr").nth(i).is_visible() for i in range(2))
    box = head.bounding_box()
    shot = print_page.screenshot(clip={"x": 0, "y": 0, "width": A4_CONTENT["width"], "height": box["y"] + box["height"]})
    assert decoded(shot) == {f"{site_url}{game}/player-aid/", f"{site_url}{game}/"}


def test_codes_show_on_a_phone_without_scrolling_sideways(phone_page, site_url):
    phone_page.goto(f"{site_url}mare-nostrum/player-aid/")
    codes = phone_page.locator(".cmp-aid-code")
    assert codes.count() == 2
    for i in range(2):
        box = codes.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["width"] >= 80
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 375
