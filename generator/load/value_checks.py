"""Rules every value obeys whatever its field: what the export and the pages can carry.

The schemas say what each field holds; these checks say what no field may hold,
because it would break something downstream rather than merely be wrong:
NaN or Infinity make `api/records.json` unreadable to `JSON.parse`; an integer past
2**53 changes value in the browser; a date, set or binary value cannot be written
as JSON at all; a control character is invisible in an editor and garbles a page.
Tabs and line breaks are left to the schemas, which allow them only in prose.
"""
from __future__ import annotations

import datetime
import math
import re
import unicodedata

from generator.problems import shown
from generator.load.yaml_bounded import Finding

# In the file itself: C0 controls except tab, line feed and carriage return (YAML line
# breaks), DEL, C1 controls, and the two noncharacters YAML readers refuse.
_RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
# In a value (after YAML escapes like "\0" or "\e" are read): any control character but
# tab and line feed, and lone surrogates, which cannot be written as UTF-8.
_IN_VALUE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
JS_SAFE_INT = 2**53 - 1
_REPLACEMENT = "\ufffd"


def char_name(c: str) -> str:
    """U+0000 (NUL): how a contributor can find the character in an editor."""
    names = {"\x00": "NUL", "\x1b": "ESC", "\x7f": "DEL", "\r": "carriage return", "\x0c": "form feed",
             "\x0b": "vertical tab", "\x08": "backspace", "\x07": "bell", "\x85": "next line"}
    name = names.get(c) or unicodedata.name(c, "")
    return f"U+{ord(c):04X}" + (f" ({name})" if name else "")


def raw_controls(text: str) -> tuple[str, list[tuple[int, str]]]:
    """(text with each raw control character replaced, [(line, character)]).

    Replacing lets the YAML reader, which stops at the first such character, go on
    and report everything else in the file in the same run.
    """
    found = []
    for m in _RAW.finditer(text):
        found.append((text.count("\n", 0, m.start()) + 1, m.group()))
    return (_RAW.sub(_REPLACEMENT, text) if found else text), found


def value_findings(data, line_of) -> list[Finding]:
    """Findings for every value and key inside data; line_of(path) gives a field's line."""
    out: list[Finding] = []
    _walk(data, (), line_of, out)
    return out


def _walk(value, path: tuple, line_of, out: list) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            child = path + (k,)
            if isinstance(k, str):          # other keys are reported where they are read (yaml_bounded)
                _check_string(k, child, line_of, out, what="key")
            _walk(v, child, line_of, out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _walk(v, path + (i,), line_of, out)
    elif isinstance(value, str):
        _check_string(value, path, line_of, out, what="text")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        if abs(value) > JS_SAFE_INT:
            out.append(Finding(line_of(path), path, f"{shown(value)} is too large to be read exactly in a browser",
                               "write the number the source gives; quote it if it is meant as text"))
    elif isinstance(value, float):
        if not math.isfinite(value):
            out.append(Finding(line_of(path), path, f"{value} is not a finite number",
                               "write the number the source gives, or 'unknown' with a note saying why"))
    else:
        out.append(Finding(line_of(path), path, f"YAML read this as {_yaml_type(value)}, which the export cannot hold",
                           "quote it to keep it as text, or write a plain number, list or mapping"))


def _check_string(text: str, path: tuple, line_of, out: list, what: str) -> None:
    m = _IN_VALUE.search(text)
    if m:
        out.append(Finding(line_of(path), path, f"{what} contains the control character {char_name(m.group())}",
                           "delete it; in double quotes an escape such as \\0 or \\e also writes one"))


def _yaml_type(value) -> str:
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    if isinstance(value, (bytes, bytearray)):
        return "binary data (!!binary)"
    if isinstance(value, (set, frozenset)):
        return "a set (!!set)"
    if isinstance(value, tuple):
        return "an ordered pair (!!omap or !!pairs)"
    return f"a {type(value).__name__}"
