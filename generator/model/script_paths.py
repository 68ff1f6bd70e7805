"""Where a script's builds sit in the site: the pages name them, the export writes them."""
from __future__ import annotations


def classic_path(entry: str) -> str:
    """Where the classic build of a module sits in the copy: beside it."""
    return entry[: -len(".js")] + ".classic.js"
