"""A judge's questions about a position, answered as plain data (no words: the panel and
``companion rules ask`` put them into English or Japanese).

Every answer reads the engine (``DreambladeGame`` queries, ``effects``, ``dice``); nothing is
computed twice. Where an answer rests on values nobody confirmed — the attack die's faces, the
map's key-cell values — it says so (``die_status``, each cell's ``value_status``), and says
``confirmed`` when the table confirmed them at set-up (the position's map is not provisional,
``Settings.die_confirmed``).
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalActionError
from companion.games.dreamblade import board, conquest, effects
from companion.games.dreamblade.abilities.keywords import KEYWORDS, MANUAL_KEYWORDS, Keyword
from companion.games.dreamblade.abilities.lines import AbilityLineError, parse_ability
from companion.games.dreamblade.dice import (
    MAX_ODDS_DICE,
    Crit,
    attack_die_from_faces,
    attack_odds,
    odds_as_data,
)
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.state import SEATS, other

QUESTIONS = ("spawn", "shifts", "engaged", "claims", "odds", "keyword")


def _name(game: DreambladeGame, mini: str) -> str:
    return game.setup.pieces[mini].mini.name


def _mini(game: DreambladeGame, mini: str) -> dict[str, Any]:
    piece = game.setup.pieces[mini]
    return {"mini": mini, "name": piece.mini.name, "seat": piece.owner, "copy": _copy(mini)}


def _copy(mini: str) -> int:
    return int(mini.rsplit("#", 1)[1])


def spawn(game: DreambladeGame, seat: str) -> dict[str, Any]:
    """What each of ``seat``'s reserve miniatures costs to spawn now and the cells it may go to
    (during its spawn phase exactly what ``spawn`` accepts, else as if the phase began now)."""
    in_phase = game.phase == "spawn" and game.phase_seat == seat
    minis = []
    for mini in game.reserve(seat):
        entry = _mini(game, mini)
        try:
            entry["cost"] = game.spawn_cost(seat, mini)
        except IllegalActionError as exc:
            entry.update(cost=None, cells=[], problem=exc.rule)
            minis.append(entry)
            continue
        entry["cells"] = sorted(game.legal_spawn_cells(seat, mini))
        affordable = not in_phase or entry["cost"] <= game.spawn_points_left(seat)
        entry["problem"] = None if affordable else "spawn.points"
        minis.append(entry)
    return {
        "question": "spawn",
        "seat": seat,
        "in_phase": in_phase,
        "points": game.spawn_points_left(seat) if in_phase else None,
        "minis": minis,
    }


def shifts(game: DreambladeGame, seat: str | None = None) -> dict[str, Any]:
    """Where each creature on the map may shift (engaged creatures may not shift)."""
    engaged = game.engaged_creatures()
    creatures = []
    for cell, minis in game.board().items():
        for m in minis:
            if m.kind != "creature" or (seat is not None and m.owner != seat):
                continue
            entry = _mini(game, m.id)
            entry.update(
                cell=cell,
                engaged=m.id in engaged,
                moved=m.id in game.state.moved,
                cells=sorted(game.legal_shift_destinations(m.id)),
            )
            creatures.append(entry)
    return {"question": "shifts", "seat": seat, "creatures": creatures}


def engaged(game: DreambladeGame) -> dict[str, Any]:
    """Engaged creatures, by contested cell."""
    cells = []
    for cell in sorted(game.contested_cells()):
        minis = board.creatures_in(game.setup, game.state, cell)
        cells.append({"cell": cell, "creatures": [_mini(game, m) for m in sorted(minis)]})
    return {"question": "engaged", "cells": cells, "count": len(game.engaged_creatures())}


def _value_status(game: DreambladeGame, cell: str) -> str:
    setup, state = game.setup, game.state
    if setup.dream_map.key_values.get(cell) is not None:
        return "provisional" if setup.dream_map.provisional else "confirmed"
    # a value the players read off their printed map (at set-up or when it was first claimed)
    return "confirmed" if cell in state.learned_values else "unknown"


def claims(game: DreambladeGame) -> dict[str, Any]:
    """Who claims each scoring cell now, the turn's tally and who would win it."""
    setup, state = game.setup, game.state
    owners = board.seats_with_creatures(setup, state)
    claimed = game.claims()
    cells = []
    for cell in sorted(setup.dream_map.key_values):
        holders = sorted(owners.get(cell, frozenset()))
        scores_for = [s for s in SEATS if cell in setup.dream_map.scoring_cells(s)]
        cells.append(
            {
                "cell": cell,
                "value": conquest.key_value(setup, state, cell),
                "value_status": _value_status(game, cell),
                "scores_for": scores_for,
                "holders": holders,
                "claimed_by": claimed.get(cell),
            }
        )
    points = game.tally()
    unknown = list(conquest.unknown_claimed(setup, state))
    winner = None if unknown else conquest.turn_winner(points)
    return {
        "question": "claims",
        "cells": cells,
        "kills": dict(state.kills),
        "bonus": effects.conquest_bonus(setup, state),
        "adjustments": {s: sum(n for t, n in state.keywords.adjustments if t == s) for s in SEATS},
        "tally": points,
        "unknown": unknown,
        "winner": winner,
        "tie": not unknown and winner is None,
    }


