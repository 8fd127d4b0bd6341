"""The phone's main journeys in WebKit, Safari's engine (every iPhone browser uses it), against a
real ``companion run``: join by link, a Dreamblade turn with its dice entered on the phone, a
refusal said in the page's language, the Japanese page, the keep-awake fallback and a remote game's
pause. The phone is 390×844; any page error fails the test (``conftest.py``). The phone opens the
panel by a name on the table's network over plain HTTP, as a phone on the table's Wi-Fi does: no
secure context, so no Screen Wake Lock API (iPhones joining a Pi's panel meet that fallback)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.remote.broker import RemoteBroker, host_section, start_broker, stop_broker
from companion.remote.broker import write_broker as write_remote_broker
from tests.companion.hub.mqtt import wait_for
from tests.web_panel.visible_text import LATIN_WORD, english_in, internal_ids
from tests.web_panel.webkit.conftest import DEMO_WARBANDS, NAMES, Game
from tests.web_panel.webkit.phone import Phone
from tests.web_panel.webkit.proxy import PanelProxy
from tests.web_panel.webkit.tables import PanelClient, TableProcess, free_port
from web_panel.i18n import translate

pytestmark = [pytest.mark.browser, pytest.mark.process]

# seat A's deathblow in turn 3 (the demo script's): its attack dice, entered on the phone
DEATHBLOW = DEMO_ACTIONS.index("dice 1,2,blade")
assert DEMO_ACTIONS[DEATHBLOW - 1] == "destroy A:sir-glorious#1"  # its deathblow is seat A's


def _seated(phone: Phone, game: Game, seat: str = "A") -> None:
    phone.open(game.join_link(seat))
    phone.wait_contains("#viewer", f"Seat {seat}")


def _refused(phone: Phone, lang: str) -> None:
    """A die of 7 sent as the page sends an initiative roll: the table refuses it, and the page
    says so in ``lang``."""
    phone.js("document.getElementById('toast').hidden = true")
    phone.js("Panel.propose({verb: 'initiative', args: {a: 7, b: 5}})")
    phone.until(lambda: phone.shown(phone.find("#toast")), "the refusal")
    phone.wait_contains("#toast", translate(lang, "error.illegal").rstrip(".。"))


def test_join_by_link(phone: Phone, game: Game):
    link = game.join_link("A")
    phone.open(link)
    phone.wait_contains("#viewer", "Seat A")
    phone.wait_attribute("body", "data-live", "yes")
    phone.wait_version(0)
    assert "/join/" not in phone.driver.current_url  # the seat's token is not left in the bar
    assert phone.js("return [innerWidth, innerHeight, navigator.language]") == [390, 844, "en-US"]
    phone.screenshot("joined")
    # the page loaded again (a phone's browser restored) is still seat A's
    phone.open(game.base + "/")
    phone.wait_contains("#viewer", "Seat A")


def test_a_dreamblade_turn_with_the_dice_entered_on_the_phone(phone: Phone, game: Game):
    _seated(phone, game)
    phone.wait_version(0)
    # initiative: both dice tapped on this phone
    phone.tap('.db-die-row[data-seat="A"] [data-die="6"]')
    # the first tap starts the keep-awake video, and its note above the decision goes: the
    # page moves up under the thumb once it has gone (a tap before lands elsewhere)
    phone.wait_attribute("body", "data-wake", "video")
    phone.tap('.db-die-row[data-seat="B"] [data-die="5"]')
    phone.tap("#init-send")
    phone.wait_version(1)
    # spawn: pick the miniature, tap its portal on the board, then done
    phone.tap('#pending [data-mini="A:sir-glorious#1"]')
    phone.tap('.db-cell.target[data-cell="a1"]')
    phone.wait_version(2)
    phone.tap('#pending [data-action="done"]')
    phone.wait_version(3)
    # the game on to seat A's deathblow (the map's values were given at set-up: no value asked)
    version = game.judge.push(*(a for a in DEMO_ACTIONS[3:DEATHBLOW] if not a.startswith("value")))
    phone.wait_version(version)
    send = phone.find("#dice-send")
    assert not send.is_enabled()  # no dice entered yet
    for face in ("1", "2", "blade"):  # counts per face, as a player enters what came up
        phone.tap_text(f'.db-stepper[data-key="{face}"] button', "+")
    assert not internal_ids(phone.text("body"))
    phone.screenshot("attack-dice")
    phone.tap("#dice-send")
    phone.wait_version(version + 1)
    entry = game.judge.get("/api/log")["entries"][-1]
    assert (entry["seat"], entry["action"]) == ("A", "dice 1,2,blade")
    phone.wait_contains("#log li", translate("en", "action.dice", faces="").strip())


def test_a_refusal_is_said_in_english_and_changes_nothing(phone: Phone, game: Game):
    _seated(phone, game)
    phone.wait_version(0)
    _refused(phone, "en")
    assert game.judge.state()["version"] == 0
    phone.screenshot("refused-en")


def test_the_japanese_page(phone: Phone, game: Game):
    _seated(phone, game)
    phone.tap("#lang-toggle")  # the page's own switch
    phone.wait_attribute("html", "lang", "ja")
    phone.wait_contains("#viewer", "席")
    phone.wait_text("#lang-toggle", translate("ja", "lang.other"))
    phone.wait_text("#wake-note", translate("ja", "wake.tap"))
    phone.wait_contains("#pending h3", translate("ja", "kind.initiative_roll"))
    _refused(phone, "ja")
    assert game.judge.state()["version"] == 0
    shown = phone.text("body")
    assert not english_in(shown, _proper_names()), english_in(shown, _proper_names())
    assert not internal_ids(shown)
    phone.screenshot("japanese")


def _proper_names() -> set[str]:
    """The words a Japanese page may show in Latin letters: the miniatures' and the map's names."""
    from companion.games.dreamblade.catalog import builtin_catalog_path, load_catalog
    from companion.games.dreamblade.maps import builtin_map

    catalog = load_catalog(builtin_catalog_path())
    names = [catalog[m["id"]].name for band in DEMO_WARBANDS.values() for m in band["miniatures"]]
    return set(LATIN_WORD.findall(" ".join([*names, builtin_map("default").name])))


HIDE = """
const state = arguments[0] ? "hidden" : "visible";
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
document.dispatchEvent(new Event("visibilitychange"));
"""
VIDEO = """
const video = document.getElementById("keep-awake");
return video ? {paused: video.paused, muted: video.muted, loop: video.loop,
                time: video.currentTime, error: video.error && video.error.code} : null;
