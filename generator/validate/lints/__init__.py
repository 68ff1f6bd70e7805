"""The advisory lints, each run by its own command (`generator audit`, `numbers`, `mentions`,
`originality`). The words they are told are data (../audit_words.py reads data/audit-words.yaml)."""
