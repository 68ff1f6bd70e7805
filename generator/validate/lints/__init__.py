"""The advisory lints, each run by its own command (`generator audit`, `numbers`, `originality`;
`generator mentions` is blocking/content_checks.py's). The words they are told are data
(../audit_words.py reads data/audit-words.yaml)."""
