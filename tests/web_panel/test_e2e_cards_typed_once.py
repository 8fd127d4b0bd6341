"""End to end at a phone's size (390×844), in English and in Japanese: a judge sets up Dungeon
Command and Arena on the panel's form, typing each card once, plays the game to a winner, then
sets up a second game re-using the cards from the table's catalog by name and plays it to a
winner too. Bad input — a card with a missing value, a duplicate army card, damage that is not a
multiple of 10 — gets a message in the phone's language and changes nothing. No text on the
phone shows an internal id or a message key; a console error fails the test (conftest)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.arena.game import Arena
from companion.games.dungeon_command.game import DungeonCommand
from companion.table.table import Table
from tests.web_panel.arena_rolls import take_first_turn, type_d20
from tests.web_panel.browser import PHONE, fill_army_card, new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

LOCALES = {"en": "en-US", "ja": "ja-JP"}
PLAYERS = ("Aiko", "Ben")
# Dungeon Command: name and level as printed (None: the data knows the level: typed by name only)
AIKO_CREATURES = [
    ("Dwarf Cleric", None),
    ("Half-Orc Thug", None),
    ("Elf Archer", None),
    ("Town Guard", 1),
    ("Sellsword", 2),
    ("War Wizard", 3),
    ("Paladin", 4),
    ("Ranger", 2),
    ("Bard", 1),
    ("Monk", 2),
    ("Druid", 3),
    ("Battle Priest", 2),
]
BEN_CREATURES = [("Imp", 1), ("Goblin Cutter", 1), ("Hobgoblin", 2), ("Bugbear", 3), ("Wolf", 1),
                 ("Ogre Brute", 4), ("Orc Raider", 2), ("Kobold", 1), ("Gnoll", 2), ("Ghoul", 2),
                 ("Troll", 5), ("Harpy", 2)]  # fmt: skip


def _t(lang: str, key: str, **fields: object) -> str:
    return translate(lang, key, **fields)


def _version(page: Page, version: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-version", str(version))


MESSAGE_KEY = re.compile(r"\b(?:kind|status|dc|ar|cp|og|setup|catalog|rule|error)\.[a-z_.]+")


def _no_ids(page: Page, ids: set[str]) -> None:
    """None of ``ids`` appears as a word in any text the page shows, nor a message key that
    has no text in the phone's language."""
    text = page.locator("body").inner_text()
    leaked = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert leaked == [], f"internal ids shown: {leaked}"
    assert MESSAGE_KEY.findall(text) == []


def _judge(browser: Browser, server: PanelServer, lang: str) -> Page:
    """The judge's phone (its console errors fail the test: ``tests/web_panel/conftest.py``)."""
    phone = new_phone(browser, server.url, LOCALES[lang])
    assert phone.viewport_size == PHONE == {"width": 390, "height": 844}
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text(_t(lang, "viewer.judge"))
    return phone


def _setup_page(phone: Page, server: PanelServer, game: str) -> None:
    phone.goto(server.url + "/setup")
    phone.locator("#setup-game").select_option(game)
    expect(phone.locator("#setup-other")).to_be_visible()
    for index, name in enumerate(PLAYERS):
        phone.locator(f'#setup-other fieldset[data-seat="p{index + 1}"] .seat-name').fill(name)


def _refused(phone: Page, table: Table, text: str) -> None:
    before = (table.game_id, table.version)
    phone.locator("#setup-start").click()
    expect(phone.locator("#toast")).to_contain_text(text)
    assert (table.game_id, table.version) == before


def _start(phone: Page, server: PanelServer, table: Table, game: str) -> None:
    before = table.game_id
    phone.locator("#setup-start").click()
    expect(phone).to_have_url(server.url + "/")  # the judge's phone: its own page again
    assert table.game_id != before and table.read(lambda g: g.name) == game
    _version(phone, 0)


def _act(phone: Page, action: str, version: int) -> None:
    phone.locator(f'#pending [data-action="{action}"]').first.click()
    _version(phone, version)


# -- Dungeon Command ------------------------------------------------------------------------------


def _band(phone: Page, seat: str):
    return phone.locator(f'fieldset.og-band[data-seat="{seat}"]')


def _commander(phone: Page, seat: str, name: str, **values: str) -> None:
    box = _band(phone, seat).locator(".og-commander")
    box.fill(name)
    box.dispatch_event("change")  # picking a name fills in what the table knows
    for key, value in values.items():
        _band(phone, seat).locator(f".og-{key}").fill(value)


