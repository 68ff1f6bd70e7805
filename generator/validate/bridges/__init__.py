"""The bridges to Node: the engines read the records as the pages do (scenario_check.mjs,
engine_gaps.mjs), and scenarios.py prints each gap they name at its path:line."""
