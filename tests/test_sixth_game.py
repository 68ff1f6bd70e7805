"""A sixth game enters as data alone: one line in data/games.yaml and a folder data/<slug>/.

The game is tests/fixtures/sixth-game/: a made-up game (source.txt, its rules in a page), its
registry line (registry.yaml) and its records (data/lantern-harbour/: a game record with
play_along, rules and heroes citing the source's sections). Added to a copy of the real data,
no code, schema or page changed, it must pass the check, build into pages, the search and the
export, and be read by the play-along engine; and a mistake in it must be one true
`path:line: field: problem (fix)` line at the field to edit.

"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import MINI_DATA, ROOT, build_site
from generator.validate.run import load_and_validate

FIXTURE = ROOT / "tests" / "fixtures" / "sixth-game"
ENTRY = yaml.safe_load((FIXTURE / "registry.yaml").read_text(encoding="utf-8"))[0]
SLUG, PREFIX, SOURCE = ENTRY["slug"], ENTRY["prefix"], ENTRY["source"]
GAME_DIR = FIXTURE / "data" / SLUG
RECORDS = {path.stem: path for path in sorted(GAME_DIR.rglob("*.yaml"))}   # id -> fixture file
GAME_ID = next(rid for rid, path in RECORDS.items() if path.parent.name == "game")
ENGINE = ROOT / "content" / "assets" / "play" / "engine" / "index.js"


def registry_line() -> str:
    """The fixture's entry as a line of data/games.yaml's list."""
    line = next(line for line in (FIXTURE / "registry.yaml").read_text(encoding="utf-8").splitlines()
                if line.startswith("- "))
    return f"  {line}\n"


def with_sixth_game(base: Path, dest: Path, *, listed: bool = True) -> Path:
    """A copy of the data folder `base` as `dest` (named data), plus the sixth game: its registry
    line appended to games.yaml (unless not `listed`) and its folder copied in."""
    shutil.copytree(base, dest)
    if listed:
        registry = dest / "games.yaml"
        text = registry.read_text(encoding="utf-8")
        registry.write_text(text + ("" if text.endswith("\n") else "\n") + registry_line(), encoding="utf-8")
    shutil.copytree(GAME_DIR, dest / SLUG)
    return dest


def run_check(data: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)], cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`generator check` did not finish within {timeout:.0f} s")


def test_the_fixture_is_one_game_of_its_own():
    """The fixture is what the other tests take it for: one entry, a prefix no real game has, every
    record of the game under that prefix and citing the game's own source (real sections of it)."""
    from generator.validate.games import load_games
    real, problems = load_games(ROOT / "data")
    assert problems == []
    assert SLUG not in real.slugs and PREFIX not in real.prefixes.values() and SOURCE not in real.sources
    source = (FIXTURE / "source.txt").read_text(encoding="utf-8")
    assert len(source.split()) < 500, "a page at most"
    for rid, path in RECORDS.items():
        rec = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert rec["id"] == rid and rid.startswith(PREFIX + "-") and rec["game"] == SLUG
        assert rec["source"]["file"] == SOURCE
        assert rec["source"]["section"].lower() in source.lower(), (rid, rec["source"]["section"])
    kinds = {path.parent.name for path in RECORDS.values()} - {"game"}
    assert len(kinds) >= 2, kinds


# ---- the check --------------------------------------------------------------------------------

@pytest.mark.slow   # a copy of data/ and a subprocess: make test, not make quick
def test_the_real_data_with_a_sixth_game_passes_the_check(tmp_path):
    data = with_sixth_game(ROOT / "data", tmp_path / "data")
    done = run_check(data)
    assert done.returncode == 0, done.stdout + done.stderr
    count = len(list(data.rglob("*.yaml"))) - len(list(data.glob("*.yaml")))   # every record file, less the lists beside them
    assert done.stdout.strip() == f"ok: {count} records valid", done.stdout + done.stderr
    assert done.stderr == "", done.stderr


def mini_with_sixth(tmp_path: Path, *, listed: bool = True) -> Path:
    """The mini fixture plus the sixth game: small, so each broken copy is checked in a second."""
    return with_sixth_game(MINI_DATA, tmp_path / "data", listed=listed)


def problem_lines(data: Path) -> list[str]:
    _, problems = load_and_validate(data)
    return [str(p) for p in problems]


def test_the_mini_data_with_a_sixth_game_passes_the_check(tmp_path):
    """The broken copies below start from this: any line they give is their edit's."""
    assert problem_lines(mini_with_sixth(tmp_path)) == []


def _line(path: Path, words: str) -> int:
    hits = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in line]
    assert len(hits) == 1, (words, hits)
    return hits[0]


def refile(data: Path, rid: str, old: str, new: str, rel: str | None = None) -> Path:
    """The sixth game's record `rid` with `old` replaced by `new`, filed at `rel` (default: where it was)."""
    src = data / RECORDS[rid].relative_to(FIXTURE / "data")
    text = src.read_text(encoding="utf-8")
    assert text.count(old) == 1, (rid, old)
    dest = data / rel if rel else src
    dest.parent.mkdir(parents=True, exist_ok=True)
    src.unlink()
    dest.write_text(text.replace(old, new), encoding="utf-8")
    return dest


