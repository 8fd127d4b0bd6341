"""The LED mirror's scene previews (web_panel/led_previews.py): every game's scenes, the same as
``companion leds show`` draws, read back through the virtual chain as the live mirror is."""

from __future__ import annotations

import pytest

from companion.games import fixed_maps
from companion.lights.demo import PREVIEWS
from firmware_config.layout import load_layout
from tests.web_panel.conftest import Phone
from web_panel.i18n import LANGUAGES, catalog
from web_panel.led_previews import PREVIEW_SECONDS
from web_panel.stream import LED_FRAMES_PER_SECOND


def test_every_games_scenes_are_listed_with_their_meaning(spectator: Phone):
    scenes = spectator.get("/api/leds/scenes").get_json()["scenes"]
    assert sorted(s["name"] for s in scenes) == sorted(PREVIEWS)
    games = [s["game"] for s in scenes]
    in_turn = [game for n, game in enumerate(games) if n == 0 or games[n - 1] != game]
    assert in_turn == ["dreamblade", "dungeon_command", "arena", "planechase"]  # game by game
    spawn = next(s for s in scenes if s["name"] == "spawn")
    assert "portal" in spawn["legend"]
    japanese = spectator.get("/api/leds/scenes", headers={"Accept-Language": "ja"}).get_json()
    assert "ポータル" in next(s for s in japanese["scenes"] if s["name"] == "spawn")["legend"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_scene_has_a_name_on_the_panel(language: str):
    missing = [name for name in PREVIEWS if f"leds.scene.{name}" not in catalog(language)]
    assert missing == []


def test_a_preview_is_the_scene_as_the_mirror_would_show_it(spectator: Phone):
    preview = spectator.get("/api/leds/scenes/dungeon_command").get_json()
    assert (preview["game"], preview["layout"]) == ("dungeon_command", "example_squares_6x4")
    assert preview["fps"] == LED_FRAMES_PER_SECOND
    frames = preview["frames"]
    assert len(frames) == round(PREVIEW_SECONDS * LED_FRAMES_PER_SECOND)
    layout = load_layout("example_squares_6x4", fixed_maps())
    assert all(set(frame) == set(layout.cells) for frame in frames)
    assert frames[0]["a1"] != "#000000" and frames[0]["f1"] == "#000000"  # a creature, none
    assert len({frame["d3"] for frame in frames}) > 1  # the square a creature left flashes


def test_the_spawn_preview_sets_the_portal_apart(spectator: Phone):
    first = spectator.get("/api/leds/scenes/spawn").get_json()["frames"][0]
    assert first["a1"] != first["b1"] and first["b1"] == first["c1"]  # portal, other spawn cells


def test_an_unknown_scene_is_refused_in_the_phones_language(spectator: Phone):
    response = spectator.get("/api/leds/scenes/nothing", headers={"Accept-Language": "ja"})
    assert response.status_code == 404
    assert response.get_json()["message"] == catalog("ja")["error.not_found"]