def odds(game: DreambladeGame, cell: str, seat: str | None = None) -> dict[str, Any]:
    """The exact chances of ``seat``'s strike attack in ``cell`` (all its creatures there)
    against each enemy creature there taking all the damage. ``seat``: the phase seat if
    unset. The attackers' first Crit is counted as paid from the rolled blades."""
    setup, state = game.setup, game.state
    seat = seat or state.phase_seat or "A"
    attackers = sorted(board.creatures_in(setup, state, cell, seat))
    targets = sorted(board.creatures_in(setup, state, cell, other(seat)))
    dice = effects.attack_dice(setup, state, seat, cell, attackers) if attackers else 0
    die = attack_die_from_faces(list(setup.attack_die))
    crit = _first_crit(game, attackers)
    answer: dict[str, Any] = {
        "question": "odds",
        "cell": cell,
        "seat": seat,
        "attackers": [_mini(game, m) for m in attackers],
        "dice": dice,
        "faces": list(setup.attack_die),
        "die_status": "confirmed" if setup.settings.die_confirmed else "unconfirmed",
        "crit": None if crit is None else crit[0],
        "targets": [],
        "problem": None,
    }
    if not attackers or not targets:
        answer["problem"] = "odds.no_fight"
        return answer
    if dice > MAX_ODDS_DICE:
        answer["problem"] = "odds.too_many_dice"
        return answer
    chances = attack_odds(dice, die, None if crit is None else crit[1])
    answer["expected_damage"] = odds_as_data(chances, None, None)["expected_damage"]
    for target in targets:
        defense = effects.creature_defense(setup, state, target)
        life = effects.creature_life(setup, state, target)
        damage = state.damage.get(target, 0)
        need_defense, need_life = max(0, defense - damage), max(0, life - damage)
        data = odds_as_data(chances, need_defense, need_life)["target"]
        entry = _mini(game, target)
        entry.update(
            defense=defense,
            life=life,
            damage=damage,
            disrupt_or_better=data["disrupt_or_better"],
            destroy_possible=data["destroy_possible"],
        )
        answer["targets"].append(entry)
    return answer


def _first_crit(game: DreambladeGame, attackers: list[str]) -> tuple[dict[str, Any], Crit] | None:
    for mini in attackers:
        if effects.nullified(game.setup, game.state, mini):
            continue
        for ability in game.setup.pieces[mini].abilities:
            if ability.keyword is not None and ability.keyword.name == "Crit":
                blades = 2 if ability.activation.startswith("double") else 1
                multi = "multi" in ability.activation
                crit = Crit(int(ability.value or 0), blades, None if multi else 1)
                shown = {"mini": mini, "name": _name(game, mini), "amount": crit.amount}
                return {**shown, "multi": multi, "blades": blades}, crit
    return None


def keyword(text: str) -> dict[str, Any]:
    """What a keyword is: implemented (its activations, what the engine assumes: ``assumed``,
    the note by language, ``{}`` without one) or left to the players (and why); ``None``
    keyword with the closest known one when it is not one."""
    name = text.strip()
    found = _keyword_named(name)
    if found is not None:
        return {
            "question": "keyword",
            "keyword": found.name,
            "slug": found.name.lower().split(" ")[0],
            "implemented": True,
            "activations": sorted(str(a) for a in found.activations),
            "assumed": {"en": found.assumed, "ja": found.assumed_ja} if found.assumed else {},
            "why_manual": None,
            "closest": None,
        }
    for manual in MANUAL_KEYWORDS:
        if manual.matches(name, has_parameter=False):
            return {
                "question": "keyword",
                "keyword": manual.label,
                "slug": None,
                "implemented": False,
                "activations": [],
                "assumed": {},
                "why_manual": manual.why,
                "closest": None,
            }
    closest = None
    try:
        parse_ability(name)
    except AbilityLineError as exc:
        closest = exc.suggestion
    return {
        "question": "keyword",
        "keyword": None,
        "slug": None,
        "implemented": False,
        "activations": [],
        "assumed": {},
        "why_manual": None,
        "closest": closest,
        "asked": name,
    }


def _keyword_named(name: str) -> Keyword | None:
    key = name.lower()
    for candidate in (key, key.split(" ")[0]):
        if candidate in KEYWORDS:
            return KEYWORDS[candidate]
    return None
