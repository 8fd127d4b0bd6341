"""The event the hub runs, against its SQLite journal: every refusal changes nothing, and a hub
restarted on the same file is exactly where it was."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from companion.hub.journal import Journal, JournalError
from companion.hub.messages import Pairing
from companion.hub.tournament import Tournament, TournamentError

TABLES = ["table-1", "table-2", "table-3"]
VALOR = {
    "name": "Valor",
    "miniatures": [{"id": "runetagged-brawler", "count": 3}, {"id": "inspired-samurai"}],
}


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def event(path: Path, now: FakeTime | None = None, **kwargs: object) -> Tournament:
    return Tournament(Journal(path / "hub.sqlite3"), now=now or FakeTime(), **kwargs)  # type: ignore[arg-type]


def with_players(path: Path, names: list[str], now: FakeTime | None = None) -> Tournament:
    tournament = event(path, now)
    tournament.set_tables(TABLES)
    for name in names:
        tournament.check_in(name)
    return tournament


def refused(code: str, tournament: Tournament, call, *args, **kwargs) -> TournamentError:  # type: ignore[no-untyped-def]
    before = len(tournament.journal.operations())
    with pytest.raises(TournamentError) as error:
        call(*args, **kwargs)
    assert error.value.code == code
    assert len(tournament.journal.operations()) == before  # nothing was written
    return error.value


def finish_round(tournament: Tournament) -> None:
    """Every open match of the round won by its seat A, reported by its table."""
    current = tournament.state.current
    assert current is not None
    for match in tournament.state.round_matches(current.number):
        if not match.done:
            tournament.report(match.id, "a", table=match.table, by="test")


def test_a_duplicate_check_in_is_refused(tmp_path: Path):
    tournament = with_players(tmp_path, ["Aiko Tanaka"])
    error = refused("name_taken", tournament, tournament.check_in, "  aiko   TANAKA ")
    assert error.fields == {"name": "Aiko Tanaka"}
    refused("name", tournament, tournament.check_in, "   ")
    assert [p.name for p in tournament.state.players.values()] == ["Aiko Tanaka"]


def test_a_registered_warband_is_checked_like_at_the_table(tmp_path: Path):
    tournament = event(tmp_path, banned={"inspired samurai": "the store's own list"})
    too_many = {"name": "Big", "miniatures": [{"id": "runetagged-brawler", "count": 4}]}
    error = refused("warband", tournament, tournament.check_in, "Ben", too_many)
    assert "at most 3 copies" in str(error)
    error = refused("warband", tournament, tournament.check_in, "Ben", VALOR)
    assert "banned" in str(error) and "the store's own list" in str(error)
    tournament.configure(banned_list=False)
    player = tournament.check_in("Ben", VALOR)
    assert player.warband == {
        **VALOR,
        "miniatures": [
            {"id": "runetagged-brawler", "count": 3},
            {"id": "inspired-samurai", "count": 1},
        ],
    }


def test_round_one_pairs_everyone_assigns_tables_and_gives_a_bye(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho", "Dai", "Eve"])
    round_one = tournament.start_round()
    matches = tournament.state.round_matches(round_one.number)
    assert [m.table for m in matches] == ["table-1", "table-2", None]
    assert matches[-1].b is None  # the bye, at no table
    seated = sorted(p for m in matches for p in (m.a, m.b) if p is not None)
    assert seated == [1, 2, 3, 4, 5]


def test_results_for_the_wrong_table_or_twice_are_refused(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho", "Dai"])
    refused("no_round", tournament, tournament.report, 1, "a", table="table-1", by="table-1")
    tournament.start_round()
    first, second = tournament.state.round_matches(1)
    refused("not_in_round", tournament, tournament.report, first.id, "a", table="table-2", by="x")
    refused("not_in_round", tournament, tournament.report, 99, "a", table="table-1", by="x")
    refused("not_in_round", tournament, tournament.report, first.id, "a", table="table-9", by="x")
    refused("outcome", tournament, tournament.report, first.id, "A wins", table="table-1", by="x")
    assert tournament.report(first.id, "a", table="table-1", by="table-1") is True
    assert tournament.report(first.id, "a", table="table-1", by="table-1") is False  # resent
    refused("reported_twice", tournament, tournament.report, first.id, "b", table="table-1", by="x")
    assert tournament.state.matches[first.id].outcome == "a"
    error = refused("round_open", tournament, tournament.start_round)
    assert error.fields["tables"] == "table-2"
    tournament.report(second.id, "draw", table=None, by="organizer")
    assert tournament.start_round().number == 2


def test_players_confirm_and_a_judge_corrects_with_a_logged_reason(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben"])
    tournament.start_round()
    (match,) = tournament.state.round_matches(1)
    refused("nothing_to_confirm", tournament, tournament.confirm, match.id, match.a)
    tournament.report(match.id, "a", table="table-1", by="table-1")
    tournament.confirm(match.id, match.a)
    refused("not_your_match", tournament, tournament.confirm, match.id, 42)
    refused("reason", tournament, tournament.correct, match.id, "b", by="judge", reason=" ")
    tournament.correct(match.id, "b", by="judge", reason="slow-play penalty")
    assert match.outcome == "b" and match.confirmed == set()  # confirm the new result again
    (logged,) = tournament.state.corrections
    assert (logged["old"], logged["outcome"], logged["by"]) == ("a", "b", "judge")
    assert logged["reason"] == "slow-play penalty"
    standings = tournament.standings_rows()
    assert standings[0]["player"] == match.b and standings[0]["points"] == 3


def test_drops_and_late_entries(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho", "Dai"])
    tournament.start_round()
    tournament.check_in("Late Lee")  # plays from round 2
    assert tournament.state.players[5].entered_round == 2
    finish_round(tournament)
    tournament.drop(1)
    refused("dropped", tournament, tournament.drop, 1)
    refused("unknown_player", tournament, tournament.drop, 99)
    tournament.start_round()
    paired = {p for m in tournament.state.round_matches(2) for p in (m.a, m.b) if p}
    assert paired == {2, 3, 4, 5}
    rows = {row["name"]: row for row in tournament.standings_rows()}
    assert rows["Ann"]["dropped"] is True and rows["Late Lee"]["points"] == 0


def test_the_hub_restarted_mid_round_resumes_with_nothing_lost(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho", "Dai", "Eve"])
    tournament.configure(round_minutes=50, tiebreakers=["ogw", "omw"])
    tournament.start_round()
    finish_round(tournament)
    tournament.start_round()
    first = tournament.state.round_matches(2)[0]
    tournament.report(first.id, "b", table=first.table, by=first.table or "")
    tournament.correct(first.id, "draw", by="judge", reason="misreported")
    tournament.call_judge("table-2", "A", "attack_dice")
    before = tournament.export_json()
    tournament.journal.close()
    again = event(tmp_path)  # a new hub process on the same file
    assert again.export_json() == before
    assert again.state.settings.seed == tournament.state.settings.seed
    assert [c.table for c in again.state.judge_calls.values()] == ["table-2"]


def test_the_round_clock_pauses_and_resumes_on_the_hubs_time(tmp_path: Path):
    now = FakeTime()
    tournament = with_players(tmp_path, ["Ann", "Ben"], now)
    refused("no_clock", tournament, tournament.pause_clock)
    tournament.configure(round_minutes=50, at_time="leader_wins")
    tournament.start_round()
    now.now += 600
    status = tournament.clock_status()
    assert (status["remaining"], status["running"], status["at_time"]) == (
        2400,
        True,
        "leader_wins",
    )
    tournament.pause_clock()
    now.now += 300
    assert tournament.clock_status()["remaining"] == 2400
    refused("clock_paused", tournament, tournament.pause_clock)
    tournament.resume_clock()
    refused("clock_running", tournament, tournament.resume_clock)
    now.now += 3000
    assert tournament.clock_status()["remaining"] == 0


def test_a_top_four_cut_after_swiss(tmp_path: Path):
    tournament = with_players(tmp_path, [f"P{n}" for n in range(1, 7)])
    for _ in range(2):
        tournament.start_round()
        finish_round(tournament)
    seeds = [row["player"] for row in tournament.standings_rows()][:4]
    semis = tournament.start_cut(4)
    pairs = [(m.a, m.b) for m in tournament.state.round_matches(semis.number)]
    assert pairs == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    refused("cut_started", tournament, tournament.start_cut, 4)
    first = tournament.state.round_matches(semis.number)[0]
    refused("draw_in_cut", tournament, tournament.report, first.id, "draw", table=None, by="o")
    finish_round(tournament)
    final = tournament.start_round()
    assert [(m.a, m.b) for m in tournament.state.round_matches(final.number)] == [
        (seeds[0], seeds[1])
    ]
    finish_round(tournament)
    refused("event_over", tournament, tournament.start_round)


def test_exports_carry_the_standings(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho"])
    tournament.start_round()
    finish_round(tournament)
    rows = list(csv.DictReader(io.StringIO(tournament.export_csv())))
    assert [r["name"] for r in rows] == [r["name"] for r in tournament.standings_rows()]
    assert sum(int(r["points"]) for r in rows) == 6  # one win and one bye
    exported = tournament.export_json()
    assert exported["settings"]["tiebreakers"] == ["omw", "gw", "ogw"]
    assert len(exported["rounds"][0]["matches"]) == 2


def test_odd_players_with_no_bye_left_cannot_be_paired(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben", "Cho"])
    for _ in range(3):
        tournament.start_round()
        finish_round(tournament)
    error = refused("no_bye_possible", tournament, tournament.start_round)
    assert "bye" in str(error)


def test_a_journal_from_another_schema_is_refused(tmp_path: Path):
    journal = Journal(tmp_path / "hub.sqlite3")
    journal._db.execute("UPDATE meta SET value='9' WHERE key='schema'")
    journal.close()
    with pytest.raises(JournalError, match="schema 9"):
        Journal(tmp_path / "hub.sqlite3")


def bracket_order(swiss_order: list[int], cut_rounds: list[list[tuple[int, int, str | None]]]):
    """Independently: the final standings from the cut's bracket — each cut player by the
    furthest stage they reached (playing in a round reaches it; winning its match reaches the
    next one, past the final for the champion), level ones in their Swiss order; then everyone
    outside the cut in Swiss order."""
    reached: dict[int, int] = {}
    for number, matches in enumerate(cut_rounds, start=1):
        for a, b, outcome in matches:
            for player in (a, b):
                reached[player] = max(reached.get(player, 0), number)
            if outcome is not None:
                winner = a if outcome == "a" else b
                reached[winner] = number + 1
    in_cut = sorted(reached, key=lambda p: (-reached[p], swiss_order.index(p)))
    return in_cut + [p for p in swiss_order if p not in reached]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_final_standings_follow_the_cut_then_the_swiss_rounds(tmp_path: Path, seed: int):
    import random

    rng = random.Random(seed)
    tournament = with_players(tmp_path, [f"P{n}" for n in range(1, 11)])
    for _ in range(3):
        tournament.start_round()
        for match in tournament.state.round_matches(tournament.state.current.number):
            if not match.done:
                tournament.report(match.id, rng.choice(["a", "b", "draw"]), table=None, by="o")
    swiss_order = [row["player"] for row in tournament.standings_rows()]
    tournament.start_cut(4)
    cut_rounds: list[list[tuple[int, int, str | None]]] = []

    def check() -> None:
        rows = tournament.standings_rows()
        assert [row["player"] for row in rows] == bracket_order(swiss_order, cut_rounds)
        assert [row["rank"] for row in rows] == list(range(1, 11))
        assert {row["player"]: row["swiss_rank"] for row in rows} == {
            p: i + 1 for i, p in enumerate(swiss_order)
        }
        exported = list(csv.DictReader(io.StringIO(tournament.export_csv())))
        assert [r["name"] for r in exported] == [row["name"] for row in rows]
        assert [r["cut"] for r in exported] == [row["cut"] or "" for row in rows]
        assert tournament.export_json()["standings"] == rows

    while True:
        current = tournament.state.current
        assert current is not None
        matches = tournament.state.round_matches(current.number)
        cut_rounds.append([(m.a, m.b or 0, None) for m in matches])
        check()  # paired, no result yet: everyone still in keeps their Swiss order
        for i, match in enumerate(matches):
            outcome = rng.choice("ab")
            tournament.report(match.id, outcome, table=None, by="o")
            cut_rounds[-1][i] = (match.a, match.b or 0, outcome)
            check()
        if len(matches) == 1:
            break
        tournament.start_round()
    rows = tournament.standings_rows()
    assert [row["cut"] for row in rows[:4]] == ["winner", "final", "top-4", "top-4"]
    assert all(row["cut"] is None for row in rows[4:])


def test_a_swiss_round_keeps_how_many_pairs_cross_point_groups(tmp_path: Path):
    tournament = with_players(tmp_path, [f"P{n}" for n in range(1, 7)])
    tournament.start_round()
    assert tournament.state.rounds[0].across == {"pairs": 0, "parity": 0}  # everyone on 0
    finish_round(tournament)
    tournament.start_round()  # three winners, three losers: one pair must cross
    assert tournament.state.rounds[1].across == {"pairs": 1, "parity": 1}
    finish_round(tournament)
    tournament.start_cut(2)
    assert tournament.state.rounds[2].across is None  # a cut round is not Swiss-paired
    exported = tournament.export_json()
    assert [r["across"] for r in exported["rounds"]] == [
        {"pairs": 0, "parity": 0},
        {"pairs": 1, "parity": 1},
        None,
    ]
    tournament.journal.close()
    assert event(tmp_path).export_json() == exported  # replayed from the journal


def test_an_event_journalled_with_a_retired_tiebreaker_replays_without_it(tmp_path: Path):
    tournament = with_players(tmp_path, ["Ann", "Ben"])
    # what a hub before the MTR rule wrote (opponents' opponents' match-win %)
    tournament.journal.append({"kind": "configure", "tiebreakers": ["oomw", "omw"]})
    tournament.journal.close()
    again = event(tmp_path)
    assert again.state.settings.tiebreakers == ("omw",)
    assert [row["name"] for row in again.standings_rows()] == ["Ann", "Ben"]


def test_the_event_plays_the_game_its_organizer_chose(tmp_path: Path):
    """The event's game is the organizer's choice among the hub's games (the first the house
    lists until then); warbands and banned lists are asked of that game, and every pairing
    carries it to its table."""
    from companion.games import kits

    tournament = event(tmp_path)
    first = kits()[0]
    assert tournament.game == first.name and tournament.armies() is first.registered
    plain = next(kit for kit in kits() if kit.registered is None)
    refused("game", tournament, tournament.configure, game="chess")
    tournament.configure(game=plain.name)
    assert tournament.settings_view()["game"] == plain.name
    assert not tournament.settings_view()["armies"]
    assert {g["name"] for g in tournament.settings_view()["games"]} == {k.name for k in kits()}
    refused("warband_none", tournament, tournament.check_in, "Ben", VALOR)
    tournament.set_tables(TABLES)
    tournament.check_in("Ben")
    tournament.check_in("Aiko")
    refused("game_fixed", tournament, tournament.configure, game=first.name)
    tournament.start_round()
    match = next(iter(tournament.state.matches.values()))
    assert tournament.match_view(match)["game"] == plain.name
    assert event(tmp_path).game == plain.name  # replayed from the journal


def test_no_round_without_a_rematch_the_organizer_allows_the_fewest(tmp_path: Path):
    """Four players have all met after three rounds: the fourth is refused with the numbers
    that say why, and nothing is written; allowed, it pairs two rematches (the fewest) and a
    restarted hub knows it."""
    tournament = with_players(tmp_path, ["A", "B", "C", "D"])
    for _ in range(3):
        tournament.start_round()
        finish_round(tournament)
    error = refused("rematch_only", tournament, tournament.start_round)
    assert error.fields == {"round": 4, "players": 4, "met": 6, "possible": 6}
    started = tournament.start_round(allow_rematches=True)
    assert (started.number, started.rematches) == (4, 2)
    assert tournament.export_json()["rounds"][-1]["rematches"] == 2
    tournament.journal.close()
    again = event(tmp_path)
    assert again.state.current is not None and again.state.current.rematches == 2
    assert [r.rematches for r in again.state.rounds] == [0, 0, 0, 2]


def test_the_organizer_ends_the_event_instead(tmp_path: Path):
    tournament = with_players(tmp_path, ["A", "B", "C", "D"])
    refused("no_round", tournament, tournament.end_event, "Ken")
    for _ in range(3):
        tournament.start_round()
        finish_round(tournament)
    before = tournament.standings_rows()
    ended = tournament.end_event("Ken")
    assert (ended.by, ended.round) == ("Ken", 3)
    error = refused("event_ended", tournament, tournament.start_round, allow_rematches=True)
    assert error.fields == {"by": "Ken", "round": 3}
    refused("event_ended", tournament, tournament.start_cut, 2)
    refused("event_ended", tournament, tournament.end_event, "Ken")
    assert tournament.standings_rows() == before
    assert tournament.export_json()["ended"] == {"by": "Ken", "round": 3}
    tournament.journal.close()
    again = event(tmp_path)
    assert again.state.ended is not None and again.state.ended.round == 3


def test_an_open_round_cannot_be_ended(tmp_path: Path):
    tournament = with_players(tmp_path, ["A", "B", "C", "D"])
    tournament.start_round()
    refused("round_open", tournament, tournament.end_event, "Ken")


def test_a_tables_pairing_says_where_its_players_of_the_round_before_play_now(tmp_path: Path):
    tournament = with_players(tmp_path, ["A", "B", "C", "D", "E"])
    tournament.start_round()
    assert all(
        tournament.table_pairing(m)["before"] is None
        for m in tournament.state.round_matches(1)  # round 1: nobody played here before
    )
    finish_round(tournament)
    tournament.drop(tournament.state.round_matches(1)[1].b)  # table-2's seat B leaves
    tournament.start_round()
    state = tournament.state
    now = {p: m for m in state.round_matches(2) for p in (m.a, m.b) if p is not None}
    for earlier in state.round_matches(1):
        if earlier.table is None:
            continue
        here = state.match_at(earlier.table)
        assert here is not None
        before = tournament.table_pairing(here)["before"]
        assert before["match"] == earlier.id and before["round"] == 1
        for seat, player in (("A", earlier.a), ("B", earlier.b)):
            where = before["seats"][seat]
            found = now.get(player)
            if found is None:
                assert where == {"table": None, "seat": None, "bye": False}  # dropped
            elif found.b is None:
                assert where == {"table": None, "seat": None, "bye": True}
            else:
                side = "A" if found.a == player else "B"
                assert where == {"table": found.table, "seat": side, "bye": False}
    message = Pairing.model_validate(tournament.table_pairing(state.round_matches(2)[0]))
    assert message.before is not None and set(message.before.seats) == {"A", "B"}
