"""A lint: numbers written in a record that already stand in their one home.

A number lives in one YAML file. This finds a cost or fact written as a number when the same
number, in the same role, already stands

- in a table of the same game: a row named after the record (its name, an alias, or its kind,
  as "Hero or Wonder" names every hero), in a column whose id or label is the fact's label or
  unit ("Cost" and the column `cost`; unit "victory points" and the column "Victory points");
- in another record's fact of the same game, when the two facts share a word of their label
  and one names the other record ("Cost in the longer game" on the Pyramids, "Pyramids cost"
  on the Longer game).

- the same number with the same label or unit in two records of a game that link
  each other, where one is a table cell or a fact: facts, costs and the number fields count,
  movement and combat_factor against table cells (a row named after the record, or a fact's
  label naming the row and the column: "Swamp", 6 steps per hex) and against facts (the same
  label; the same unit and a word of the label; a label naming the field and the record). The
  home is the more authoritative: a table cell, then a table's, rule's or game's fact, then a
  unit's or component's fact. Two cards' own printed values are never a pair, and a number whose
  fact or record says `not_the_same` (with its reason) is left out: a reading found the equal
  numbers to be different things.

- labels that share no word but name the same thing, by data/number-synonyms.yaml (each entry
  with its records and reason: "Capacity" and "Counters carried per fleet"; number_exceptions.py); a label that names the other record and
  says the rest of the other's label ("Caravans added" beside the caravan's "Added by the
  expansion"); a number field beside a fact of a record of the same name (the Queen-Consort rule
  and counter); a row named "Hero or Wonder" by a label holding either word; numbers written
  inside strings (a string's numbers, each with the word after it: "+1 column", "2 each, 5
  together", "1 slave ... 1 turn ... 1 talent"), against the same numbers in another linked
  string of the same thing, or against a number of a record the string names, whose label holds
  the word after it; and a fact whose note says where its value comes from ("Value from ...",
  "From rule 6") and names another record or rule, but writes the value.

Each finding says which `from:` to write. What it cannot see: numbers in prose (a summary's
"costs 3"), numbers derived from another (12 - 1 = 11 "with Imhotep"), a fact whose label
shares no word with the column or fact it repeats, a row named otherwise than the record, and
numbers in other games, numbers derived from a table (the expansion's "2 cities added" is
6 players' 14 less 5 players' 12), and two records of equal numbers that neither link each other
nor name each other in a label; a synonym nobody declared; a string whose number has no word
after it ("the 1 of a ratio", a hex "3002" is seen only when two strings are the same); a number in a
string that names neither the other record nor a word of its label; a note that names the home in
other words ("as the table gives"). Equal numbers in different roles are not flagged (a legion's 1 die is
not the chart's 1 of anything). It is run by tests/test_number_homes.py over data/ and by
`python -m generator numbers`; it is not part of validation, so a new table that happens to
hold a number an older record writes does not stop `make serve`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.validate.blocking.value_sources import row_key, value_holders
from generator.refs import REF
from generator.validate.folding import fold_words as _fold

STOP = {"the", "a", "an", "of", "in", "per", "or", "and", "with", "to", "for", "on", "cards", "card"}



def _words(text) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", _fold(text))} - STOP


def _bare(label: str) -> str:
    """A column label without its parenthesis: 'Cost (cards in the set)' -> 'cost'."""
    return _fold(re.sub(r"\s*\(.*\)\s*$", "", label))


@dataclass(frozen=True)
class Finding:
    record: str
    path: tuple
    value: object
    use: str          # the from: to write
    problem: str = "also stands in its home"
    fix: str = ""     # when writing `from: use` is not the whole fix (a number inside a string)

    def advice(self) -> str:
        return self.fix or f"write from: {self.use} instead of the number"

    def __str__(self):
        where = ".".join(str(p) for p in self.path)
        return f"{self.record}: {where}: {self.value!r} {self.problem} ({self.advice()})"


def _names(rec: dict) -> set[str]:
    names = {_fold(n) for n in [rec.get("name", "")] + list(rec.get("aliases") or []) if n}
    return names | {_fold(rec.get("kind", ""))}


def _row_names(key) -> set[str]:
    """'Hero or Wonder' -> {'hero or wonder', 'hero', 'wonder'}; 'City Token' -> {'city token'}."""
    whole = _fold(key)
    return {whole} | {p.strip() for p in whole.split(" or ")}


def _role(holder: dict, fills: str) -> set[str]:
    """What a value measures: the fact's label and unit (a cost measures 'cost')."""
    if fills == "amount":
        return {"cost"}
    return {_fold(holder.get("label", "")), _fold(holder.get("unit", ""))} - {""}


