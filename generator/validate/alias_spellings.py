"""What the alias lints (audit_checks.py, outside_names.py) are told, because they cannot work
it out: search words, category words and the words a link may show.

An alias is another way to write the record's own name: a spelling, a translation, a short
form. Across games the same word is often the same thing written as another game writes it
(Athens, Memphis, Crete), but a program cannot tell that from two games' rule words that only
look alike (a "Fleet" unit and a "fleet" of triremes). So such an alias is typed in its record's
own data, `{name, loc | aka, spells}` (generator/load/aliases.py, schemas/common.schema.json
typed_alias), and an untyped one is a finding. Within one game no alias may be another record's
name or alias at all, and no typing excuses that.
"""
from __future__ import annotations

# (record id, alias) -> why: a player's everyday word for the record, kept for search. Not a name
# and not a spelling, so the outside-name lint (outside_names.py), which reads a capitalised word
# no source prints in lowercase as a name, is told here; each is a word a player would type.
SEARCH_WORDS = {
    ("ac-sowing-counter", "Crops"): "what the sowing counter stands for, a player's word for it",
    ("ac-sowing-counter", "Field"): "what the sowing counter stands for, a player's word for it",
    ("ac-david-vs-goliath", "Duel"): "the rule is the duel of the two champions",
    ("ac-encampments", "Trenches"): "the rule places a trench counter",
    ("ac-military-alliance-and-truce", "Treaties"): "the rule is how treaties are made",
    ("ac-placement-of-units", "Reinforcements"): "units placed as they arrive, a player's word for them",
    ("ac-truce", "Ceasefire"): "the everyday word for a truce",
    ("dip-crossroads-swap-is-a-stand-off", "Standoff"): "its own word, stand-off, written as one word",
    ("dip-crossroads-swap-is-a-stand-off", "Bounce"): "the Diplomacy players' word for a stand-off",
}

# Words that name a class of things or a general idea, not one record: as an alias they tell
# search that the class is this record ("ground unit" is the source's word for legions,
# creatures and fortresses alike). Compared after folding case, accents and a plural; an alias
# whose words are all words of the record's own name (Gold on Gold, Combat on "Combat – Battles
# – Sieges", Cities on City) is a short form of that name, not a category.
CATEGORY_WORDS = {
    "unit", "ground unit", "military unit", "combat unit", "naval unit", "land unit", "ship", "fleet", "army",
    "piece", "token", "counter", "marker", "pawn", "card", "tile", "government tile", "board",
    "gold", "silver", "money", "coin", "currency", "resource", "commodity", "temple", "city", "building",
    "god", "deity", "hero", "creature", "wonder", "people", "nation", "civilization", "region",
    "rule", "rules", "optional rule", "variant", "expansion", "base game", "game", "phase", "table", "chart",
    "team play", "no elimination", "victory", "victory point", "victory condition", "winning", "how to win",
    "turn order", "turn sequence", "setup", "example", "combat", "battle", "movement", "conquest",
}

# (target id, shown words) -> why a link may show words that are another record's name. The
# source itself calls the target so, and the record of that name is another thing of the same
# word (the land, the city); a reader of the sentence means the target. Kept as short as this.
LINK_WORDS = {
    ("ac-egyptian-empire", "Egypt"): "the source names the nation Egypt (the Egypt–Hittites archi-enemies, "
                                     "'Egypt: 2 initial slaves'); ac-egypt is the land",
    ("ac-judah-israel", "Judah"): "the source names the people Judah in the Babylon–Judah and Judah–Philistines "
                                  "archi-enemies; ac-judah is the land",
    ("ac-kassites-and-babylonians", "Babylon"): "the slave rule's 'Babylon: 2 initial slaves', read as this people "
                                                "(a reading its notes and ac-slaves state); ac-babylon is the city",
}
