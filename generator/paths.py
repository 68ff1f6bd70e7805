"""Where the project's inputs live, so no module hard-codes a layout."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# COMPENDIUM_DATA lets tests and benchmarks build from another data folder.
DATA = Path(os.environ.get("COMPENDIUM_DATA") or ROOT / "data").resolve()
SCHEMAS = ROOT / "schemas"
CONTENT = ROOT / "content"            # hand-written pages, calculators and helpers
TEMPLATES = Path(__file__).resolve().parent / "templates"
SEEDS = ROOT.parent / "shared" / "seeds"
