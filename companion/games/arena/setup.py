"""Armies, scenario and glyph placement, checked against seed 003.

Army card numbers are printed on the cards; the companion knows only a few of them
(``data/armies.yaml``), so the players type in the rest. A typed value that contradicts a known one
is refused. Each army has exactly one planeswalker and costs at most the scenario's army points.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from companion.errors import SetupError
from companion.games.arena.data_files import CARD_KINDS, Scenario, glyphs, known_cards, scenarios

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
RESERVE, FIELD, SCORING, GRAVEYARD = "reserve", "field", "scoring", "graveyard"
PLACES = (RESERVE, FIELD, SCORING, GRAVEYARD)  # a figure's place, beside the glyph spots
REQUIRED = ("figures", "life", "power", "toughness", "cost")
OPTIONAL = ("ppf", "move", "range", "height")


@dataclass(frozen=True)
class ArmyCard:
    """The numbers the engine uses: ``power``/``toughness`` are attack/defence dice; ``ppf`` is
    the point cost per figure of a squad (scoring); move, range and height are shown only."""

    id: str
    name: str
    kind: str
    figures: int
    life: int
    power: int
    toughness: int
    cost: int
    ppf: int | None = None
    move: int | None = None
    range: int | None = None
    height: int | None = None

    def __post_init__(self) -> None:
        if not NAME.match(self.id):
            raise ValueError(f"bad army card id {self.id!r} (lower-case letters, digits, - or _)")
        if self.kind not in CARD_KINDS:
            raise ValueError(f"{self.id}: kind must be one of {', '.join(CARD_KINDS)}")
        for key in REQUIRED:
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{self.id}: {key} must be a whole number ≥ 0")
        if self.figures < 1 or self.life < 1:
            raise ValueError(f"{self.id}: needs at least one figure and one life")
        if self.kind != "squad" and self.figures != 1:
            raise ValueError(f"{self.id}: a {self.kind} is a single figure")
        if self.kind == "squad" and self.ppf is None:
            raise ValueError(f"{self.id}: a squad needs its point cost per figure (ppf)")

    def figure_ids(self) -> list[str]:
        if self.figures == 1:
            return [self.id]
        return [f"{self.id}-{n}" for n in range(1, self.figures + 1)]

    @property
    def points_per_figure(self) -> int:
        """Scoring value of one figure: the squad's ppf, else the card's cost."""
        return self.ppf if self.ppf is not None else self.cost


def army_card(card_id: str, **typed: Any) -> ArmyCard:
    """An army card from what the data knows plus what the players typed in."""
    known = known_cards().get(card_id)
    values: dict[str, Any] = dict(typed)
    if known is not None:
        for key, value in {"name": known.name, "kind": known.kind, **known.values}.items():
            if value is None:
                continue
            if key in typed and typed[key] != value:
                raise ValueError(f"{known.name}'s {key} is {value}, not {typed[key]}")
            values[key] = value
    missing = [key for key in ("name", "kind", *REQUIRED) if values.get(key) is None]
    if missing:
        raise ValueError(f"{card_id}: type in {', '.join(missing)} from the army card")
    unknown = set(values) - {"name", "kind", *REQUIRED, *OPTIONAL}
    if unknown:
        raise ValueError(f"{card_id}: unknown fields {', '.join(sorted(unknown))}")
    return ArmyCard(id=card_id, **values)


@dataclass(frozen=True)
class Army:
    seat: str
    cards: tuple[ArmyCard, ...]
    team: str | None = None

    @property
    def planeswalker(self) -> ArmyCard:
        return next(card for card in self.cards if card.kind == "planeswalker")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "team": self.team, "cards": [asdict(c) for c in self.cards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Army:
        cards = tuple(ArmyCard(**card) for card in data["cards"])
        return cls(data["seat"], cards, data.get("team"))


@dataclass(frozen=True)
class Setup:
    """The scenario, the armies in turn order, and the glyph on each glyph spot (``None``: placed
    planeswalker side up, so unknown until a figure stops on it)."""

    scenario: str
    armies: tuple[Army, ...]
    glyphs: Mapping[str, str | None]

    def __post_init__(self) -> None:
        rules = self.rules
        players = len(self.armies)
        if players not in rules.turns:
            allowed = ", ".join(str(n) for n in sorted(rules.turns))
            raise ValueError(f"{self.scenario} is for {allowed} players, not {players}")
        seats = [army.seat for army in self.armies]
        if len(set(seats)) != players or not all(NAME.match(seat) for seat in seats):
            raise ValueError(f"each player needs a different seat name, got {seats}")
        self._check_teams(rules)
        ids: set[str] = set()
        for army in self.armies:
            self._check_army(army, rules, ids)
        self._check_glyphs(rules)

    @property
    def rules(self) -> Scenario:
        try:
            return scenarios()[self.scenario]
        except KeyError:
            known = ", ".join(scenarios())
            raise ValueError(f"unknown scenario {self.scenario!r} (known: {known})") from None

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(army.seat for army in self.armies)

    @property
    def turns(self) -> int:
        """The last space of the turn track for this scenario and number of players."""
        return self.rules.turns[len(self.armies)]

    def army(self, seat: str) -> Army:
        return next(army for army in self.armies if army.seat == seat)

    def side(self, seat: str) -> str:
        """The seat's side: its team in a team game, else the seat itself."""
        return self.army(seat).team or seat

    def display_names(self) -> dict[str, str]:
        """Card id or figure id → what the players call it: the card's name, numbered for the
        figures of a squad (``Soldiers 2``)."""
        names = {}
        for army in self.armies:
            for card in army.cards:
                names[card.id] = card.name
                figures = card.figure_ids()
                for number, fid in enumerate(figures, start=1):
                    names[fid] = f"{card.name} {number}" if len(figures) > 1 else card.name
        return names

    def _check_teams(self, rules: Scenario) -> None:
        teams = [army.team for army in self.armies]
        if not rules.teams:
            if any(teams):
                raise ValueError(f"{self.scenario} is played without teams")
            return
        if None in teams or len(set(teams)) != 2:
            raise ValueError(f"{self.scenario} is played by two teams: give every player a team")
        if teams.count(teams[0]) * 2 != len(teams):
            raise ValueError("both teams need the same number of players")

    @staticmethod
    def _check_army(army: Army, rules: Scenario, ids: set[str]) -> None:
        walkers = [card for card in army.cards if card.kind == "planeswalker"]
        if len(walkers) != 1:
            raise SetupError(
                f"{army.seat}: an army has exactly one planeswalker",
                "one_planeswalker",
                seat=army.seat,
                count=len(walkers),
            )
        cost = sum(card.cost for card in army.cards)
        if cost > rules.army_points:
            raise SetupError(
                f"{army.seat}: the army costs {cost}, over {rules.army_points}",
                "over_points",
                seat=army.seat,
                cost=cost,
                points=rules.army_points,
            )
        names = [card.name.casefold() for card in army.cards]
        twice = next(
            (card.name for card in army.cards if names.count(card.name.casefold()) > 1), None
        )
        if twice is not None:
            raise SetupError(
                f"{army.seat}: {twice} is in the army twice",
                "card_twice",
                seat=army.seat,
                card=twice,
            )
        for card in army.cards:
            for figure in card.figure_ids():
                if figure in ids:
                    raise ValueError(f"figure {figure} appears twice: give the cards other ids")
                ids.add(figure)

    def _check_glyphs(self, rules: Scenario) -> None:
        known = glyphs()
        placed = [glyph for glyph in self.glyphs.values() if glyph is not None]
        for spot in self.glyphs:
            if not NAME.match(spot) or spot in PLACES:
                raise ValueError(f"bad glyph spot name {spot!r} (not one of {', '.join(PLACES)})")
        if rules.glyphs_face == "ability" and len(placed) != len(self.glyphs):
            raise ValueError(f"{self.scenario}: glyphs are placed ability side up — name each")
        if rules.glyphs_face == "planeswalker" and placed:
            raise ValueError(f"{self.scenario}: glyphs are placed face down — leave them unnamed")
        if len(self.glyphs) > len(known):
            raise ValueError(f"the box holds {len(known)} glyphs")
        unknown = [glyph for glyph in placed if glyph not in known]
        if unknown:
            raise ValueError(f"unknown glyphs {', '.join(unknown)}")
        if len(set(placed)) != len(placed):
            raise ValueError("each glyph can be placed only once")

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "armies": [army.to_json() for army in self.armies],
            "glyphs": dict(self.glyphs),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        try:
            armies = tuple(Army.from_json(army) for army in data["armies"])
            return cls(data["scenario"], armies, dict(data["glyphs"]))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an Arena setup: {exc!r}") from exc
