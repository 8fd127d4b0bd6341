"""Setting up a new game from the panel: rights, Dreamblade warbands and options, validation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from companion.camera.tag_registry import table_registry
from companion.games.dreamblade.warband import MAX_MINIATURES
from companion.settings import CameraSettings, Settings
from companion.table.start_request import StartRequest
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone, seated
from tests.web_panel.fake_camera import ShowingCamera
from tests.web_panel.map_values import DEFAULT_MAP_VALUES
from vision.board_change import TagId
from vision.payload import TableSerial, encode_payload, encode_table_payload
from vision.registration import LabelRegistration
from web_panel import create_app
from web_panel.i18n import translate


def _remote(app: Flask) -> Phone:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    return Phone(client)


def _dreamblade(warbands: dict | None = None, **options: object) -> dict:
    return {
        "game": "dreamblade",
        "seats": {
            "A": {"name": "Aiko", "colour": "#0072B2"},
            "B": {"name": "Ben", "colour": "#E69F00"},
        },
        "clock_minutes": 50,
        "dreamblade": {
            "map": "default",
            "map_values": DEFAULT_MAP_VALUES,
            "rule_430": True,
            "warbands": warbands
            or {"A": {"saved": "builtin:sample-valor"}, "B": {"saved": "builtin:sample-madness"}},
            **options,
        },
    }


def test_the_options_offer_the_games_maps_and_warbands(judge: Phone):
    options = judge.get("/api/setup/options").get_json()
    assert options["may_set_up"] is True
    assert "dreamblade" in options["games"]
    assert "default" in options["dreamblade"]["maps"]
    keys = [w["key"] for w in options["dreamblade"]["warbands"]]
    assert "builtin:sample-valor" in keys
    assert options["current"]["game"] == "test-counter"


def test_with_a_judge_pin_only_the_judge_sets_up_a_game_in_progress(
    app: Flask, table: Table, phone_a: Phone
):
    assert _remote(app).get("/api/setup/options").get_json()["may_set_up"] is False
    assert phone_a.get("/api/setup/options").get_json()["may_set_up"] is False
    response = phone_a.post("/api/setup/new", _dreamblade())
    assert response.status_code == 403
    assert table.read(lambda game: game.name) == "test-counter"


class _Playing:
    """A scripted demo still playing (``web_panel.panel.DemoScript``)."""

    def scripted(self) -> bool:
        return True

    def view(self) -> dict:
        return {"scripted": True, "taken_over": False}

    def take_over(self) -> None:
        pass


def test_while_a_demo_plays_nobody_gets_the_form_and_each_phone_is_told_why(
    app: Flask, table: Table, judge: Phone, phone_a: Phone
):
    app.extensions["panel"].demo = _Playing()
    for phone in (judge, phone_a, _remote(app), Phone(app.test_client())):
        options = phone.get("/api/setup/options").get_json()
        assert (options["may_set_up"], options["refused"]) == (False, "demo_watching")
    response = judge.post("/api/setup/new", _dreamblade())
    assert (response.status_code, response.get_json()["error"]) == (409, "demo_watching")
    assert table.read(lambda game: game.name) == "test-counter"
    app.extensions["panel"].demo = None
    assert judge.get("/api/setup/options").get_json()["refused"] is None
    assert _remote(app).get("/api/setup/options").get_json()["refused"] == "judge_only"


def test_once_the_game_is_over_a_seated_player_may_set_up_the_next(
    app: Flask, table: Table, phone_a: Phone
):
    for seat, n in [("A", 3), ("B", 3), ("A", 3), ("B", 1)]:
        table.submit(seat, f"add {n}")
    assert phone_a.get("/api/setup/options").get_json()["may_set_up"] is True
    assert phone_a.post("/api/setup/new", _dreamblade()).status_code == 200
    statuses = [g.status for g in table.store.games()]
    assert statuses == ["finished", "playing"]


def test_a_new_dreamblade_game_replaces_the_one_in_play(
    app: Flask, table: Table, judge: Phone, phone_a: Phone, settings
):
    table.submit("A", "add 1")
    old_game = table.game_id
    response = judge.post("/api/setup/new", _dreamblade())
    assert response.status_code == 200
    assert response.get_json()["game_id"] == table.game_id != old_game
    view = judge.state()
    assert view["game"] == "dreamblade"
    assert view["version"] == 0
    assert [s["name"] for s in view["seats"]] == ["Aiko", "Ben"]
    assert view["clock"]["length"] == 50 * 60
    assert table.read(lambda game: game.setup.settings.rule_430) is True
    assert table.read(lambda game: game.setup.settings.die_confirmed) is False
    assert len(view["extra"]["reserve"]["A"]) == 5
    assert [g.status for g in table.store.games()] == ["abandoned", "playing"]
    # the game is set up for other players (Aiko and Ben, not Player A and B): the phone seated
    # in the old game holds no seat in theirs
    assert phone_a.get("/api/me").get_json()["seat"] is None
    # the names are the table's session's: they survive a restart of the panel
    assert table.session.seats()["A"].name == "Aiko"


def test_the_same_players_next_game_keeps_their_phones(
    app: Flask, table: Table, judge: Phone, settings
):
    assert judge.post("/api/setup/new", _dreamblade()).status_code == 200
    aiko = seated(app, "A")
    assert judge.post("/api/setup/new", _dreamblade()).status_code == 200  # Aiko and Ben again
    assert aiko.get("/api/me").get_json()["seat"] == "A"
    renamed = _dreamblade()
    renamed["seats"]["B"] = {"name": "Carol", "colour": "#E69F00"}  # Ben left, Carol sits down
    assert judge.post("/api/setup/new", renamed).status_code == 200
    assert aiko.get("/api/me").get_json()["seat"] is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"dreamblade": {"map": "nowhere", "warbands": {}}}, "unknown map"),
        ({"seats": {"A": {"name": "", "colour": "#0072B2"}}}, "seat A"),
        ({"seats": {"A": {"name": "Aiko", "colour": "blue"}}}, "seat A"),
        ({"clock_minutes": 0}, "clock_minutes"),
        ({"dreamblade": {"map": "default", "warbands": {"A": {"saved": "builtin:x"}}}}, "A and B"),
    ],
)
def test_a_bad_setup_is_refused_and_changes_nothing(
    judge: Phone, table: Table, change: dict, problem: str
):
    before = (table.game_id, table.version)
    response = judge.post("/api/setup/new", {**_dreamblade(), **change})
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "setup"
    assert problem in body["detail"]
    assert (table.game_id, table.version) == before


@pytest.mark.parametrize(
    ("miniatures", "problem"),
    [
        ([{"id": "lockjaw", "count": MAX_MINIATURES + 1}], "at most"),
        ([{"id": "lockjaw", "count": 4}], "copies"),
        ([{"id": "no-such-miniature"}], "known to the catalog"),
    ],
)
def test_an_illegal_warband_is_refused(judge: Phone, table: Table, miniatures, problem):
    warbands = {
        "A": {"name": "Mine", "miniatures": miniatures},
        "B": {"saved": "builtin:sample-madness"},
    }
    response = judge.post("/api/setup/new", _dreamblade(warbands))
    assert response.status_code == 400
    assert problem in response.get_json()["detail"]
    assert table.read(lambda game: game.name) == "test-counter"


def test_a_warband_built_from_the_catalog_is_saved_and_used(judge: Phone, table: Table):
    found = judge.get("/api/setup/catalog?q=scissors").get_json()["results"]
    assert found
    assert all("scissors" in f"{m['name']} {m['id']}".casefold() for m in found)
    warband = {"name": "Snip Snap", "miniatures": [{"id": found[0]["id"], "count": 2}]}
    saved = judge.post("/api/setup/warbands", warband).get_json()
    assert saved == {"key": "saved:snip-snap", "name": "Snip Snap", "size": 2, "incomplete": []}
    keys = [w["key"] for w in judge.get("/api/setup/options").get_json()["dreamblade"]["warbands"]]
    assert "saved:snip-snap" in keys
    warbands = {"A": {"saved": "saved:snip-snap"}, "B": {"name": "Inline", **warband}}
    assert judge.post("/api/setup/new", _dreamblade(warbands)).status_code == 200
    reserve = table.read(lambda game: game.reserve("A"))
    assert reserve == [f"A:{found[0]['id']}#1", f"A:{found[0]['id']}#2"]


def test_a_spectator_far_from_the_table_cannot_save_warbands(app: Flask):
    response = _remote(app).post(
        "/api/setup/warbands", {"name": "X", "miniatures": [{"id": "lockjaw"}]}
    )
    assert response.status_code == 403


def test_a_short_catalog_query_finds_nothing(judge: Phone):
    assert judge.get("/api/setup/catalog?q=a").get_json() == {"results": []}


def test_another_game_starts_from_its_ready_made_setup(judge: Phone, table: Table):
    response = judge.post("/api/setup/new", {"game": "planechase"})
    assert response.status_code == 200
    view = judge.state()
    assert view["game"] == "planechase"
    assert view["pending"]["seat"] in (None, *[s["seat"] for s in view["seats"]])
    assert view["extra"]["players"] == [s["seat"] for s in view["seats"]]  # Planechase's view


# -- a warband registered by showing its tags to the camera ---------------------------------------


def _payload(catalog_id: str, serial: int, game: str = "db") -> str:
    return encode_payload(TagId(game, catalog_id, serial))


@pytest.fixture
def shown() -> ShowingCamera:
    return ShowingCamera()


@pytest.fixture
def scan_judge(table: Table, settings: Settings, shown: ShowingCamera) -> Iterator[Phone]:
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=shown)
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    yield phone
    app.extensions["panel"].close()


def test_the_tags_shown_are_read_from_the_whole_uncalibrated_frame(
    scan_judge: Phone, shown: ShowingCamera
):
    shown.show([_payload("sir-glorious", 3), _payload("spellbound-scissors", 1)])
    found = scan_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert found["status"] == "uncalibrated"
    assert [(t["tag"], t["id"], t["serial"]) for t in found["tags"]] == [
        ("db:sir-glorious#3", "sir-glorious", 3),
        ("db:spellbound-scissors#1", "spellbound-scissors", 1),
    ]
    assert [t["name"] for t in found["tags"]] == ["Sir Glorious", "Spellbound Scissors"]
    assert (found["problems"], found["unreadable"]) == ([], 0)


def test_unknown_miniatures_other_games_and_foreign_codes_are_reported_not_added(
    scan_judge: Phone, shown: ShowingCamera
):
    shown.show([_payload("no-such-mini", 1), _payload("B12", 2, "dc"), "HELLO-WORLD"])
    found = scan_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert found["tags"] == []
    assert found["problems"] == [
        {"tag": "db:no-such-mini#1", "problem": "unknown_miniature"},
        {"tag": "dc:B12#2", "problem": "other_game"},
    ]
    assert found["unreadable"] == 1


GLORIOUS, SCISSORS = TagId("db", "sir-glorious", 3), TagId("db", "spellbound-scissors", 1)


@pytest.fixture
def registered_judge(
    table: Table, settings: Settings, shown: ShowingCamera, request: pytest.FixtureRequest
) -> Iterator[Phone]:
    """The judge's phone at a table whose label registration (``camera.markers``) is the
    test's parameter."""
    registration: LabelRegistration = request.param
    path = settings.data_dir / "tags.markers.yaml"
    path.write_text(registration.to_yaml())
    settings = settings.model_copy(update={"camera": CameraSettings(markers=path)})
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=shown)
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    yield phone
    app.extensions["panel"].close()


