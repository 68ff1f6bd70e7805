"""The advisory lints, each run by its own command (`generator audit`, `numbers`, `mentions`,
`originality`), and the list beside the records they read (audit_words.py, which `check` validates)."""
