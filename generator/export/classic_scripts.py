"""Classic (non-module) scripts made from the site's own ES modules, for the file:// copy.

Chromium runs no ES module opened from a file, so the downloadable copy replaces each page
script that is a module with one classic script holding that module and every module it
imports, each in its own function scope, in dependency order. The converter understands only
the subset of module syntax this project writes, and stops the build on anything else:

- static named imports between our own files: import { a, b as c } from "./x.js";
  and namespace imports: import * as X from "./x.js";
- exports of declarations: export function / async function / class / const;
- export lists, local or re-exported: export { a, b as c }; export { a } from "./x.js";
- import.meta.url, which becomes the module's URL in the copy;
- import("./x.js") with a literal path: a promise of x's exports. (x is bundled and run with
  the others, before the page's own code, rather than when first asked for: the copy loads
  everything at once anyway.)

Refused, with the file and line: default imports and exports, side-effect imports, import()
of anything but a literal relative path, export let/var (a live binding a snapshot cannot follow), export *, bare or absolute
specifiers, a name imported that the other module does not export, import cycles, and any
other import.meta. Pure Python: building the site never needs Node.
"""
from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.model.script_paths import classic_path


class ModuleSyntaxError(ValueError):
    """A module outside the subset the converter understands: say where and what."""

    def __init__(self, path: str, line: int, problem: str):
        super().__init__(f"{path}:{line}: {problem} (the file:// copy converts only static named imports and exports; "
                         f"see generator/export/classic_scripts.py)")
        self.path, self.line, self.problem = path, line, problem