def _written_numbers(rec: dict):
    for path, holder, fills in value_holders(rec):
        value = holder.get(fills)
        if "from" not in holder and isinstance(value, (int, float)) and not isinstance(value, bool):
            yield path, holder, fills, value


def find_repeated_numbers(records: list[dict], data_dir=None) -> list[Finding]:
    """The findings over `records`, reading the synonyms of `data_dir` (data/ by default)."""
    from generator.paths import DATA
    from generator.validate.blocking.number_exceptions import synonyms_of
    _TEXT.clear()           # a record edited since the last run is read afresh
    _SYNONYMS[:] = synonyms_of(data_dir or DATA)
    try:
        return _find_repeated_numbers(records)
    finally:
        _TEXT.clear()
        _SYNONYMS.clear()


def _find_repeated_numbers(records: list[dict]) -> list[Finding]:
    by_game: dict[str, list[dict]] = {}
    for rec in records:
        by_game.setdefault(rec.get("game"), []).append(rec)
    out = []
    for recs in by_game.values():
        tables = [r for r in recs if r.get("kind") == "table"]
        for rec in recs:
            if rec.get("kind") == "table":
                continue
            names = _names(rec)
            for path, holder, fills, value in _written_numbers(rec):
                role = _role(holder, fills)
                hit = _in_tables(tables, names, role, value)
                if hit is None and fills == "value":
                    hit = _in_facts(recs, rec, holder, value)
                if hit:
                    out.append(Finding(rec["id"], path, value, hit))
        seen = {(f.record, f.path) for f in out}
        out += [f for f in _same_number(recs) if (f.record, f.path) not in seen]
        seen = {(f.record, f.path) for f in out}
        out += [f for f in _numbers_in_strings(recs) + _says_where_from(recs) if (f.record, f.path) not in seen]
    return out


# --- Numbers written inside strings, and facts that name their home without reading it ---
# A string that holds numbers ("+1 column", "2 each, 5 together", "5 to 6 hours") is read as its
# numbers with the word after each. It repeats a number of a linked record of the same game when
#   - it holds the same numbers, each with the same word after it, as another string whose label
#     is the same thing (the labels' rules above), or which one label names outright ("Fleet" on the
#     slaves' list beside the fleets rule's "Build cost": 1 slave, 1 turn, 1 talent); or
#   - a number in it is a written number of a record the string (or its label, or its row) names,
#     and the word after it is a word of that number's label (synonyms read): the siege table's
#     "Siege machine: +1 column" beside the siege machine's "Column shift", 1.
# A string cannot read a from:, so the finding says which to keep: the string's record reads the
# number (a fact's from:), or the string drops the number and links the home.

_NUMBER = re.compile(r"(?<![\w.:/])[+-]?(\d+(?:\.\d+)?)(?![\w.:/-]*\d)\s*([^\W\d_]*)")


def _tokens(text: str) -> tuple:
    """The numbers of a string, each with the word after it: '1 slave in port for 1 turn + 1 talent'
    -> ((1, 'slave'), (1, 'turn'), (1, 'talent'))."""
    out = []
    for m in _NUMBER.finditer(_fold(text)):
        num = float(m.group(1))
        out.append((int(num) if num.is_integer() else num, m.group(2).rstrip("s")))
    return tuple(out)


@dataclass(frozen=True)
class _Text:
    rec: dict
    path: tuple
    text: str
    label: str        # a fact's label, or a cell's row and column
    where: str        # fact or cell

    def words(self):
        return _words(self.label)


