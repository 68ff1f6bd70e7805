"""Hostile data: every class of bad input is refused the way a contributor reads it.

Each case runs the check a contributor runs (`python -m generator check`: generator/__main__.py
main) on the fixture data plus the case's files. A case that could hang the reader or fill the
memory runs it as a process of its own under a timeout (a hang is a failure, not a slow pass);
the others run the same main in this process, on one copy of the data per module, put back after
each case (tests/data_copy.py). The output must be `path:line: field: problem (fix)` lines and
nothing else: no traceback, no message about a file the case did not touch, none of the
misleading words the issue found. One run of `python -m generator check` over all cases together
must report every one of them, and a strict `mkdocs build` of that tree must fail the same way.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, build_site
from data_copy import check_in_process, shared_copy
from hostile_cases import CALCULATOR_BREAKS, CASES, FALSE_LINE_CASES, MINI, REAL, Case, RealCase
from generator.problems import printable

# generator/problems.py's Problem.__str__: path:line: field: problem (fix). A file name may hold a colon.
LINE = re.compile(r"^data/.+?\.yaml:\d+: [^:]+: .+ \(.+\) \[[a-z0-9-]+(/[a-z0-9-]+)?\]$")
SUMMARY = re.compile(r"^\d+ problem\(s\) in \d+ file\(s\); nothing was built\.$")


def assert_only_problem_lines(output: str) -> None:
    """Every line printed, on stdout or stderr, is a problem or the summary: no note, no traceback."""
    bad = [line for line in output.splitlines() if not (LINE.match(line) or SUMMARY.match(line))]
    assert bad == [], "not path:line: field: problem (fix) nor the summary:\n" + "\n".join(bad)


_mini_copy, mini_data = shared_copy(MINI, "hostile-mini")
_real_copy, real_data = shared_copy(REAL, "hostile-real")


def tree(data: Path, cases: list[Case]) -> Path:
    """The fixture data (a copy, put back after the test) with the cases' files written in."""
    for case in cases:
        for rel, content in case.files.items():
            path = data / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if content is None:
                os.mkfifo(path)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
    return data


def check(data: Path, timeout: float) -> tuple[int, list[str], str]:
    """(exit code, problem lines, whole output) of `python -m generator check`, bounded in time."""
    try:
        done = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data)], cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`generator check` did not finish within {timeout:.0f} s")
    return done.returncode, _problem_lines(done.stderr), done.stdout + done.stderr


def check_here(data: Path, capfd) -> tuple[int, list[str], str]:
    """check()'s answer from the same main run in this process (tests/data_copy.py)."""
    code, out, err = check_in_process(data, capfd)
    return code, _problem_lines(err), out + err


def _problem_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if not SUMMARY.match(line)]


def _file_of(message: str) -> str:
    """The file a message names (a file name may hold a colon)."""
    return message.split(".yaml:", 1)[0] + ".yaml"


def assert_reported(case: Case, messages: list[str]) -> None:
    """The case's expected messages are there, and none of its files gets a misleading one."""
    for file, line, field, words in case.expect:
        start = f"data/{printable(file)}:{line}: {field}: "   # a file name with a line break is printed escaped
        hits = [m for m in messages if m.startswith(start) and words in m]
        assert hits, f"{case.name}: no message starting {start!r} with {words!r} in:\n" + "\n".join(messages)
    own = [m for m in messages if _file_of(m) in {f"data/{printable(rel)}" for rel in case.files}]
    for words in case.absent:
        assert not [m for m in own if words in m], f"{case.name}: misleading message with {words!r}:\n" + "\n".join(own)


@pytest.mark.slow   # a second each where the case could hang (a Python of its own): make test, not make quick
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_class_is_refused_kindly(case, mini_data, capfd):
    data = tree(mini_data, [case])
    code, messages, output = check(data, case.timeout) if case.hangs else check_here(data, capfd)
    assert code == 1, output
    assert "Traceback" not in output, output
    assert_only_problem_lines(output)
    assert_reported(case, messages)
    touched = {f"data/{printable(rel)}" for rel in case.files}
    others = [m for m in messages if _file_of(m) not in touched]
    assert others == [], f"{case.name}: messages about files the case did not touch:\n" + "\n".join(others)
    assert len(messages) <= case.most, f"{case.name}: {len(messages)} messages, more than {case.most}"


def test_every_class_in_one_run(mini_data):
    code, messages, output = check(tree(mini_data, CASES), timeout=120)
    assert code == 1 and "Traceback" not in output, output
    assert_only_problem_lines(output)
    for case in CASES:
        assert_reported(case, messages)


