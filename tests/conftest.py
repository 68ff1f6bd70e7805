"""Shared fixtures: all data loaded once, one strict build, one served site, one browser.

Nothing here skips: a missing tool (Chromium, node, mkdocs) is a failure, because
the README's test command installs them.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.validate.run import load_and_validate  # noqa: E402
from generator.node_binary import pinned_node  # noqa: E402

# Every Node suite and engine script runs on the pinned Node (constraints.txt), as the check does,
# not on whatever Node the machine has: it comes first on PATH for this process and its children.
_NODE = pinned_node()
assert _NODE is not None, "the pinned Node.js is missing: pip install -r requirements.txt (make test does it)"
os.environ["PATH"] = f"{_NODE.parent}{os.pathsep}{os.environ.get('PATH', '')}"

from chromium import CHROMIUM, CHROMIUM_ARGS, launch  # noqa: E402,F401  (re-exported for the tests)
from quiet_server import QuietServer, _QuietHandler, serve  # noqa: E402,F401  (re-exported for the tests)
MINI_DATA = ROOT / "tests" / "fixtures" / "mini" / "data"
FIXTURE_CONFIG = ROOT / "tests" / "fixtures" / "mkdocs.fixture.yml"   # for builds from other data


@pytest.fixture(scope="session")
def loaded():
    """(records, problems) for the real data, loaded once for every test."""
    return load_and_validate(ROOT / "data")


@pytest.fixture(scope="session")
def records(loaded):
    recs, problems = loaded
    assert not problems, "data is invalid:\n" + "\n".join(map(str, problems))
    return [r.data for r in recs]


def own_folder(request, tmp_path_factory, name: str) -> Path:
    """A module fixture's folder (a site of its own, a copy of data/), removed as its module ends
    unless a test of this worker has failed (then kept, to read). Left in place, a run's folders
    (about 45,000 files) were deleted by pytest at the end of a later run, after its last test:
    about 9 s of `make test` in which no test ran. The tests' own tmp_path folders go as each test
    passes (pytest.ini: tmp_path_retention_policy)."""
    path = tmp_path_factory.mktemp(name)
    request.addfinalizer(lambda: request.session.testsfailed or shutil.rmtree(path, ignore_errors=True))
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_site(out: Path, data: Path | None = None, port: int | None = None) -> subprocess.CompletedProcess:
    """Strict build; with a port, for serving on it (instant navigation needs the exact URL)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.setdefault("PYTHONHASHSEED", "1")   # test_reproducible.py builds again with another seed
    config = []
    if data:
        env["COMPENDIUM_DATA"] = str(data)
        config = ["-f", str(FIXTURE_CONFIG)]
    if port:
        env["COMPENDIUM_SITE_URL"] = f"http://127.0.0.1:{port}/"
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", *config, "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="session")
def shared_site(tmp_path_factory, worker_id):
    """The real site, built strictly once per test run for all workers, and served on its port by
    one process of the run's own (tests/shared_site.py)."""
    import node_run
    import shared_site as shared
    built = shared.once(node_run.shared_folder(tmp_path_factory, worker_id), "site",
                        shared.served_build(lambda out, port: build_site(out, port=port), shared.main_process_id(worker_id)))
    return built


@pytest.fixture(scope="session")
def site_port(shared_site):
    """The port the real site is served on and built for (instant navigation needs the exact URL)."""
    return shared_site["port"]


@pytest.fixture(scope="session")
def site_dir(shared_site):
    """The real site, built strictly once per test run, served on site_port."""
    assert shared_site["code"] == 0, f"strict build failed:\n{shared_site['output']}"
    return Path(shared_site["dir"])


