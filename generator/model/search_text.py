"""How the site search turns text into terms: the one contract the index and the browser share.

The browser (content/assets/search/engine/text.js) folds and splits a query exactly as
`terms` does here, and reads the stop words from the index this module's list goes into,
so the two cannot drift apart on which words count. Word families ('trade', 'trades',
'trading') are grouped here, once, by `family`; the browser only follows the groups the
index lists, so it needs no stemmer of its own.
"""
from __future__ import annotations

import re
import unicodedata

# Letters and digits of any script (the browser uses /[\p{L}\p{N}]+/gu on the same folded text).
_WORD = re.compile(r"[^\W_]+")
MIN_LENGTH = 2   # single letters ('c' in 'C-diplo', 's' in "Caesar's") are never terms

# Words that never decide a match on their own: a question's glue, in English and in the
# French of the Diplomacy variant. They are left out of the index, so a query's 'to' can
# match nothing, 'tokens' included.
STOP_WORDS = frozenset("""
    a about after again against all also am an and any are as at be because been before being
    between both but by can could did do does doing done during each else ever every for from
    had has have having he her here hers him his how i if in into is it its itself just me
    might more most must my no nor not of off on once only or other our ours out over own same
    shall she should so some such than that the their theirs them then there these they this
    those through to too under until up upon very was we were what when where whether which
    while who whom whose why will with would yet you your yours
    au aux ce ces dans de des du elle en est et il ils la le les leur mais ne nous ou par pas
    pour qui que se son sa ses sur un une vous
""".split())


class _Marks(dict):
    """str.translate table that deletes every mark (Unicode category M) and format character
    (Cf: zero-width spaces and joiners, soft hyphens, bidi marks), learnt char by char: the
    browser drops /[\\p{M}\\p{Cf}]/gu, so 'a\\u200bjax' is 'ajax' on both sides."""

    def __missing__(self, code: int):
        category = unicodedata.category(chr(code))
        self[code] = None if category.startswith("M") or category == "Cf" else code
        return self[code]


_MARKS = _Marks()


def fold(text: str) -> str:
    """Lowercase without accents or invisible characters, as players type ('Tártaros' -> 'tartaros').

    Compatibility decomposition, then every mark and format character dropped, then lowercase:
    the browser does the same with normalize("NFKD"), /[\\p{M}\\p{Cf}]/gu and toLowerCase().
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return (decomposed if decomposed.isascii() else decomposed.translate(_MARKS)).lower()


def words(text: str) -> list[str]:
    """Every word of a text, folded, in order; stop words and single letters included."""
    return _WORD.findall(fold(text))


def terms(text: str) -> list[str]:
    """The words of a text that the index holds: no stop words, no single letters."""
    return [w for w in words(text) if len(w) >= MIN_LENGTH and w not in STOP_WORDS]


_COMPOUND = re.compile(r"[^\W_]+(?:-[^\W_]+)+")


def index_terms(text: str) -> list[str]:
    """The terms a text is indexed under: its terms, plus each hyphenated word written
    together ('re-roll' is also 'reroll'), so a player who types it either way finds it."""
    joined = [m.group(0).replace("-", "") for m in _COMPOUND.finditer(fold(text))]
    return terms(text) + [j for j in joined if len(j) >= 4 and j not in STOP_WORDS]


_ENDINGS = ("ing", "ies", "ed", "es", "s", "e")


def family(term: str) -> str:
    """A rough word-family key: 'trade', 'trades', 'traded', 'trading' share 'trad'.

    Deliberately crude (one ending off, at least three letters kept): the browser treats
    a family member as a weaker match than the word itself, so a wrong grouping costs a
    little ranking, never a missing result.
    """
    if term.isdigit():
        return term
    for ending in _ENDINGS:
        if term.endswith(ending) and len(term) - len(ending) >= 3 and not term.endswith(("ss", "us", "is")):
            return term[: -len(ending)]
    return term