@pytest.mark.parametrize(
    "registered_judge",
    [LabelRegistration("aruco4x4", {0: GLORIOUS, 1: SCISSORS}, key=5)],
    indirect=True,
)
def test_carriers_shown_are_read_like_the_tables_camera_reads_them(
    registered_judge: Phone, shown: ShowingCamera
):
    carrier_judge = registered_judge
    # ours (serials 0 and 1 of key 5), and another table's carrier with serial 0 (key 9)
    shown.show_carriers([5 * 50 + 0, 5 * 50 + 1, 9 * 50 + 0])
    found = carrier_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert [(t["tag"], t["name"]) for t in found["tags"]] == [
        ("db:sir-glorious#3", "Sir Glorious"),
        ("db:spellbound-scissors#1", "Spellbound Scissors"),
    ]
    assert found["problems"] == [{"tag": "T09-0", "problem": "other_table"}]
    # an older QR sticker naming its miniature means nothing to a table reading carriers
    shown.show([_payload("sir-glorious", 3)])
    found = carrier_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert (found["tags"], found["problems"]) == ([], [])


@pytest.mark.parametrize(
    "registered_judge", [LabelRegistration("aruco4x4", {0: GLORIOUS}, key=5)], indirect=True
)
def test_the_scan_reads_a_tournaments_seated_players_carriers_as_the_camera_does(
    registered_judge: Phone, settings: Settings, shown: ShowingCamera
):
    from companion.table.seated_labels import clear_seated, save_seated

    # the hub seated two players who both printed with key 7: serial 0 is theirs two ways
    ann = LabelRegistration("aruco4x4", {0: SCISSORS}, 7)
    ben = LabelRegistration("aruco4x4", {0: GLORIOUS, 1: SCISSORS}, 7)
    session = registered_judge.client.application.extensions["panel"].table.session
    save_seated(session, 3, {"A": ann, "B": ben})
    shown.show_carriers([7 * 50 + 1, 7 * 50 + 0, 5 * 50 + 0, 9 * 50 + 0])
    found = registered_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert [t["tag"] for t in found["tags"]] == [
        "db:sir-glorious#3",  # the table's own carrier
        "db:spellbound-scissors#101",  # Ben's, at seat B
    ]
    assert found["problems"] == [
        {"tag": "T09-0", "problem": "other_table"},
        {"tag": "T07-0", "problem": "shared_key"},
    ]
    clear_seated(session)  # the next round seats no one here: key 7 is read no more
    found = registered_judge.get("/api/setup/scan?game=dreamblade").get_json()
    assert [t["tag"] for t in found["tags"]] == ["db:sir-glorious#3"]
    assert {p["tag"] for p in found["problems"]} == {"T07-0", "T07-1", "T09-0"}


