"""One problem in one data file, printed the way contributors read it."""
import difflib
import unicodedata
from dataclasses import dataclass, field as dataclass_field

SHOWN_CHARS = 60     # a quoted value longer than this is cut: a message is one readable line
SUGGEST_UP_TO = 100  # "did you mean" only for values short enough to be a typo


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    field: str
    problem: str
    fix: str
    # The check that spoke ("records/games", "play/not-a-step"; generator/validate/README.md lists
    # them). Not part of what the problem is: the same line from two checks is one line.
    check: str = dataclass_field(default="", compare=False)

    def __str__(self) -> str:
        # Every part escaped: a file name or value with a line break or an ANSI escape must not
        # forge an "ok" line or recolour the terminal.
        return f"{printable(self.file)}:{self.line}: {printable(self.field)}: {printable(self.problem)} ({printable(self.fix)})"

    def report(self) -> str:
        """The line a contributor reads: the problem, then the check that found it in brackets."""
        return f"{self} [{self.check}]" if self.check else str(self)

    def by(self, check: str) -> "Problem":
        """This problem, said by `check` (kept when it names one already)."""
        return self if self.check else Problem(self.file, self.line, self.field, self.problem, self.fix, check)


def printable(text: str) -> str:
    """Text with each character a terminal would act on or hide (line breaks, escapes, bidi and
    zero-width marks) written as its escape: 'a\nb' -> 'a\\nb'. Printable text is unchanged."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] if c in "\n\r\t" or ord(c) < 0x100
                   else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}" for c in text)


def shown(value, limit: int = SHOWN_CHARS) -> str:
    """A value quoted for a message: repr (so control characters show as escapes), cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _part(name) -> str:
    text = str(name)
    if text and text.isprintable() and ":" not in text and len(text) <= SHOWN_CHARS:
        return text
    return shown(text)


def field_path(path) -> str:
    """Render ('objectives', 2, 'vp') as objectives[2].vp."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else (f".{_part(part)}" if out else _part(part))
    return out or "(record)"


# Letters of other scripts drawn like the lowercase Latin ones ids are written in: 'mn-\u0430jax' with a
# Cyrillic a is another id that looks the same, so a hint must never offer it, and must offer 'mn-ajax'.
_LOOKALIKES = {
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u043a": "k", "\u043c": "m", "\u043d": "h",
    "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0442": "t", "\u0443": "y", "\u0445": "x", "\u0455": "s",
    "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u0491": "r", "\u04bb": "h", "\u04cf": "l", "\u0501": "d",
    "\u051b": "q", "\u051d": "w", "\u0261": "g", "\u0251": "a", "\u0131": "i",
    "\u03b1": "a", "\u03b5": "e", "\u03b9": "i", "\u03ba": "k", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p",
    "\u03c4": "t", "\u03c5": "u", "\u03c7": "x", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
    "\u2212": "-", "\u00ad": "",
}
_TO_LATIN = str.maketrans(_LOOKALIKES)


def ascii_spelling(text: str) -> str:
    """The text as it looks in plain ASCII: width forms folded (NFKC), lookalike letters of other
    scripts read as the Latin letter they are drawn like, accents dropped. Characters with no
    plain spelling stay, so the result is ASCII only when the whole text had a plain reading."""
    text = unicodedata.normalize("NFKC", text).translate(_TO_LATIN) if not text.isascii() else text
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _lookalike(option: str) -> bool:
    """True when the option holds a letter that only looks Latin (Cyrillic a, fullwidth a)."""
    return not option.isascii() and any(
        c in _LOOKALIKES or unicodedata.normalize("NFKC", c) != c for c in option if not c.isascii())


def non_ascii(text) -> str | None:
    """'U+0430 CYRILLIC SMALL LETTER A' for the first non-ASCII character of text; None when it is all ASCII."""
    if not isinstance(text, str) or text.isascii():
        return None
    char = next(c for c in text if not c.isascii())
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def closest(word, options) -> str | None:
    """The option most like `word`, for a "did you mean" fix; None when nothing is close.

    One place for every check's hint: options may be any iterable (non-text ones are
    passed over), and a long value is not a typo worth matching. A lookalike option (an id
    with a Cyrillic letter, from a file that failed) is never offered; a lookalike word is
    matched by its ASCII spelling first, so 'mn-\u0430jax' gets 'mn-ajax' when that exists.
    """
    if not isinstance(word, str) or len(word) > SUGGEST_UP_TO:
        return None
    candidates = sorted({o for o in options if isinstance(o, str) and not _lookalike(o)})
    spelled = ascii_spelling(word)
    if spelled != word and spelled in candidates:
        return spelled
    close = difflib.get_close_matches(spelled, candidates, n=1)
    return close[0] if close and close[0] != word else None