def _lines(creatures: list[tuple[str, int | None]]) -> str:
    return "\n".join(name if level is None else f"{name} {level}" for name, level in creatures)


def _cower(phone: Page, creature: str, damage: str) -> None:
    loss = phone.locator(f'.dc-loss[data-label="{creature}"]')
    loss.locator("input.og-count").fill(damage)
    loss.locator(".dc-cower").click()


def _play_dungeon_command_to_a_winner(phone: Page, table: Table, lang: str) -> None:
    """Aiko and Ben deploy one creature each; in Aiko's first activation Ben's Imp refuses 10
    damage (Ben's morale 3 → 2, shown as it happens), then 20: Ben's morale is 0, Aiko wins."""
    ids = {"p1", "p2", "valnar-trueblade", "dwarf-cleric", "imp", "harpy", "deep-warlord"}
    _act(phone, "deploy dwarf-cleric", 1)
    _act(phone, "next", 2)
    _act(phone, "deploy imp", 3)
    _act(phone, "next", 4)
    _act(phone, "next", 5)  # refresh → activate
    _no_ids(phone, ids)
    _cower(phone, "imp", "25")  # not a multiple of 10: said on the phone, nothing sent
    expect(phone.locator("#toast")).to_contain_text(_t(lang, "dc.damage_tens", step=10))
    _version(phone, 5)
    assert table.read(lambda g: g.morale("p2")) == 3
    loss = phone.locator('.dc-loss[data-label="imp"]')
    loss.locator("input.og-count").fill("")
    loss.locator('.og-counter button[aria-label$="+"]').click()  # the stepper: 10
    expect(loss.locator(".dc-cost")).to_have_text(
        _t(lang, "dc.cower_cost", name="Ben", loss=1, **{"from": 3, "to": 2})
    )
    loss.locator(".dc-cower").click()
    _version(phone, 6)
    ben = phone.locator('.dc-band[data-seat="p2"]')
    expect(ben.locator(".dc-morale")).to_have_text("2")
    expect(ben.locator('.dc-delta[data-track="morale"]')).to_have_text("−1")
    _no_ids(phone, ids)
    screenshot(phone, f"dc-cowering-{lang}")
    _cower(phone, "imp", "20")
    _version(phone, 7)
    assert table.read(lambda g: (g.winner(), g.morale("p2"))) == ("p1", 0)
    expect(phone.locator(".prompt")).to_contain_text("Aiko")
    _no_ids(phone, ids)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_dungeon_command_cards_typed_once_two_games_to_a_winner(
    browser: Browser, server: PanelServer, table: Table, lang: str
):
    phone = _judge(browser, server, lang)
    _setup_page(phone, server, "dungeon_command")
    _commander(phone, "p1", "Valnar Trueblade", morale="3")  # leadership 7 is known
    expect(_band(phone, "p1").locator(".og-leadership")).to_have_value("7")
    _commander(phone, "p2", "Deep Warlord", morale="3", leadership="6")  # not in the data
    _band(phone, "p1").locator(".og-creatures").fill(_lines(AIKO_CREATURES))
    without_level = [*BEN_CREATURES[:-1], ("Harpy", None)]  # a card with a missing value
    _band(phone, "p2").locator(".og-creatures").fill(_lines(without_level))
    problem = _t(lang, "catalog.problem.of_field", field=_t(lang, "catalog.field.creature.level"),
                 problem=_t(lang, "catalog.problem.required"))  # fmt: skip
    card = _t(lang, "setup.problem.card", card="Harpy", problem=problem)
    _refused(phone, table, _t(lang, "setup.problem.of_player", player="Ben", problem=card))
    assert table.read(lambda g: g.name) == "test-counter"
    _band(phone, "p2").locator(".og-creatures").fill(_lines(BEN_CREATURES))
    screenshot(phone, f"dc-cards-typed-{lang}")
    _start(phone, server, table, "dungeon_command")
    _play_dungeon_command_to_a_winner(phone, table, lang)
    screenshot(phone, f"dc-won-{lang}")

    # The second game: every card by its name only, from the table's catalog.
    _setup_page(phone, server, "dungeon_command")
    _commander(phone, "p1", "Valnar Trueblade")
    expect(_band(phone, "p1").locator(".og-morale")).to_have_value("3")
    _commander(phone, "p2", "deep warlord")
    expect(_band(phone, "p2").locator(".og-leadership")).to_have_value("6")
    for name, _ in AIKO_CREATURES:  # tapped from the creatures the table knows
        _band(phone, "p1").locator(f'.og-saved-creature[data-name="{name}"]').click()
    _band(phone, "p2").locator(".og-creatures").fill("\n".join(n for n, _ in BEN_CREATURES))
    _no_ids(phone, {"p1", "p2", "valnar-trueblade", "deep-warlord", "imp", "harpy"})
    screenshot(phone, f"dc-cards-reused-{lang}")
    _start(phone, server, table, "dungeon_command")
    game = table.snapshot()
    assert isinstance(game, DungeonCommand)
    assert (game.morale("p2"), game.leadership("p2"), game.level("troll")) == (3, 6, 5)
    assert game.setup.creature_name("half-orc-thug") == "Half-Orc Thug"
    _play_dungeon_command_to_a_winner(phone, table, lang)


