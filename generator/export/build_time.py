"""The one time a build may write into its files: SOURCE_DATE_EPOCH, or a fixed date.

A site must not depend on when it was built: two clones built on different
days give the same bytes. Where a format needs a time (a zip entry, a gzip header), it is
this one. SOURCE_DATE_EPOCH (https://reproducible-builds.org/specs/source-date-epoch/) is
honoured where set, so a packager can pin the time; otherwise the date below is used.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone

DEFAULT_EPOCH = 946684800          # 2000-01-01 00:00:00 UTC
ZIP_FIRST, ZIP_LAST = datetime(1980, 1, 1, tzinfo=timezone.utc), datetime(2107, 12, 31, 23, 59, 58, tzinfo=timezone.utc)


class BuildTimeError(ValueError):
    """SOURCE_DATE_EPOCH is set to something that is not a whole number of seconds."""


def build_datetime(environ=os.environ) -> datetime:
    raw = environ.get("SOURCE_DATE_EPOCH")
    if raw is None or raw.strip() == "":
        return datetime.fromtimestamp(DEFAULT_EPOCH, timezone.utc)
    try:
        seconds = int(raw.strip())
        return datetime.fromtimestamp(seconds, timezone.utc)
    except (ValueError, OverflowError, OSError):
        raise BuildTimeError(f"SOURCE_DATE_EPOCH={raw!r} is not a time in whole seconds since 1970 "
                             "(set it to a number such as 1700000000, or unset it)") from None


def zip_stamp(environ=os.environ) -> tuple[int, int, int, int, int, int]:
    """The build time as a zip entry's date_time (zip holds 1980 to 2107, in two-second steps)."""
    when = min(max(build_datetime(environ), ZIP_FIRST), ZIP_LAST)
    return (when.year, when.month, when.day, when.hour, when.minute, when.second - when.second % 2)
