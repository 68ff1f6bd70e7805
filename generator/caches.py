"""Forget cached schemas, so `mkdocs serve` picks up an edited schema."""
from generator.validate import schemas


def clear() -> None:
    schemas.load_schemas.cache_clear()
    schemas.validators.cache_clear()
