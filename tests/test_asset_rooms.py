"""The page scripts' rooms (content/assets/<room>/) import one another one way.

What several rooms use lives in content/assets/shared/ (content/assets/README.md). Two rules
keep it so, read from the scripts' own import lines (static, `export ... from` and literal
`import("...")`), with no browser and no Node:
- the rooms' imports form no circle (play -> helpers -> calculators -> link -> search -> play
  was one: link/query-notes.js imported search/plain-text.js);
- no room imports a file inside another room's own `shared/` folder (play along imported
  helpers/shared/records.js, input.js and page.js): a piece two rooms need goes to
  content/assets/shared/.
"""
import re
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "content" / "assets"
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}/[^"']+)["']""", re.M)


def _imports():
    """(importing file, imported file), both relative to content/assets, for every own import."""
    for path in sorted(ASSETS.rglob("*.js")):
        rel = path.relative_to(ASSETS)
        if rel.parts[0] == "vendor":
            continue
        for spec in IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if ASSETS in target.parents:
                yield rel.as_posix(), target.relative_to(ASSETS).as_posix()


def _room_edges():
    edges = {}
    for src, dst in _imports():
        a, b = src.split("/")[0], dst.split("/")[0]
        if a != b:
            edges.setdefault(a, {}).setdefault(b, (src, dst))
    return edges


def test_the_import_reader_sees_the_imports_the_rooms_are_known_to_have():
    """A reader that finds nothing would pass both rules below."""
    pairs = set(_imports())
    assert ("page/page-scripts.js", "play/page/index.js") in pairs   # a literal import("...")
    assert ("search/table-chip.js", "play/stored-table.js") in pairs
    assert len(_room_edges()) >= 8


def test_the_rooms_import_one_another_without_a_circle():
    edges = _room_edges()
    state, path = {}, []

    def visit(room):
        state[room] = "open"
        path.append(room)
        for nxt, (src, dst) in sorted(edges.get(room, {}).items()):
            if state.get(nxt) == "open":
                circle = path[path.index(nxt):] + [nxt]
                raise AssertionError(
                    f"the rooms import in a circle: {' -> '.join(circle)} (one of its imports: {src} -> {dst}); "
                    "move what both sides use into content/assets/shared/")
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[room] = "done"

    for room in sorted(edges):
        if room not in state:
            visit(room)


def test_no_room_imports_another_rooms_shared_folder():
    wrong = [f"{src} imports {dst}" for src, dst in _imports()
             if dst.split("/")[0] != src.split("/")[0] and "/shared/" in f"/{'/'.join(dst.split('/')[1:-1])}/"]
    assert not wrong, ("a room's shared/ folder is for that room; move what several rooms use into "
                       "content/assets/shared/:\n" + "\n".join(wrong))
