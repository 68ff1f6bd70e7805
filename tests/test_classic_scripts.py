"""The classic-script build of our ES modules for the downloadable copy (generator/export/classic_scripts.py):
the converter on small module trees (run in Node against the modules themselves), its loud
refusals, and both calculators working from file:// in Chromium at phone width."""
from __future__ import annotations

import json
import re
import subprocess
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import CHROMIUM_ARGS, own_folder  # noqa: F401  (the browser fixture uses CHROMIUM_ARGS)
from generator.export.classic_scripts import ModuleSyntaxError, classic_page, classic_script, records_script
from generator.model.script_paths import classic_path

MODULES = {
    "assets/app/main.js": """
import { twice, Counter as C } from "./lib/math.js";
import * as text from "./lib/text.js";
export { shout } from "./lib/text.js";
export const here = new URL("../data.json", import.meta.url).href;
const c = new C();
c.add(twice(3));
globalThis.result = { n: c.n, loud: text.shout("ok"), here, names: Object.keys(text).sort() };
""",
    "assets/app/lib/math.js": """
// a comment that mentions the word export but not at the start of a line
export function twice(x) { return 2 * x; }
export async function later() { return 1; }
export class Counter { constructor() { this.n = 0; } add(k) { this.n += k; } }
const hidden = 5;
export { hidden as five };
""",
    "assets/app/lib/text.js": """
import { five } from "./math.js";
export const shout = (s) => `${s.toUpperCase()}!${five}`;
export function* letters() { yield "a"; }
""",
}


