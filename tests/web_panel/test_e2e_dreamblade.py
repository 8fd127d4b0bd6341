"""End to end: a short scripted Dreamblade game (the engine's demo script) played on two phones in
headless Chromium — initiative dice, spawning with the spawn helper, shifting by tapping the board,
a strike with attack dice entered as counts per face, damage, destroy, a deathblow, placing the
disrupted creature, conquest with an unknown cell value — with refusals for a wrong seat, a die
of 7 and a dice count that does not add up. The parts of the script not under test are pushed
straight to the table."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.games.dreamblade.dice import builtin_dice
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.maps import builtin_map
from companion.games.dreamblade.miniature import Aspect, Kind, Miniature
from companion.games.dreamblade.random_play import random_action
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import close_pages, new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import JUDGE_PIN, dreamblade_table, join_url
from tests.web_panel.map_values import DEFAULT_MAP_VALUES as MAP_VALUES
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


# Where the parts under test begin in the engine's demo script (found, so edits to the script's
# earlier turns do not break the test; each is checked to be the action the test expects).
STRIKE = DEMO_ACTIONS.index("strike")  # seat B's strike in turn 3
CONQUEST = next(i for i, a in enumerate(DEMO_ACTIONS) if a.startswith("value") and i > STRIKE)
STRIKE_VERBS = ["cell", "dice", "damage", "destroy", "dice", "damage", "place"]
assert [a.split()[0] for a in DEMO_ACTIONS[STRIKE + 1 : STRIKE + 8]] == STRIKE_VERBS
assert DEMO_ACTIONS[CONQUEST + 1] == "confirm"
PLACED = STRIKE + 8


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 0)


def _cost_text(table: Table, lang: str, mini: str) -> str:
    """A reserve miniature's spawn cost as the spawn list says it: the cost now, and why when it
    is not the printed one."""
    from companion.games.dreamblade.stat_reasons import cost_reasons

    why = table.read(lambda game: cost_reasons(game.setup, game.state, "A", mini))
    if not why["changes"]:
        return str(why["value"])
    joiner = translate(lang, "db.change_joiner")
    changes = joiner.join(
        translate(lang, f"db.cost_change.{c['keyword']}", amount=f"{c['amount']:+d}")
        for c in why["changes"]
    )
    return translate(
        lang, "db.cost_why", value=why["value"], printed=why["printed"], changes=changes
    )


def _seat_phone(browser: Browser, app: Flask, base_url: str, seat: str) -> Page:
    phone = new_phone(
        browser, base_url, at=base_url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1]
    )
    expect(phone.locator("#viewer")).to_contain_text(f"Seat {seat}")
    return phone


def _push_script(table: Table, upto: int) -> None:
    """Push the demo script's actions until ``upto`` (exclusive) straight to the table."""
    done = len(table.snapshot().actions)
    for text in DEMO_ACTIONS[done:upto]:
        table.submit(JUDGE, text)


def _expect_at(table: Table, index: int) -> None:
    """The table has accepted exactly the script's first ``index`` actions."""
    assert [str(a) for a in table.snapshot().actions] == [
        str(table.snapshot().parse_action(t)) for t in DEMO_ACTIONS[:index]
    ]


def _tap_cell(phone: Page, cell: str) -> None:
    phone.locator(f'.db-cell.target[data-cell="{cell}"]').click()


def _enter_dice(phone: Page, notation: str) -> None:
    """Enter the dice of ``dice 3,3,2,blade`` as counts per face, as a player would."""
    faces = notation.split()[1].split(",")
    for face in dict.fromkeys(faces):
        _step(phone, face, faces.count(face))


def _enter_damage(phone: Page, notation: str) -> None:
    """Enter ``damage X=3,Y=1`` with the steppers of each creature."""
    for part in notation.split()[1].split(","):
        mini, amount = part.split("=")
        _step(phone, mini, int(amount))


