"""Records in, a checked model, then pages and JSON out.

Nothing in this package imports MkDocs: the site engine is a thin adapter
(hooks/mkdocs_hook.py), so it can be swapped without touching the core.
"""
