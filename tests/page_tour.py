"""One visit of every page type on a phone (375x667 touch, device scale 2), read by each check that
looks at every page type on that screen: the page-width check and the tap-target check
(test_phone.py) and axe (test_accessibility.py).

Why: each of them opened the same 32 pages in the same screen on its own, and opening and settling
a page is most of what two of them cost. Here each page is opened once (site_pages.open_settled)
and every registered reading runs on it in turn, the read-only ones first and axe last; each test
then asserts on its own readings, as it did on its own visit. The tour also keeps the address
of every request its pages made (test_same_origin.py). The tests that read a tour are run
on one pytest-xdist worker together (conftest.SHARED_TOURS), so the tour is made once.

A reading registers itself where its test lives, as that module is imported:

    @reading("phone", "sideways", order=0)
    def page_width(pg): ...

and the test asks `phone_tour` (conftest) for {label: {reading name: value}}, its JavaScript errors
in `.errors`. A reading's exception fails every test of the tour, with the page named.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from site_pages import open_settled

SCREENS = {"phone": {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 2}}


@dataclass
class Reading:
    name: str
    read: Callable
    order: int            # lower first: a reading that may leave traces (axe) goes last
    init_script: str | None = None   # a file every page of the tour loads as it starts (axe)


READINGS: dict[str, dict[str, Reading]] = {screen: {} for screen in SCREENS}


def reading(screen: str, name: str, order: int = 0, init_script: str | None = None):
    """Register `read(pg) -> value` to run on every page type of the tour on `screen`."""
    def register(read):
        READINGS[screen][name] = Reading(name, read, order, init_script)
        return read
    return register


@dataclass
class Tour:
    pages: dict[str, dict] = field(default_factory=dict)   # label -> {reading name: value}
    paths: dict[str, str] = field(default_factory=dict)    # label -> path
    errors: list[str] = field(default_factory=list)        # JavaScript errors on any page of the tour
    requests: list[str] = field(default_factory=list)      # the address of every request its pages made


def take(browser, screen: str, site_url: str, types) -> Tour:
    """Open each page type once on `screen` and run every registered reading on it."""
    readings = sorted(READINGS[screen].values(), key=lambda r: (r.order, r.name))
    # none registered (test_same_origin.py run alone): the pages are still opened, their requests kept
    context = browser.new_context(service_workers="block", **SCREENS[screen])   # as conftest's page fixtures
    for r in readings:
        if r.init_script:
            context.add_init_script(path=r.init_script)
    pg = context.new_page()
    tour = Tour()
    pg.on("pageerror", lambda exc: tour.errors.append(str(exc)))
    context.on("request", lambda r: tour.requests.append(r.url))   # test_same_origin.py reads them
    try:
        for label, path in types:
            open_settled(pg, site_url + path)
            tour.paths[label] = path
            tour.pages[label] = {}
            for r in readings:
                try:
                    tour.pages[label][r.name] = r.read(pg)
                except Exception as exc:
                    raise AssertionError(f"{label} ({path or '/'}): the reading {r.name!r} failed: {exc}") from exc
    finally:
        context.close()
    return tour