def _step(phone: Page, face: str, times: int) -> None:
    for _ in range(times):
        phone.locator(f'.db-stepper[data-key="{face}"] button', has_text="+").click()


def test_a_short_scripted_game_on_two_phones(browser: Browser, server, app: Flask, table: Table):
    phone_a = _seat_phone(browser, app, server.url, "A")
    phone_b = _seat_phone(browser, app, server.url, "B")

    # -- initiative: a die of 7 is refused, then both dice are entered on one phone
    wait_for_version(phone_a, 0)  # the page has the state its proposal is made against
    phone_a.evaluate("Panel.propose({verb: 'initiative', args: {a: 7, b: 5}})")
    expect(phone_a.locator("#toast")).to_contain_text("The rules do not allow that now")
    assert table.version == 0
    screenshot(phone_a, "db-initiative")
    phone_a.locator('.db-die-row[data-seat="A"] [data-die="6"]').click()
    phone_a.locator('.db-die-row[data-seat="B"] [data-die="5"]').click()
    phone_a.locator("#init-send").click()
    wait_for_version(phone_b, 1)

    # -- spawn: pick the miniature, see its cost and legal cells, tap the portal
    phone_a.locator('#pending [data-mini="A:sir-glorious#1"]').click()
    expect(phone_a.locator('.db-cell.target[data-cell="a1"]')).to_be_visible()
    screenshot(phone_a, "db-spawn-helper")
    assert_no_internal_ids(phone_a)
    _tap_cell(phone_a, "a1")
    wait_for_version(phone_a, 2)
    phone_a.locator('#pending [data-action="done"]').click()
    wait_for_version(phone_b, 3)
    # seat B's board is drawn from B's side and B spawns with the buttons
    phone_b.locator('#pending [data-mini="B:spellbound-scissors#1"]').click()
    phone_b.locator('#pending [data-action="spawn B:spellbound-scissors#1 e5"]').click()
    wait_for_version(phone_b, 4)
    _push_script(table, 6)
    _expect_at(table, 6)

    # -- shift: choose shift, pick the creature, tap its destination on the board
    wait_for_version(phone_a, 6)
    phone_a.locator('#pending [data-action="shift"]').click()
    wait_for_version(phone_a, 7)
    phone_a.locator('#pending [data-mini="A:sir-glorious#1"]').click()
    _tap_cell(phone_a, "b1")
    wait_for_version(phone_a, 8)
    phone_a.locator('#pending [data-action="done"]').click()
    wait_for_version(phone_a, 9)
    _expect_at(table, 9)

    # -- up to turn 3's strike, straight to the table; the phones follow the stream
    _push_script(table, STRIKE)
    wait_for_version(phone_b, STRIKE)
    screenshot(phone_b, "db-board-seat-b")
    assert_no_internal_ids(phone_b)

    # a wrong-seat action is refused: it is B's action phase (seat A's page is up to date, so
    # the refusal is for the seat, not for a stale state)
    wait_for_version(phone_a, STRIKE)
    expect(phone_a.locator(".not-yours")).to_be_visible()
    phone_a.evaluate("Panel.propose({verb: 'choose_strike', args: {}})")
    expect(phone_a.locator("#toast")).to_contain_text("not your decision")
    assert table.version == STRIKE

    # -- strike: choose strike, tap the cell to fight in, enter dice as counts per face
    fight, dice, damage, destroy, deathblow, struck_back, place = DEMO_ACTIONS[STRIKE + 1 : PLACED]
    phone_b.locator('#pending [data-action="strike"]').click()
    wait_for_version(phone_b, STRIKE + 1)
    _tap_cell(phone_b, fight.split()[1])
    wait_for_version(phone_b, STRIKE + 2)
    # fewer dice than the engine expects
    phone_b.evaluate("Panel.propose({verb: 'dice', args: {faces: ['3']}})")
    expect(phone_b.locator("#toast")).to_contain_text("The rules do not allow that now")
    assert table.version == STRIKE + 2
    expect(phone_b.locator("#dice-send")).to_be_disabled()
    _enter_dice(phone_b, dice)
    screenshot(phone_b, "db-attack-dice")
    assert_no_internal_ids(phone_b)
    phone_b.locator("#dice-send").click()
    wait_for_version(phone_b, STRIKE + 3)

    # -- damage, then destroy
    _enter_damage(phone_b, damage)
    screenshot(phone_b, "db-damage")
    assert_no_internal_ids(phone_b)
    phone_b.locator("#damage-send").click()
    wait_for_version(phone_b, STRIKE + 4)
    phone_b.locator(f'#pending [data-action="{destroy}"]').click()
    wait_for_version(phone_a, STRIKE + 5)

    # -- the deathblow is seat A's: dice, damage, then where the disrupted creature goes
    _enter_dice(phone_a, deathblow)
    phone_a.locator("#dice-send").click()
    wait_for_version(phone_a, STRIKE + 6)
    _enter_damage(phone_a, struck_back)
    phone_a.locator("#damage-send").click()
    wait_for_version(phone_a, STRIKE + 7)
    _, mini, cell = place.split()
    phone_a.locator(f'#pending [data-mini="{mini}"]').click()
    screenshot(phone_a, "db-place-disruption")
    assert_no_internal_ids(phone_a)
    _tap_cell(phone_a, cell)
    wait_for_version(phone_b, PLACED)
    _expect_at(table, PLACED)

    # -- conquest: a claimed key cell whose value the map leaves unknown (this game was not set up
    # on the panel, where the players agree the values first) is confirmed by both seated players
    # on their phones (tests/web_panel/test_e2e_map_agreement.py), or given by the judge
    _push_script(table, CONQUEST)
    wait_for_version(phone_a, CONQUEST)
    _, cell, value = DEMO_ACTIONS[CONQUEST].split()
    status = phone_a.locator(f'#pending .agree-cell[data-cell="{cell}"] .agree-status')
    expect(status).to_contain_text(f"Read the value of {cell} on the map")
    expect(phone_a.locator(f"#value-{cell}")).to_have_count(0)
    value_action = f"{{verb: 'cell_value', args: {{cell: '{cell}', value: {value}}}}}"
    phone_a.evaluate(f"Panel.propose({value_action})")  # refused by the server too
    expect(phone_a.locator("#toast")).to_contain_text("Only the judge can do that")
    judge = new_phone(browser, server.url)
    judge.locator("#judge-pin").fill(JUDGE_PIN)
    judge.locator("#judge-login").click()
    judge.locator(f"#value-{cell}").fill(value)
    judge.get_by_role("button", name="Set").first.click()
    wait_for_version(phone_a, CONQUEST + 1)
    expect(phone_a.locator("#board .map-judge")).to_contain_text(f"{cell} {value}")
    screenshot(phone_a, "db-conquest")
    assert_no_internal_ids(phone_a)
    phone_a.locator('#pending [data-action="confirm"]').click()
    wait_for_version(phone_b, CONQUEST + 2)
    _expect_at(table, CONQUEST + 2)
    turn_wins = table.read(lambda game: game.turn_wins())
    expect(phone_b.locator(".status")).to_contain_text(f"{turn_wins['A']} – {turn_wins['B']}")


