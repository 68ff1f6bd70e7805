"""Record text as a reader sees it: plain words on one line, no braces, no Markdown markers.

A record reference ({mn-ajax} or {mn-ajax|words}) becomes its words or the record's name, and
Markdown markers are dropped. The search's documents, the pages' share previews and the
search fields read text through here, so each shows the same words.
"""
from __future__ import annotations

import re

from generator.refs import plain_text

# The records write emphasis with asterisks only; underscores are left alone, as they are
# as often part of a word or a code ('window.__x') as markup.
_MARKUP = [
    (re.compile(r"^\s{0,3}#{1,6}\s+", re.M), ""),            # headings
    (re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.M), ""),      # list markers
    (re.compile(r"^\s*>\s?", re.M), ""),                      # quotes
    (re.compile(r"\*\*(?!\s)(.+?)(?<!\s)\*\*", re.S), r"\1"),    # strong
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S), r"\1"),   # emphasis
    (re.compile(r"`+([^`]*)`+"), r"\1"),                      # code
    (re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>])"), r"\1"),      # backslash escapes
]
_SPACE = re.compile(r"\s+")


def plain(text: str, name_of) -> str:
    """What a reader sees of a record's Markdown text, on one line."""
    text = plain_text(text or "", name_of)
    for pattern, repl in _MARKUP:
        text = pattern.sub(repl, text)
    return _SPACE.sub(" ", text).strip()


_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_TAG = re.compile(r"<[^>]*>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def opening_words(markdown: str) -> str:
    """A hand-written page's first paragraph as plain text (no front matter, heading, HTML or link targets)."""
    body = _FRONT_MATTER.sub("", markdown)
    for block in re.split(r"\n\s*\n", body):
        block = block.strip()
        if not block or block.startswith(("#", "<", "{", "|", "!!!")):
            continue
        text = _LINK.sub(r"\1", _TAG.sub("", block))
        return plain(text, lambda rid: rid)
    return ""
