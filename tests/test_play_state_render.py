"""The play-state fields on record pages (schemas/defs/play-state.schema.json): a seat's
`brings`, a power's `uses`, what a record does as it `enters` play, and a timing's per-moment
`lines`. The generic field renderer showed them as raw tables: bare ids instead of links, and a
nested source's file name (tests/test_start_page.py's file-name check failed on Egypt and Greece).
Real data, the pages as the generator writes them (no site engine)."""
import copy
import re

import pytest

from generator.build import build_site_files

FILE_NAME = re.compile(r"\b00[0-4]_[0-9a-f]{16}\.txt\b")


@pytest.fixture(scope="module")
def pages(loaded):
    recs, problems = loaded
    assert not problems
    return build_site_files(recs)


def field(page: str, name: str) -> str:
    """A field's HTML: inline in the fields list, or the block under its label (lists of entries)."""
    m = (re.search(rf"<li><strong>{re.escape(name)}:</strong>(.*?)</li>(?=<li><strong>|</ul>)", page, re.S)
         or re.search(rf'<p class="cmp-field-label"><strong>{re.escape(name)}:</strong></p>\n(.*?)\n', page, re.S))
    assert m, f"no {name!r} field"
    return m.group(1)


def test_a_seats_brings_are_links_with_their_section_never_a_file_name(pages):
    page = pages["mare-nostrum/civilizations/mn-greece.md"]
    brings = field(page, "In play from setup")
    assert '<a href="../../heroes/mn-pericles/">Pericles</a> (without <a href="../../rules/mn-free-setup/">Free Setup</a>)' in brings
    assert '<span class="cmp-source">Offering to the Gods Phase</span>' in brings
    assert not FILE_NAME.search(page) and "<th>Record</th>" not in page


def test_an_unknown_starting_record_shows_as_unknown_with_its_note(pages):
    brings = field(pages["mosaic-wars-disasters/civilizations/mos-greeks.md"], "In play from setup")
    assert 'class="cmp-unknown"' in brings and "entered at the table" in brings


def test_no_unknown_role_where_at_most_one_of_three_seats_can_start_with_it(pages):
    """Only the Director of Commerce is left once Rome, Greece and Egypt have theirs: Atlantis,
    Babylon and Carthage bring no unknown role, and each page says why."""
    for civ in ("mn-atlantis", "mn-babylon", "mn-carthage"):
        page = pages[f"mare-nostrum/civilizations/{civ}.md"]
        assert 'class="cmp-unknown"' not in field(page, "In play from setup"), civ
        assert "Our reading: no starting role is shown" in page, civ


def test_uses_and_enters_read_as_lines(pages):
    assert field(pages["mare-nostrum/gods/mn-mars.md"], "Uses").startswith(" once each time it enters play")
    assert "legion" in field(pages["mare-nostrum/heroes/mn-hannibal.md"], "As it enters play")
    assert "<th>Per</th>" not in pages["mare-nostrum/gods/mn-mars.md"]


def test_a_timing_line_per_moment_is_on_the_page(pages):
    timing = pages["mare-nostrum/heroes/mn-moses.md"]
    lines = re.search(r'<ul class="cmp-timing-lines">(.*?)</ul>', timing, re.S)
    assert lines and lines.group(1).count("<li>") == 3, timing[:2000]
    assert '<a href="../../rules/mn-role-assignment/">Role Assignment</a>: ' in lines.group(1)


def test_the_end_of_the_game_reads_as_the_last_turn_from_the_games_count(pages, loaded):
    """Lydia 1 ('at the end of the game', 004 l.407) is timed turns: last: its page says the last
    turn and which it is, from the game's one number (ac-end-of-the-game's 'Last turn'), and
    follows it when that changes."""
    assert "; the last turn (turn 15)" in pages["ancient-conquest/peoples/ac-kingdom-of-lydia.md"]
    recs, _ = loaded
    edited = copy.deepcopy(recs)
    end = next(r for r in edited if r.data["id"] == "ac-end-of-the-game")
    next(f for f in end.data["facts"] if f["label"] == "Last turn")["value"] = 12
    page = build_site_files(edited)["ancient-conquest/peoples/ac-kingdom-of-lydia.md"]
    assert "; the last turn (turn 12)" in page and "; the last turn (turn 15)" not in page