def test_the_board_in_japanese_with_the_leds_mirrored(
    browser: Browser, server, app: Flask, table: Table
):
    _push_script(table, PLACED)
    phone = new_phone(browser, server.url, language="ja-JP")
    wait_for_version(phone, PLACED)
    expect(phone.locator("#board .db-cell")).to_have_count(25)
    app.extensions["panel"].feed.leds_changed({"c3": "#FF0000", "a5": "#000000"})
    expect(phone.locator('.db-cell[data-cell="c3"]')).to_have_css(
        "box-shadow", "rgb(255, 0, 0) 0px 0px 0px 4px inset"
    )
    # an unlit cell is not framed in black (the real map shows nothing there)
    expect(phone.locator('.db-cell[data-cell="a5"]')).to_have_css("box-shadow", "none")
    title = translate(
        "ja", "pending.title", name="プレイヤーB", kind=translate("ja", "kind.choose_strike_cell")
    )
    expect(phone.locator("#pending h3")).to_have_text(title)
    screenshot(phone, "db-board-ja")
    assert_no_internal_ids(phone)
    # tapping a miniature explains its abilities
    phone.locator('.db-cell[data-cell="b3"] .db-mini').first.click()
    expect(phone.locator("#mini-info")).to_contain_text(translate("ja", "ability.regenerate"))
    screenshot(phone, "db-mini-info-ja")


