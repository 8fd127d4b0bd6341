"""``companion rules``: answer rules questions about a position, as JSON on stdout.

A judge saves the table's position (or record) and asks: where may seat A spawn, what does this
miniature cost, where may each creature shift, who is engaged, who would win the turn, what is the
game waiting for, is this action legal (and which rule forbids it). ``new`` writes the position of
a game about to start; ``replay`` prints the turn-by-turn tally of a record; ``demo`` plays the
scripted demo game.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from companion.errors import DataFileError, IllegalActionError
from companion.games.dreamblade import conquest
from companion.games.dreamblade.ability_table import abilities
from companion.games.dreamblade.dice_cli import odds, roll
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.state import Settings
from companion.games.game_export import record_in

LISTED_ACTIONS = 200  # legal actions listed in full; larger families are counted


def read_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{path}: not valid JSON ({exc})") from None


def _load(path: str) -> DreambladeGame:
    """A position file, or a record file (or a game export's record) replayed to its end."""
    data = record_in(read_json(path))
    try:
        if isinstance(data, dict) and data.get("format") == "dreamblade-record":
            return DreambladeGame.from_record(data, origin=path)
        return DreambladeGame.from_position(data, origin=path)
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


def _checked(game: DreambladeGame, seat: str | None = None, mini: str | None = None) -> None:
    if seat is not None and seat not in game.seats:
        raise click.BadParameter(f"seat must be A or B, not {seat!r}", param_hint="--seat")
    if mini is not None and mini not in game.setup.pieces:
        raise click.BadParameter(f"no miniature {mini!r} in this game", param_hint="--mini")


position_argument = click.argument("position", type=click.Path(allow_dash=True))


@click.group()
def rules() -> None:
    """Dreamblade rules questions about a saved position or record (JSON files)."""


@rules.command("spawn-cells")
@position_argument
@click.option("--seat", required=True, help="A or B")
@click.option("--mini", default=None, help="a miniature id such as A:noble-dragon#1")
def spawn_cells(position: str, seat: str, mini: str | None) -> None:
    """Cells where SEAT may spawn (a creature without spawning abilities, or --mini)."""
    game = _load(position)
    _checked(game, seat, mini)
    _emit({"seat": seat, "mini": mini, "cells": sorted(game.legal_spawn_cells(seat, mini))})


@rules.command("cost")
@position_argument
@click.option("--seat", required=True, help="A or B")
@click.option("--mini", required=True, help="a miniature id such as A:noble-dragon#1")
def cost(position: str, seat: str, mini: str) -> None:
    """What spawning MINI costs SEAT now: spawn cost plus uncovered aspect symbols."""
    game = _load(position)
    _checked(game, seat, mini)
    try:
        total = game.spawn_cost(seat, mini)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    base = game.setup.pieces[mini].mini.spawn_cost
    _emit(
        {
            "seat": seat,
            "mini": mini,
            "spawn_cost": base,
            "aspect_cost": total - (base or 0),
            "total": total,
        }
    )


@rules.command("shifts")
@position_argument
@click.option("--mini", default=None, help="one creature; all creatures on the map otherwise")
def shifts(position: str, mini: str | None) -> None:
    """Legal shift destinations per creature (engaged creatures have none)."""
    game = _load(position)
    _checked(game, mini=mini)
    minis = (
        [mini]
        if mini
        else [m.id for cell in game.board().values() for m in cell if m.kind == "creature"]
    )
    _emit({m: sorted(game.legal_shift_destinations(m)) for m in minis})


@rules.command("engaged")
@position_argument
def engaged(position: str) -> None:
    """Engaged creatures and contested cells."""
    game = _load(position)
    _emit(
        {"engaged": sorted(game.engaged_creatures()), "contested": sorted(game.contested_cells())}
    )


@rules.command("tally")
@position_argument
def tally(position: str) -> None:
    """Claims, conquest points now and who would win the turn if it were scored now."""
    game = _load(position)
    points = game.tally()
    unknown = conquest.unknown_claimed(game.setup, game.state)
    _emit(
        {
            "claims": game.claims(),
            "tally": points,
            "unknown_values": list(unknown),
            "turn_winner": None if unknown else conquest.turn_winner(points),
            "turn_wins": game.turn_wins(),
        }
    )


@rules.command("pending")
@position_argument
def pending(position: str) -> None:
    """The decision the game waits for and its legal actions."""
    game = _load(position)
    legal = game.legal_actions()
    count = len(legal)
    listed = [str(a) for a in legal] if count <= LISTED_ACTIONS else None
    _emit({"pending": game.pending().to_json(), "legal_count": count, "legal": listed})


@rules.command("check")
@position_argument
@click.argument("actions", nargs=-1, required=True)
@click.option("--save", type=click.Path(dir_okay=False), help="write the position after them")
def check(position: str, actions: tuple[str, ...], save: str | None) -> None:
    """Push ACTIONS (in notation) one by one: each is legal (with its events) or the first illegal
    one says which rule it breaks. The game waiting afterwards is shown; --save keeps it."""
    game = _load(position)
    results: list[dict[str, Any]] = []
    for text in actions:
        try:
            events = game.push(game.parse_action(text))
        except IllegalActionError as exc:
            results.append({"action": text, "legal": False, "rule": exc.rule, "reason": str(exc)})
            break
        except ValueError as exc:
            results.append({"action": text, "legal": False, "rule": "notation", "reason": str(exc)})
            break
        results.append({"action": text, "legal": True, "events": [e.to_json() for e in events]})
    if save:
        Path(save).write_text(
            json.dumps(game.position(), indent=2, ensure_ascii=False), encoding="utf-8"
        )
    _emit({"results": results, "pending": game.pending().to_json()})


@rules.command("new")
@click.option("--a", "warband_a", help="seat A's warband: a built-in name or a file (none: empty)")
@click.option("--b", "warband_b", help="seat B's warband: a built-in name or a file (none: empty)")
@click.option(
    "--map",
    "map_setting",
    default="default",
    show_default=True,
    help="a built-in map or a map file",
)
@click.option("--rule-430", is_flag=True, help="play by the tournament initiative rule 430")
def new(warband_a: str | None, warband_b: str | None, map_setting: str, rule_430: bool) -> None:
    """The position of a new game (before the first initiative roll), from the catalog; without
    warbands, an empty map for the position editor (`companion rules edit`)."""
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.dice import default_dice
    from companion.games.dreamblade.maps import map_from_setting

    try:
        catalog = default_catalog()
        warbands = {
            "A": _warband(warband_a, catalog) if warband_a else [],
            "B": _warband(warband_b, catalog) if warband_b else [],
        }
        faces = [face.name for face in default_dice().attack.faces]
        game = DreambladeGame(map_from_setting(map_setting), warbands, faces, Settings(rule_430))
    except ValueError as exc:  # DataFileError included: names the file and the field
        raise click.ClickException(str(exc)) from None
    _emit(game.position())


def _warband(setting: str, catalog: Any) -> list[Miniature]:
    from companion.games.dreamblade.warband import (
        builtin_warband,
        builtin_warband_names,
        load_warband,
    )

    band = (
        builtin_warband(setting, catalog)
        if setting in builtin_warband_names()
        else load_warband(setting, catalog)
    )
    return [catalog[mini] for mini, count in band.entries for _ in range(count)]


@rules.command("replay")
@click.argument("record", type=click.Path(allow_dash=True))
def replay(record: str) -> None:
    """Replay a game record and print the turn-by-turn tally."""
    game = _load(record)
    _emit(_summary(game))


@rules.command("demo")
def demo() -> None:
    """Play the scripted demo game and print the turn-by-turn tally."""
    from companion.games.dreamblade.demo_game import played_demo

    _emit(_summary(played_demo()))


def _summary(game: DreambladeGame) -> dict[str, Any]:
    return {
        "turns": [
            {"turn": r.turn, "claims": r.claims, "tally": r.tally, "winner": r.winner}
            for r in game.state.results
        ],
        "turn_wins": game.turn_wins(),
        "winner": game.winner(),
        "pending": game.pending().to_json(),
    }


rules.add_command(odds)
rules.add_command(roll)
rules.add_command(abilities)