@pytest.fixture(scope="session")
def records_json_path(request, tmp_path_factory, worker_id):
    """api/records.json as every build writes it (the generator's export: the same bytes MkDocs and
    Zensical publish, test_zensical.py compares them), without waiting for a site build. Beside it,
    every other generated file as the site has it (search/index.json, which search.test.mjs reads).
    Written once per test run for every worker (tests/shared_site.py), and only read."""
    import node_run
    import shared_site as shared

    def write(out: Path) -> dict:
        from engines.zensical_build import read_config
        from generator.build import model_from
        from generator.paths import CONTENT
        from generator.site_files import site_files
        records, problems = request.getfixturevalue("loaded")
        assert not problems, "data is invalid:\n" + "\n".join(map(str, problems))
        files, _, _ = site_files(model_from(records), read_config().get("nav"), CONTENT)
        for rel, text in files.items():
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(text, encoding="utf-8")
        return {}
    built = shared.once(node_run.shared_folder(tmp_path_factory, worker_id), "export", write)
    return Path(built["dir"]) / "api" / "records.json"


@pytest.fixture(scope="session")
def site_url(site_dir, site_port):
    return f"http://127.0.0.1:{site_port}/"


@pytest.fixture(scope="session")
def mini_site_dir(tmp_path_factory, worker_id):
    """The fixture data (tests/fixtures/mini/data: a renamed record, a <script> in a text) built once
    per test run for all workers (tests/shared_site.py); each worker serves it itself (mini_site_url)."""
    import node_run
    import shared_site as shared
    built = shared.once(node_run.shared_folder(tmp_path_factory, worker_id), "mini-site",
                        shared.plain_build(lambda out: build_site(out, MINI_DATA)))
    assert built["code"] == 0, f"strict build of the fixture failed:\n{built['output']}"
    return Path(built["dir"])


@pytest.fixture(scope="session")
def mini_site_url(mini_site_dir):
    url, server = serve(mini_site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def types(site_dir):
    """(label, path) of one page of each type in the built site."""
    from site_pages import page_types
    return page_types(site_dir)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p.chromium)
        yield PolicyBrowser(b)
        b.close()


def _page(browser, **ctx):
    context = browser.new_context(**ctx)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


_service_workers = "block"   # what the running test's new browser contexts do with the site's worker


@pytest.fixture(autouse=True)
def service_worker_policy(request):
    """Blocks the site's service worker in every browser context a test opens, unless the test
    (or its module) is marked service_worker.

    Elsewhere the worker would only install itself in the background: it stores the whole site
    (about 180 requests, 2.4 MB), which cost Chromium about 1.2 CPU-seconds in each test's new
    context, more than the page under test, and it took over the page at a moment that varied
    with the machine's load. What the worker does is tested where it is the subject
    (test_offline.py, test_offline_update.py, test_same_origin.py, test_app_manifest.py, the
    Zensical build's offline test), with the worker in charge from the first visit on.
    """
    global _service_workers
    _service_workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
    yield
    _service_workers = "block"