@pytest.mark.parametrize(
    "registered_judge", [LabelRegistration("qr", {0: GLORIOUS, 7: SCISSORS}, key=2)], indirect=True
)
def test_qr_stickers_of_the_tables_registration_name_their_miniature(
    registered_judge: Phone, settings: Settings, shown: ShowingCamera
):
    phone = registered_judge
    ours = encode_table_payload(TableSerial(2, 7))
    theirs = encode_table_payload(TableSerial(3, 7))
    shown.show([ours, theirs, _payload("sir-glorious", 3)])
    found = phone.get("/api/setup/scan?game=dreamblade").get_json()
    assert [t["tag"] for t in found["tags"]] == ["db:spellbound-scissors#1"]
    assert found["problems"] == [
        {"tag": "T03-7", "problem": "other_table"},
        {"tag": "", "problem": "older_sticker"},
    ]
    (settings.data_dir / "tags.markers.yaml").write_text("family: qr\nkey: 99\nserials: {}\n")
    refused = phone.get("/api/setup/scan?game=dreamblade")
    assert refused.status_code == 404 and "key" in refused.get_json()["detail"]


def test_scanning_needs_a_camera_and_the_right_to_set_up(app: Flask, judge: Phone):
    assert judge.get("/api/setup/scan?game=dreamblade").status_code == 404
    assert _remote(app).get("/api/setup/scan?game=dreamblade").status_code == 403