def _strings(rec: dict):
    for i, fact in enumerate(rec.get("facts") or []):
        if isinstance(fact, dict) and "from" not in fact and isinstance(fact.get("value"), str) and _tokens(fact["value"]):
            yield _Text(rec, ("facts", i), fact["value"], fact.get("label", ""), "fact")
    if rec.get("kind") == "table":
        cols = rec.get("columns") or []
        for row in rec.get("rows") or []:
            key = row_key(rec, row)
            for c in cols[1:]:
                cell = (row.get("cells") or {}).get(c.get("id"))
                cell = cell.get("value") if isinstance(cell, dict) else cell
                if key is not None and isinstance(cell, str) and _tokens(cell):
                    yield _Text(rec, ("rows", key, c["id"]), cell, f"{key} {c.get('label', '')}", "cell")


def _linked(a: dict, b: dict) -> bool:
    return a is b or _mentions(a, b) or _mentions(b, a)


def _names_in_text(rec: dict, text: str) -> bool:
    return _names_in(rec, text) or any(w and w <= _words(text) for w in _name_words(rec) if len(w) >= 2)


def _numbers_in_strings(recs: list[dict]) -> list[Finding]:
    texts = [s for r in recs for s in _strings(r)]
    numbers = [n for r in recs for n in _numbers(r) if n.where in ("fact", "cell", "field")]
    out = []
    for s in texts:
        toks = _tokens(s.text)
        for o in texts:
            if o is s or (o.rec["id"], o.path) <= (s.rec["id"], s.path) or _tokens(o.text) != toks or not _linked(s.rec, o.rec):
                continue
            if not any(word for _, word in toks) and _fold(o.text) != _fold(s.text):
                continue        # bare numbers ('1' of a ratio) say nothing alike unless the strings are the same
            if _bare(s.label) == _bare(o.label) or _synonymous(s.words(), o.words()) or bool(s.words() & o.words()) \
                    or (_label_names(s.words(), o.rec) and s.rec is not o.rec) or (_label_names(o.words(), s.rec) and s.rec is not o.rec):
                home, copy = (o, s) if (o.where, HOME_RANK.get(o.rec.get("kind"), 1)) >= (s.where, HOME_RANK.get(s.rec.get("kind"), 1)) else (s, o)
                if copy.where == "fact":
                    ref = ("{record: %s, fact: %s}" % (home.rec["id"], home.label) if home.where == "fact"
                           else "{table: %s, row: %s, column: %s}" % (home.rec["id"], home.path[1], home.path[2]))
                    out.append(Finding(copy.rec["id"], copy.path, copy.text, ref, problem="says what another string already holds"))
        context = f"{s.label} {s.text}"
        for n in numbers:
            if n.rec is s.rec or not _linked(s.rec, n.rec) or not _names_in_text(n.rec, context):
                continue
            for value, word in toks:
                if value == n.value and word and (word in _said(n.words()) or _said({word}) & _said(n.words())):
                    out.append(Finding(
                        s.rec["id"], s.path, s.text, n.ref(), problem=f"writes {value} inside a string, and {n.ref()} holds it",
                        fix=(f"write the string without the number and link {n.rec['id']}" if s.where == "cell"
                             else f"have {n.rec['id']} read this fact by from: instead, or drop the number here")))
                    break
    return out


_SAYS_FROM = re.compile(r"^\s*(?:the )?(?:values?|figures?|numbers?|counts?)(?: is| are| comes?)?(?: read| taken)? from\b|^\s*from (?:rule|the|\{)",
                        re.IGNORECASE)