class PolicyBrowser:
    """The session's Chromium, whose new contexts follow service_worker_policy unless told."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("service_workers", _service_workers)
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def page(browser):
    context, pg = _page(browser, viewport={"width": 1280, "height": 900})
    yield pg
    errors = pg.errors
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def phone_page(browser):
    context, pg = _page(browser, viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                        device_scale_factor=2)
    yield pg
    errors = pg.errors
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def phone_tour(browser, site_url, types):
    """Every page type opened once at 375 px touch, each registered check's reading taken on it
    (tests/page_tour.py). Its tests are in SHARED_TOURS, so one worker takes the tour once."""
    import page_tour
    return page_tour.take(browser, "phone", site_url, types)


@pytest.fixture(scope="session", autouse=True)
def node_suites_started(request, tmp_path_factory, worker_id):
    """The Node suites' one run, started in the background with the first test when any Node suite
    is to run (tests/node_run.py), so no worker later stands idle waiting for it."""
    import node_run
    if any("node_results" in item.fixturenames for item in request.session.items):
        node_run.start(node_run.shared_folder(tmp_path_factory, worker_id), request.getfixturevalue("records_json_path"))
    yield
    node_run.stop(interrupted=bool(request.session.shouldfail or request.session.shouldstop))


# What each test needs decides its markers (pytest.ini lists them; `make quick` leaves out all four),
# and tests that share an expensive module fixture stay on one xdist worker, so it is made once.
SITE_FIXTURES = {"site_dir", "mini_site_dir"}
BUILD_FIXTURES = {"poisoned", "hostile_site", "zensical_site", "subpath_site", "properdocs_site"}     # a module's own site build
# The modules holding those builds: each runs on one worker (SharedBuildScheduling below).
SHARED_BUILD_MODULES = {"tests/test_injection.py", "tests/test_escaping_browser.py", "tests/test_zensical.py",
                        "tests/test_deploy_subpath.py", "tests/test_properdocs.py"}
# The tests that read one tour of every page type (tests/page_tour.py), by the tour: each group runs
# on one worker, so the tour is taken once.
SHARED_TOURS = {"phone tour": {"tests/test_phone.py::test_no_page_type_scrolls_sideways",
                               "tests/test_phone.py::test_tap_targets_are_at_least_44px",
                               "tests/test_accessibility.py::test_no_serious_or_critical_violation_on_any_page_type[phone]",
                               "tests/test_same_origin.py::test_every_page_type_asks_only_its_own_origin"}}
_TOUR_OF = {nodeid: tour for tour, nodeids in SHARED_TOURS.items() for nodeid in nodeids}
# The tests that open their pages in one saved browser context of their module (the service
# worker's save of the whole site, made once per worker that runs one of them): each group runs
# on one worker, so the site is saved once.
SHARED_CONTEXTS = {"offline desktop": {"tests/test_offline.py::test_status_says_available_offline_with_size",
                                       "tests/test_offline.py::test_everything_works_after_going_offline",
                                       "tests/test_offline.py::test_after_one_visit_every_game_opens_offline[800]",
                                       "tests/test_offline.py::test_after_one_visit_every_game_opens_offline[1280]"}}
_GROUP_OF = {**_TOUR_OF, **{nodeid: group for group, nodeids in SHARED_CONTEXTS.items() for nodeid in nodeids}}


@pytest.hookimpl(tryfirst=True)     # before -m selects
def pytest_collection_modifyitems(config, items):
    for item in items:
        used = set(item.fixturenames)
        if "browser" in used:
            item.add_marker(pytest.mark.browser)
        if used & SITE_FIXTURES:
            item.add_marker(pytest.mark.site)
        if "phone_tour" in used and item.nodeid not in _TOUR_OF:
            raise pytest.UsageError(f"{item.nodeid} reads the phone tour: add it to SHARED_TOURS in tests/conftest.py, "
                                    "so one worker takes the tour once")
        for name in sorted(used & BUILD_FIXTURES):
            item.add_marker(pytest.mark.build)
            module = item.nodeid.split("::", 1)[0]
            if module not in SHARED_BUILD_MODULES:
                raise pytest.UsageError(f"{item.nodeid} uses the module build {name!r}: add {module!r} to "
                                        "SHARED_BUILD_MODULES in tests/conftest.py, so one worker makes it once")
    rank = {module: i for i, module in enumerate(LONGEST_FIRST)}     # only the order changes (stable sort)
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(LONGEST_FIRST)))


# The longest modules first (a fresh clone's junit times, 6 December 2026): the scheduler hands work
# out in collection order, so a long test started last would leave the other workers idle at the end
# (longest first is the classic cure). Order only: every test still runs, each module together.
LONGEST_FIRST = ["tests/test_zensical.py", "tests/test_accessibility.py", "tests/test_injection.py",
                 "tests/test_offline_update.py", "tests/test_offline.py", "tests/test_deploy_subpath.py",
                 "tests/test_properdocs.py", "tests/test_phone.py", "tests/test_same_origin.py",
                 "tests/test_search_browser.py", "tests/test_search_syntax_browser.py"]



def pytest_xdist_make_scheduler(config, log):
    """`--dist loadgroup` as this suite means it: every test is handed out on its own, except that
    the tests of a module in SHARED_BUILD_MODULES go to one worker together, and so do the tests of
    each tour in SHARED_TOURS and of each saved context in SHARED_CONTEXTS. pytest-xdist's own
    loadgroup stopped grouping with pytest 9.2: it marks groups by rewriting each test's id, which
    pytest no longer reads (pytest-dev/pytest-xdist#1386), so each such module was built on both
    workers at once."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedBuildScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in SHARED_BUILD_MODULES else _GROUP_OF.get(nodeid, nodeid)

    return SharedBuildScheduling(config, log)