def hero_and_step():
    """A hero of the sixth game whose timing names a step (the record a wrong game strands)."""
    for rid, path in RECORDS.items():
        rec = yaml.safe_load(path.read_text(encoding="utf-8"))
        if rec["kind"] == "hero" and isinstance((rec.get("timing") or {}).get("at"), list):
            return rid, rec
    raise AssertionError("the fixture has no hero with a timing")


def test_a_record_without_the_game_prefix_is_one_line_at_id(tmp_path):
    data = mini_with_sixth(tmp_path)
    rid, rec = hero_and_step()
    wrong = "zz" + rid[len(PREFIX):]
    path = refile(data, rid, f"id: {rid}", f"id: {wrong}", f"{SLUG}/hero/{wrong}.yaml")
    lines = problem_lines(data)
    assert lines == [f"data/{SLUG}/hero/{wrong}.yaml:{_line(path, 'id: ')}: id: id {wrong!r} lacks the game prefix "
                     f"'{PREFIX}-' (rename it to {rid!r}, and the file to {rid}.yaml)"], lines


def test_a_record_citing_a_source_not_in_the_list_is_one_line_at_source_file(tmp_path):
    data = mini_with_sixth(tmp_path)
    rid = next(r for r, p in RECORDS.items() if p.parent.name == "rule")
    typo = SOURCE.replace(".txt", "s.txt")
    path = refile(data, rid, f"file: {SOURCE}", f"file: {typo}")
    lines = problem_lines(data)
    rel = path.relative_to(data.parent).as_posix()
    assert lines == [f"{rel}:{_line(path, typo)}: source.file: {typo!r} is no game's source in data/games.yaml "
                     f"(write {SOURCE!r})"], lines


def _wrong_game(tmp_path: Path) -> tuple[list[str], str, int]:
    data = mini_with_sixth(tmp_path)
    rid, rec = hero_and_step()
    typo = SLUG[:-1]   # one letter short: close enough for a "did you mean"
    rel = f"{typo}/hero/{rid}.yaml"   # filed where its game says, so the game is the one thing wrong
    path = refile(data, rid, f"game: {SLUG}", f"game: {typo}", rel)
    return problem_lines(data), f"data/{rel}", _line(path, "game: ")


def test_a_record_of_a_game_not_in_the_list_has_a_line_at_game(tmp_path):
    lines, rel, line = _wrong_game(tmp_path)
    typo = SLUG[:-1]
    assert f"{rel}:{line}: game: {typo!r} is not a game of data/games.yaml (write {SLUG!r})" in lines, lines


def test_a_record_of_a_game_not_in_the_list_is_one_line(tmp_path):
    lines, rel, line = _wrong_game(tmp_path)
    assert len(lines) == 1 and lines[0].startswith(f"{rel}:{line}: game: "), lines


def test_the_list_refusing_the_sixth_games_prefix_is_one_line(tmp_path):
    """The sixth game's line taking a prefix a game already has: one line at that prefix, in data/games.yaml."""
    data = mini_with_sixth(tmp_path)
    registry = data / "games.yaml"
    registry.write_text(registry.read_text(encoding="utf-8").replace(f"prefix: {PREFIX},", "prefix: mn,"),
                        encoding="utf-8")
    lines = problem_lines(data)
    games = yaml.safe_load(registry.read_text(encoding="utf-8"))["games"]
    i = next(i for i, g in enumerate(games) if g["slug"] == SLUG)
    first = next(j for j, g in enumerate(games) if g["prefix"] == "mn")
    assert lines == [f"data/games.yaml:{_line(registry, f'slug: {SLUG}')}: games[{i}].prefix: 'mn' is also "
                     f"games[{first}]'s prefix (give each game its own prefix)"], lines


def test_a_sixth_game_left_out_of_the_list_is_said_at_each_records_game(tmp_path):
    """The folder copied, the list's line forgotten: each record of the game says so at its game field,
    naming the list to add it to."""
    data = mini_with_sixth(tmp_path, listed=False)
    lines = problem_lines(data)
    for rid, path in RECORDS.items():
        rel = f"data/{path.relative_to(FIXTURE / 'data').as_posix()}"
        at_game = [m for m in lines if m.startswith(f"{rel}:{_line(path, 'game: ')}: game: ")]
        assert len(at_game) == 1 and "or add the game to data/games.yaml" in at_game[0], (rid, lines)


def test_a_sixth_game_left_out_of_the_list_is_one_line_per_record(tmp_path):
    lines = problem_lines(mini_with_sixth(tmp_path, listed=False))
    assert len(lines) == len(RECORDS), "\n".join(lines)


