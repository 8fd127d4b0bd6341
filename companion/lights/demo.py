"""Demonstration positions for ``companion leds show`` and the scene previews: one hand-built
view per scene of every game (:data:`PREVIEWS`).

The 5×5 map: seat A's portal is a1, seat B's is e5. Mid-game, A holds b3 and d4, B
holds c3 and b2, and c4 is contested. The games on hexes and squares:
their kits' demonstration positions (``GameKit.led_scenes``) on the example layouts' maps.
A game's flourishes (``GameKit.flourishes``). ``remote``: the mid-game position at a
remote table where seat B plays at the other table, its creature in c3 moving to d3 again and
again (``playback``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.games import fixed_maps, kits
from companion.games.kit import LedScene
from companion.lights.board_view import BoardView
from companion.lights.colours import RGB, Palette
from companion.lights.flourishes import FLOURISHES, Flourish
from companion.lights.frame import Frame
from companion.lights.map_view import MapView
from companion.lights.playback import PLAYBACK_SECONDS, moves_between, playback
from companion.lights.scenes import SCENES, Scene, map_scene, state_scene
from companion.lights.virtual import VirtualLights
from firmware_config.layout import load_layout

BOARD_LAYOUT = "matrix16x16"  # the shipped layout the 5×5 map's scenes and flourishes are drawn on

_SCORING = {
    "A": {"b3": 2, "c3": 3, "d3": 2, "b4": 1, "c4": 2, "d4": 1},
    "B": {"b3": 2, "c3": 3, "d3": 2, "b2": 1, "c2": 2, "d2": 1},
}

MIDGAME = BoardView(
    phase="action",
    turn=3,
    phase_seat="A",
    pending_kind="choose_action",
    occupants={
        "a1": ("A",),
        "b3": ("A", "A"),
        "d4": ("A",),
        "c3": ("B",),
        "b2": ("B",),
        "c4": ("A", "B"),
        "e5": ("B",),
    },
    portals={"A": "a1", "B": "e5"},
    contested=frozenset({"c4"}),
    scoring=_SCORING,
    claims={"b3": "A", "d4": "A", "c3": "B", "b2": "B"},
    turn_wins={"A": 1, "B": 1},
    last_turn_winner="B",
)

DEMO_VIEWS: dict[str, BoardView] = {
    "spawn": replace(
        MIDGAME,
        phase="spawn",
        pending_kind="spawn",
        spawn_cells=frozenset({"a1", "b1", "c1", "e1"}),
    ),
    "shift": replace(
        MIDGAME,
        pending_kind="move",
        moving_from="b3",
        shift_destinations=frozenset({"a3", "b4", "a2", "c2", "a4"}),
    ),
    "strike": replace(MIDGAME, pending_kind="attack_dice"),
    "conquest": replace(
        MIDGAME, phase="conquest", phase_seat=None, pending_kind="confirm_conquest"
    ),
    "illegal": replace(MIDGAME, flagged=frozenset({"e3"})),
    "turn_won": replace(MIDGAME, phase="initiative", turn=4, pending_kind="initiative"),
    "game_won": replace(
        MIDGAME, phase="game_over", phase_seat=None, pending_kind="none", winner="A"
    ),
}


# Seat B at the other table: its miniatures (ids for the playback), then one moved c3 → d3.
_B_MINIS = {"B:c3": ("B", "c3"), "B:b2": ("B", "b2"), "B:c4": ("B", "c4"), "B:e5": ("B", "e5")}
REMOTE_VIEW = replace(MIDGAME, absent=frozenset({"B"}), absent_minis=_B_MINIS)
REMOTE_MOVED = replace(
    REMOTE_VIEW,
    occupants={**{c: o for c, o in MIDGAME.occupants.items() if c != "c3"}, "d3": ("B",)},
    absent_minis={**_B_MINIS, "B:c3": ("B", "d3")},
)
REMOTE_CYCLE = PLAYBACK_SECONDS + 1.5  # the move, then the board still for a moment


def remote_preview(t: float, palette: Palette) -> Frame:
    """The remote table's position, the absent seat's move playing at the start of each cycle."""
    moves = moves_between(REMOTE_VIEW, REMOTE_MOVED)
    return state_scene(REMOTE_MOVED, t, palette, playback(moves, t % REMOTE_CYCLE, palette))


def demo_view(scene: str) -> BoardView:
    """The demo position suited to ``scene`` (the mid-game position for the others)."""
    return DEMO_VIEWS.get(scene, MIDGAME)


# -- the other games: their kits' scenes on hex and square maps, and their flourishes -------------


def map_view(scene: LedScene) -> MapView:
    """The view of a kit's demonstration position."""
    return MapView(
        seats=scene.seats,
        pieces=scene.pieces.pieces,
        glyphs=scene.pieces.glyphs,
        prompted=scene.prompted,
        tapped=scene.pieces.tapped,
        wounded=scene.pieces.wounded,
        over=scene.over,
        winners=scene.pieces.winners,
    )


@dataclass(frozen=True)
class Preview:
    """One scene shown from a demonstration position: the game it belongs to, the shipped layout
    it is drawn on unless another is given, and the frame at each moment."""

    game: str
    layout: str
    draw: Callable[[float, Palette], Frame]


def _board(scene: Scene, view: BoardView) -> Callable[[float, Palette], Frame]:
    return lambda t, palette: scene(view, t, palette)


def _map(view: MapView) -> Callable[[float, Palette], Frame]:
    return lambda t, palette: map_scene(view, t, palette)


def _flourish(flourish: Flourish) -> Callable[[float, Palette], Frame]:
    return lambda t, palette: flourish.scene(t % flourish.seconds, palette)


def _previews() -> dict[str, Preview]:
    """Every game's scenes: the 5×5 map's scenes for the game played on it, then each kit's own
    scenes and flourishes, game by game."""
    previews: dict[str, Preview] = {}
    for kit in kits():
        if kit.map_size is not None:  # its own map: the 5×5 map
            for name, scene in SCENES.items():
                previews[name] = Preview(kit.name, BOARD_LAYOUT, _board(scene, demo_view(name)))
            previews["remote"] = Preview(kit.name, BOARD_LAYOUT, remote_preview)
        for led_scene in kit.led_scenes:
            previews[led_scene.name] = Preview(
                kit.name, led_scene.layout, _map(map_view(led_scene))
            )
        for flourish_name in kit.flourishes.values():
            flourish = FLOURISHES[flourish_name]
            previews[flourish.name] = Preview(kit.name, BOARD_LAYOUT, _flourish(flourish))
    return previews


PREVIEWS: dict[str, Preview] = _previews()


def preview_colours(
    name: str, seconds: float, fps: int, palette: Palette | None = None
) -> list[dict[str, RGB]]:
    """``seconds`` of scene ``name`` at ``fps`` frames a second on its layout's LEDs, each frame
    read back cell by cell as the panel's mirror reads the live chain (``VirtualLights``)."""
    preview = PREVIEWS[name]
    count = max(1, round(seconds * fps))
    lights = VirtualLights(load_layout(preview.layout, fixed_maps()), keep=count)
    for step in range(count):
        lights.show_frame(preview.draw(step / fps, palette or Palette()))
    return [frame.cells for frame in lights.frames]
