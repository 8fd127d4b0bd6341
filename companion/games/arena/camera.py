"""Arena of the Planeswalkers read by the camera: figures on hexes, summons and moves, and the
rolls the players owe when a figure leaves an engagement. Pure: the camera
(``companion/camera/game_sync.py``) proposes what :func:`reconcile` gives and flags the rest.

Tags: figure ``<card>-<n>`` of a squad wears ``ar:<card>#<n>`` (QR payload ``1AR<card>:<n>``); a
single figure (planeswalker, hero) wears ``ar:<card>#1``. The :class:`Battlefield` says which hexes
are glyph spots and purple scoring spaces — the scenario maps are not in our sources, so the
players set them (``camera.battlefield`` in the table settings, see docs/games.md).

After every committed change the camera board (tag → hex) is compared with the engine:

- a reserve figure put down while it may be summoned → ``summon <figure> <hex>``;
- a figure of the chosen army card that may still move, seen on a new hex →
  ``move <figure> <place> <hex>`` (the place is the glyph spot, ``scoring`` or ``field`` the hex
  is); the camera acts for the player, as it moves on the 5×5 map;
- a figure that stopped on a face-down glyph is *prompted*: only the players see which glyph it
  is (``move <figure> <spot>=<glyph> <hex>``);
- a moved figure that was next to an enemy and no longer is *prompts* a leaving-engagement roll
  (``disengage <figure> <enemy> 0|1``): the enemy's die is rolled at the table;
- everything else is a :class:`~companion.games.board_reading.Note` flagged on the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.games.arena.game import Arena
from companion.games.arena.setup import FIELD, GRAVEYARD, RESERVE, SCORING, Setup
from companion.games.board_reading import Note, identify
from companion.games.kit import CameraReading, MissingSetting, Reading
from vision.board_change import BoardChange, TagId
from vision.hex_grid import HexGrid

TAG_GAME = "ar"
# A figure left an engagement or stopped on a face-down glyph: data as ``Prompt.to_json``
CAMERA_PROMPTED = "arena.camera_prompted"
# After every sync: the figures the camera sees now (data: ``hexes``, figure → hex), so a figure
# moved off a face-down glyph clears its prompt on the panel.
CAMERA_SEEN = "arena.camera_seen"


def registry(setup: Setup) -> dict[TagId, str]:
    """Tag → figure id for every figure of every army."""
    tags: dict[TagId, str] = {}
    for army in setup.armies:
        for card in army.cards:
            for n, fid in enumerate(card.figure_ids(), start=1):
                tags[TagId(TAG_GAME, card.id, n)] = fid
    return tags


@dataclass(frozen=True)
class Battlefield:
    """The hex map, the hex of each glyph spot and the purple scoring hexes."""

    hexes: HexGrid
    glyph_hexes: Mapping[str, str] = field(default_factory=dict)  # spot → hex
    scoring_hexes: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        named = [*self.glyph_hexes.values(), *self.scoring_hexes]
        for hex_name in named:
            self.hexes.index_of(hex_name)  # ValueError names a hex off the map
        if len(set(named)) != len(named):
            raise ValueError("a hex is either one glyph spot or a scoring space, not both")

    def place_of(self, hex_name: str) -> str:
        """The engine place a figure standing on ``hex_name`` is in (before glyphs leave)."""
        for spot, spot_hex in self.glyph_hexes.items():
            if spot_hex == hex_name:
                return spot
        return SCORING if hex_name in self.scoring_hexes else FIELD


def battlefield(hexes: HexGrid, settings: Mapping[str, Any], game: Arena) -> Battlefield:
    """The battlefield of ``camera.battlefield``: the hex of every glyph spot of the game and,
    when the melee scores on them, the purple spaces (:class:`MissingSetting` if one is not set;
    ``ValueError`` naming a hex off the map)."""
    spots = set(game.setup.glyphs)
    glyph_hexes = settings.get("glyph_hexes") or {}
    scoring = settings.get("scoring_hexes") or []
    if not isinstance(glyph_hexes, Mapping) or set(glyph_hexes) != spots:
        expected = f"the hex of each glyph spot ({', '.join(sorted(spots))})"
        raise MissingSetting("glyph_hexes", expected)
    if not isinstance(scoring, list) or (
        game.setup.rules.scoring == "glyph_spaces" and not scoring
    ):
        raise MissingSetting("scoring_hexes", "the purple spaces' hexes")
    return Battlefield(
        hexes, {str(k): str(v) for k, v in glyph_hexes.items()}, frozenset(map(str, scoring))
    )


@dataclass(frozen=True)
class Prompt:
    """Something only the players can enter: ``kind`` is ``disengage`` or ``reveal_glyph``."""

    kind: str
    figure: str
    hex: str
    enemy: str | None = None
    spot: str | None = None

    @property
    def flag_kind(self) -> str:
        return self.kind

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.hex,)

    @property
    def event(self) -> str:
        return CAMERA_PROMPTED

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def about(self) -> dict[str, str]:
        """What a flag of this prompt concerns: the figure (``subject``), the hex it stopped on
        (``cell``), and the enemy it left or the glyph spot it stopped on."""
        extra = {"enemy": self.enemy, "spot": self.spot}
        named = {key: value for key, value in extra.items() if value is not None}
        return {"subject": self.figure, "cell": self.hex, **named}


@dataclass(frozen=True)
class Reconciliation:
    proposals: tuple[str, ...]
    prompts: tuple[Prompt, ...]
    notes: tuple[Note, ...]


def reconcile(
    seen: Mapping[TagId, str],
    tags: Mapping[TagId, str],
    game: Arena,
    battlefield: Battlefield,
    moved: Mapping[TagId, tuple[str, str]] | None = None,
) -> Reconciliation:
    """``seen``: tag → hex now; ``moved``: the change's moves (tag → (from, to)), which say where
    a figure the engine has no hex for came from. Reads ``game`` only."""
    came_from = {tags[tag]: hexes[0] for tag, hexes in (moved or {}).items() if tag in tags}
    hexes, notes = identify(seen, tags)
    legal = {str(action) for action in game.legal_actions()}
    pending = game.pending()
    state = game.state
    summons: list[str] = []
    moves: list[str] = []
    prompts: list[Prompt] = []
    for fid, hex_name in sorted(hexes.items()):
        figure = state.figures[fid]
        if figure.place == RESERVE and f"summon {fid}" in legal:
            summons.append(f"summon {fid} {hex_name}")
            continue
        if figure.place in (RESERVE, GRAVEYARD):
            summoning = pending.kind == "summon" and figure.owner == pending.seat
            wrong = figure.place == RESERVE and summoning  # e.g. a third squad figure
            notes.append(Note("illegal" if wrong else "take_off", fid, hex_name))
            continue
        before = figure.hex or came_from.get(fid)
        if figure.hex == hex_name or before is None:
            continue  # where it stood, or a first sighting of a figure placed before the camera
        place = battlefield.place_of(hex_name)
        if place in state.gone:
            place = FIELD
        if f"move {fid} {place}" in legal:
            moves.append(f"move {fid} {place} {hex_name}")
            prompts += _left_engagements(fid, before, hex_name, hexes, game, battlefield, legal)
        elif state.glyphs.get(place, "") is None and any(
            action.startswith(f"move {fid} {place}=") for action in legal
        ):
            prompts.append(Prompt("reveal_glyph", fid, hex_name, spot=place))
        else:
            wrong = figure.owner == pending.seat and pending.kind in ("summon", "move")
            notes.append(Note("illegal" if wrong else "put_back", fid, hex_name, figure.hex))
    for fid in game.on_battlefield():
        if fid not in hexes:
            notes.append(Note("put_back", fid, None, state.figures[fid].hex))
    # summons first: the first move ends the summoning
    return Reconciliation((*summons, *moves), tuple(prompts), tuple(notes))


def _left_engagements(
    fid: str,
    before: str,
    after: str,
    hexes: Mapping[str, str],
    game: Arena,
    battlefield: Battlefield,
    legal: set[str],
) -> list[Prompt]:
    """A prompt for each enemy next to ``before`` and not next to ``after``."""
    near_before = set(battlefield.hexes.neighbours(before))
    near_after = set(battlefield.hexes.neighbours(after))
    prompts = []
    for enemy, enemy_hex in sorted(hexes.items()):
        left = enemy_hex in near_before and enemy_hex not in near_after
        if left and f"disengage {fid} {enemy} 0" in legal:
            prompts.append(Prompt("disengage", fid, after, enemy=enemy))
    return prompts


def refused(proposal: str, change: BoardChange, tags: Mapping[TagId, str], game: Arena) -> Note:
    """The note for a summon or move the engine refused: the figure, the hex it was put on and
    the hex the engine has it on, if any."""
    fid, hex_name = proposal.split()[1], proposal.split()[-1]
    return Note("illegal", fid, hex_name, game.figure(fid).hex)


def seen_now(change: BoardChange, tags: Mapping[TagId, str]) -> dict[str, Any]:
    """The figures the camera sees now: ``hexes``, figure → hex."""
    return {"hexes": {tags[tag]: hex_name for tag, hex_name in change.board.items() if tag in tags}}


def reading(
    change: BoardChange, tags: Mapping[TagId, str], game: Arena, field: Battlefield
) -> Reading:
    """What the camera makes of a committed ``change`` (see :func:`reconcile`)."""
    found = reconcile(change.board, tags, game, field, change.moved)
    return Reading(found.proposals, found.prompts, found.notes)


def open_prompt(data: Mapping[str, Any]) -> dict[str, Any]:
    """The prompt the phones list for a ``CAMERA_PROMPTED`` event."""
    return {
        "kind": data["kind"],
        "subject": data["figure"],
        "where": data.get("hex"),
        "enemy": data.get("enemy"),
        "spot": data.get("spot"),
    }


def cleared(prompt: Mapping[str, Any], seen: Mapping[str, Any]) -> bool:
    """A face-down glyph's prompt is settled once its figure is seen off that hex."""
    hexes = seen["hexes"]
    return prompt["kind"] == "reveal_glyph" and hexes.get(prompt["subject"]) != prompt["where"]


CAMERA = CameraReading(
    registry=registry,
    field=battlefield,
    reconcile=reading,
    refused=refused,
    seen_event=CAMERA_SEEN,
    seen=seen_now,
    prompt_event=CAMERA_PROMPTED,
    open_prompt=open_prompt,
    cleared=cleared,
    tag_game=TAG_GAME,
    card_kind="army_card",
)
