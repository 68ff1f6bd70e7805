"""Export: what the site serves besides its pages (records.json, the search index), and the
offline forms of the built site (the service worker, the file:// copy)."""
from generator.export.records import export_files

__all__ = ["export_files"]