# ---- the site ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def sixth_site(tmp_path_factory, worker_id) -> Path:
    """The mini fixture plus the sixth game, built strictly (conftest.build_site, COMPENDIUM_DATA) once
    per test run for all workers (tests/shared_site.py). What a new game needs of the pipeline is
    the same beside two records as beside 705 (the real data with it passes the check above), and
    the small site builds in a second where the real one took a whole build."""
    import node_run
    import shared_site as shared
    folder = node_run.shared_folder(tmp_path_factory, worker_id)

    def build(out: Path) -> subprocess.CompletedProcess:
        data = with_sixth_game(MINI_DATA, folder / "sixth-game-data" / "data")
        return build_site(out, data)
    built = shared.once(folder, "sixth-game-site", shared.plain_build(build))
    assert built["code"] == 0, f"the strict build with a sixth game failed:\n{built['output']}"
    return Path(built["dir"])


def _json(site: Path, rel: str):
    return json.loads((site / rel).read_text(encoding="utf-8"))


@pytest.mark.build
def test_its_pages_are_built(sixth_site):
    exported = {r["id"]: r for r in _json(sixth_site, "api/records.json")["records"] if r["game"] == SLUG}
    game_page = sixth_site / SLUG / "index.html"
    assert game_page.is_file()
    name = yaml.safe_load(RECORDS[GAME_ID].read_text(encoding="utf-8"))["name"]
    assert name in game_page.read_text(encoding="utf-8")
    for rid in RECORDS:
        url = exported[rid]["url"]
        page = sixth_site / url / "index.html"
        assert page.is_file(), (rid, url)
        if rid != GAME_ID:
            assert url.startswith(f"{SLUG}/") and url.rstrip("/").endswith(rid), url
            text = page.read_text(encoding="utf-8")
            assert exported[rid]["name"] in text, rid
    assert f'href="{SLUG}/' in (sixth_site / "index.html").read_text(encoding="utf-8"), "the home page does not link the game"


@pytest.mark.build
def test_the_search_index_holds_its_records(sixth_site):
    index = _json(sixth_site, "search/index.json")   # generator/export/search_index.py INDEX_PATH
    ids = {doc[index["doc_fields"].index("id")] for doc in index["docs"]}
    assert set(RECORDS) <= ids, set(RECORDS) - ids
    assert [g for g in index["games"] if g[0] == SLUG and g[1] == PREFIX], index["games"]


@pytest.mark.build
def test_the_export_holds_its_records(sixth_site):
    everything = _json(sixth_site, "api/records.json")
    assert set(RECORDS) <= {r["id"] for r in everything["records"]}
    own = _json(sixth_site, f"api/games/{SLUG}.json")
    assert own["game"] == SLUG and {r["id"] for r in own["records"]} == set(RECORDS), own.get("game")
    listed = [g for g in _json(sixth_site, "api/games/index.json")["games"] if g["game"] == SLUG]
    assert len(listed) == 1 and listed[0]["play_along"] is True, listed


READ_PLAY_ALONG = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [engine, file, slug] = process.argv.slice(1);
const E = await import(pathToFileURL(engine).href);
const rules = E.rulesFromRecords(JSON.parse(readFileSync(file, "utf8")));
const g = E.gameRules(rules, slug);
process.stdout.write(JSON.stringify(g && {
  slugs: rules.slugs, turn: g.turn.id, steps: g.steps.map((s) => s.id), gaps: g.gaps,
  rounds: g.rounds && g.rounds.count, players: [g.players.min, g.players.max],
  seats: g.seats.choices.map((c) => c.id), setup: g.setup.map((s) => [s.record.id, s.steps.map((x) => x.id)]),
}));
"""


def play_along(file: Path) -> dict:
    done = subprocess.run(["node", "--input-type=module", "-e", READ_PLAY_ALONG, str(ENGINE), str(file), SLUG],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    assert read is not None, f"the play-along engine has no rules for {SLUG}"
    return read


@pytest.mark.build
@pytest.mark.parametrize("file", [f"api/games/{SLUG}.json", "api/records.json"])
def test_play_along_reads_its_turn(sixth_site, file):
    """The engine (content/assets/play/engine) reads the game's file, as the page fetches it, and the
    whole export: its turn is the steps whose step_of reaches play_along.turn, in order, with no gap."""
    game = yaml.safe_load(RECORDS[GAME_ID].read_text(encoding="utf-8"))["play_along"]
    recs = {rid: yaml.safe_load(path.read_text(encoding="utf-8")) for rid, path in RECORDS.items()}
    steps = sorted((r for r in recs.values() if r.get("step_of") == game["turn"]), key=lambda r: r["order"])
    read = play_along(sixth_site / file)
    assert SLUG in read["slugs"]
    assert read["turn"] == game["turn"]
    assert read["steps"] == [r["id"] for r in steps] and 2 <= len(read["steps"]) <= 3, read["steps"]
    assert read["gaps"] == [], read["gaps"]
    assert read["players"] == [game["players"]["min"], game["players"]["max"]]
    nights = next(f["value"] for f in recs[game["turn"]]["facts"] if f["label"] == game["rounds"]["count"]["from"]["fact"])
    assert read["rounds"] == nights
    assert read["seats"] == sorted((rid for rid, r in recs.items() if r["kind"] == game["seats"]["kind"]),
                                   key=lambda rid: recs[rid]["name"])
    assert read["setup"] == [[rid, [s["id"] for s in recs[rid]["setup"]]] for rid in game["setup"]]
