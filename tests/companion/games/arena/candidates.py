"""Candidate Arena actions for the listed-equals-accepted test: every figure and card of the
setup (and an unknown one) in every action of the notation, every place and glyph spot with
every glyph turned up, dice counts 0–8, both die results, every seat's d20 roll 0–21, every
seat (and an unknown one) named to go first."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from companion.games.arena import actions as a
from companion.games.arena.actions import HIGHER
from companion.games.arena.data_files import glyphs
from companion.games.arena.game import Arena
from companion.games.arena.setup import FIELD, GRAVEYARD, RESERVE, SCORING
from companion.games.protocol import Action


def candidates(game: Arena) -> Iterator[Action]:
    """The same at every position of a game: built once per setup's seats, cards and spots."""
    setup = game.setup
    cards = [card.id for army in setup.armies for card in army.cards] + ["nocard"]
    figures = [fid for army in setup.armies for card in army.cards for fid in card.figure_ids()]
    figures.append("nobody")
    return iter(_candidates(tuple(game.seats), tuple(cards), tuple(figures), tuple(setup.glyphs)))


@cache
def _candidates(
    seats: tuple[str, ...],
    cards: tuple[str, ...],
    figures: tuple[str, ...],
    spots: tuple[str, ...],
) -> tuple[Action, ...]:
    return tuple(_generate(seats, cards, figures, spots))


def _generate(
    seats: tuple[str, ...],
    cards: tuple[str, ...],
    figures: tuple[str, ...],
    spots: tuple[str, ...],
) -> Iterator[Action]:
    glyph_ids = list(glyphs())
    places = [FIELD, SCORING, RESERVE, GRAVEYARD, *spots, "moon"]
    yield from (a.FirstRoll(seat, n) for seat in (*seats, "z") for n in range(0, 22))
    yield from (a.FirstTurn(seat) for seat in (*seats, "z"))
    yield from (a.Choose(card) for card in cards)
    yield from (a.ReturnSquad(card) for card in cards)
    for fid in figures:
        yield a.Summon(fid)
        for place in places:
            yield a.Move(fid, place)
            if place in spots:
                yield from (a.Move(fid, place, glyph) for glyph in glyph_ids)
        yield from (a.Fall(fid, hits) for hits in (0, 1, 2))
        yield from (a.Damage(fid, change) for change in (+1, -1))
        for other in figures:
            yield from (a.Disengage(fid, other, hits) for hits in (0, 1, 2))
            yield from (a.Attack(fid, other, high) for high in (None, *HIGHER))
    yield from (a.Dice(change) for change in (+1, -1))
    yield from (a.Hits(n) for n in range(0, 9))
    yield from (a.Shields(n) for n in range(0, 9))
    yield from (a.Next(), a.End())
