"""Players' own carriers at check-in: the registration is checked whole, kept in the journal (a
restarted hub still has it), sent with the pairing, and keys two players share are named with a
free one to reprint with."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.hub.journal import Journal
from companion.hub.player_labels import LABELS_LIMIT, check_labels, label_clashes
from companion.hub.tournament import Tournament, TournamentError
from vision.board_change import TagId
from vision.registration import LabelRegistration


def sheet(key: int, family: str = "aruco4x4", *tags: str) -> str:
    """The text of the ``*.markers.yaml`` that ``companion labels tags`` writes."""
    names = tags or ("B45",)
    serials = {i: TagId("db", name, 1) for i, name in enumerate(names)}
    return LabelRegistration(family, serials, key).to_yaml()


def test_a_registration_is_checked_whole() -> None:
    assert check_labels(sheet(3)) == {"family": "aruco4x4", "key": 3, "serials": {"0": "db:B45#1"}}
    for text, code in [
        ("family: aruco4x4\nkey: 3\nserials: [", "labels"),  # not YAML
        ("family: aruco4x4\nkey: 30\nserials: {0: 'db:B45#1'}\n", "labels"),  # no such key
        ("family: aruco4x4\nkey: 3\nserials: {0: 'B45'}\n", "labels"),  # no tag
        ("family: aruco4x4\nkey: 3\nserials: {}\n", "labels"),  # no carrier
        ("family: barcode\nkey: 3\nserials: {0: 'db:B45#1'}\n", "labels_family"),
        ("family: aruco4x4\n" + "#" * LABELS_LIMIT, "labels_size"),
        (42, "labels"),
    ]:
        with pytest.raises(ValueError) as error:
            check_labels(text)
        assert getattr(error.value, "code", None) == code, text


def test_check_in_keeps_the_registration_in_the_journal(tmp_path: Path) -> None:
    event = Tournament(Journal(tmp_path / "hub.sqlite3"))
    event.set_tables(["table-1"])
    ann = event.check_in("Ann", labels=sheet(3))
    with pytest.raises(TournamentError) as refused:
        event.check_in("Ben", labels="family: barcode\nkey: 3\nserials: {0: 'db:B45#1'}\n")
    assert refused.value.code == "labels_family"
    assert [p.name for p in event.state.players.values()] == ["Ann"]  # nothing changed
    event.check_in("Ben", labels=sheet(8))
    event.journal.close()
    again = Tournament(Journal(tmp_path / "hub.sqlite3"))  # the hub restarted
    assert again.state.players[ann.id].labels == check_labels(sheet(3))
    again.start_round()
    view = again.match_view(again.state.round_matches(1)[0])
    assert {view["a"]["labels"]["key"], view["b"]["labels"]["key"]} == {3, 8}
    again.journal.close()


def test_players_sharing_a_key_are_named_with_a_free_key(tmp_path: Path) -> None:
    event = Tournament(Journal(tmp_path / "hub.sqlite3"))
    ann = event.check_in("Ann", labels=sheet(1))
    event.check_in("Ben", labels=sheet(1, "aruco4x4", "Z12"))
    event.check_in("Cho", labels=sheet(1, "qr"))  # a QR key 1 is another family's
    event.check_in("Dai", labels=sheet(2))
    event.check_in("Eri")
    assert event.label_clashes() == [
        {"family": "aruco4x4", "key": 1, "players": ["Ann", "Ben"], "free_key": 3}
    ]
    event.set_labels(ann.id, sheet(3))  # Ann reprinted with --key 3
    assert event.label_clashes() == []
    event.set_labels(ann.id, sheet(2))
    event.drop(ann.id)  # a dropped player no longer counts
    assert event.label_clashes() == []
    with pytest.raises(TournamentError) as refused:
        event.set_labels(ann.id, "family: aruco4x4\nkey: 3\nserials: {}\n")
    assert refused.value.code == "labels"
    assert event.state.players[ann.id].labels == check_labels(sheet(2))
    event.journal.close()


def test_no_free_key_left() -> None:
    players = [(f"P{k}", check_labels(sheet(k, "apriltag36h11"))) for k in range(1, 11)]
    players.append(("Extra", check_labels(sheet(4, "apriltag36h11"))))
    assert label_clashes(players) == [
        {"family": "apriltag36h11", "key": 4, "players": ["P4", "Extra"], "free_key": None}
    ]


def warband_and_its_tags() -> tuple[dict, list[str]]:
    """A shipped warband (as the organizer's page sends it) and the tags of all its copies."""
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.warband import builtin_warband

    warband = builtin_warband("sample-valor", default_catalog())
    miniatures = [{"id": mini, "count": count} for mini, count in warband.entries]
    tags = [f"{mini}#{n}" for mini, count in warband.entries for n in range(1, count + 1)]
    return {"name": warband.name, "miniatures": miniatures}, tags


def registration(key: int, tags: list[str]) -> str:
    serials = {
        i: TagId("db", tag.split("#")[0], int(tag.split("#")[1])) for i, tag in enumerate(tags)
    }
    return LabelRegistration("aruco4x4", serials, key).to_yaml()


def test_a_registration_must_carry_the_players_own_warband(tmp_path: Path) -> None:
    """Issue 24: the hub checks the carriers against the warband at check-in."""
    from companion.games.dreamblade.catalog import default_catalog

    event = Tournament(Journal(tmp_path / "hub.sqlite3"))
    warband, tags = warband_and_its_tags()
    ann = event.check_in("Ann", warband=warband, labels=registration(3, tags))  # all its own
    assert ann.labels is not None and len(ann.labels["serials"]) == len(tags)
    first = tags[0].split("#")[0]
    stranger = next(
        i for i in ("B45", "B1", "B2", "B3") if i not in {t.split("#")[0] for t in tags}
    )
    for wrong, named in [
        ([*tags, f"{stranger}#1"], f"{default_catalog()[stranger].name} (copy 1)"),  # not in it
        ([f"{first}#9"], f"{default_catalog()[first].name} (copy 9)"),  # more copies than it has
    ]:
        with pytest.raises(TournamentError) as refused:
            event.check_in("Ben", warband=warband, labels=registration(4, wrong))
        assert refused.value.code == "labels_warband"
        assert refused.value.fields["carriers"] == named
        assert refused.value.fields["warband"] == warband["name"]
        with pytest.raises(TournamentError, match="not in the warband"):
            event.set_labels(ann.id, registration(3, wrong))  # a later change is checked too
    assert [p.name for p in event.state.players.values()] == ["Ann"]  # nothing changed
    assert event.state.players[ann.id].labels == check_labels(registration(3, tags))
    event.check_in("Cho", labels=registration(5, [f"{stranger}#1"]))  # no warband: nothing to check
    event.journal.close()
