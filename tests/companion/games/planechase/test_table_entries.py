"""Plane names typed at a table from the players' own cards."""

from __future__ import annotations

import pytest

from companion.errors import DataFileError
from companion.games import find_entry_kind
from companion.games.planechase.game import Planechase
from companion.games.planechase.planes import catalog
from companion.games.planechase.setup import SHARED, Setup

LIKELY = "ohop-02"  # The Æther Flues, from memory
CONFIRMED = "ohop-01"  # Academy at Tolaria West


def test_a_name_typed_for_an_unconfirmed_plane_is_checked():
    kind = find_entry_kind("planechase", "plane")
    assert kind.checked({"id": LIKELY, "name": "  Aether   Flues "}) == {
        "id": LIKELY,
        "name": "Aether Flues",
    }
    for data, code in [
        ({"id": CONFIRMED, "name": "Tolaria"}, "known"),
        ({"id": "ohop-99", "name": "Nowhere"}, "choice"),
        ({"id": LIKELY, "name": "Bant"}, "taken"),  # another plane's name
        ({"id": LIKELY, "name": ""}, "text"),
    ]:
        with pytest.raises(DataFileError) as caught:
            kind.checked(data)
        assert caught.value.code == code


def test_a_game_calls_its_planes_by_the_names_typed_and_keeps_them_in_its_record():
    assert catalog((), {LIKELY: "Aether Flues"})[LIKELY].status == "typed"
    assert catalog((), {CONFIRMED: "Tolaria"})[CONFIRMED].name == "Academy at Tolaria West"
    deck = tuple(sorted(catalog()))[:20]
    setup = Setup(("p1", "p2"), {SHARED: deck}, "p1", typed_names={LIKELY: "Aether Flues"})
    game = Planechase(setup)
    assert game.planes[LIKELY].name == "Aether Flues"
    again = Planechase.from_record(game.record())
    assert again.planes[LIKELY].name == "Aether Flues"
    assert "typed_names" not in Setup(("p1", "p2"), {SHARED: deck}, "p1").to_json()