def _fortunate_game() -> DreambladeGame:
    """A random legal game (seeded) played until a Fortunate creature may reroll its dice."""

    def creature(number: int, abilities: tuple[str, ...]) -> Miniature:
        return Miniature(
            id=f"t{number}", name=f"Test creature {number}", kind=Kind.CREATURE, spawn_cost=2,
            aspects=(Aspect.VALOR,), power=3, defense=4, life=6, lineage=None,
            abilities=abilities, set=None, number=None, rarity=None, source="test fixture",
        )  # fmt: skip

    warbands = {
        "A": [creature(1, ("Fortunate 2",)), creature(2, ())],
        "B": [creature(3, ("Fortunate 2",)), creature(4, ())],
    }
    faces = [face.name for face in builtin_dice().attack.faces]
    for seed in range(50):
        game = DreambladeGame(builtin_map("default"), warbands, faces)
        rng = random.Random(seed)
        while not game.is_over and len(game.actions) < 600:
            if game.pending().kind == "reroll":
                return game
            game.push(random_action(game, rng))
    raise AssertionError("no random game reached a Fortunate reroll")


def test_a_fortunate_reroll_is_entered_on_the_phone(browser: Browser, settings, tmp_path: Path):
    game = _fortunate_game()
    table = Table.start(Store(tmp_path / "fortunate.sqlite3"), game)
    app = create_app(table, settings, secret_key="test-secret")
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        pending = game.pending()
        phone = _seat_phone(browser, app, server.url, pending.seat)
        before = table.version
        wait_for_version(phone, before)
        rolled = pending.details["dice"]
        phone.locator('#pending [data-die="0"]').click()
        _step(phone, "3", 1)
        screenshot(phone, "db-reroll")
        phone.locator("#reroll-send").click()
        wait_for_version(phone, before + 1)
        assert str(table.snapshot().actions[-1]) == f"reroll {rolled[0]} to 3"
    finally:
        close_pages()  # before the server stops: the page's timers keep asking it
        server.stop()


