"""Where the project's inputs live, so no module hard-codes a layout."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# COMPENDIUM_DATA lets tests and benchmarks build from another data folder.
DATA = Path(os.environ.get("COMPENDIUM_DATA") or ROOT / "data").resolve()
SCHEMAS = ROOT / "schemas"
GAMES_REGISTRY = "games.yaml"   # the list of games, at the top of the data folder (generator/validate/games.py)
NUMBER_SYNONYMS = "number-synonyms.yaml"   # label words alike, for the numbers lint (generator/validate/blocking/number_exceptions.py)
AUDIT_WORDS = "audit-words.yaml"   # category, place, search and link words, for the audit lints (generator/validate/audit_words.py)
DATA_LISTS = (GAMES_REGISTRY, NUMBER_SYNONYMS, AUDIT_WORDS)   # the files at the top of the data folder: lists, not records
CONTENT = ROOT / "content"          # hand-written pages: calculators, helpers, browse
TEMPLATES = Path(__file__).resolve().parent / "templates"
SEEDS = ROOT.parent / "shared" / "seeds"
# Hashes of the sources' 12-word runs, for the originality check where SEEDS is absent.
FINGERPRINT = ROOT / "fingerprints" / "sources.txt"
PLACE_PAIRS = ROOT / "fingerprints" / "place-pairs.txt"   # source sentences' place-word pairs, hashed (audit_checks.py)
ALIAS_PHRASES = ROOT / "fingerprints" / "alias-phrases.txt"   # sources' capitalised phrases, hashed (outside_names.py)

# The rulings the calculators' tests check (kept complete by tests/js/rulings.test.mjs).
RULING_TESTS = ROOT / "tests" / "js" / "ruling-tests.json"
