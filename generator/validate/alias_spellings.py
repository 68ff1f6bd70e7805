"""What the alias lint (audit_checks.alias_names_another_record) is told, because it cannot work
it out: which cross-game aliases are real spellings, and which words are categories.

An alias is another way to write the record's own name: a spelling, a translation, a short
form. Across games the same word is often the same thing written as another game writes it
(Athens, Memphis, Crete), but a program cannot tell that from two games' rule words that only
look alike (a "Fleet" unit and a "fleet" of triremes). So every alias that is also a name or
alias of a record in another game is declared here with the reason it spells this record's own
name; anything else is a finding. Within one game no alias may be another record's name or
alias at all, and nothing here can excuse that.
"""
from __future__ import annotations

# (record id, alias as written) -> why it is this record's own name written another way.
ALIAS_SPELLINGS = {
    # places and seas: the same place, in the English or French the other game prints
    ("dip-aegean-sea", "Aegean Sea"): "English of the fragment's Mer Egée; Mare Nostrum's sea has the same name",
    ("dip-aegean-sea", "Mer Egée"): "the fragment's own French name of the sea",
    ("mn-aegean-sea", "Aegean"): "short form of its own name, Aegean Sea",
    ("mn-aegean-sea", "Mer Égée"): "French of its own name, as the Diplomacy fragment writes it",
    ("dip-alexandria", "Alexandria"): "English of the fragment's Alexandrie",
    ("dip-alexandria", "Alexandrie"): "the fragment's own French name",
    ("mn-alexandria", "Alexandrie"): "French of its own name",
    ("dip-athens", "Athens"): "English of the fragment's Athènes, its own name",
    ("mn-athenae", "Athens"): "English of the Latin Athenae, the province's own name",
    ("dip-crete", "Crete"): "English of the fragment's Crète",
    ("dip-crete", "Crète"): "the fragment's own French name",
    ("dip-memphis", "Memphis"): "the fragment's own name of the city, the same in both languages",
    ("dip-nile", "Nile"): "English of the fragment's Le Nil",
    ("dip-red-sea", "Red Sea"): "English of the fragment's Mer Rouge",
    ("dip-ionian-sea", "Ionian Sea"): "English of the fragment's Mer Ionienne",
    ("dip-gaul", "Gaul"): "English of the fragment's Gaule",
    # civilizations and peoples: the people's name, its adjective, its land
    ("dip-egypt", "Egypte"): "French of its own name, unaccented as the fragment also writes it",
    ("dip-egypt", "Égypte"): "French of its own name",
    ("dip-egypt", "Egyptian"): "the adjective of its own name",
    ("mn-egypt", "Egyptian"): "the adjective of its own name",
    ("mn-egypt", "Egyptians"): "its people, by the name the rulebook gives the player",
    ("mn-egypt", "Égypte"): "French of its own name",
    ("mos-egyptians", "Egypt"): "the land of its own name, Egyptians",
    ("mos-egyptians", "Egyptian"): "the adjective of its own name",
    ("ac-egyptian-empire", "Egyptians"): "the people of its own name, Egyptian Empire",
    ("dip-greece", "Greek"): "the adjective of its own name",
    ("dip-greece", "Greeks"): "its people, by its own name",
    ("mn-greece", "Greek"): "the adjective of its own name",
    ("mn-greece", "Greeks"): "its people, by its own name",
    ("mos-greeks", "Greece"): "the land of its own name, Greeks",
    ("mos-greeks", "Greek"): "the adjective of its own name",
    ("dip-rome", "Roman"): "the adjective of its own name",
    ("dip-rome", "Romans"): "its people, by its own name",
    ("mn-rome", "Roman"): "the adjective of its own name",
    ("mn-rome", "Romans"): "its people, by its own name",
    ("mos-romans", "Rome"): "the city of its own name, Romans",
    ("mos-romans", "Roman"): "the adjective of its own name",
    ("mn-carthage", "Carthaginian"): "the adjective of its own name",
    ("mn-carthage", "Carthaginians"): "its people, by its own name",
    ("mos-carthaginians", "Carthage"): "the city of its own name, Carthaginians",
    ("mos-carthaginians", "Carthaginian"): "the adjective of its own name",
    ("mos-assyrians", "Assyria"): "the land of its own name, Assyrians",
    ("ac-assyrian-empire", "Assyria"): "the land of its own name, Assyrian Empire, as its objectives write it",
    ("ac-assyrian-empire", "ASSYRIA"): "the source's capitals for the same word (the hegemonic-city list)",
    ("ac-assyrian-empire", "Assyrians"): "the people of its own name",
    ("mos-gauls", "Gaul"): "the land of its own name, Gauls",
    ("mn-babylon", "Babylonians"): "its people, by its own name",
    ("ac-kassites-and-babylonians", "Babylonians"): "short form of its own name, Kassites and Babylonians",
    # gods and heroes: one figure, as each game spells it
    ("ac-amon-ra", "Amun-Ra"): "the same god as 7 Wonders Myths spells him",
    ("swm-amun-ra", "Amon-Ra"): "the same god as Ancient Conquest spells him",
    ("swm-amun-ra", "Amun Ra"): "its own name without the hyphen",
    ("ac-amon-ra", "Amon Ra"): "its own name without the hyphen",
    ("mn-athena", "Athene"): "another spelling of its own name",
    ("mn-athena", "Athéna"): "French of its own name",
    ("swm-athena", "Athene"): "another spelling of its own name",
    ("mn-hermes", "Hermès"): "French of its own name",
    ("mn-poseidon", "Poséidon"): "French of its own name",
    ("mn-medusa", "Medousa"): "the Greek spelling of its own name",
    ("swm-medusa", "Medousa"): "the Greek spelling of its own name",
    # wonders: the same wonder, long or short
    ("mos-mausoleum-at-halicarnassus", "Mausoleum"): "the same wonder, by the short name Mare Nostrum prints",
    ("mos-statue-of-zeus-at-olympia", "Statue of Zeus"): "short form of its own name",
    # each game's own word for its own thing, written as its own name is written
    ("ac-combat", "Combat"): "the first word of its own name, Combat – Battles – Sieges",
    ("mn-movement", "A) Movement"): "its own heading as the rulebook prints it",
    ("ac-movement-rules", "Movement"): "short form of its own name, Movement Rules",
    ("ac-plagues", "Plague"): "the singular of its own name",
    ("ac-fortress-marker", "Fortress"): "short form of its own name, Fortress Marker",
    ("ac-deities", "Gods"): "the source's own heading word for its deities (Gods: Marduk, Ishtar, ...)",
    ("mn-god-card", "Gods"): "short form of its own name, God Cards",
    ("mn-city", "Cities"): "the plural of its own name",
    ("mn-slaves", "Slave"): "the singular of its own name",
    ("mn-tax-card", "Tax"): "short form of its own name, Tax Card",
    ("mn-rule-book", "rulebook"): "its own name written as one word",
    ("mn-starting-setup", "Setup"): "short form of its own name, Starting Setup",
    ("mn-starting-setup", "set-up"): "its own word written with a hyphen",
    ("swm-game-set-up", "Setup"): "its own name's word, written as one word",
    ("swm-game-set-up", "Set-up"): "short form of its own name, Game Set-up",
    ("mn-sets-of-cards", "set"): "the singular of the first word of its own name",
    ("mos-cavalry-unit", "Cavalry"): "short form of its own name, Cavalry Unit",
    ("mos-infantry-unit", "Infantry"): "short form of its own name, Infantry Unit",
    ("mos-leader-card", "Leader Cards"): "the plural of its own name",
    ("swm-leader-cards", "Leader cards"): "the plural of its own name",
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
