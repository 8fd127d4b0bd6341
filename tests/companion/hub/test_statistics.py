"""The players' statistics (``companion.hub.statistics``): per player and per warband, over the
games that ended."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

from companion.games.dreamblade.rolls import read_rolls
from companion.games.luck import Roll, luck
from companion.hub.statistics import PlayedGame, Player, statistics, statistics_csv


def roll(text: str) -> Roll:
    (found,) = read_rolls(text)
    return found.roll


AIKO, BEN, CHO = Player("Aiko", "Ravens"), Player("Ben", "Thorns"), Player("Cho", "Ravens")
FIRST_ROLLS = (("A", roll("dice 3,3")), ("B", roll("dice miss")))
GAMES = [
    PlayedGame({"A": AIKO, "B": BEN}, "A", {"A": 4, "B": 2}, FIRST_ROLLS),
    PlayedGame({"A": BEN, "B": CHO}, "A", {"A": 4, "B": 3}, (("B", roll("dice 1,blade")),)),
    PlayedGame({"A": CHO, "B": AIKO}, None, {"A": 2, "B": 0}, (("B", roll("dice 3")),)),  # not over
]  # fmt: skip


def rows_by_name(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in rows}


def test_each_player_and_warband_counts_the_games_it_finished():
    found = statistics(GAMES)
    players = rows_by_name(found["players"])
    assert players["Aiko"] | {"luck": None, "luck_percent": None} == {
        "kind": "player", "name": "Aiko", "games": 1, "wins": 1, "win_rate": Fraction(1),
        "turn_wins": 4, "rolls": 1, "luck": None, "luck_percent": None,
    }  # fmt: skip
    assert players["Aiko"]["luck"] == luck([roll("dice 3,3")])  # the unfinished game's roll: no
    assert players["Aiko"]["luck_percent"] == int(players["Aiko"]["luck"] * 100)
    assert (players["Ben"]["games"], players["Ben"]["wins"], players["Ben"]["turn_wins"]) == (
        2,
        1,
        6,
    )
    assert players["Ben"]["win_rate"] == Fraction(1, 2)
    assert players["Ben"]["luck"] == luck([roll("dice miss")])
    assert players["Cho"]["luck"] == luck([roll("dice 1,blade")])
    warbands = rows_by_name(found["warbands"])
    assert set(warbands) == {"Ravens", "Thorns"}
    ravens = warbands["Ravens"]  # Aiko's win and Cho's loss, and both their rolls
    assert (ravens["games"], ravens["wins"], ravens["turn_wins"], ravens["rolls"]) == (2, 1, 7, 2)
    assert ravens["luck"] == luck([roll("dice 3,3"), roll("dice 1,blade")])


def test_the_csv_lists_players_then_warbands_with_rates_and_luck():
    text = statistics_csv(statistics(GAMES))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["kind"], r["name"]) for r in rows] == [
        ("player", "Aiko"), ("player", "Ben"), ("player", "Cho"),
        ("warband", "Ravens"), ("warband", "Thorns"),
    ]  # fmt: skip
    ben = rows[1]
    assert (ben["games"], ben["wins"], ben["win_rate"], ben["turn_wins"]) == (
        "2",
        "1",
        "0.5000",
        "6",
    )
    assert ben["luck_percentile"] == f"{float(luck([roll('dice miss')])) * 100:.1f}"
    assert statistics_csv(statistics([])).splitlines() == [
        "kind,name,games,wins,win_rate,turn_wins,rolls,luck_percentile"
    ]


def test_a_lucky_players_percent_is_never_rounded_up_to_100():
    six = {face: Fraction(1, 6) for face in range(1, 7)}
    sixes = tuple(("A", Roll(6, six)) for _ in range(3))  # three sixes: 1 - 1/432 of players
    game = PlayedGame({"A": Player("Ann"), "B": Player("Ben")}, winner="A", rolls=sixes)
    (ann,) = [row for row in statistics([game])["players"] if row["name"] == "Ann"]
    assert ann["luck"] == 1 - Fraction(1, 432)
    assert ann["luck_percent"] == 99  # luckier than 99 %, not 100 %
    assert "player,Ann,1,1,1.0000,0,3,99.7" in statistics_csv(statistics([game]))
