"""Forget cached schemas, so `mkdocs serve` picks up an edited schema."""
from generator.validate.schema import schema_compiled, schemas


def clear() -> None:
    schemas.load_schemas.cache_clear()
    schemas.inlined_schema.cache_clear()
    schemas.validators.cache_clear()
    schema_compiled.compiled.cache_clear()
