"""The QR library the play-along page draws with is vendored (issue 25.5), pinned, with its licence:
content/assets/vendor/qrcode-generator/qrcode.js must be, byte for byte, the published package's
dist/qrcode.js as npm installs it (node_modules, from package.json's exact version), so the site
never serves a copy edited by hand or left behind by an update. Pure file reads: `make quick` runs it."""
import json

from conftest import ROOT

VENDOR = ROOT / "content" / "assets" / "vendor" / "qrcode-generator"
PACKAGE = ROOT / "node_modules" / "qrcode-generator"
VERSION = "2.0.4"


def test_package_json_pins_the_vendored_version_exactly():
    dev = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert dev["qrcode-generator"] == VERSION, "an exact version, no range: the vendored bytes are that version's"
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/qrcode-generator"]["version"] == VERSION
    installed = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert installed["name"] == "qrcode-generator" and installed["version"] == VERSION, "run npm ci"


def test_vendored_file_is_the_published_file_byte_for_byte():
    vendored = (VENDOR / "qrcode.js").read_bytes()
    published = (PACKAGE / "dist" / "qrcode.js").read_bytes()
    assert vendored == published, ("content/assets/vendor/qrcode-generator/qrcode.js differs from the package's "
                                   "dist/qrcode.js: copy it again, never edit it (README.md there says how)")


def test_licence_and_version_line_are_beside_it():
    licence = (VENDOR / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Kazuhiko Arase" in licence
    readme = (VENDOR / "README.md").read_text(encoding="utf-8")
    assert f"**{VERSION}**" in readme and "npmjs.com/package/qrcode-generator" in readme
