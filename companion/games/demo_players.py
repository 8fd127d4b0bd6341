"""The made-up players the games' scripted demos seat, named as a table in each language names
them. The other games' demos seat them by id ("ann", "ben", "cho"): such a demo lists its seats
as ``PLAYER_NAMES = players(SEATS)``, which ``companion demo --game …`` seats by name and colour
(companion/simulation/other_games.py), and its printed lines name them with ``player`` and
``named_details``. A demo of lettered seats seats two of them at "A" and "B" (``seated``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

DEMO_PLAYERS: dict[str, dict[str, str]] = {
    "ann": {"en": "Anna Weber", "ja": "アンナ・ウェーバー"},
    "ben": {"en": "Ben Sato", "ja": "佐藤ベン"},
    "cho": {"en": "Cho Min-seo", "ja": "チョ・ミンソ"},
}


def players(seats: Iterable[str]) -> dict[str, dict[str, str]]:
    """The names of a demo's ``seats`` (``KeyError`` for a seat no demo player sits at)."""
    return {seat: dict(DEMO_PLAYERS[seat]) for seat in seats}


def seated(players_at: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The names of a demo whose seats are not its players' ids (seats "A" and "B"):
    seat → the demo player sitting there (``{"A": "ann"}``)."""
    return {seat: dict(DEMO_PLAYERS[who]) for seat, who in players_at.items()}


def player(seat: object, lang: str = "en") -> str:
    """A seat's player by name (anything that is not one of the demo's seats, unchanged)."""
    names = DEMO_PLAYERS.get(seat) if isinstance(seat, str) else None
    return names[lang] if names else str(seat)


def named_details(details: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A pending's details with the demo's seats named: a seat given as a value (the winner, the
    plane's controller) and the seats keying a per-seat figure (morale, scores)."""
    named: dict[str, Any] = {}
    for key, value in details.items():
        if isinstance(value, str) and value in DEMO_PLAYERS:
            value = player(value, lang)
        elif isinstance(value, dict) and value and all(k in DEMO_PLAYERS for k in value):
            value = {player(k, lang): v for k, v in value.items()}
        named[key] = value
    return named