def _says_where_from(recs: list[dict]) -> list[Finding]:
    """A fact whose note says where its value comes from ('Value from the city differences table',
    'From rule 6') but which writes the value instead of reading it by from:."""
    out = []
    for rec in recs:
        for i, fact in enumerate(rec.get("facts") or []):
            value, note = fact.get("value") if isinstance(fact, dict) else None, fact.get("note") if isinstance(fact, dict) else None
            numeric = _is_number(value) or (isinstance(value, str) and bool(_tokens(value)))
            elsewhere = isinstance(note, str) and (re.search(r"\brule \d+", note, re.IGNORECASE)
                                                   or any(m.group(1) != rec["id"] for m in REF.finditer(note)))
            if "from" not in fact and numeric and elsewhere and _SAYS_FROM.search(note):
                out.append(Finding(rec["id"], ("facts", i), fact["value"], "its home", problem="says where its value comes from",
                                   fix=f"read it by from: as the note says ({fact['note'][:80]}), and drop the value"))
    return out


# --- The same number with the same label or unit in two linked records ----------
# A number is a candidate home when it is a table cell or a fact written as a number; a number
# repeats it when it is a fact, a cost or a number field (count, movement, combat_factor) of
# the same value in a record of the same game that names the same thing: the same label, or
# the same unit and a shared word of the label, or (a number field) a label that names the
# field and the record. The two records must be linked (one names the other's id: a link,
# `related`, `concerns`) or be one record, unless the label names the record outright. The home
# is the more authoritative of the two: a table cell, then a table's, a rule's or the game's
# fact, then any fact; a number field is never a home.

NUMBER_FIELDS = ("count", "movement", "combat_factor")
# Labels that share no word but name the same thing: (reads_as, words) pairs from
# data/number-synonyms.yaml, set for one run of the lint. A label holding all of `words` is read
# as holding `reads_as`. Equal numbers that a reading found to be different things say so in the
# data: a fact's `not_the_same`, or a record's `not_the_same` keyed by the number field.
_SYNONYMS: list[tuple[tuple, tuple]] = []
HOME_RANK = {"table": 3, "rule": 2, "game": 2, "unit": 1.5, "component": 1.5}   # a general record before one instance


@dataclass(frozen=True)
class _Number:
    rec: dict
    path: tuple
    value: object
    label: str
    unit: str
    where: str        # cell, fact, cost or field

    def words(self):
        return _words(self.label)

    def rank(self):
        if self.where == "cell":
            return 4
        if self.where == "fact":
            return HOME_RANK.get(self.rec.get("kind"), 1)
        return 0

    def ref(self):
        if self.where == "cell":
            return "{table: %s, row: %s, column: %s}" % (self.rec["id"], self.path[1], self.path[2])
        return "{record: %s, fact: %s}" % (self.rec["id"], self.label)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _numbers(rec: dict):
    for path, holder, fills, value in _written_numbers(rec):
        if path[0] == "facts":
            yield _Number(rec, path, value, holder.get("label", ""), _fold(holder.get("unit", "")), "fact")
        elif path[0] == "cost":
            yield _Number(rec, path, value, "cost", _fold(holder.get("unit", "")), "cost")
        elif path[0] == "setup":   # a setup step's count: never a home, like a number field
            yield _Number(rec, path, value, holder.get("label", ""), _fold(holder.get("unit", "")), "count")
    for field in NUMBER_FIELDS:
        if _is_number(rec.get(field)):
            yield _Number(rec, (field,), rec[field], field.replace("_", " "), "", "field")
    if rec.get("kind") == "table":
        cols = rec.get("columns") or []
        for row in rec.get("rows") or []:
            key = row_key(rec, row)
            for c in cols[1:]:
                cell = (row.get("cells") or {}).get(c.get("id"))
                cell = cell.get("value") if isinstance(cell, dict) else cell
                if key is not None and _is_number(cell):
                    yield _Number(rec, ("rows", key, c["id"]), cell, c.get("label", ""), "", "cell")


_ID_RUN = re.compile(r"[a-z0-9-]+")


def _mentions(a: dict, b: dict) -> bool:
    """Whether record a names record b's id anywhere (a link in its text, related, concerns): the id
    with no letter, digit or hyphen either side, that is, one of the text's maximal runs of those.
    A set of the runs, made once per record, answers that (a search of the text per pair of records
    was most of the lint's time)."""
    rid = b["id"]
    if _ID_RUN.fullmatch(rid):
        return rid in _runs_of(a)
    return re.search(r"(?<![a-z0-9-])" + re.escape(rid) + r"(?![a-z0-9-])", _text_of(a)) is not None