def _scanned_warbands(a_tags: list[str], b_tags: list[str] | None = None) -> dict:
    return {
        "A": {
            "name": "Shown",
            "miniatures": [
                {"id": "sir-glorious", "count": 1},
                {"id": "spellbound-scissors", "count": 2},
            ],
            "tags": a_tags,
        },
        "B": {"name": "Other", "miniatures": [{"id": "spellbound-scissors", "count": 1}]}
        | ({"tags": b_tags} if b_tags is not None else {}),
    }


def test_a_scanned_warband_starts_with_the_tags_shown(
    scan_judge: Phone, table: Table, settings: Settings
):
    tags = ["db:spellbound-scissors#7", "db:sir-glorious#3", "db:spellbound-scissors#4"]
    response = scan_judge.post("/api/setup/new", _dreamblade(_scanned_warbands(tags)))
    assert response.status_code == 200, response.get_json()
    registry = table_registry(table)
    assert registry is not None
    assert {str(tag): piece for tag, piece in registry.items()} == {
        "db:sir-glorious#3": "A:sir-glorious#1",
        "db:spellbound-scissors#7": "A:spellbound-scissors#1",
        "db:spellbound-scissors#4": "A:spellbound-scissors#2",
        "db:spellbound-scissors#101": "B:spellbound-scissors#1",  # not scanned: default serial
    }


