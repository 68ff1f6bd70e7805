"""Load: data files in, records with line numbers out, every file bounded before it is built."""
from generator.load.files import RawRecord, load_file, load_tree

__all__ = ["RawRecord", "load_file", "load_tree"]
