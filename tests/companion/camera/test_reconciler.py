from companion.camera.reconciler import Note, default_registry, reconcile
from companion.games.protocol import Pending
from companion.table.proposers import JUDGE
from vision.board_change import TagId

PIECES = ["A:B45#1", "A:B45#2", "B:B45#1", "B:inspired-samurai#1"]
REGISTRY = default_registry(PIECES)


def tag(catalog_id: str, serial: int) -> TagId:
    return TagId("db", catalog_id, serial)


def test_default_registry_keeps_the_seats_copies_apart():
    assert REGISTRY[tag("B45", 1)] == "A:B45#1"
    assert REGISTRY[tag("B45", 2)] == "A:B45#2"
    assert REGISTRY[tag("B45", 101)] == "B:B45#1"
    assert REGISTRY[tag("inspired-samurai", 101)] == "B:inspired-samurai#1"


def test_a_new_miniature_of_the_spawning_seat_is_a_spawn():
    result = reconcile(
        {tag("B45", 1): "a1", tag("B45", 2): "b1"},
        REGISTRY,
        {},
        Pending("A", "spawn", {"points": 7}),
    )
    assert result.proposals == ("spawn A:B45#1 a1", "spawn A:B45#2 b1")
    assert result.notes == ()


def test_the_other_seats_new_miniature_during_a_spawn_must_come_off():
    result = reconcile({tag("B45", 101): "e5"}, REGISTRY, {}, Pending("A", "spawn"))
    assert result.proposals == ()
    assert result.notes == (Note("take_off", "B:B45#1", "e5"),)


def test_a_legal_shift_is_a_move_and_an_illegal_one_is_flagged():
    pending = Pending("A", "shift", {"movable": {"A:B45#1": ["a2", "b1"], "A:B45#2": ["c2"]}})
    board = {"A:B45#1": "a1", "A:B45#2": "c1", "B:B45#1": "e5"}
    seen = {tag("B45", 1): "a2", tag("B45", 2): "d1", tag("B45", 101): "e5"}
    result = reconcile(seen, REGISTRY, board, pending)
    assert result.proposals == ("move A:B45#1 a2",)
    assert result.notes == (Note("illegal", "A:B45#2", "d1", "c1"),)


def test_a_disrupted_creature_is_placed_only_into_an_offered_cell():
    pending = Pending("A", "place_disruption", {"creatures": ["B:B45#1"], "cells": ["c5", "d5"]})
    board = {"B:B45#1": "c3"}
    assert reconcile({tag("B45", 101): "d5"}, REGISTRY, board, pending).proposals == (
        "place B:B45#1 d5",
    )
    wrong = reconcile({tag("B45", 101): "c4"}, REGISTRY, board, pending)
    assert wrong.proposals == ()
    assert wrong.notes == (Note("illegal", "B:B45#1", "c4", "c3"),)


def test_outside_a_proposing_decision_every_difference_is_a_note():
    board = {"A:B45#1": "a1", "A:B45#2": "b2"}
    seen = {tag("B45", 1): "a2", tag("zzz", 1): "c3"}
    result = reconcile(seen, REGISTRY, board, Pending("B", "attack_dice", {"dice": 3}))
    assert result.proposals == ()
    assert set(result.notes) == {
        Note("put_back", "A:B45#1", "a2", "a1"),
        Note("unknown_tag", "db:zzz#1", "c3"),
        Note("put_back", "A:B45#2", None, "b2"),
    }


def test_a_board_that_matches_the_engine_needs_nothing():
    board = {"A:B45#1": "a1", "B:B45#1": "e5"}
    seen = {tag("B45", 1): "a1", tag("B45", 101): "e5"}
    result = reconcile(seen, REGISTRY, board, Pending("A", "spawn"))
    assert result == reconcile(seen, REGISTRY, board, Pending("A", "choose_action"))
    assert result.proposals == () and result.notes == ()


# -- against the real Dreamblade engine, through a table -------------------------------------


def demo_table(tmp_path):
    from companion.games.dreamblade.demo_game import demo_game
    from companion.table.store import Store
    from companion.table.table import Table

    return Table.start(Store(tmp_path / "t.sqlite3"), demo_game())


def piece_registry(table):
    from companion.camera.reconciler import engine_board

    pieces = table.read(lambda g: list(g.setup.pieces))
    assert engine_board(table.snapshot()) == {}
    return default_registry(pieces)


def spawning_table(tmp_path):
    """The demo game in seat A's first spawn phase, its registry and the flags it raises."""
    from companion import events as ev

    table = demo_table(tmp_path)
    registry = piece_registry(table)
    table.submit(JUDGE, "init 6 5")
    flags: list[dict] = []
    table.bus.subscribe(lambda e: flags.append(e.data), kinds={ev.FLAGGED})
    return table, registry, flags


def test_spawns_seen_by_the_camera_reach_the_engine(tmp_path):
    from companion.camera.reconciler import engine_board, sync_table

    table, registry, flags = spawning_table(tmp_path)
    sync = sync_table(table, registry, {tag("sir-glorious", 1): "a1"})
    assert sync.accepted == ("spawn A:sir-glorious#1 a1",)
    assert engine_board(table.snapshot()) == {"A:sir-glorious#1": "a1"}
    assert table.store.record(table.game_id)["actions"][-1] == "spawn A:sir-glorious#1 a1"
    assert flags == []