# A second pair of warbands whose cards carry hit points and melee (ranged) damage, typed in once
# as "name level hit-points melee [ranged]"; the Wolf's card numbers are left for play.
AIKO_FIGHTERS = ["Dwarf Cleric", "Half-Orc Thug", "Elf Archer", "Town Guard 1 30 20",
                 "Sellsword 2 30 20", "War Wizard 3 40 10 30", "Paladin 4 60 30",
                 "Ranger 2 30 10 20", "Bard 1 20 10", "Monk 2 30 20", "Druid 3 40 20 10",
                 "Battle Priest 2 40 20"]  # fmt: skip
BEN_FIGHTERS = ["Imp 1 20 10", "Goblin Cutter 1 20 10", "Wolf 1", "Hobgoblin 2 30 20",
                "Bugbear 3 40 20", "Ogre Brute 4 60 30", "Orc Raider 2 30 20",
                "Kobold 1 20 10 10", "Gnoll 2 30 20", "Ghoul 2 30 20", "Troll 5 80 30",
                "Harpy 2 30 10 20"]  # fmt: skip


def _target(phone: Page, label: str):
    return phone.locator(f'#pending .dc-target[data-label="{label}"]')


def _take(phone: Page, label: str, amount: str) -> None:
    target = _target(phone, label)
    target.locator(".dc-loss input.og-count").fill(amount)
    target.locator(".dc-take").click()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_dungeon_command_won_by_damaging_creatures(
    browser: Browser, server: PanelServer, table: Table, lang: str
):
    """Seed 002: hit points on each card (line 103), damage in tens, a creature whose damage
    reaches its hit points destroyed and its level taken from its warband's morale (line 101),
    activation one creature at a time (line 137), tapping (line 160) and cleanup untapping:
    played on a phone to a winner by damaging creatures, with the attacker's card numbers
    offered, never typing ``destroyed``."""
    ids = {"p1", "p2", "town-guard", "imp", "goblin-cutter", "wolf", "deep-warlord"}
    phone = _judge(browser, server, lang)
    _setup_page(phone, server, "dungeon_command")
    _commander(phone, "p1", "Valnar Trueblade", morale="3")
    _commander(phone, "p2", "Deep Warlord", morale="3", leadership="6")
    _band(phone, "p1").locator(".og-creatures").fill("\n".join(AIKO_FIGHTERS))
    _band(phone, "p2").locator(".og-creatures").fill("\n".join(["Imp 1 25 10", *BEN_FIGHTERS[1:]]))
    hit_points = _t(lang, "catalog.field.creature.hit_points")
    tens = _t(lang, "catalog.problem.tens", step=10)
    problem = _t(lang, "catalog.problem.of_field", field=hit_points, problem=tens)
    card = _t(lang, "setup.problem.card", card="Imp", problem=problem)
    _refused(phone, table, _t(lang, "setup.problem.of_player", player="Ben", problem=card))
    _band(phone, "p2").locator(".og-creatures").fill("\n".join(BEN_FIGHTERS))
    _start(phone, server, table, "dungeon_command")
    deployed = ["deploy town-guard", "next", "deploy imp", "deploy goblin-cutter", "deploy wolf"]
    for step, action in enumerate([*deployed, "next", "next"], start=1):
        _act(phone, action, step)
    _act(phone, "activate town-guard", 8)  # one at a time: the Town Guard attacks
    expect(phone.locator(".dc-activating")).to_have_text(
        _t(lang, "dc.activating_now", name="Town Guard")
    )
    melee = _target(phone, "imp").locator('.dc-attack[data-kind="melee"]')
    expect(melee).to_contain_text(_t(lang, "dc.destroyed_short"))  # its melee 20 ≥ Imp's 20
    _no_ids(phone, ids)
    screenshot(phone, f"dc-creatures-attack-{lang}")
    melee.click()
    _version(phone, 9)
    assert table.read(lambda g: ("imp" in g.on_battlefield(), g.morale("p2"))) == (False, 2)
    ben = phone.locator('.dc-band[data-seat="p2"]')
    expect(ben.locator(".dc-morale")).to_have_text("2")

    _take(phone, "goblin-cutter", "25")  # not in tens: said on the phone, nothing sent
    expect(phone.locator("#toast")).to_contain_text(_t(lang, "dc.damage_tens", step=10))
    _version(phone, 9)
    _target(phone, "goblin-cutter").locator(".dc-loss input.og-count").fill("10")
    expect(_target(phone, "goblin-cutter").locator(".dc-outcome")).to_have_text(
        _t(lang, "dc.hp_after", left=10, total=20)
    )
    _target(phone, "goblin-cutter").locator(".dc-take").click()
    _version(phone, 10)
    wounded = ben.locator('.dc-creature[data-label="goblin-cutter"]')
    expect(wounded.locator(".dc-hp")).to_have_text(_t(lang, "dc.hp", left=10, total=20))

    _act(phone, "tap town-guard", 11)  # a tapping action: only untapping is offered now
    expect(phone.locator('#pending [data-action="tap town-guard"]')).to_have_count(0)
    expect(phone.locator('#pending [data-action="untap town-guard"]')).to_be_visible()
    aiko = phone.locator('.dc-band[data-seat="p1"] .dc-creature[data-label="town-guard"]')
    expect(aiko.locator(".dc-tapped")).to_have_text(_t(lang, "dc.tapped"))
    phone.locator("#pending .og-folded summary").click()  # card effects, as the card says
    _act(phone, "mark town-guard order_attached", 12)
    expect(aiko.locator(".dc-condition")).to_have_text(_t(lang, "dc.condition.order_attached"))
    _target(phone, "goblin-cutter").locator('.dc-attack[data-kind="melee"]').click()  # 20 ≥ 10
    _version(phone, 13)
    assert table.read(lambda g: g.morale("p2")) == 1

    # The Wolf's hit points were not typed in: the phone asks for them from its card first.
    wolf = _target(phone, "wolf")
    expect(wolf.locator(".dc-take")).to_be_disabled()
    expect(wolf.locator(".dc-hp-entry .hint")).to_have_text(_t(lang, "dc.hp_needed"))
    wolf.locator(".dc-hp-entry input.og-count").fill("20")
    wolf.locator(".dc-hp-send").click()
    _version(phone, 14)
    _take(phone, "wolf", "10")
    _version(phone, 15)
    _no_ids(phone, ids)
    screenshot(phone, f"dc-creatures-wounded-{lang}")
    _target(phone, "wolf").locator('.dc-attack[data-kind="melee"]').click()
    _version(phone, 16)
    assert table.read(lambda g: (g.winner(), g.morale("p2"), g.state.destroyed["p2"])) == (
        "p1",
        0,
        ["imp", "goblin-cutter", "wolf"],
    )
    assert not any(
        text.startswith("destroyed") for text in table.read(lambda g: map(str, g.actions))
    )
    expect(phone.locator(".prompt")).to_contain_text("Aiko")
    _no_ids(phone, ids)
    screenshot(phone, f"dc-creatures-won-{lang}")


