"""Every operation of ``openapi.yaml`` driven with malformed input (finding 6 and the issue's "done
when"): no answer is a server error, every /api answer is JSON in the phone's language, and
nothing changes — not the game, the log, the store's games, the clock, the seats, the join codes,
nor any file in the data folder. Bounded: a few examples per operation, derandomized."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import yaml
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web_panel.conftest import Phone
from web_panel.limits import MAX_BODY_BYTES

DOCUMENT = yaml.safe_load(files("web_panel").joinpath("openapi.yaml").read_text(encoding="utf-8"))
OPERATIONS = [
    (method.upper(), path, operation)
    for path, item in DOCUMENT["paths"].items()
    for method, operation in item.items()
]
# Operations whose effect needs no input at all: only a bad form token can make them malformed.
NO_INPUT = {("POST", "/api/judge/logout")}

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
WRONG_FOR = {
    "string": st.none() | st.booleans() | st.integers() | st.lists(st.integers(), max_size=3),
    "integer": st.none() | st.text(max_size=8) | st.floats(allow_nan=False) | st.lists(ANY_JSON),
    "boolean": st.none() | st.text(max_size=8) | st.dictionaries(st.text(max_size=4), ANY_JSON),
    "number": st.none() | st.text(max_size=8) | st.lists(ANY_JSON, max_size=2),
    "array": st.none() | st.text(max_size=8) | st.integers() | st.dictionaries(st.text(), ANY_JSON),
    "object": st.none() | st.text(max_size=8) | st.integers() | st.lists(ANY_JSON, max_size=3),
}


def _schema(operation: dict[str, Any]) -> dict[str, Any]:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema", {})


def _properties(schema: dict[str, Any]) -> dict[str, Any]:
    found = dict(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        if "$ref" in part:
            name = part["$ref"].rsplit("/", 1)[1]
            found.update(DOCUMENT["components"]["schemas"][name].get("properties", {}))
        found.update(part.get("properties", {}))
    return found


def _type(prop: dict[str, Any]) -> str:
    kind = prop.get("type", "object")
    return kind[0] if isinstance(kind, list) else kind


@st.composite
def malformed_object(draw: st.DrawFn, operation: dict[str, Any]) -> dict[str, Any]:
    """An object whose every documented field is missing or of the wrong type."""
    body: dict[str, Any] = {}
    for name, prop in _properties(_schema(operation)).items():
        if draw(st.booleans()):
            body[name] = draw(WRONG_FOR.get(_type(prop), WRONG_FOR["object"]))
    return body


def nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


@st.composite
def malformed_body(draw: st.DrawFn, operation: dict[str, Any]) -> bytes:
    choice = draw(st.integers(0, 4))
    if choice == 0:
        return draw(st.binary(max_size=64))  # not JSON, maybe not UTF-8
    if choice == 1:  # JSON, but not an object
        value = draw(st.none() | st.integers() | st.text(max_size=10) | st.lists(ANY_JSON))
        return json.dumps(value).encode()
    if choice == 2:
        return nested(draw(st.integers(33, 50_000)))
    if choice == 3:
        return b'{"action": "add 1", "version": 0, "game_id": ' + nested(200) + b"}"
    return json.dumps(draw(malformed_object(operation))).encode()


PATH_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40
)
# what a header can carry: any character but line breaks (which end a header)
HEADER_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
TOKENS = st.none() | HEADER_TEXT | st.sampled_from(["é" * 40, "トークン", "\x7f\x80"])


def _latin1(text: str) -> str:
    """A header value as a browser could send it (HTTP headers are bytes; WSGI decodes latin-1)."""
    return text.encode("utf-8").decode("latin-1")


class Snapshot:
    """Everything a request could change on the server."""

    def __init__(self, app: Flask, data_dir: Path) -> None:
        self.app, self.data_dir = app, data_dir

    def take(self) -> Any:
        panel = self.app.extensions["panel"]
        table = panel.table
        clock = dict(panel.clock.status())
        clock.pop("remaining", None)
        folder = {
            str(p.relative_to(self.data_dir)): p.read_bytes()
            for p in sorted(self.data_dir.rglob("*"))
            if p.is_file() and not p.name.endswith(("-wal", "-shm"))
        }
        return (
            table.game_id,
            table.version,
            table.state(),
            table.store.log(table.game_id),
            table.store.games(),
            clock,
            dict(panel.seats),
            panel.table.session.claimed,
            folder,
        )


@pytest.fixture
def snapshot(app: Flask, tmp_path: Path) -> Iterator[Snapshot]:
    yield Snapshot(app, tmp_path)


def _request(judge: Phone, method: str, url: str, body: bytes | None, token: str | None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["X-CSRF-Token"] = _latin1(token)
    response = judge.client.open(url, method=method, data=body, headers=headers, buffered=False)
    if url.startswith("/api/stream"):
        response.close()  # a stream never ends by itself: its headers are the answer
        return response
    response.get_data()
    response.close()
    return response


def _url(path: str, data: st.DataObject) -> str:
    for name in ("seat", "token"):
        if "{" + name + "}" in path:
            path = path.replace("{" + name + "}", quote(data.draw(PATH_TEXT) or "x", safe=""))
    query = data.draw(
        st.dictionaries(st.sampled_from(["q", "game", "lang"]), PATH_TEXT, max_size=2)
    )
    if query:
        path += "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in query.items())
    return path


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_malformed_input_never_errs_and_changes_nothing(
    judge: Phone, snapshot: Snapshot, data: st.DataObject
):
    """Each example sends one malformed request to every operation, as the judge (so that every
    check past the permissions runs), with a valid form token unless the token is the fault."""
    before = snapshot.take()
    for method, path, operation in OPERATIONS:
        url = _url(path, data)
        body = None
        token: str | None = judge.csrf
        if method == "POST":
            if (method, path) in NO_INPUT or data.draw(st.integers(0, 5)) == 0:
                token = data.draw(TOKENS)  # a missing, wrong or non-ASCII form token
                if token == judge.csrf:
                    token = None
            body = data.draw(malformed_body(operation))
        else:
            token = data.draw(TOKENS)
        response = _request(judge, method, url, body, token)
        assert response.status_code < 500, (method, url, body[:80] if body else body, token)
        if url.startswith("/api/") and response.status_code >= 400:
            answer = response.get_json()
            assert answer["error"] and answer["message"]
            assert not answer["message"].startswith("error.")
        assert snapshot.take() == before, (method, url)


def test_a_body_over_the_limit_is_refused_before_it_is_read(judge: Phone, snapshot: Snapshot):
    before = snapshot.take()
    for path in ("/api/actions", "/api/setup/new", "/api/catalog/import", "/api/judge/login"):
        response = judge.client.post(
            path,
            data=b" " * (MAX_BODY_BYTES + 1),
            headers={"Content-Type": "application/json", "X-CSRF-Token": judge.csrf},
        )
        assert response.status_code == 413
        assert response.get_json()["error"] == "too_large"
    assert snapshot.take() == before