"""


def test_the_keep_awake_fallback(phone: Phone, game: Game):
    _seated(phone, game)
    assert phone.js("return [isSecureContext, 'wakeLock' in navigator]") == [False, False]
    phone.wait_attribute("body", "data-wake", "tap")  # it asks for one tap
    phone.wait_text("#wake-note", translate("en", "wake.tap"))
    assert phone.js(VIDEO) is None
    phone.tap("#status")  # the player's first tap, anywhere
    phone.wait_attribute("body", "data-wake", "video")
    phone.until(lambda: not phone.shown(phone.find("#wake-note")), "the note gone")
    played = phone.until(lambda: (v := phone.js(VIDEO)) and v["time"] > 0.2 and v, "it playing")
    assert played["muted"] and played["loop"] and not played["paused"], played
    phone.js(HIDE, True)  # hidden: the video stops
    phone.until(lambda: phone.js(VIDEO)["paused"], "the video stopped")
    phone.js(HIDE, False)  # shown again: it plays again, with no new tap
    phone.until(lambda: not phone.js(VIDEO)["paused"], "the video playing again")
    phone.wait_attribute("body", "data-wake", "video")


@dataclass
class RemotePair:
    host: TableProcess
    guest: TableProcess
    broker: RemoteBroker
    process: subprocess.Popen[bytes] | None  # the broker's


@pytest.fixture
def remote_pair(tmp_path: Path) -> Iterator[RemotePair]:
    """Two ``companion run`` tables linked through a real Mosquitto (``companion remote
    broker``'s): the host's invite, joined by the guest's table screen."""
    plan = RemoteBroker(tmp_path / "broker", "127.0.0.1", port=free_port(), listen="127.0.0.1")
    found = write_remote_broker(plan)
    pair = RemotePair(
        TableProcess(tmp_path / "host", {"remote": host_section(plan, found)}),
        TableProcess(tmp_path / "guest", {}),
        plan,
        start_broker(plan),
    )
    try:
        pair.host.start()
        pair.guest.start()
        host, guest = PanelClient(pair.host.url), PanelClient(pair.guest.url)
        code = host.post("/api/remote/invite", {})["code"]
        guest.post("/api/remote/join", {"code": code})
        linked = wait_for(lambda: all(_live(c) for c in (host, guest)), seconds=30)
        assert linked, (host.state()["remote"], guest.state()["remote"])
        yield pair
    finally:
        pair.guest.stop()
        pair.host.stop()
        if pair.process is not None:
            stop_broker(pair.process)


def _live(client: PanelClient) -> bool:
    remote = client.state()["remote"]
    return bool(remote and remote.get("bound", True) and not remote.get("paused"))


def _banner(phone: Phone, lang: str, state: str, key: str) -> None:
    phone.wait_attribute("#remote-banner", "data-state", state)
    phone.wait_text("#remote-banner", translate(lang, key))


def test_a_remote_game_paused_by_the_link_shows_the_pause(
    phone: Phone, remote_pair: RemotePair, webkit_proxy: PanelProxy
):
    base = webkit_proxy.route(f"g{next(NAMES)}.table.test", remote_pair.guest.port)
    phone.open(base + PanelClient(remote_pair.guest.url).join_path("B"))
    phone.wait_contains("#viewer", "Seat B")
    _banner(phone, "en", "live", "remote.live")
    assert remote_pair.process is not None
    stop_broker(remote_pair.process)  # the link between the tables goes down
    remote_pair.process = None
    _banner(phone, "en", "paused", "remote.paused.link_down")
    phone.wait_text("#pending .remote-paused-hint", translate("en", "remote.paused_hint"))
    assert phone.js("return window.Panel.canAct(window.Panel.state.view.pending)") is False
    phone.screenshot("remote-paused")
    remote_pair.process = start_broker(remote_pair.broker)
    _banner(phone, "en", "resumed", "remote.resumed")