# -- Arena ----------------------------------------------------------------------------------------

WALKER = {"kind": "planeswalker", "figures": "1", "life": "5", "power": "2", "toughness": "1",
          "cost": "120"}  # fmt: skip
SQUAD = {"kind": "squad", "figures": "3", "life": "1", "power": "1", "toughness": "1", "cost": "60",
         "ppf": "20"}  # fmt: skip


def _card(phone: Page, seat: str, index: int, name: str, values: dict[str, str]) -> None:
    fill_army_card(phone, seat, index, {"name": name, **values})


def _add_card(phone: Page, seat: str, lang: str) -> None:
    army = phone.locator(f'fieldset.og-army[data-seat="{seat}"]')
    army.locator("button", has_text=_t(lang, "setup.other.add_card")).click()


def _play_arena_to_a_winner(phone: Page, table: Table, ids: set[str]) -> None:
    """Both roll the d20 (Aiko higher: she takes the first turn); Aiko picks Jace and attacks
    Chandra (life 1): two hits on the stepper, no shield: Chandra falls and Aiko wins the duel."""
    type_d20(phone, 18, 1)  # seed 003: Aiko's d20, typed from a real die
    type_d20(phone, 4, 2)  # Ben's: Aiko won the roll
    take_first_turn(phone, 3)  # and goes first
    _act(phone, "choose jace", 4)
    _act(phone, "next", 5)  # no summon
    _act(phone, "next", 6)  # no move
    _no_ids(phone, ids)
    phone.locator('.ar-attackers [data-figure="jace"]').click()
    phone.locator('.ar-targets [data-figure="chandra"]').click()
    phone.locator("#ar-attack-send").click()
    _version(phone, 7)
    _no_ids(phone, ids)
    hits = phone.locator('.og-counter[data-key="hits"]')
    hits.locator('button[aria-label$="+"]').click()
    hits.locator('button[aria-label$="+"]').click()
    expect(hits.locator("input")).to_have_value("2")
    phone.locator("#ar-count-send").click()
    _version(phone, 8)
    phone.locator("#ar-count-send").click()  # no shields
    _version(phone, 9)
    assert table.read(lambda g: g.winner()) == "p1"
    expect(phone.locator(".prompt")).to_contain_text("Aiko")
    _no_ids(phone, ids)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_arena_cards_typed_once_two_games_to_a_winner(
    browser: Browser, server: PanelServer, table: Table, lang: str
):
    ids = {"p1", "p2", "jace", "chandra", "storm-soldiers", "storm-soldiers-1"}
    phone = _judge(browser, server, lang)
    _setup_page(phone, server, "arena")
    _card(phone, "p1", 0, "Jace", WALKER)
    _add_card(phone, "p1", lang)
    _card(phone, "p1", 1, "Storm Soldiers", SQUAD)
    _card(phone, "p2", 0, "Chandra", {**WALKER, "life": ""})  # a card with a missing value
    problem = _t(lang, "catalog.problem.of_field", field=_t(lang, "catalog.field.army_card.life"),
                 problem=_t(lang, "catalog.problem.required"))  # fmt: skip
    card = _t(lang, "setup.problem.card", card="Chandra", problem=problem)
    _refused(phone, table, _t(lang, "setup.problem.of_player", player="Ben", problem=card))
    _card(phone, "p2", 0, "Chandra", {"life": "1"})
    _add_card(phone, "p1", lang)
    _card(phone, "p1", 2, "storm soldiers", SQUAD)  # the same army card twice
    twice = _t(lang, "setup.problem.card_twice", card="Storm Soldiers")
    _refused(phone, table, _t(lang, "setup.problem.of_player", player="Aiko", problem=twice))
    phone.locator('fieldset.og-army[data-seat="p1"] .og-card').nth(2).locator("button").click()
    assert table.read(lambda g: g.name) == "test-counter"
    screenshot(phone, f"arena-cards-typed-{lang}")
    _start(phone, server, table, "arena")
    _play_arena_to_a_winner(phone, table, ids)
    screenshot(phone, f"arena-won-{lang}")

    # The second game: the cards by name only; their numbers come from the table's catalog.
    _setup_page(phone, server, "arena")
    _card(phone, "p1", 0, "Jace", {})
    expect(phone.locator('fieldset.og-army[data-seat="p1"] .og-card-life').first).to_have_value("5")
    _add_card(phone, "p1", lang)
    _card(phone, "p1", 1, "Storm Soldiers", {})
    _card(phone, "p2", 0, "Chandra", {})
    _no_ids(phone, ids)
    _start(phone, server, table, "arena")
    game = table.snapshot()
    assert isinstance(game, Arena)
    soldiers = game.card("storm-soldiers")
    assert (soldiers.figures, soldiers.ppf, game.card("chandra").life) == (3, 20, 1)
    _play_arena_to_a_winner(phone, table, ids)
