"""The cross-record checks that stop a build: each module holds its checks, all_checks.py lists
them in the order `generator check` runs them."""
