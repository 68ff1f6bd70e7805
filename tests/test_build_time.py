"""The one time a build writes into files (generator/export/build_time.py): never the clock."""
from __future__ import annotations

import zipfile

import conftest  # noqa: F401  (puts the repository on sys.path)
from generator.export.build_time import BuildTimeError, DEFAULT_EPOCH, build_datetime, zip_stamp
from generator.export.offline_copy import write_offline_copy


def test_without_source_date_epoch_the_time_is_fixed():
    assert build_datetime({}).timestamp() == DEFAULT_EPOCH
    assert zip_stamp({}) == (2000, 1, 1, 0, 0, 0)


def test_source_date_epoch_is_honoured():
    assert zip_stamp({"SOURCE_DATE_EPOCH": "1700000001"}) == (2023, 11, 14, 22, 13, 20)  # zip: 2-second steps
    assert zip_stamp({"SOURCE_DATE_EPOCH": "0"}) == (1980, 1, 1, 0, 0, 0)                # zip starts in 1980


def test_a_bad_source_date_epoch_is_a_message_not_a_traceback():
    for raw in ("yesterday", "1e9", "99999999999999999999"):
        try:
            build_datetime({"SOURCE_DATE_EPOCH": raw})
        except BuildTimeError as err:
            assert "SOURCE_DATE_EPOCH" in str(err) and "whole seconds" in str(err)
        else:
            raise AssertionError(f"{raw!r} was accepted")


def test_the_zip_carries_the_build_time_and_fixed_modes(tmp_path, monkeypatch):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "index.html").write_text("<a href='../'>home</a>")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    with zipfile.ZipFile(write_offline_copy(tmp_path)) as zf:
        assert {(i.date_time, i.external_attr >> 16, i.create_system) for i in zf.infolist()} == {
            ((2000, 1, 1, 0, 0, 0), 0o644, 3)}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000001")
    with zipfile.ZipFile(write_offline_copy(tmp_path)) as zf:
        assert {i.date_time for i in zf.infolist()} == {(2023, 11, 14, 22, 13, 20)}
