"""One copy of a data folder per module, put back after each test, so each test may edit it freely.

A fresh copy of data/ per test, loaded whole, cost about 3 s a test. A module keeps one copy;
after each test every file the test changed, added or removed is put back as the source has it
(shutil.copy2 keeps the source's time, so a put-back file has the stamp it had when copied), and
the next test sees the data exactly as it is. The check reads the copy through the generator's
own per-file cache (generator/validate/run.py `_checked`: a file's loading and schema problems,
kept while its path, time and size are unchanged, as `mkdocs serve` uses it), so only the files a
test edits are read again.
"""
from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import pytest


def _stamps(root: Path) -> dict[str, tuple[int, int] | None]:
    """{path under root: (modification time, size)} of every file; None for a folder."""
    out: dict[str, tuple[int, int] | None] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            out[os.path.relpath(os.path.join(folder, name), root)] = None
        for name in files:
            st = os.lstat(os.path.join(folder, name))
            out[os.path.relpath(os.path.join(folder, name), root)] = (st.st_mtime_ns, st.st_size)
    return out


class DataCopy:
    """A copy of `source` at `root`; put_back() undoes every change made to it since."""

    def __init__(self, source: Path, root: Path):
        shutil.copytree(source, root)
        self.source, self.root = source, root
        self._first = _stamps(root)

    def put_back(self) -> None:
        now = _stamps(self.root)
        for rel in sorted(set(now) - set(self._first), reverse=True):    # files before their folders
            path = self.root / rel
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            elif os.path.lexists(path):
                path.unlink()
        for rel, stamp in self._first.items():
            path = self.root / rel
            if stamp is None:
                path.mkdir(parents=True, exist_ok=True)
            elif now.get(rel) != stamp:
                if os.path.lexists(path) and not path.is_file():
                    path.unlink()
                path.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(self.source / rel, path)
        assert _stamps(self.root) == self._first, "the data copy was not put back"


def shared_copy(source: Path, name: str):
    """(module fixture, test fixture) to hold in a test module: one copy of `source` per module,
    and for each test its folder (named data/, as messages print it), put back when the test
    ends, passed or failed."""
    module_fixture = "_data_copy_" + name.replace("-", "_")

    @pytest.fixture(scope="module", name=module_fixture)
    def module_copy(request, tmp_path_factory) -> DataCopy:
        from conftest import own_folder
        return DataCopy(source, own_folder(request, tmp_path_factory, name) / "data")

    @pytest.fixture
    def test_copy(request) -> Path:
        copy = request.getfixturevalue(module_fixture)
        yield copy.root
        copy.put_back()

    return module_copy, test_copy


# Python's own filters: what `python -m generator check` would print of a warning.
_UNSHOWN = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)


def check_in_process(data: Path, capfd) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `python -m generator check --data DATA` run in this process
    (generator/__main__.py main): the same command and printing, without a new interpreter.
    capfd takes what the Node processes write too; a warning Python would show is a line of stderr."""
    from generator.__main__ import main
    capfd.readouterr()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        for category in _UNSHOWN:
            warnings.simplefilter("ignore", category)
        code = main(["check", "--data", str(data)])
    out, err = capfd.readouterr()
    err += "".join(warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught)
    return code, out, err
