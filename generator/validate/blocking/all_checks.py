"""Every blocking check, in the order `generator check` runs them: each module's own list.

A check's name is its module's group and its function's name (run.py check_id). The engines'
checks (bridges/scenarios.py) run after these, in run.py: they must know which records these
refused.
"""
from __future__ import annotations

from generator.validate.blocking.checks import RECORD_CHECKS
from generator.validate.blocking.content_checks import check_placeholder_gaps, check_text_references
from generator.validate.blocking.number_exceptions import NUMBER_EXCEPTION_CHECKS
from generator.validate.blocking.play_along_checks import PLAY_ALONG_CHECKS
from generator.validate.blocking.play_state_checks import PLAY_STATE_CHECKS
from generator.validate.blocking.state_words import STATE_WORDS_CHECKS
from generator.validate.blocking.text_safety import TEXT_SAFETY_CHECKS
from generator.validate.blocking.timing_checks import TIMING_CHECKS
from generator.validate.blocking.timing_words import TIMING_WORDS_CHECKS

ALL_CHECKS = [
    *RECORD_CHECKS,                                   # ids, files, references, tables, tools, helpers' records
    check_text_references, check_placeholder_gaps,    # references in text, gaps written as prose
    *TEXT_SAFETY_CHECKS,                              # text that would look different on a page
    *TIMING_CHECKS,                                   # when each effect acts in the turn
    *TIMING_WORDS_CHECKS,                             # timing against the record's own words
    *PLAY_STATE_CHECKS,                               # what no engine reads of a table's state
    *STATE_WORDS_CHECKS,                              # uses and enters against the record's own words
    *NUMBER_EXCEPTION_CHECKS,                         # a not_the_same beside a written number
    *PLAY_ALONG_CHECKS,                               # a game whose setup steps no reader opens
]
