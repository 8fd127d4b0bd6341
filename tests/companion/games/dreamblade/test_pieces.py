"""Pieces: per-copy ids, stats with the rulebook's minimums, ability hooks."""

from __future__ import annotations

from companion.games.dreamblade.pieces import Piece, pieces_for
from tests.companion.games.dreamblade.builders import creature, location


def test_copies_are_numbered_per_catalog_id_in_warband_order() -> None:
    ids = [p.id for p in pieces_for("B", [creature("a"), creature("b"), creature("a")])]
    assert ids == ["B:a#1", "B:b#1", "B:a#2"]


def test_printed_stats_keep_the_minimums() -> None:
    # rulebook "minimums": power ≥ 0, defense and life ≥ 1
    piece = Piece("A:odd#1", "A", creature("odd", power=0, defense=0, life=0))
    assert (piece.power, piece.defense, piece.life) == (0, 1, 1)


def test_unknown_and_location_stats_are_none() -> None:
    keep = Piece("A:keep#1", "A", location("keep"))
    assert (keep.power, keep.defense, keep.life) == (None, None, None)
    assert Piece("A:m#1", "A", creature("m", power=None)).power is None


def test_types_are_aspects_or_lineages() -> None:
    piece = Piece("A:j#1", "A", creature("j", aspects="VM", lineage="Hivelings"))
    assert piece.is_of_type("Valor") and piece.is_of_type("Madness")
    assert piece.is_of_type("Hiveling") and not piece.is_of_type("Fear")
