"""The bridges to Node: the engines read the records as the pages do (scenario_check.mjs,
engine_read.mjs, engine_gaps.mjs) in a process kept between checks (node_worker.py), each game's
answer is held by what it read (engine_answers.py), and scenarios.py prints each gap they name at
its path:line."""