@pytest.mark.build
def test_strict_build_refuses_the_same_tree(tmp_path, mini_data):
    """`mkdocs build` (what CI and `make serve` run) stops with the same list and writes no export."""
    data = tree(mini_data, [c for c in CASES if c.name != "named pipe"])   # the site build copies nothing from data/
    out = tmp_path / "site"
    result = build_site(out, data)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "Traceback" not in output, output
    assert "no site is built from invalid data" in output
    for case in CASES:
        for file, line, field, _ in case.expect:
            if case.name != "named pipe":
                assert f"data/{printable(file)}:{line}: {field}: " in output, (case.name, output[-3000:])
    assert not (out / "api" / "records.json").exists()


def real_tree(data: Path, case: RealCase) -> Path:
    """The real data (a copy, put back after the test) with the case's edits, made as text (the way a contributor edits)."""
    for rel, old, new in case.edits:
        path = data / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (case.name, rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


def line_of(data: Path, rel: str, marker: str) -> int:
    text = (data / rel).read_text(encoding="utf-8")
    assert marker in text, (rel, marker)
    return text.split(marker, 1)[0].count("\n") + 1


def assert_only_about_the_edit(case: RealCase, data: Path, capfd) -> None:
    """`generator check` refuses the edit where it was made, and says nothing of any other file."""
    code, messages, output = check_here(data, capfd)
    assert code == 1 and "Traceback" not in output, output
    assert_only_problem_lines(output)
    for rel, marker, field, words in case.expect:
        start = f"data/{rel}:{line_of(data, rel, marker)}: {field}: "
        assert [m for m in messages if m.startswith(start) and words in m], \
            f"{case.name}: no message starting {start!r} with {words!r} in:\n" + "\n".join(messages)
    touched = {f"data/{rel}" for rel, _, _ in case.edits} | {f"data/{rel}" for rel in case.readers}
    others = [m for m in messages if _file_of(m) not in touched]
    assert others == [], f"{case.name}: messages about records the case did not touch:\n" + "\n".join(others)


@pytest.mark.slow   # a check of the whole real data, with Node, each: make test only
@pytest.mark.parametrize("case", CALCULATOR_BREAKS, ids=[c.name for c in CALCULATOR_BREAKS])
def test_data_a_calculator_cannot_read_is_refused_at_its_line(case, real_data, capfd):
    """A record the battle calculators or the table helpers cannot read their
    rules from is invalid data, refused at the record's path:line, not a note on stderr."""
    assert_only_about_the_edit(case, real_tree(real_data, case), capfd)


@pytest.mark.slow   # a check of the whole real data, with Node, each: make test only
@pytest.mark.parametrize("case", FALSE_LINE_CASES, ids=[c.name for c in FALSE_LINE_CASES])
def test_a_broken_record_gives_no_line_about_records_that_are_fine(case, real_data, capfd):
    """A refused record must not make the later checks (scenarios, construction rows, the
    calculators' rules) speak of records that are fine: they skip its game."""
    assert_only_about_the_edit(case, real_tree(real_data, case), capfd)


@pytest.mark.slow   # a check of the whole real data, with Node, each: make test only
@pytest.mark.parametrize("case", [CALCULATOR_BREAKS[0], FALSE_LINE_CASES[1]], ids=lambda c: c.name)
def test_the_build_and_the_problems_page_say_the_same_true_lines(case, real_data, tmp_path, monkeypatch, capsys):
    """The build (mkdocs_hook.on_config: `mkdocs build` refuses, `make serve` shows the problems
    page) uses the check's problem list, so it says what the check says and no more: a record
    the calculator cannot read stops it, and a refused record gives no line about another."""
    import html

    from mkdocs.exceptions import PluginError

    from generator import mkdocs_hook
    from generator.validate.problems_page import write_problems_page

    data = real_tree(real_data, case)
    monkeypatch.setattr(mkdocs_hook, "DATA", data)
    monkeypatch.setattr(mkdocs_hook, "_serving", False)
    monkeypatch.setattr(mkdocs_hook, "_problems", [])   # the hook's state, restored after the test
    with pytest.raises(PluginError) as refused:
        mkdocs_hook.on_config(None)
    head, *lines = str(refused.value).splitlines()
    assert head.endswith("data problem(s); no site is built from invalid data:"), head
    assert lines and all(LINE.match(line) for line in lines), lines
    touched = {f"data/{rel}" for rel, _, _ in case.edits} | {f"data/{rel}" for rel in case.readers}
    assert {_file_of(line) for line in lines} <= touched and lines, lines
    page = tmp_path / "site"
    page.mkdir()
    write_problems_page(page, mkdocs_hook._problems, "Compendium")
    shown_lines = re.findall(r"<li><code>(.*?)</code></li>", (page / "index.html").read_text(encoding="utf-8"))
    assert [html.unescape(s) for s in shown_lines] == lines
    assert "calculator cannot read its rules" not in capsys.readouterr().err