NAME = r"[A-Za-z_$][\w$]*"
_IMPORT = re.compile(r"^import\b(?P<clause>[^;]*?)\bfrom\s*(?P<q>[\"'])(?P<spec>[^\"']*)(?P=q)[ \t]*;?", re.M)
_EXPORT_FROM = re.compile(r"^export\s*\{(?P<names>[^}]*)\}\s*from\s*(?P<q>[\"'])(?P<spec>[^\"']*)(?P=q)[ \t]*;?", re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\}[ \t]*;?", re.M)
_EXPORT_DECL = re.compile(rf"^export\s+(?P<kw>(?:async\s+)?function\s*\*?|class|const)\s+(?P<name>{NAME})", re.M)
_ANY_EXPORT = re.compile(r"^[ \t]*export\b", re.M)
_ANY_IMPORT = re.compile(r"^[ \t]*import\b(?!\.meta\.url)", re.M)
_DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(")
_LITERAL_DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(\s*(?P<q>[\"'])(?P<spec>\.{1,2}/[^\"']+)(?P=q)\s*\)")
_META = re.compile(r"\bimport\s*\.\s*meta\b(?P<rest>\s*\.\s*\w+)?")
_RESERVED = "__cmp"


@dataclass
class Module:
    path: str                                   # site path, e.g. assets/calculators/mn-battle.js
    body: str = ""                              # the source with imports and export keywords removed
    imports: list = field(default_factory=list)  # (local name, dependency path, exported name or None for a namespace)
    exports: dict = field(default_factory=dict)  # exported name -> local name, or (dependency path, its name)
    deps: list = field(default_factory=list)


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _names(spec: str, path: str, line: int) -> list[tuple[str, str]]:
    """'a, b as c' -> [('a', 'a'), ('b', 'c')]: (name in the source module, name here)."""
    out = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        m = re.fullmatch(rf"({NAME})(?:\s+as\s+({NAME}))?", part)
        if not m:
            raise ModuleSyntaxError(path, line, f"cannot read the name list entry {part!r}")
        out.append((m.group(1), m.group(2) or m.group(1)))
    return out


def _resolve(spec: str, importer: str, site: Path, line: int) -> str:
    if not spec.startswith(("./", "../")) or not spec.endswith(".js"):
        raise ModuleSyntaxError(importer, line, f"import of {spec!r}: only relative paths to our own .js files are converted")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
    if target.startswith("../") or not (site / target).is_file():
        raise ModuleSyntaxError(importer, line, f"import of {spec!r}: no such file in the site ({target})")
    return target


def parse_module(path: str, text: str, site: Path) -> Module:
    """Read one module of the subset; raises ModuleSyntaxError on anything else."""
    if _RESERVED in text:
        raise ModuleSyntaxError(path, _line(text, text.index(_RESERVED)), f"names starting with {_RESERVED} are kept for the converter")
    for m in _META.finditer(text):
        if (m.group("rest") or "").replace(" ", "") != ".url":
            raise ModuleSyntaxError(path, _line(text, m.start()), "only import.meta.url is converted")
    mod = Module(path)

    def take_dynamic(m: re.Match) -> str:
        dep = _resolve(m.group("spec"), path, site, _line(text, m.start()))
        mod.deps.append(dep)
        return f"Promise.resolve(__cmpModules[{json.dumps(dep)}])"

    text = _LITERAL_DYNAMIC_IMPORT.sub(take_dynamic, text)
    m = _DYNAMIC_IMPORT.search(text)
    if m:
        raise ModuleSyntaxError(path, _line(text, m.start()), "import() of a computed path cannot be converted")

    def take_import(m: re.Match) -> str:
        line = _line(text, m.start())
        clause = " ".join(m.group("clause").split())
        dep = _resolve(m.group("spec"), path, site, line)
        if clause.startswith("{") and clause.endswith("}"):
            for name, local in _names(clause[1:-1], path, line):
                mod.imports.append((local, dep, name, line))
        elif re.fullmatch(rf"\*\s+as\s+{NAME}", clause):
            mod.imports.append((clause.split()[-1], dep, None, line))
        else:
            raise ModuleSyntaxError(path, line, f"import {clause} from ...: only {{ named }} and * as namespace imports are converted")
        mod.deps.append(dep)
        return "\n" * m.group(0).count("\n")

    def take_export_from(m: re.Match) -> str:
        line = _line(text, m.start())
        dep = _resolve(m.group("spec"), path, site, line)
        for name, exported in _names(m.group("names"), path, line):
            mod.exports[exported] = (dep, name, line)
        mod.deps.append(dep)
        return "\n" * m.group(0).count("\n")

    def take_export_list(m: re.Match) -> str:
        line = _line(text, m.start())
        for local, exported in _names(m.group("names"), path, line):
            mod.exports[exported] = local
        return "\n" * m.group(0).count("\n")

    def take_decl(m: re.Match) -> str:
        mod.exports[m.group("name")] = m.group("name")
        return m.group(0)[len("export"):].lstrip()

    body = _IMPORT.sub(take_import, text)
    body = _EXPORT_FROM.sub(take_export_from, body)
    body = _EXPORT_LIST.sub(take_export_list, body)
    body = _EXPORT_DECL.sub(take_decl, body)
    for pattern, what in ((_ANY_EXPORT, "export"), (_ANY_IMPORT, "import")):
        m = pattern.search(body)
        if m:
            rest = body[m.start():].split("\n", 1)[0].strip()
            raise ModuleSyntaxError(path, _line(body, m.start()), f"{what} statement not converted: {rest[:60]!r}")
    mod.body = _META.sub(lambda m: f"__cmpUrl({json.dumps(path)})", body)
    return mod


def module_graph(entry: str, site: Path) -> list[Module]:
    """The entry and every module it imports, dependencies first; raises on a cycle."""
    order: list[Module] = []
    done: dict[str, Module] = {}
    visiting: list[str] = []

    def visit(path: str) -> None:
        if path in done:
            return
        if path in visiting:
            cycle = " -> ".join(visiting[visiting.index(path):] + [path])
            raise ModuleSyntaxError(path, 1, f"import cycle {cycle}: a snapshot of exports needs an order")
        visiting.append(path)
        mod = parse_module(path, (site / path).read_text(encoding="utf-8"), site)
        for dep in mod.deps:
            visit(dep)
        visiting.pop()
        done[path] = mod
        order.append(mod)

    visit(entry)
    for mod in order:   # every imported name must exist, as linking an ES module would demand
        for local, dep, name, line in mod.imports:
            if name is not None and name not in done[dep].exports:
                raise ModuleSyntaxError(mod.path, line, f"{name!r} is not exported by {dep}")
        for exported, target in mod.exports.items():
            if isinstance(target, tuple) and target[1] not in done[target[0]].exports:
                raise ModuleSyntaxError(mod.path, target[2], f"{target[1]!r} is not exported by {target[0]}")
    return order


def _export_object(mod: Module) -> str:
    parts = []
    for exported, target in sorted(mod.exports.items()):
        value = (f"__cmpModules[{json.dumps(target[0])}][{json.dumps(target[1])}]" if isinstance(target, tuple) else target)
        parts.append(f"{json.dumps(exported)}: {value}")
    return "Object.freeze({" + ", ".join(parts) + "})"


def classic_script(entry: str, site: Path) -> str:
    """One classic script that runs the module at site path `entry` as the browser would.

    It is meant to be written beside the entry (classic_path), so the site root is found from
    its own address, and each module's import.meta.url is that module's address in the copy.
    """
    depth = entry.count("/")
    out = [f"// Classic build of {entry} and the modules it imports, for the file:// copy",
           "// (generator/export/classic_scripts.py). Do not edit: it is made from the modules at build time.",
           "(function () {",
           '"use strict";',
           "var __cmpRoot = new URL(" + json.dumps("../" * depth or "./") + ", document.currentScript.src).href;",
           "function __cmpUrl(path) { return new URL(path, __cmpRoot).href; }",
           "var __cmpModules = Object.create(null);"]
    for mod in module_graph(entry, site):
        out.append(f"__cmpModules[{json.dumps(mod.path)}] = (function () {{")
        for local, dep, name, _line_no in mod.imports:
            source = f"__cmpModules[{json.dumps(dep)}]"
            out.append(f"const {local} = {source}" + ("" if name is None else f"[{json.dumps(name)}]") + ";")
        out.append(mod.body.rstrip())
        out.append(f"return {_export_object(mod)};")
        out.append("})();")
    out.append("})();")
    return "\n".join(out) + "\n"


_MODULE_TAG = re.compile(r"<script\b(?P<attrs>[^>]*\btype=[\"']?module\b[^>]*)>(?P<inline>[\s\S]*?)</script>", re.I)
_SRC = re.compile(r"\bsrc=\"(?P<src>[^\"]+)\"")


def classic_page(html: str, page: str, site: Path, built: dict[str, str]) -> str:
    """The page with each module script of our own replaced by its classic build.

    `page` is the page's site path; `built` collects {classic site path: script text}.
    A module script that is not one of the site's own files under assets/ stops the build.
    """
    page_dir = posixpath.dirname(page)
    up = "../" * (page_dir.count("/") + 1 if page_dir else 0)   # from the page to the site root

    def swap(m: re.Match) -> str:
        src = _SRC.search(m.group("attrs"))
        if not src or m.group("inline").strip():
            raise ModuleSyntaxError(page, _line(html, m.start()), "an inline module script cannot be converted")
        entry = posixpath.normpath(posixpath.join(page_dir, src.group("src")))
        target = classic_path(entry)
        if target not in built:   # every page loads the same few scripts: check and convert each once
            if not entry.startswith("assets/") or not (site / entry).is_file():
                raise ModuleSyntaxError(page, _line(html, m.start()), f"module script {src.group('src')!r} is not one of the site's own files")
            built[target] = classic_script(entry, site)
        return f'<script src="{up}{target}" defer></script>'

    return _MODULE_TAG.sub(swap, html)


def records_script(records_json: str) -> str:
    """api/records.js: the export as a script that sets a global (browsers refuse fetch from files)."""
    return f"window.__compendiumRecords = {records_json.strip()};\n"