def test_the_judge_corrects_the_board_on_a_phone(browser: Browser, server, table: Table):
    _push_script(table, 2)  # initiative, then seat A's knight spawned into its portal
    knight = DEMO_ACTIONS[1].split()[1]
    judge = new_phone(browser, server.url)
    expect(judge.locator("#judge-tools")).to_be_hidden()  # not before the PIN
    judge.locator("#judge-pin").fill(JUDGE_PIN)
    judge.locator("#judge-login").click()
    expect(judge.locator("#viewer")).to_have_text("Judge")
    wait_for_version(judge, 2)

    # pick the miniature from the list, choose "move", tap where it really is on the board
    judge.locator("#fix-mini").select_option(knight)
    judge.locator("#fix-move").click()
    expect(judge.locator('.db-cell.target[data-cell="c3"]')).to_be_visible()
    screenshot(judge, "db-judge-correction-pick")
    _tap_cell(judge, "c3")
    wait_for_version(judge, 3)
    mini = f'.db-mini[data-mini="{knight}"]'
    expect(judge.locator(f'.db-cell[data-cell="c3"] {mini}')).to_be_visible()
    expect(judge.locator(f'.db-cell[data-cell="a1"] {mini}')).to_have_count(0)
    expect(judge.locator("#log li").first).to_contain_text("Correction:")
    assert str(table.snapshot().actions[-1]) == f"correct move {knight} c3"
    assert table.store.log(table.game_id)[-1]["by"] == "judge"

    # back to the reserve, then put on the map again with the cell list
    judge.locator("#fix-to-reserve").click()
    wait_for_version(judge, 4)
    expect(judge.locator(mini)).to_have_count(0)
    judge.locator("#fix-place").click()
    judge.locator("#fix-cell").select_option("b2")
    judge.locator("#fix-send").click()
    wait_for_version(judge, 5)
    expect(judge.locator(f'.db-cell[data-cell="b2"] {mini}')).to_be_visible()

    # a correction the engine refuses is explained, and nothing changes
    judge.locator("#fix-points").fill("25")
    judge.locator("#fix-adjust").click()
    expect(judge.locator("#toast")).to_contain_text(translate("en", "rule.correction.points"))
    assert table.version == 5
    screenshot(judge, "db-judge-correction-refused")
    judge.locator("#fix-points").fill("-2")
    judge.locator("#fix-adjust").click()
    wait_for_version(judge, 6)
    assert [str(a) for a in table.snapshot().actions[2:]] == [
        f"correct move {knight} c3",
        f"correct remove {knight} reserve",
        f"correct place {knight} b2",
        "correct points A -2",
    ]


@pytest.mark.parametrize(
    ("language", "laptop"),
    [("en-US", False), ("ja-JP", False), ("en-US", True), ("ja-JP", True)],
    ids=["en-phone", "ja-phone", "en-laptop", "ja-laptop"],
)
def test_the_spawn_list_says_why_a_miniature_cannot_spawn(
    browser: Browser, server, app: Flask, table: Table, language: str, laptop: bool
):
    judge = app.test_client()
    headers = {"X-CSRF-Token": judge.get("/api/me").get_json()["csrf"]}
    judge.post("/api/judge/login", json={"pin": JUDGE_PIN}, headers=headers)
    warbands = {seat: {"saved": "builtin:sample-valor"} for seat in ("A", "B")}
    setup = {"game": "dreamblade", "dreamblade": {"warbands": warbands, "map_values": MAP_VALUES}}
    assert judge.post("/api/setup/new", json=setup, headers=headers).status_code == 200
    table.submit(JUDGE, "init 6 5")  # turn 1: seat A spawns with 11 points and no creature out
    lang = language[:2]
    phone = new_phone(
        browser,
        server.url,
        language,
        laptop=laptop,
        at=server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
    )
    wait_for_version(phone, 1)
    castle = phone.locator('#pending [data-mini="A:pearlthorn-castle#1"]')
    why = translate(lang, "db.spawn_why.spawn.location_needs_creature")
    cost = _cost_text(table, lang, "A:pearlthorn-castle#1")
    assert "+2" in cost  # 3 printed, and two Valor symbols nobody of seat A's covers yet
    expect(castle).to_contain_text(translate(lang, "db.cost_blocked", cost=cost, why=why))
    expect(castle).to_be_disabled()
    dragon = phone.locator('#pending [data-mini="A:noble-dragon#1"]')
    why = translate(lang, "db.spawn_why.spawn.points", left=11)
    dragon_cost = _cost_text(table, lang, "A:noble-dragon#1")
    assert dragon_cost.startswith("13")
    expect(dragon).to_contain_text(translate(lang, "db.cost_blocked", cost=dragon_cost, why=why))
    expect(phone.locator("#pending")).not_to_contain_text(
        translate(lang, "db.cost_cannot", cost=cost)
    )
    screenshot(phone, f"db-spawn-why-{lang}-{'laptop' if laptop else 'phone'}")
    assert_no_internal_ids(phone)
