"""The QR library the play-along page draws with is vendored, pinned, with its licence:
content/assets/vendor/qrcode-generator/qrcode.js must be, byte for byte, the published package's
dist/qrcode.js as npm installs it (node_modules, from package.json's exact version), so the site
never serves a copy edited by hand or left behind by an update; the same for the QR reader the camera
scanner uses (content/assets/vendor/qr/). Pure file reads: `make quick` runs it."""
import json

import pytest

from conftest import ROOT

VENDOR = ROOT / "content" / "assets" / "vendor" / "qrcode-generator"
PACKAGE = ROOT / "node_modules" / "qrcode-generator"
VERSION = "2.0.4"




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


# The QR reader the camera scanner decodes with (content/assets/play/page/scan.js), vendored the same
# way: qr's index.js and decode.js, byte for byte, with both licence texts; qr-decoder.js is ours.
READER = ROOT / "content" / "assets" / "vendor" / "qr"
READER_PACKAGE = ROOT / "node_modules" / "qr"
READER_VERSION = "0.7.0"
READER_FILES = ("index.js", "decode.js")


@pytest.mark.parametrize("name, version", [("qrcode-generator", VERSION), ("qr", READER_VERSION)])
def test_package_json_pins_each_vendored_package_exactly(name, version):
    dev = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert dev[name] == version, "an exact version, no range: the vendored bytes are that version's"
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][f"node_modules/{name}"]["version"] == version
    installed = json.loads((ROOT / "node_modules" / name / "package.json").read_text(encoding="utf-8"))
    assert installed["name"] == name and installed["version"] == version, "run npm ci"


def test_vendored_reader_files_are_the_published_files_byte_for_byte():
    for name in READER_FILES:
        assert (READER / name).read_bytes() == (READER_PACKAGE / name).read_bytes(), (
            f"content/assets/vendor/qr/{name} differs from node_modules/qr/{name}: copy it again, never edit it "
            "(README.md there says how)")
    ours = {p.name for p in READER.iterdir()} - set(READER_FILES) - {"LICENSE", "LICENSE-MIT", "README.md"}
    assert ours == {"qr-decoder.js"}, f"only qr-decoder.js is ours in content/assets/vendor/qr/, found {sorted(ours)}"


def test_reader_licences_and_version_line_are_beside_it():
    for name in ("LICENSE", "LICENSE-MIT"):
        assert (READER / name).read_bytes() == (READER_PACKAGE / name).read_bytes(), f"{name} is the package's own"
    assert "Paul Miller" in (READER / "LICENSE-MIT").read_text(encoding="utf-8")
    readme = (READER / "README.md").read_text(encoding="utf-8")
    assert f"**{READER_VERSION}**" in readme and "npmjs.com/package/qr" in readme