# A record's text, kept for one run of the lint: find_repeated_numbers empties it as it starts, and
# each entry holds its record, so an id a freed record had (a copy the tests made, a record edited
# between runs) never hands back another record's text. Keyed by id alone, it did, and the lint's
# findings then depended on where Python put the copies (PYTHONHASHSEED 4 and 7 gave another).
_TEXT: dict[int, tuple[dict, str, frozenset[str]]] = {}


def _text_of(rec: dict) -> str:
    return _entry(rec)[1]


def _runs_of(rec: dict) -> frozenset[str]:
    return _entry(rec)[2]


def _entry(rec: dict) -> tuple[dict, str, frozenset[str]]:
    entry = _TEXT.get(id(rec))
    if entry is None or entry[0] is not rec:
        import json
        text = json.dumps(rec, ensure_ascii=False, default=str)
        entry = _TEXT[id(rec)] = (rec, text, frozenset(_ID_RUN.findall(text)))
    return entry


def _name_words(rec: dict) -> list[set[str]]:
    out = [_words(n) for n in [rec.get("name", "")] + list(rec.get("aliases") or []) if n]
    for key in ("unit_type", "component_type"):
        if isinstance(rec.get(key), str):
            out.append(_words(rec[key]))
    return [w for w in out if w]


def _label_names(label_words: set[str], rec: dict) -> bool:
    """Whether a label names the record: half or more of the words of one of its names."""
    return any(len(w & label_words) * 2 > len(w) for w in _name_words(rec))


def _cell_named(a: _Number, b: _Number) -> bool:
    """Whether a fact's label names a cell: the row's words are in the label, and the label or
    the unit shares a word with the column's label ('Pyramids cost' and row The Pyramids, column
    'Cost (cards in the set)'; 'Swamp', unit 'steps per hex', and row Swamp, column 'Steps to enter')."""
    said = a.words() | _words(a.unit)
    for name in _row_names(b.path[1]):      # 'Hero or Wonder': 'Civilization hero cost' names its row
        row = _words(name)
        if row and row <= said and (said - row) & b.words():
            return True
    return False


def _count_names(a: _Number, recs: list[dict]) -> set[str]:
    """What a setup count counts: the names of the record its `of` names, and its label (also
    without a plural s), so 'Caravans' of mn-caravan finds the chart's row Caravan."""
    holder = a.rec
    for p in a.path:
        holder = holder[p]
    of = next((r for r in recs if r.get("id") == holder.get("of")), None)
    label = _fold(a.label)
    return (_names(of) - {_fold(of.get("kind", ""))} if of else set()) | {label, label.rstrip("s")}


def _said(words: set[str]) -> set[str]:
    """A label's words with each declared synonym read as the words it stands for (data/number-synonyms.yaml)."""
    out = set(words)
    for (canon, other) in _SYNONYMS:
        if set(other) <= out:
            out = (out - set(other)) | set(canon)
    return out


def _synonymous(a_words: set[str], b_words: set[str]) -> bool:
    """Whether two labels hold the same words once synonyms are read, one within the other."""
    a, b = _said(a_words), _said(b_words)
    return bool(a) and bool(b) and (a <= b or b <= a) and (a != a_words or b != b_words)


def _names_other(label_words: set[str], other: dict, own_words: set[str]) -> bool:
    """Whether a label names the other record and says of it what the other label says: 'Caravans
    added' on the building tokens beside 'Added by the expansion' on the caravan."""
    for name in _name_words(other):
        if name and name <= label_words:
            rest = label_words - name
            return bool(rest) and (rest <= own_words or own_words <= rest)
    return False


def _same_name(a: dict, b: dict) -> bool:
    """Two records of one name (a rule and its counter, both 'Queen-Consort')."""
    return a is not b and bool(_fold(a.get("name", ""))) and _fold(a.get("name", "")) == _fold(b.get("name", ""))


