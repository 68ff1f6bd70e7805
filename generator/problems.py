"""One problem in one data file, printed the way contributors read it."""
import difflib
from dataclasses import dataclass

SHOWN_CHARS = 60     # a quoted value longer than this is cut: a message is one readable line
SUGGEST_UP_TO = 100  # "did you mean" only for values short enough to be a typo


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    field: str
    problem: str
    fix: str

    def __str__(self) -> str:
        # Every part escaped: a file name or value with a line break or an ANSI escape must not
        # forge an "ok" line or recolour the terminal (issue 18).
        return f"{printable(self.file)}:{self.line}: {printable(self.field)}: {printable(self.problem)} ({printable(self.fix)})"


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


def closest(word, options) -> str | None:
    """The option most like `word`, for a "did you mean" fix; None when nothing is close.

    One place for every check's hint: options may be any iterable (non-text ones are
    passed over), and a long value is not a typo worth matching.
    """
    if not isinstance(word, str) or len(word) > SUGGEST_UP_TO:
        return None
    close = difflib.get_close_matches(word, sorted(o for o in options if isinstance(o, str)), n=1)
    return close[0] if close else None
