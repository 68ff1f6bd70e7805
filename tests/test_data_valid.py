"""Every data file passes the schema and every cross-record check."""
from collections import Counter
from generator.validate.games import games_of


def test_every_data_file_is_valid(loaded):
    records, problems = loaded
    assert records, "no records were loaded from data/"
    assert not problems, "\n".join(map(str, problems))


def test_ids_unique_and_match_file_names(loaded):
    records, _ = loaded
    ids = Counter(r.data["id"] for r in records)
    assert [i for i, n in ids.items() if n > 1] == []
    assert all(r.path.stem == r.data["id"] for r in records)


def test_every_game_with_records_has_a_game_record(records):
    games_with_records = {r["game"] for r in records}
    games_described = {r["game"] for r in records if r["kind"] == "game"}
    assert games_with_records == games_described


def test_every_game_of_the_list_is_present(records):
    assert {r["game"] for r in records if r["kind"] == "game"} == set(games_of().slugs)
