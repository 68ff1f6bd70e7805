"""The generator's imports run one way: load -> validate -> model -> render -> export.

A layer imports its own modules and the layers before it, never one after it. The modules
at generator/ itself are of two kinds: the ground (paths, problems, refs, node_binary), which
every layer may import and which imports no layer; and the whole (build, site_files, caches,
__main__, mkdocs_hook), which may import any layer and which no layer imports. Nothing
imports the hook. A name starting with '_' is its own module's: no other module imports it.
Imports inside functions count as much as those at the top.
"""
from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
LAYERS = ("load", "validate", "model", "render", "export")
GROUND = {"paths", "problems", "refs", "node_binary"}
WHOLE = {"build", "site_files", "caches", "__main__", "mkdocs_hook"}
HOOK = "generator.mkdocs_hook"


def _modules() -> dict[str, Path]:
    """{dotted name: file} of every Python module under generator/ (templates and theme aside)."""
    out = {}
    for path in sorted(GENERATOR.rglob("*.py")):
        rel = path.relative_to(GENERATOR.parent).with_suffix("")
        if {"templates", "mkdocs_theme"} & set(rel.parts):
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out[".".join(parts)] = path
    return out


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) of every generator.* import in the file, at any depth."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and (node.module == "generator" or node.module.startswith("generator.")):
            out.append((node.lineno, node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name, []) for a in node.names if a.name.startswith("generator.")]
    return out


def _place(module: str) -> tuple[str, int | None]:
    """('layer', its rank), ('ground', None), ('whole', None) or ('package', None)."""
    parts = module.split(".")
    if len(parts) == 1:
        return "package", None
    if parts[1] in LAYERS:
        return "layer", LAYERS.index(parts[1])
    if parts[1] in GROUND:
        return "ground", None
    return "whole", None


def _wrong_way(source: str, target: str) -> bool:
    if target == HOOK:
        return True
    (s_kind, s_rank), (t_kind, t_rank) = _place(source), _place(target)
    if t_kind == "ground" or s_kind in ("whole", "package"):
        return False
    if s_kind == "ground":
        return True   # the ground imports no layer and nothing of the whole
    if t_kind in ("whole", "package"):
        return True   # a layer imports neither build nor the hook
    return t_rank > s_rank


def _targets(module: str, names: list[str], known: dict[str, Path]) -> list[tuple[str, str | None]]:
    """(module imported, name) pairs: `from generator.render import text_html` imports a module."""
    if not names:
        return [(module, None)]
    return [(f"{module}.{n}", None) if f"{module}.{n}" in known else (module, n) for n in names]


def arrows_against_the_order() -> list[str]:
    known = _modules()
    out = []
    for source, path in known.items():
        for line, module, names in _imports(path):
            for target, _ in _targets(module, names, known):
                if _wrong_way(source, target):
                    out.append(f"{path.relative_to(GENERATOR.parent)}:{line}: {source} -> {target}")
    return sorted(set(out))


def private_imports() -> list[str]:
    known = _modules()
    out = []
    for source, path in known.items():
        for line, module, names in _imports(path):
            for target, name in _targets(module, names, known):
                if name and name.startswith("_") and target != source:
                    out.append(f"{path.relative_to(GENERATOR.parent)}:{line}: {target}.{name}")
    return sorted(out)


def test_the_modules_are_found():
    known = _modules()
    assert "generator.mkdocs_hook" in known and "generator.render.pages" in known
    assert {m.split(".")[1] for m in known if m.count(".") >= 1} >= set(LAYERS) | GROUND | WHOLE


def test_the_order_is_read_as_written():
    assert _wrong_way("generator.render.pages", "generator.export.records")
    assert not _wrong_way("generator.export.finish", "generator.render.pages")
    assert _wrong_way("generator.load.games", "generator.validate.schema.schemas")
    assert _wrong_way("generator.validate.blocking.checks", "generator.model.records")
    assert not _wrong_way("generator.model.records", "generator.validate.schema.schemas")
    assert _wrong_way("generator.paths", "generator.load.files")
    assert _wrong_way("generator.render.pages", "generator.build")
    assert _wrong_way("generator.build", HOOK)
    assert not _wrong_way("generator.mkdocs_hook", "generator.export.finish")


def test_every_arrow_runs_with_the_pipeline():
    """load -> validate -> model -> render -> export: none runs back."""
    found = arrows_against_the_order()
    assert not found, "imports against load -> validate -> model -> render -> export:\n" + "\n".join(found)


def test_no_module_imports_another_modules_private_name():
    """A helper that two modules share is public in the module that owns its rule."""
    found = private_imports()
    assert not found, "private names imported from another module:\n" + "\n".join(found)