@pytest.mark.parametrize(
    ("a_tags", "b_tags", "problem"),
    [
        (["db:sir-glorious#3", "db:sir-glorious#3"], None, "listed twice"),
        (["db:sir-glorious#3", "db:sir-glorious#4"], None, "2 tags of sir-glorious for 1"),
        (["db:B45#1"], None, "0 in the warband"),
        (["dc:sir-glorious#3"], None, "not a Dreamblade tag"),
        (["sir-glorious"], None, "not a tag"),
        ("db:sir-glorious#3", None, "must be a list"),
        (["db:spellbound-scissors#5"], ["db:spellbound-scissors#5"], "both"),
        (["db:spellbound-scissors#101"], None, "both"),  # B's copy wears 101 by default
    ],
)
def test_bad_scanned_tags_are_refused_and_change_nothing(
    scan_judge: Phone, table: Table, settings: Settings, a_tags, b_tags, problem: str
):
    before = (table.game_id, table.version)
    response = scan_judge.post("/api/setup/new", _dreamblade(_scanned_warbands(a_tags, b_tags)))
    assert response.status_code == 400
    assert problem in response.get_json()["detail"]
    assert (table.game_id, table.version) == before
    assert not (settings.data_dir / "tags").exists()


def test_the_unknown_map_values_are_agreed_at_set_up_and_shown_to_both_seats(
    judge: Phone, phone_a: Phone, table: Table
):
    options = judge.get("/api/setup/options").get_json()["dreamblade"]["map_values"]["default"]
    assert options["unknown"] == list(DEFAULT_MAP_VALUES)
    assert options["value_range"] == [1, 5]
    assert judge.post("/api/setup/new", _dreamblade()).status_code == 200
    view_map = judge.state()["extra"]["map"]
    assert view_map["agreed"] == DEFAULT_MAP_VALUES
    assert (view_map["unknown"], view_map["provisional"]) == ([], False)
    assert table.read(lambda game: game.setup.dream_map.key_values["c4"]) == 2


def _offered(phone: Phone, map_name: str = "default") -> dict[str, int]:
    options = phone.get("/api/setup/options").get_json()["dreamblade"]["map_values"]
    offered: dict[str, int] = options[map_name]["remembered"]
    return offered


