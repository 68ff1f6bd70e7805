"""Validate: each record against its kind's schema, then the cross-record checks; all problems at once."""
from generator.validate.run import cross_record, load_and_validate, validate

__all__ = ["cross_record", "load_and_validate", "validate"]