def write(tmp: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_text(text, encoding="utf-8")
    return tmp


def run_classic(code: str, src: str) -> dict:
    """Run a classic build in Node as a browser would: document.currentScript is its own address."""
    script = f"""
      globalThis.document = {{ currentScript: {{ src: {json.dumps(src)} }} }};
      {code}
      console.log(JSON.stringify(globalThis.result));
    """
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def run_module(entry: Path) -> dict:
    out = subprocess.run(["node", "--input-type=module", "-e",
                          f"await import({json.dumps(entry.as_uri())}); console.log(JSON.stringify(globalThis.result));"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_classic_build_does_what_the_modules_do(tmp_path):
    site = write(tmp_path, MODULES)
    code = classic_script("assets/app/main.js", site)
    assert not re.search(r"^\s*(import|export)\b", code, re.M) and "import.meta" not in code
    assert classic_path("assets/app/main.js") == "assets/app/main.classic.js"
    copy = "file:///somewhere/copy/"
    got = run_classic(code, copy + "assets/app/main.classic.js")
    want = run_module(site / "assets/app/main.js")
    assert got["n"] == want["n"] == 6
    assert got["loud"] == want["loud"] == "OK!5"
    assert got["names"] == want["names"] == ["letters", "shout"]
    # import.meta.url is the module's own address, in the copy as on disk
    assert got["here"] == copy + "assets/data.json"
    assert want["here"] == (site / "assets/data.json").as_uri()


def test_a_literal_dynamic_import_is_a_promise_of_the_modules_exports(tmp_path):
    """The search loads its engine on first use with import("./engine/x.js"); in the copy it is bundled."""
    site = write(tmp_path, {
        "assets/s/page.js": 'import("./engine/core.js").then((m) => { globalThis.result = { n: m.twice(21) }; });\n',
        "assets/s/engine/core.js": "export function twice(x) { return 2 * x; }\n"})
    code = classic_script("assets/s/page.js", site)
    assert "import(" not in code
    out = subprocess.run(["node", "-e", "globalThis.document = {currentScript: {src: 'file:///c/assets/s/page.classic.js'}};"
                          + code + "setTimeout(() => console.log(JSON.stringify(globalThis.result)));"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"n": 42}


@pytest.mark.parametrize("source, problem", [
    ('export default function () {}\n', "export statement not converted"),
    ('import x from "./other.js";\n', "only { named } and * as namespace"),
    ('import "./other.js";\n', "import statement not converted"),
    ('const m = await import(name);\n', "import() of a computed path"),
    ('export let counter = 0;\n', "export statement not converted"),
    ('export var counter = 0;\n', "export statement not converted"),
    ('export * from "./other.js";\n', "export statement not converted"),
    ('import { a } from "lodash";\n', "only relative paths"),
    ('import { a } from "/assets/other.js";\n', "only relative paths"),
    ('import { a } from "./missing.js";\n', "no such file"),
    ('import { nothing } from "./other.js";\n', "'nothing' is not exported"),
    ('export { nothing } from "./other.js";\n', "'nothing' is not exported"),
    ('const e = import.meta.env;\n', "only import.meta.url"),
    ('const __cmpRoot = 1;\n', "kept for the converter"),
    ('export const { a, b } = {};\n', "export statement not converted"),
])
def test_anything_outside_the_subset_stops_the_build_with_file_and_line(tmp_path, source, problem):
    site = write(tmp_path, {"assets/x/entry.js": "// first line\n" + source, "assets/x/other.js": "export const a = 1;\n"})
    with pytest.raises(ModuleSyntaxError) as err:
        classic_script("assets/x/entry.js", site)
    assert problem in str(err.value)
    assert str(err.value).startswith("assets/x/")
    if "other.js" not in str(err.value).split(":")[0]:
        assert err.value.line == 2, str(err.value)


def test_an_import_cycle_stops_the_build(tmp_path):
    site = write(tmp_path, {"assets/a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
                            "assets/b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'})
    with pytest.raises(ModuleSyntaxError, match="import cycle assets/a.js -> assets/b.js -> assets/a.js"):
        classic_script("assets/a.js", site)


def test_pages_load_the_classic_builds_and_refuse_foreign_module_scripts(tmp_path):
    site = write(tmp_path, MODULES)
    built: dict[str, str] = {}
    html = '<head></head><body><script src="../assets/app/main.js" type="module"></script><script src="x.js"></script></body>'
    out = classic_page(html, "page/index.html", site, built)
    assert out == '<head></head><body><script src="../assets/app/main.classic.js" defer></script><script src="x.js"></script></body>'
    assert list(built) == ["assets/app/main.classic.js"]
    for bad in ('<script type="module">alert(1)</script>', '<script src="https://cdn.example/x.js" type="module"></script>',
                '<script src="../elsewhere.js" type="module"></script>'):
        with pytest.raises(ModuleSyntaxError):
            classic_page(bad, "page/index.html", site, {})
    assert records_script('{"records": []}\n') == 'window.__compendiumRecords = {"records": []};\n'


# ---------------------------------------------------------------------------------- the real copy, from file://

@pytest.fixture(scope="module")
def copy_dir(request, site_dir, tmp_path_factory):
    out = own_folder(request, tmp_path_factory, "file-copy")
    with zipfile.ZipFile(site_dir / "downloads" / "ancient-games-compendium-offline.zip") as zf:
        zf.extractall(out)
    return out / "ancient-games-compendium"


def test_the_copy_holds_the_classic_builds_and_the_records_script(copy_dir, site_dir):
    page = (copy_dir / "calculators" / "mare-nostrum-battle" / "index.html").read_text(encoding="utf-8")
    assert 'type="module"' not in page
    # the page scripts' loader, with every page's script and engine bundled (its import()s are literal)
    assert '<script src="../../assets/page/page-scripts.classic.js" defer></script>' in page
    code = (copy_dir / "assets" / "page" / "page-scripts.classic.js").read_text(encoding="utf-8")
    assert "\nimport " not in code and "\nexport " not in code and "import(" not in code
    for module in ("assets/calculators/mn-battle-page.js", "assets/calculators/ac-battle-page.js",
                   "assets/helpers/mn-sets-page.js", "assets/browse/browse.js"):
        assert re.search(r'\["' + re.escape(module) + r'"\]\s*=\s*\(function', code), module   # minified by the build
    records = (copy_dir / "api" / "records.js").read_text(encoding="utf-8")
    assert records.startswith("window.__compendiumRecords = ")
    assert json.loads(records[len("window.__compendiumRecords = "):].rstrip().rstrip(";")) == json.loads(
        (site_dir / "api" / "records.json").read_text(encoding="utf-8"))


def _file_page(browser):
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    page.errors, page.requests = [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    context.on("request", lambda r: page.requests.append(r.url))
    return context, page


def test_the_mare_nostrum_calculator_works_from_file_urls_on_a_phone(browser, copy_dir, site_url):
    context, page = _file_page(browser)
    query = "a.civ=mn-atlantis&a.legions=4&a.creatures=1&d.civ=mn-carthage&d.legions=2&d.creatures=1&d.fortresses=1&d.heroes=mn-hannibal"
    try:
        page.goto((copy_dir / "calculators" / "mare-nostrum-battle" / "index.html").as_uri() + "?" + query)
        page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
        first = page.inner_text("#mnb-verdict [data-verdict-text]")
        page.tap("#mnb-defender-legions")
        page.keyboard.press("Control+A")
        page.keyboard.type("5")
        page.wait_for_function(f"document.querySelector('#mnb-verdict [data-verdict-text]').textContent !== {json.dumps(first)}")
        assert page.eval_on_selector("#mnb-verdict", "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
        page.wait_for_selector("#mnb-rounds-out[data-state=ok]")
        page.wait_for_selector("#mnb-plan-out[data-state=ok]")
        shown = page.inner_text("#mnb-verdict [data-verdict-text]")
        file_query = urlsplit(page.url).query
        # the same battle on the served site says the same
        served = context.new_page()
        served.goto(site_url + "calculators/mare-nostrum-battle/?" + file_query)
        served.wait_for_selector("#mn-battle[data-ready=true]")
        assert served.inner_text("#mnb-verdict [data-verdict-text]") == shown
        served.close()
        link = page.locator("#mnb-results a, #mn-battle a").first
        if link.count():
            assert link.get_attribute("href").startswith("file://")
    finally:
        context.close()
    assert page.errors == []
    assert all(u.startswith(("file://", "data:")) or u.startswith(site_url) for u in page.requests), page.requests
    assert not any(u.endswith("records.json") and u.startswith("file://") for u in page.requests), "fetch from file:// fails: the copy uses api/records.js"


def test_the_ancient_conquest_calculator_works_from_file_urls_on_a_phone(browser, copy_dir):
    context, page = _file_page(browser)
    try:
        page.goto((copy_dir / "calculators" / "ancient-conquest-battle" / "index.html").as_uri() + "?a=i11&d=i6")
        page.wait_for_selector("#ac-battle[data-ready=true]", timeout=20000)
        assert page.inner_text("[data-testid=acb-column]").startswith("Combat Table, column 1:1")
        page.tap('[data-k="attacker-0-factor"]')
        page.keyboard.press("Control+A")
        page.keyboard.type("30")
        page.locator('[data-k="defender-0-factor"]').fill("5")
        page.wait_for_function("document.querySelector('#acb-verdict [data-verdict-text]').textContent === 'Defender eliminated, no die roll 100%'")
        page.wait_for_selector("#acb-planner-box[data-state=ok]")
        href = page.locator("[data-testid=acb-steps] a").first.get_attribute("href")
        assert href.startswith("file://") and href.endswith("/index.html"), href   # a record's own page, as a file
        # the other page scripts run in the copy too: the offline status (service worker, a link to
        # download the zip) has nothing to say there, and would otherwise start before the load event
        page.goto((copy_dir / "index.html").as_uri())
        page.wait_for_load_state("load")
        assert page.locator("#cmp-offline").count() == 0
    finally:
        context.close()
    assert page.errors == []
    assert all(u.startswith(("file://", "data:")) for u in page.requests), page.requests


HELPERS = (("ancient-conquest-victory", "ac-victory"), ("diplomacy-score", "dip-score"),
           ("mare-nostrum-sets", "mn-sets"), ("mosaic-disasters", "mos-disaster"))


def test_the_four_table_helpers_work_from_file_urls_on_a_phone(browser, copy_dir):
    """From files the helpers cannot fetch api/records.json (a browser refuses it: "Failed to
    fetch"); they share the calculators' loader, which reads api/records.js there."""
    context, page = _file_page(browser)
    try:
        for slug, root in HELPERS:
            page.goto((copy_dir / "calculators" / slug / "index.html").as_uri())
            page.wait_for_selector(f"#{root}[data-ready=true], #{root}[data-ready=failed]", state="attached", timeout=20000)
            assert page.get_attribute(f"#{root}", "data-ready") == "true", (slug, page.inner_text(f"#{root}"), page.errors)
            assert "could not read the records" not in page.inner_text(f"#{root}"), slug
    finally:
        context.close()
    assert page.errors == []
    assert all(u.startswith(("file://", "data:")) for u in page.requests), page.requests
    assert not any(u.endswith("records.json") for u in page.requests), page.requests


def test_play_along_from_file_urls_encodes_the_sites_public_address(browser, copy_dir, site_url):
    """In the file:// copy the QR code and the printed sheet must not hold a file:/// address, which no
    phone can open. They hold the site's public address (the page's canonical link, from
    site_url), read back by a real decoder (jsQR) with the network cut, and the printed sheet's code
    is the same picture."""
    from test_play_along_browser import DECODE_JS, JSQR
    context, page = _file_page(browser)
    context.set_offline(True)
    try:
        page.goto((copy_dir / "play-along" / "index.html").as_uri() + "?g=mare-nostrum&n=4")
        page.wait_for_selector("#play-along[data-ready=true]", timeout=20000)
        page.add_script_tag(path=str(JSQR))
        page.locator("#pa-share").scroll_into_view_if_needed()
        page.wait_for_selector("#pa-qr svg", timeout=10000)
        decoded = page.evaluate(DECODE_JS, "#pa-qr svg")
        assert decoded and decoded.startswith(site_url + "play-along/?g=mare-nostrum"), decoded
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate(DECODE_JS, "[data-pa-qr-copy] svg") == decoded
    finally:
        context.close()
    assert page.errors == [], page.errors
