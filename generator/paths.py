"""Where the project's inputs live, so no module hard-codes a layout."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SCHEMAS = ROOT / "schemas"
TEMPLATES = Path(__file__).resolve().parent / "templates"
SEEDS = ROOT.parent / "shared" / "seeds"
