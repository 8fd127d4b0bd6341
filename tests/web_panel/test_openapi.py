"""The OpenAPI document describes exactly the API the app serves, and its error codes exist."""

from __future__ import annotations

import re
from importlib.resources import files

import yaml
from flask import Flask

from companion.games import kits
from web_panel.api import HTTP_ERRORS
from web_panel.i18n import catalog


def _document() -> dict:
    return yaml.safe_load(files("web_panel").joinpath("openapi.yaml").read_text(encoding="utf-8"))


def test_every_route_is_documented_and_every_documented_path_exists(app: Flask):
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/api", "/join")):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                served.add((path, method.lower()))
    documented = {(path, method) for path, item in _document()["paths"].items() for method in item}
    assert documented == served


def test_every_error_code_has_a_message_in_each_language():
    codes = _document()["components"]["schemas"]["Error"]["properties"]["error"]["enum"]
    for language in ("en", "ja"):
        assert all(f"error.{code}" in catalog(language) for code in codes)


def test_every_error_code_the_api_raises_is_documented():
    raised = set()
    modules = (
        "api", "game_setup", "camera_view", "camera_setup", "table_catalog_api", "judge_api",
        "setup_rights", "demo_api", "remote_api",
    )  # fmt: skip
    for module in (f"{name}.py" for name in modules):
        source = files("web_panel").joinpath(module).read_text(encoding="utf-8")
        raised |= set(re.findall(r'Refused\(\s*\d+, "(\w+)"', source))
    for kit in kits():  # each game's own set-up form
        form = files(kit.screens).joinpath("setup_form.py") if kit.screens else None
        if form is not None and form.is_file():
            raised |= set(re.findall(r'Refused\(\s*\d+, "(\w+)"', form.read_text("utf-8")))
    judge = files("web_panel").joinpath("judge.py").read_text(encoding="utf-8")
    raised |= set(re.findall(r'JudgeAccessError\(\s*"(\w+)"', judge))
    codes = set(_document()["components"]["schemas"]["Error"]["properties"]["error"]["enum"])
    assert raised <= codes
    # said by their own handlers: a forged request, a paused remote game, remote play refused
    assert raised | {"csrf", "paused", "remote"} | set(HTTP_ERRORS.values()) == codes
