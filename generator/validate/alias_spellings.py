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

# (record id, alias as written) -> (why it is this record's own name written another way, the
# source's words it spells: at most five words, one capitalised, as a source prints them; the
# outside-name lint checks that a source prints them).
ALIAS_SPELLINGS = {
    # places and seas: the same place, in the English or French the other game prints
    ("dip-aegean-sea", "Aegean Sea"): ("English of the fragment's Mer Egée; Mare Nostrum's sea has the same name", 'Aegean sea'),
    ("dip-aegean-sea", "Mer Egée"): ("the fragment's own French name of the sea", 'mer Egée'),
    ("mn-aegean-sea", "Aegean"): ("short form of its own name, Aegean Sea", 'Aegean'),
    ("mn-aegean-sea", "Mer Égée"): ("French of its own name, as the Diplomacy fragment writes it", 'Aegean sea'),
    ("dip-alexandria", "Alexandria"): ("English of the fragment's Alexandrie", 'Alexandria'),
    ("dip-alexandria", "Alexandrie"): ("the fragment's own French name", 'Alexandrie'),
    ("mn-alexandria", "Alexandrie"): ("French of its own name", 'Alexandria'),
    ("dip-athens", "Athens"): ("English of the fragment's Athènes, its own name", 'Athens'),
    ("mn-athenae", "Athens"): ("English of the Latin Athenae, the province's own name", 'Athens'),
    ("dip-crete", "Crete"): ("English of the fragment's Crète", 'Crête'),
    ("dip-crete", "Crète"): ("the fragment's own French name", 'Crête'),
    ("dip-memphis", "Memphis"): ("the fragment's own name of the city, the same in both languages", 'Memphis'),
    ("dip-nile", "Nile"): ("English of the fragment's Le Nil", 'Nile'),
    ("dip-red-sea", "Red Sea"): ("English of the fragment's Mer Rouge", 'Red Sea'),
    ("dip-ionian-sea", "Ionian Sea"): ("English of the fragment's Mer Ionienne", 'Ionian Sea'),
    ("dip-gaul", "Gaul"): ("English of the fragment's Gaule", 'Gauls'),
    # civilizations and peoples: the people's name, its adjective, its land
    ("dip-egypt", "Egypte"): ("French of its own name, unaccented as the fragment also writes it", 'Egypte'),
    ("dip-egypt", "Égypte"): ("French of its own name", 'Egypte'),
    ("dip-egypt", "Egyptian"): ("the adjective of its own name", 'Egyptian'),
    ("mn-egypt", "Egyptian"): ("the adjective of its own name", 'Egyptian'),
    ("mn-egypt", "Egyptians"): ("its people, by the name the rulebook gives the player", 'Egyptian'),
    ("mn-egypt", "Égypte"): ("French of its own name", 'Egypt'),
    ("mos-egyptians", "Egypt"): ("the land of its own name, Egyptians", 'Egyptians'),
    ("mos-egyptians", "Egyptian"): ("the adjective of its own name", 'Egyptians'),
    ("ac-egyptian-empire", "Egyptians"): ("the people of its own name, Egyptian Empire", 'Egyptian'),
    ("dip-greece", "Greek"): ("the adjective of its own name", 'Greek'),
    ("dip-greece", "Greeks"): ("its people, by its own name", 'Greek'),
    ("mn-greece", "Greek"): ("the adjective of its own name", 'Greek'),
    ("mn-greece", "Greeks"): ("its people, by its own name", 'Greek'),
    ("mos-greeks", "Greece"): ("the land of its own name, Greeks", 'Greeks'),
    ("mos-greeks", "Greek"): ("the adjective of its own name", 'Greeks'),
    ("dip-rome", "Roman"): ("the adjective of its own name", 'Roman'),
    ("dip-rome", "Romans"): ("its people, by its own name", 'Roman'),
    ("mn-rome", "Roman"): ("the adjective of its own name", 'Roman'),
    ("mn-rome", "Romans"): ("its people, by its own name", 'Roman'),
    ("mos-romans", "Rome"): ("the city of its own name, Romans", 'Romans'),
    ("mos-romans", "Roman"): ("the adjective of its own name", 'Romans'),
    ("mn-carthage", "Carthaginian"): ("the adjective of its own name", 'Carthaginian'),
    ("mn-carthage", "Carthaginians"): ("its people, by its own name", 'Carthaginian'),
    ("mos-carthaginians", "Carthage"): ("the city of its own name, Carthaginians", 'Carthaginians'),
    ("mos-carthaginians", "Carthaginian"): ("the adjective of its own name", 'Carthaginians'),
    ("mos-assyrians", "Assyria"): ("the land of its own name, Assyrians", 'Assyrians'),
    ("ac-assyrian-empire", "Assyria"): ("the land of its own name, Assyrian Empire, as its objectives write it", 'Assyria'),
    ("ac-assyrian-empire", "ASSYRIA"): ("the source's capitals for the same word (the hegemonic-city list)", 'Assyria'),
    ("ac-assyrian-empire", "Assyrians"): ("the people of its own name", 'Assyrian'),
    ("mos-gauls", "Gaul"): ("the land of its own name, Gauls", 'Gauls'),
    ("mn-babylon", "Babylonians"): ("its people, by its own name", 'Babylonian'),
    ("ac-kassites-and-babylonians", "Babylonians"): ("short form of its own name, Kassites and Babylonians", 'Babylonians'),
    # gods and heroes: one figure, as each game spells it
    ("ac-amon-ra", "Amun-Ra"): ("the same god as 7 Wonders Myths spells him", 'Amon-Ra'),
    ("swm-amun-ra", "Amon-Ra"): ("the same god as Ancient Conquest spells him", 'AMUN-RA'),
    ("swm-amun-ra", "Amun Ra"): ("its own name without the hyphen", 'AMUN-RA'),
    ("ac-amon-ra", "Amon Ra"): ("its own name without the hyphen", 'Amon-Ra'),
    ("mn-athena", "Athene"): ("another spelling of its own name", 'Athena'),
    ("mn-athena", "Athéna"): ("French of its own name", 'Athena'),
    ("swm-athena", "Athene"): ("another spelling of its own name", 'ATHENA'),
    ("mn-hermes", "Hermès"): ("French of its own name", 'Hermes'),
    ("mn-poseidon", "Poséidon"): ("French of its own name", 'Poseidon'),
    ("mn-medusa", "Medousa"): ("the Greek spelling of its own name", 'Medusa'),
    ("swm-medusa", "Medousa"): ("the Greek spelling of its own name", 'MEDUSA'),
    # Spellings the outside-name lint would read as other names: the record's own name in
    # another language or transliteration, none printed in its source
    ("ac-ascalon", "Ashkelon"): ("the Hebrew-derived spelling of its own name, Ascalon", "Ascalon"),
    ("mn-greece", "Hellas"): ("the Greek of its own name, Greece", "Greece"),
    ("mn-griffon", "Gryphon"): ("another English spelling of its own name", "Griffon"),
    ("mn-aeneas", "Enée"): ("French of its own name, unaccented", "Aeneas"),
    ("mn-aeneas", "Énée"): ("French of its own name", "Aeneas"),
    ("mn-ajax", "Aias"): ("the Greek of the Latin Ajax, the same word transliterated", "Ajax"),
    ("mn-circe", "Kirke"): ("the Greek of the Latin Circe, the same word transliterated", "Circe"),
    ("mn-croesus", "Kroisos"): ("the Greek of the Latin Croesus, the same word transliterated", "Croesus"),
    ("mn-nebuchadnezzar", "Nabuchodonosor"): ("French of its own name", "Nebuchadnezzar"),
    ("mn-ulysses", "Ulixes"): ("the Latin of its own name, Ulysses", "Ulysses"),
    ("mn-lighthouse", "Phare"): ("French of its own name, Lighthouse", "Lighthouse"),
    # wonders: the same wonder, long or short
    ("mos-mausoleum-at-halicarnassus", "Mausoleum"): ("the same wonder, by the short name Mare Nostrum prints", 'Mausoleum'),
    ("mos-statue-of-zeus-at-olympia", "Statue of Zeus"): ("short form of its own name", 'Statue of Zeus'),
    # each game's own word for its own thing, written as its own name is written
    ("ac-combat", "Combat"): ("the first word of its own name, Combat – Battles – Sieges", 'Combat'),
    ("mn-movement", "A) Movement"): ("its own heading as the rulebook prints it", 'A) Movement'),
    ("ac-movement-rules", "Movement"): ("short form of its own name, Movement Rules", 'Movement'),
    ("ac-plagues", "Plague"): ("the singular of its own name", 'Plagues'),
    ("ac-fortress-marker", "Fortress"): ("short form of its own name, Fortress Marker", 'Fortress'),
    ("ac-deities", "Gods"): ("the source's own heading word for its deities (Gods: Marduk, Ishtar, ...)", 'Gods'),
    ("mn-god-card", "Gods"): ("short form of its own name, God Cards", 'Gods'),
    ("mn-city", "Cities"): ("the plural of its own name", 'Cities'),
    ("mn-slaves", "Slave"): ("the singular of its own name", 'Slaves'),
    ("mn-tax-card", "Tax"): ("short form of its own name, Tax Card", 'Tax'),
    ("mn-rule-book", "rulebook"): ("its own name written as one word", 'Rule Book'),
    ("mn-starting-setup", "Setup"): ("short form of its own name, Starting Setup", 'SETUP'),
    ("mn-starting-setup", "set-up"): ("its own word written with a hyphen", 'STARTING SETUP'),
    ("swm-game-set-up", "Setup"): ("its own name's word, written as one word", 'Setup'),
    ("swm-game-set-up", "Set-up"): ("short form of its own name, Game Set-up", 'Set-up'),
    ("mn-sets-of-cards", "set"): ("the singular of the first word of its own name", 'Set'),
    ("mos-cavalry-unit", "Cavalry"): ("short form of its own name, Cavalry Unit", 'Cavalry'),
    ("mos-infantry-unit", "Infantry"): ("short form of its own name, Infantry Unit", 'Infantry'),
    ("mos-leader-card", "Leader Cards"): ("the plural of its own name", 'Leader Card'),
    ("swm-leader-cards", "Leader cards"): ("the plural of its own name", 'Leader card'),
}

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