def _same_role(a: _Number, b: _Number, recs: list[dict]) -> bool:
    if a.where in ("fact", "field") and b.where == "fact" and (
            _synonymous(a.words(), b.words()) or _synonymous(_words(_bare(a.label)), _words(_bare(b.label)))):
        return not (a.unit and b.unit and _bare(a.unit) != _bare(b.unit))
    if a.where == "fact" and b.where == "fact" and b.rec is not a.rec and (
            _names_other(b.words(), a.rec, a.words()) or _names_other(a.words(), b.rec, b.words())):
        return not (a.unit and b.unit and _bare(a.unit) != _bare(b.unit)) and not _names_a_third(a, b, recs)
    if a.where == "count":    # its row is named by what it counts (above); a fact shares a word of its label
        return b.where == "cell" or bool(a.words() & b.words())
    if a.where == "field":
        field = a.words()
        if b.where == "cell":
            # a row named after the record (see _in_tables); a count reads any column of it
            return a.path[0] == "count" or bool(field & b.words())
        named = _label_names(b.words(), a.rec) or _same_name(a.rec, b.rec)
        return named and (a.path[0] == "count" or field <= b.words())
    if b.where == "cell":
        return _cell_named(a, b) or bool(a.words() & b.words())
    if _bare(a.label) == _bare(b.label) and _bare(a.label):
        return True
    if not a.unit and not b.unit and a.words() and b.words() and (a.words() <= b.words() or b.words() <= a.words()):
        return True         # 'Role cards added by the expansion' and 'Role cards'; 'Turns' and 'Last turn'
    # the same unit and a word of the label, unless the home's label names another record
    # ("Automatic value of a fortress" is not a creature's automatic value)
    return (bool(a.unit) and a.unit == b.unit and bool(a.words() & b.words())
            and not any(o is not a.rec and o is not b.rec and _names_whole(o, b.label) and not _names_whole(o, a.label) for o in recs))


def _names_a_third(a: _Number, b: _Number, recs: list[dict]) -> bool:
    """Whether one label names a record the other does not, besides the two ('Automatic value of a
    fortress' is not a creature's 'Automatic combat value')."""
    return any(o is not a.rec and o is not b.rec and _names_whole(o, x.label) != _names_whole(o, y.label)
               for o in recs for x, y in ((a, b),))


def _names_whole(rec: dict, label: str) -> bool:
    """Whether a label holds one of the record's names, of any length, as whole words."""
    text = f" {' '.join(re.findall(r'[a-z0-9]+', _fold(label)))} "
    for name in [rec.get("name", "")] + list(rec.get("aliases") or []):
        words = [w.rstrip("s") for w in re.findall(r"[a-z0-9]+", _fold(name))]
        plain = " ".join(re.findall(r"[a-z0-9]+", _fold(name)))
        if words and (f" {plain} " in text or f" {' '.join(words)} " in text.replace("s ", " ")):
            return True
    return False


def _same_number(recs: list[dict]) -> list[Finding]:
    numbers = [n for r in recs for n in _numbers(r)]
    homes = [n for n in numbers if n.where in ("cell", "fact")]
    by_value: dict = {}
    for h in homes:
        by_value.setdefault(h.value, []).append(h)
    out = []
    for a in numbers:
        if _not_the_same(a):
            continue
        best = None
        for b in by_value.get(a.value, []):
            if b is a or (b.rank(), b.rec["id"]) <= (a.rank(), a.rec["id"]) and a.where != "field":
                continue
            if b.where == "cell":
                row = b.path[1]
                named_row = (_row_names(row) & (_count_names(a, recs) if a.where == "count" else _names(a.rec))) or any(
                    w and w <= _words(row) for w in [_words(a.rec.get("kind", ""))])
                if named_row:
                    pass
                elif a.where == "fact" and _cell_named(a, b) and (_mentions(a.rec, b.rec) or _mentions(b.rec, a.rec)):
                    pass            # a rule's "Swamp: 6 steps per hex" beside the table's Swamp row
                else:
                    continue
            elif not (b.rec is a.rec or _mentions(a.rec, b.rec) or _mentions(b.rec, a.rec)
                      or (a.where == "field" and (_label_names(b.words(), a.rec) or _same_name(a.rec, b.rec)))):
                continue
            elif b.rank() <= 1 and b.rec is not a.rec:
                continue      # two cards' own printed values (Lever's and Ramp's 2 stone): no home between them
            if not _same_role(a, b, recs):
                continue
            if best is None or b.rank() > best.rank():
                best = b
        if best is not None:
            out.append(Finding(a.rec["id"], a.path, a.value, best.ref()))
    return out


