"""The HTML pages: boot data, language choice, security headers, the language toggle."""

from __future__ import annotations

import json
from html import unescape

from flask import Flask

from companion.table.start_request import StartRequest
from companion.table.table import Table
from tests.companion.counter_game import CounterGame
from tests.web_panel.conftest import Phone, join_url, seated
from web_panel.i18n import translate


def _boot(html: str) -> dict:
    start = html.index('<script id="boot" type="application/json">') + len(
        '<script id="boot" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])


def test_the_phone_page_carries_its_seat_token_and_messages(phone_a: Phone):
    response = phone_a.get("/")
    assert response.status_code == 200
    boot = _boot(response.get_data(as_text=True))
    assert boot["page"] == "phone"
    assert boot["me"]["seat"] == "A"
    assert boot["me"]["csrf"] == phone_a.csrf
    assert boot["messages"]["app.title"] == "Table companion"


def test_accept_language_picks_japanese_and_the_cookie_overrides_it(app: Flask):
    client = app.test_client()
    japanese = client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
    assert _boot(japanese.get_data(as_text=True))["lang"] == "ja"
    assert '<html lang="ja">' in unescape(japanese.get_data(as_text=True))
    toggled = client.get("/lang/en?next=/table")
    assert toggled.status_code == 303
    assert toggled.headers["Location"] == "/table"
    english = client.get("/table", headers={"Accept-Language": "ja"})
    assert _boot(english.get_data(as_text=True))["lang"] == "en"


def test_the_language_toggle_never_redirects_off_site(app: Flask):
    client = app.test_client()
    for target in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        response = client.get("/lang/ja", query_string={"next": target})
        assert response.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(app: Flask):
    response = app.test_client().get("/lang/xx")
    assert response.status_code == 303
    assert "Set-Cookie" not in response.headers


def test_pages_send_security_headers(app: Flask):
    response = app.test_client().get("/table")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_a_bad_join_code_shows_why_in_the_phones_language(app: Flask):
    response = app.test_client().get("/join/nonsense")
    assert response.status_code == 403
    assert translate("en", "join.invalid") in unescape(response.get_data(as_text=True))
    japanese = app.test_client().get("/join/nonsense", headers={"Accept-Language": "ja"})
    assert translate("ja", "join.invalid") in unescape(japanese.get_data(as_text=True))


def test_an_earlier_games_join_code_says_what_to_do(app: Flask, table: Table):
    old_code = join_url(app, "A").rsplit("/join/", 1)[1]
    table.start_game(StartRequest(CounterGame(start=1)))
    stranger = app.test_client()
    page = unescape(stranger.get(f"/join/{old_code}").get_data(as_text=True))
    assert translate("en", "join.earlier_game") in page
    assert stranger.get("/api/me").get_json()["seat"] is None
    player = seated(app, "B")  # seated in this game: the old code of the last game says so
    table.start_game(StartRequest(CounterGame(start=2)))
    page = unescape(player.get(f"/join/{old_code}").get_data(as_text=True))
    assert translate("en", "join.earlier_game_seated", seat="B") in page
    assert player.get("/api/me").get_json()["seat"] == "B"


def test_the_openapi_document_is_served(app: Flask):
    response = app.test_client().get("/api/openapi.yaml")
    assert response.status_code == 200
    assert b"openapi: 3.1.0" in response.data


def test_a_join_code_another_phone_used_says_so_in_the_phones_language(app: Flask):
    path = "/join/" + join_url(app, "A").rsplit("/join/", 1)[1]
    assert app.test_client().get(path).status_code == 303
    second = app.test_client().get(path, headers={"Accept-Language": "ja"})
    assert second.status_code == 403
    assert translate("ja", "join.already_used") in unescape(second.get_data(as_text=True))


def test_a_page_that_is_not_there_says_so_in_the_phones_language(app: Flask):
    for path in ("/join/a/b", "/nope"):
        for language in ("en", "ja"):
            response = app.test_client().get(path, headers={"Accept-Language": language})
            assert response.status_code == 404
            page = unescape(response.get_data(as_text=True))
            assert translate(language, "error.not_found") in page
            assert translate(language, "page.error") in page
    api = app.test_client().get("/api/no-such-thing", headers={"Accept-Language": "ja"})
    assert api.status_code == 404
    assert api.get_json()["message"] == translate("ja", "error.not_found")


def test_a_join_link_followed_from_another_site_opens_the_panel_from_this_one(app: Flask):
    """From the hub's player page (another site) the seat is taken and a page of the table's own
    opens the panel: a redirect would carry no SameSite=Strict cookie, seating nobody."""
    client = app.test_client()
    path = "/join/" + join_url(app, "A").rsplit("/join/", 1)[1]
    page = "http://192.168.1.10:8080/p/0123456789abcdef"
    answer = client.get(
        path,
        query_string={"page": page},
        headers={"Sec-Fetch-Site": "cross-site", "Accept-Language": "ja"},
    )
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="0;url=/">' in html
    assert translate("ja", "join.seated") in unescape(html)
    assert _boot(client.get("/").get_data(as_text=True))["me"]["seat"] == "A"
    with client.session_transaction() as kept:
        assert kept["player_page"] == page and kept["seated"]["seat"] == "A"


def test_only_a_hub_player_page_is_kept_as_the_way_back(app: Flask):
    from web_panel.pages import player_page_link

    good = "https://hub.local/p/0123456789abcdef"
    assert player_page_link(good) == good
    for bad in (
        "javascript:alert(1)",
        "https://hub.local/p/0123456789abcdef?x=1",
        "https://hub.local/admin",
        "//hub.local/p/0123456789abcdef",
        "https://hub.local/p/0123456789ABCDEF#x",
        None,
        "",
    ):
        assert player_page_link(bad) is None, bad
    client = app.test_client()
    path = "/join/" + join_url(app, "B").rsplit("/join/", 1)[1]
    assert client.get(path, query_string={"page": "javascript:alert(1)"}).status_code == 303
    with client.session_transaction() as kept:
        assert "player_page" not in kept
