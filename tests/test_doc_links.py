"""The documents lead where they say: README.md (the front door), CONTRIBUTING.md and every manual
(a README.md beside the code it describes).

Every relative link between them must reach a file or folder that exists, and a `#anchor` must be a
heading of the target, spelt as GitHub makes heading slugs, so a moved or renamed section cannot
leave a dead link. The front door stays a front door: at most 1,700 words, naming every manual.

Pure: reads the tree's Markdown only (no ../shared, no build), so `make quick` runs it.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from conftest import ROOT

SKIPPED_FOLDERS = {"node_modules", ".venv", "site", "build"}
FRONT_DOOR_MAX_WORDS = 1700   # words, not lines: a line cap is met by making lines longer

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
INDENTED_CODE = re.compile(r"(?:^(?: {4}|\t).*\n?)+", re.M)
INLINE_CODE = re.compile(r"(`+)(?!`).+?(?<!`)\1", re.S)
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", re.M)
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def documents(root: Path = ROOT) -> list[Path]:
    """README.md and CONTRIBUTING.md at the root, and every README.md below it outside the skipped
    folders and hidden ones (.git, .pytest_cache...)."""
    found = [root / "CONTRIBUTING.md"] if (root / "CONTRIBUTING.md").exists() else []
    for path in sorted(root.rglob("README.md")):
        parts = path.relative_to(root).parts[:-1]
        if any(p in SKIPPED_FOLDERS or p.startswith(".") for p in parts):
            continue
        found.append(path)
    return found


def without_code(text: str) -> str:
    """The text with fenced, indented and inline code blanked out: a link written in an example is
    not a link."""
    text = FENCE.sub("", text)
    text = INDENTED_CODE.sub("", text)
    return INLINE_CODE.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text (code spans and emphasis markers dropped, a link's
    words kept), lowercased, every character but letters, digits, spaces, hyphens and underscores
    removed, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "")
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, duplicates numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    out = set()
    for _, title in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(title)
        n = seen.get(base, 0)
        out.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return out


def links(path: Path) -> list[str]:
    text = without_code(path.read_text(encoding="utf-8"))
    return INLINE_LINK.findall(text) + REFERENCE_LINK.findall(text)


def broken_links(docs: list[Path], root: Path = ROOT) -> list[str]:
    """Each relative link of `docs` whose file, folder or heading is not there, as
    'doc: target: why'."""
    root = root.resolve()
    problems = []
    for doc in (d.resolve() for d in docs):
        where = doc.relative_to(root).as_posix()
        for target in links(doc):
            if not target or EXTERNAL.match(target):
                continue
            file_part, _, anchor = target.partition("#")
            dest = (doc.parent / file_part).resolve() if file_part else doc
            if not dest.exists():
                problems.append(f"{where}: {target}: no such file or folder")
                continue
            if anchor:
                if dest.suffix.lower() != ".md" or dest.is_dir():
                    problems.append(f"{where}: {target}: an anchor into a file that has no headings")
                elif anchor not in anchors(dest):
                    problems.append(f"{where}: {target}: no heading with the anchor #{anchor} in "
                                    f"{dest.relative_to(root).as_posix() if dest.is_relative_to(root) else dest}")
    return problems


def test_every_link_between_the_documents_lands():
    docs = documents()
    assert len(docs) >= 3, docs
    problems = broken_links(docs)
    assert not problems, "links that lead nowhere:\n" + "\n".join(problems)


def test_the_front_door_is_short_and_names_every_manual():
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    words = len(text.split())
    assert words <= FRONT_DOOR_MAX_WORDS, f"README.md has {words:,} words; move a manual beside its code"
    linked = {(readme.parent / t.partition("#")[0]).resolve() for t in links(readme) if not EXTERNAL.match(t)}
    manuals = [d for d in documents() if d != readme]
    unnamed = [str(d.relative_to(ROOT)) for d in manuals if d.resolve() not in linked]
    assert unnamed == [], f"README.md's table of manuals does not link {unnamed}"


def test_a_planted_broken_link_is_found(tmp_path):
    """The checker can fail: a missing file, a missing heading and a link into code are told apart."""
    (tmp_path / "guide").mkdir()
    (tmp_path / "guide" / "README.md").write_text("# The guide\n\n## Field syntax: `a` and `b`\n\n## Same\n\n## Same\n",
                                                 encoding="utf-8")
    (tmp_path / "node_modules" / "x").mkdir(parents=True)
    (tmp_path / "node_modules" / "x" / "README.md").write_text("[gone](nowhere.md)\n", encoding="utf-8")
    (tmp_path / "README.md").write_text(
        "[ok](guide/README.md#field-syntax-a-and-b) [second](guide/README.md#same-1) [site](https://x.org/a.md)\n"
        "[gone](guide/MISSING.md) [bad anchor](guide/README.md#no-such-section) [self](#nope)\n"
        "`[in code](code.md)`\n\n    [indented](code.md)\n\n```md\n[fenced](code.md)\n```\n",
        encoding="utf-8")
    docs = documents(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in docs] == ["README.md", "guide/README.md"]
    assert broken_links(docs, tmp_path) == [
        "README.md: guide/MISSING.md: no such file or folder",
        "README.md: guide/README.md#no-such-section: no heading with the anchor #no-such-section in guide/README.md",
        "README.md: #nope: no heading with the anchor #nope in README.md",
    ]


def test_slugs_are_githubs():
    assert slug("Mare Nostrum battle odds engine (`content/assets/calculators/mn-battle.js`)") == \
        "mare-nostrum-battle-odds-engine-contentassetscalculatorsmn-battlejs"
    assert slug("Field syntax: precise questions in the same box") == "field-syntax-precise-questions-in-the-same-box"
    assert slug("Why not a library, and the tests") == "why-not-a-library-and-the-tests"
    assert slug("The engine: Material for MkDocs, and the exit") == "the-engine-material-for-mkdocs-and-the-exit"


def test_the_manuals_under_content_are_not_pages():
    """content/ is MkDocs' docs_dir: a README.md there would become a page whose links leave the site
    (a strict build fails on them). mkdocs.yml excludes them; the Zensical staging skips them."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass
    Loader.add_constructor("!ENV", lambda loader, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    assert "README.md" in (config.get("exclude_docs") or "").split("\n")
    assert 'ignore_patterns("README.md")' in (ROOT / "engines" / "zensical_build.py").read_text(encoding="utf-8")