def _not_the_same(n: _Number) -> bool:
    """Whether the data says this number is another thing than its equals: the fact's
    not_the_same, or the record's not_the_same naming the number field."""
    if n.where == "fact":
        return "not_the_same" in n.rec["facts"][n.path[1]]
    return n.where == "field" and n.path[0] in (n.rec.get("not_the_same") or {})


def _in_tables(tables, names, role, value):
    for t in tables:
        cols = [c for c in t.get("columns") or [] if c.get("id") and (c["id"].replace("_", " ") in role
                                                                       or _bare(c.get("label", "")) in role
                                                                       or _fold(c.get("label", "")) in role)]
        for row in t.get("rows") or []:
            key = row_key(t, row)
            if key is None or not (_row_names(key) & names):
                continue
            for c in cols:
                cell = (row.get("cells") or {}).get(c["id"])
                cell = cell.get("value") if isinstance(cell, dict) else cell
                if cell == value and not isinstance(cell, bool):
                    return f"{{table: {t['id']}, row: {key}, column: {c['id']}}}"
    return None


def _in_facts(recs, rec, holder, value):
    """The same number with the same unit in a fact of another record, where one fact's label
    names the other record by a name of two words or more (one-word names such as 'Combat' or
    'Slaves' are everyday words in labels) and the labels share a word."""
    label, unit = holder.get("label", ""), _fold(holder.get("unit", ""))
    if not unit:
        return None
    for other in recs:
        if other is rec:
            continue
        for _, fact, fills, v in _written_numbers(other):
            if fills != "value" or v != value or _fold(fact.get("unit", "")) != unit:
                continue
            if not (_words(fact.get("label", "")) & _words(label)):
                continue
            if _names_in(other, label) or _names_in(rec, fact.get("label", "")):
                return f"{{record: {other['id']}, fact: {fact.get('label')}}}"
    return None


def _names_in(rec: dict, label: str) -> bool:
    """Whether a label names the record by one of its names of two words or more, as whole words."""
    text = f" {' '.join(re.findall(r'[a-z0-9]+', _fold(label)))} "
    for name in [rec.get("name", "")] + list(rec.get("aliases") or []):
        words = re.findall(r"[a-z0-9]+", _fold(name))
        if len(words) >= 2 and f" {' '.join(words)} " in text:
            return True
    return False


def groups(findings: list[Finding], records: list[dict]) -> dict[str, int]:
    """How many numbers stand in two places, by game: the findings grouped by the home they name."""
    game = {r.get("id"): r.get("game") for r in records}
    out: dict[str, set] = {}
    for f in findings:
        out.setdefault(game.get(f.record), set()).add((f.use, repr(f.value)))
    return {g: len(v) for g, v in sorted(out.items(), key=lambda kv: str(kv[0]))}


def main(data=None) -> int:
    from generator.paths import DATA
    from generator.validate.run import load_and_validate
    records, problems = load_and_validate(data or DATA)
    for p in problems:
        print(p)
    findings = find_repeated_numbers([r.data for r in records], data or DATA)
    raw = {r.data["id"]: r for r in records}
    for f in findings:
        r = raw[f.record]
        field = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(f.path))
        print(f"{r.rel}:{r.line_of(list(f.path))}: {field}: {f.value!r} {f.problem} ({f.advice()})")
    by_game = groups(findings, [r.data for r in records])
    if by_game:
        print("groups (numbers written in more than one place): "
              + ", ".join(f"{g}: {n}" for g, n in by_game.items()))
    print(f"{len(findings)} number(s) written where a from: would do")
    return 1 if findings or problems else 0
