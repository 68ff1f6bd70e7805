"""Record text to HTML: Markdown for layout, and no way to reach outside the site.

Record text is written by contributors and is hostile until rendered here. It keeps the
Markdown that lays out rules (paragraphs, lists, emphasis, tables, code) but loses every
construct that can point elsewhere or inject markup: links, images, autolinks, reference
definitions, raw HTML and headings all stay visible as the characters typed. The one
link a text can make is a record reference, `{mn-ajax}` (generator/refs.py), resolved
here against the checked model, so its target always exists and is a page of this site.

The output is complete HTML, handed to the site engine as raw HTML, which no engine
rewrites; record text therefore never passes through the engine's own Markdown.
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from typing import Callable

import markdown
from markdown.inlinepatterns import InlineProcessor

from generator.refs import REF, replace_refs

# Python-Markdown's parts that make links, images, raw HTML or headings.
_INLINE_OFF = ("reference", "link", "image_link", "image_reference", "short_reference",
               "short_image_ref", "autolink", "automail", "html")
_BLOCK_OFF = ("reference", "hashheader", "setextheader")
_PRE_OFF = ("html_block",)


@dataclass(frozen=True)
class RefLink:
    """What a reference renders as: the target's URL from this page, its name, its preview."""
    href: str
    name: str
    preview: str          # "Game · Kind: summary", plain text, shown on hover or first tap


# (record id) -> RefLink, or None when the id is unknown (never after validation).
Resolver = Callable[[str], "RefLink | None"]


class _RefProcessor(InlineProcessor):
    def __init__(self, owner: "TextRenderer"):
        super().__init__(REF.pattern)
        self.owner = owner

    def handleMatch(self, m, data):
        link = self.owner.resolve(m.group("id")) if self.owner.resolve else None
        words = m.group("words")
        if link is None:
            return (words or m.group("id")), m.start(0), m.end(0)
        el = etree.Element("a", {"href": link.href, "class": "cmp-ref", "data-cmp-preview": link.preview})
        el.text = words or link.name
        return el, m.start(0), m.end(0)


class TextRenderer:
    """One Markdown instance, reset between texts (building one per text would be slow).

    Results are kept, keyed by the text and what each of its references resolves to: a ruling
    printed on every record it concerns is converted once, and `mkdocs serve` converts only
    the texts an edit changed.
    """
    CACHE_SIZE = 50_000

    def __init__(self):
        self.resolve: Resolver | None = None
        self._done: dict[tuple, str] = {}
        self._md = markdown.Markdown(extensions=["tables"], output_format="html")
        for name in _INLINE_OFF:
            self._md.inlinePatterns.deregister(name, strict=False)
        for name in _BLOCK_OFF:
            self._md.parser.blockprocessors.deregister(name, strict=False)
        for name in _PRE_OFF:
            self._md.preprocessors.deregister(name, strict=False)
        self._md.inlinePatterns.register(_RefProcessor(self), "cmp_ref", 175)

    def block(self, text: str, resolve: Resolver) -> str:
        """Prose (paragraphs, lists, tables) as HTML."""
        key = (text, tuple(resolve(m.group("id")) for m in REF.finditer(text)))
        if key in self._done:
            return self._done[key]
        self.resolve = resolve
        try:
            out = _brace_safe(_ALONE_IN_CELL.sub(_mark_alone, self._md.reset().convert(text.strip())))
        finally:
            self.resolve = None
        if len(self._done) >= self.CACHE_SIZE:
            self._done.clear()
        self._done[key] = out
        return out


def inline(text: str, resolve: Resolver) -> str:
    """One line of plain text as HTML: escaped, with its references as links. A reference that
    is the whole value (a civilization in a table cell) stands alone, so it gets a full tap target."""
    parts, pos = [], 0
    alone = bool(REF.fullmatch(text.strip()))
    for m in REF.finditer(text):
        parts.append(html.escape(text[pos:m.start()]))
        link = resolve(m.group("id"))
        words = m.group("words")
        if link is None:
            parts.append(html.escape(words or m.group("id")))
        else:
            parts.append(f'<a href="{html.escape(link.href)}" class="cmp-ref{" cmp-ref--alone" if alone else ""}" '
                         f'data-cmp-preview="{html.escape(link.preview)}">{html.escape(words or link.name)}</a>')
        pos = m.end()
    parts.append(html.escape(text[pos:]))
    return _brace_safe("".join(parts))


def plain(text: str, name_of: Callable[[str], str]) -> str:
    """The words a reader sees, as plain text (titles, previews, search)."""
    return replace_refs(text, lambda rid, words: words or name_of(rid))


# A reference that is all a table cell or list item holds stands alone: a full tap target.
_ALONE_IN_CELL = re.compile(r'<(td|th|li)>(<a class="cmp-ref")([^>]*>[^<]*</a>)</\1>')


def _mark_alone(m: re.Match) -> str:
    return f'<{m.group(1)}><a class="cmp-ref cmp-ref--alone"{m.group(3)}</{m.group(1)}>'


def _brace_safe(out: str) -> str:
    """Braces as entities, so no site engine reads '{: ...}' in record text as attributes."""
    return out.replace("{", "&#123;").replace("}", "&#125;")


_renderer: TextRenderer | None = None


def block(text: str, resolve: Resolver) -> str:
    global _renderer
    if _renderer is None:
        _renderer = TextRenderer()
    return _renderer.block(text, resolve)
