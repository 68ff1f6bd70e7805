"""The schema pass: one JSON Schema per kind (schemas/), read (schemas.py), compiled into plain
tests for the common case (schema_compiled.py, schema_keywords.py), and explained at path:line
(schema_check.py, ids.py)."""