def test_the_map_values_typed_at_set_up_are_offered_at_the_next_even_after_a_restart(
    app: Flask, judge: Phone, table: Table, settings: Settings
):
    assert _offered(judge) == {}
    assert judge.post("/api/setup/new", _dreamblade()).status_code == 200
    # the configured map is the same printed map: the same values
    assert _offered(judge) == _offered(judge, "configured") == DEFAULT_MAP_VALUES
    changed = {**DEFAULT_MAP_VALUES, "b2": 3}  # the judge changes one at the next set-up
    assert judge.post("/api/setup/new", _dreamblade(map_values=changed)).status_code == 200
    assert table.read(lambda game: game.setup.dream_map.key_values["b2"]) == 3
    app.extensions["panel"].close()
    again = create_app(table, settings, secret_key="test-secret", testing=True)  # a restart
    judge = Phone(again.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    assert _offered(judge) == changed
    again.extensions["panel"].close()


def test_a_value_given_during_a_game_is_offered_at_the_next_set_up(judge: Phone, table: Table):
    from companion.table.setup import starting_game

    # the default map, its values left unknown
    table.start_game(StartRequest(starting_game(Settings())))
    assert judge.act("value d4 4").status_code == 200  # the judge's word, during the game
    assert _offered(judge) == {"d4": 4}
    assert judge.post("/api/setup/new", _dreamblade()).status_code == 200  # typed: d4 is 1
    assert _offered(judge) == DEFAULT_MAP_VALUES


@pytest.mark.parametrize(
    ("language", "values", "says"),
    [
        ("en", {**DEFAULT_MAP_VALUES, "c4": 99}, "Value of c4: a whole number from 1 to 5."),
        ("ja", {**DEFAULT_MAP_VALUES, "c4": 99}, "c4 の得点: 1から5までの整数にしてください。"),
        ("en", {**DEFAULT_MAP_VALUES, "c4": None}, "Value of c4: read it from the printed map"),
        ("en", {**DEFAULT_MAP_VALUES, "c3": 4}, "Value of c3: already known as 5"),
    ],
)
def test_map_values_out_of_range_or_missing_are_refused_and_nothing_starts(
    judge: Phone, table: Table, language: str, values: dict, says: str
):
    before = (table.game_id, table.version)
    judge.client.set_cookie("lang", language)
    response = judge.post("/api/setup/new", _dreamblade(map_values=values))
    assert response.status_code == 400
    error = response.get_json()
    assert error["error"] == "map_values"
    assert error["detail"].startswith(says)
    assert (table.game_id, table.version) == before


def test_a_warband_with_an_incomplete_miniature_cannot_start_a_game(judge: Phone, table: Table):
    found = judge.get("/api/setup/catalog?q=brawler").get_json()["results"]
    assert found[0]["unknown"] == ["power"]  # the builder marks it
    warbands = {
        "A": {"name": "Brawlers", "miniatures": [{"id": "runetagged-brawler"}, {"id": "B45"}]},
        "B": {"saved": "builtin:sample-madness"},
    }
    response = judge.post("/api/setup/new", _dreamblade(warbands))
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "incomplete_miniatures"
    assert body["message"] == translate("en", "error.incomplete_miniatures")
    assert body["detail"] == "Brawlers: Runetagged Brawler"
    assert table.read(lambda game: game.name) == "test-counter"


def test_the_shipped_warbands_are_offered_complete_and_a_saved_incomplete_one_says_so(
    judge: Phone,
):
    saved = {"name": "Brawlers", "miniatures": [{"id": "runetagged-brawler", "count": 2}]}
    assert judge.post("/api/setup/warbands", saved).status_code == 200
    offered = {
        w["key"]: w for w in judge.get("/api/setup/options").get_json()["dreamblade"]["warbands"]
    }
    assert offered["builtin:sample-valor"]["incomplete"] == []
    assert offered["builtin:sample-madness"]["incomplete"] == []
    assert offered["saved:brawlers"]["incomplete"] == ["Runetagged Brawler"]


def test_the_die_faces_confirmed_at_set_up_are_kept_with_the_game(judge: Phone, table: Table):
    """Issue 17: a table that checked the attack die says so once; the judge's answers then say
    "confirmed at this table"."""
    faces = judge.get("/api/setup/options").get_json()["dreamblade"]["die_faces"]
    assert faces == ["1", "2", "3", "miss", "miss", "blade"]
    assert judge.post("/api/setup/new", _dreamblade(die_confirmed=True)).status_code == 200
    assert table.read(lambda game: game.setup.settings.die_confirmed) is True
    assert table.read(lambda game: game.position()["setup"]["settings"]["die_confirmed"]) is True
    refused = judge.post("/api/setup/new", _dreamblade(die_confirmed="yes"))
    assert refused.status_code == 400


class EventLink:
    """A table in an event whose organizer entered the map (the hub link's part the panel uses)."""

    def __init__(self) -> None:
        from companion.games.dreamblade.maps import agree_key_values, builtin_map

        self.map = agree_key_values(builtin_map("default"), {**DEFAULT_MAP_VALUES, "b2": 3})

    def result_view(self) -> None:
        return None

    def match_id(self) -> int:
        return 1

    def confirm(self, seat: str) -> None:
        raise LookupError(seat)

    def event_map(self) -> object:
        return self.map

    def event_view(self) -> dict[str, object]:
        return {"table": "table-1", "round": None}

    def moved(self, game_id: int, seat: str) -> None:
        return None


def test_in_an_event_the_game_is_set_up_on_the_organizers_map(app: Flask, judge: Phone, table):
    app.extensions["panel"].tournament = EventLink()
    options = judge.get("/api/setup/options").get_json()["dreamblade"]
    assert options["maps"] == ["event"] and options["map_values"]["event"]["unknown"] == []
    # whatever map or values the phone sends, the event's map is the one played
    setup = _dreamblade()
    setup["dreamblade"] = {**setup["dreamblade"], "map_values": {}}
    assert judge.post("/api/setup/new", setup).status_code == 200
    values = table.read(lambda game: game.setup.dream_map.key_values)
    assert values == {**DEFAULT_MAP_VALUES, "b2": 3, "c3": 5}


@pytest.mark.parametrize(
    ("language", "words"), [("en", "disk is full"), ("ja", "ディスクがいっぱい")]
)
def test_a_set_up_the_disk_cannot_hold_starts_nothing(
    scan_judge: Phone, table: Table, language: str, words: str
):
    """The new game, its seats, its clock and its tags are one write: a full disk (SQLite's page
    limit gives the store the very error a full disk does) keeps the game in play as it was."""
    panel_clock = table.session._clock
    assert panel_clock is not None
    before = (table.game_id, table.version, table.store.games(), table.session.seats())
    clock_before = panel_clock.status()["length"]
    db = table.store._db
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")
    scan_judge.client.set_cookie("lang", language)
    tags = ["db:spellbound-scissors#7", "db:sir-glorious#3", "db:spellbound-scissors#4"]
    reply = scan_judge.post("/api/setup/new", _dreamblade(_scanned_warbands(tags)))
    assert reply.status_code == 507, reply.get_json()
    assert words in reply.get_json()["message"]
    assert (table.game_id, table.version, table.store.games(), table.session.seats()) == before
    assert panel_clock.status()["length"] == clock_before != 50 * 60
    assert table.store.tags(table.game_id) == {}
    db.execute(f"PRAGMA max_page_count = {pages + 1000}")  # room again: the same set-up starts
    again = scan_judge.post("/api/setup/new", _dreamblade(_scanned_warbands(tags)))
    assert again.status_code == 200
    assert panel_clock.status()["length"] == 50 * 60
    assert len(table.store.tags(table.game_id)) == 3