def test_an_illegal_spawn_is_flagged_as_data_with_the_rule_and_not_applied(tmp_path):
    from companion.camera.reconciler import engine_board, sync_table

    table, registry, flags = spawning_table(tmp_path)
    before = table.version
    sync = sync_table(table, registry, {tag("sir-glorious", 1): "c3"})  # not a spawn cell
    assert sync.accepted == ()
    assert [n.kind for n in sync.notes] == ["illegal"]
    assert engine_board(table.snapshot()) == {}
    assert table.version == before
    (flag,) = flags
    assert flag["reason"] == "refused" and flag["by"] == "camera"
    assert (flag["subject"], flag["cell"], flag["cells"]) == ("A:sir-glorious#1", "c3", ["c3"])
    assert "expected" not in flag  # a spawn: it was on no cell before
    assert flag["rule"] and "c3" in flag["detail"]  # the panel explains the rule


def test_every_other_difference_is_flagged_with_its_piece_and_cells(tmp_path):
    from companion.camera.reconciler import sync_table

    table, registry, flags = spawning_table(tmp_path)
    other = next(tag_ for tag_, piece in registry.items() if piece.startswith("B:"))
    sync_table(table, registry, {other: "e5", TagId("db", "nobody", 7): "b2"})
    assert sorted(flags, key=lambda f: f["reason"]) == [
        {"reason": "take_off", "cells": ["e5"], "by": "camera", "subject": registry[other],
         "cell": "e5"},
        {"reason": "unknown_tag", "cells": ["b2"], "by": "camera", "cell": "b2"},
    ]  # fmt: skip


# -- a remote table: the camera reads only this table's seat (issue 28) -----------------------


def test_an_absent_seats_pieces_are_neither_missing_nor_read():
    board = {"A:B45#1": "a1", "B:B45#1": "c3", "B:inspired-samurai#1": "c3"}
    seen = {tag("B45", 1): "a1"}  # only seat A's miniature stands on this map
    pending = Pending("A", "shift", {"movable": {"A:B45#1": ["a2"], "B:B45#1": ["c4"]}})
    assert reconcile(seen, REGISTRY, board, pending, frozenset({"B"})) == reconcile(
        {}, {}, {}, pending
    )  # no proposals, no notes
    here = reconcile(seen, REGISTRY, board, pending)  # a normal table: B's two must be put back
    assert {n.kind for n in here.notes} == {"put_back"} and len(here.notes) == 2
    stray = {tag("B45", 1): "a1", tag("B45", 101): "c4"}  # a B label on this map: not read
    assert reconcile(stray, REGISTRY, board, pending, frozenset({"B"})).proposals == ()


def test_nothing_is_proposed_while_the_absent_seat_decides():
    pending = Pending("B", "spawn", {"points": 7})
    seen = {tag("B45", 101): "e5", tag("B45", 1): "a1"}
    at_a = reconcile(seen, REGISTRY, {"A:B45#1": "a1"}, pending, frozenset({"B"}))
    assert at_a.proposals == () and at_a.notes == ()
    # the guest (seat B here): seat A's placing of B's disrupted creature is A's to make
    placing = Pending("A", "place_disruption", {"creatures": ["B:B45#1"], "cells": ["c5"]})
    at_b = reconcile(
        {tag("B45", 101): "c5"}, REGISTRY, {"B:B45#1": "c3"}, placing, frozenset({"A"})
    )
    assert at_b.proposals == ()
    assert at_b.notes == (Note("put_back", "B:B45#1", "c5", "c3"),)


def _demo_until(tmp_path, action: str, *, including: bool):
    from companion.games.dreamblade.demo_game import DEMO_ACTIONS

    table = demo_table(tmp_path)
    registry = piece_registry(table)
    end = DEMO_ACTIONS.index(action) + (1 if including else 0)
    for step in DEMO_ACTIONS[:end]:
        table.submit(JUDGE, step)
    return table, registry


def _tags(registry, pieces: dict[str, str]):
    by_piece = {piece: tag_ for tag_, piece in registry.items()}
    return {by_piece[piece]: cell for piece, cell in pieces.items()}


def test_a_shared_cell_at_the_host_is_one_engaged_cell_and_needs_nothing(tmp_path):
    from companion import events as ev
    from companion.camera.reconciler import engine_board, sync_table

    table, registry = _demo_until(tmp_path, "move B:spellbound-scissors#2 b3", including=True)
    board = engine_board(table.snapshot())
    assert [p for p, cell in board.items() if cell == "b3"] == [
        "A:sir-glorious#1",
        "B:spellbound-scissors#1",
        "B:spellbound-scissors#2",
    ]
    assert "b3" in table.read(lambda game: game.contested_cells())  # the rules see both sides
    flags: list[dict] = []
    table.bus.subscribe(lambda e: flags.append(e.data), kinds={ev.FLAGGED})
    ours = {piece: cell for piece, cell in board.items() if piece.startswith("A:")}
    before = table.version
    sync = sync_table(table, registry, _tags(registry, ours), absent=frozenset({"B"}))
    assert sync.accepted == () and sync.notes == () and flags == []
    assert table.version == before
    assert "b3" in table.read(lambda game: game.contested_cells())


def test_the_local_players_real_move_at_a_remote_table_reaches_the_engine(tmp_path):
    from companion.camera.reconciler import engine_board, sync_table

    table, registry = _demo_until(tmp_path, "move A:pearlthorn-gargoyle#1 a4", including=False)
    board = engine_board(table.snapshot())
    assert any(p.startswith("B:") for p in board)  # theirs stand on the other map
    ours = {p: cell for p, cell in board.items() if p.startswith("A:")}
    moved = {**ours, "A:pearlthorn-gargoyle#1": "a4"}
    sync = sync_table(table, registry, _tags(registry, moved), absent=frozenset({"B"}))
    assert sync.accepted == ("move A:pearlthorn-gargoyle#1 a4",) and sync.notes == ()
    assert engine_board(table.snapshot())["A:pearlthorn-gargoyle#1"] == "a4"
