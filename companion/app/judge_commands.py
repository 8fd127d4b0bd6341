"""The judge's commands of ``companion rules``: ``edit`` (the position editor), ``ask`` (questions
answered in plain words, English or Japanese, or ``--json``) and ``export`` (the live game of a
table's store as record and position). They join the rules group of
the judge's tools (``GameKit.judge``) of the game a table plays when its config names none (the
first the house lists: the command reads no table), here, above the table and the panel's message
catalogs they read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from companion import grid
from companion.errors import DataFileError
from companion.games import configured_kit, judge_tools, settings_sections
from companion.settings import Settings, load_settings
from web_panel.i18n import LANGUAGES
from web_panel.judge_text import problem_text, sentences

_KIT = configured_kit(Settings())
_FOUND = judge_tools(_KIT.name)
if _FOUND is None:
    raise LookupError("the house's first game offers no judge's tools")
_TOOLS = _FOUND
questions = _TOOLS.questions
EditError = _TOOLS.EditError
PositionEditor = _TOOLS.PositionEditor
read_json = _TOOLS.read_json
rules: click.Group = _TOOLS.rules


def _editor(path: str) -> Any:
    data = read_json(path)
    if isinstance(data, dict) and isinstance(data.get("position"), dict) and "record" in data:
        data = data["position"]  # what `rules export` writes
    try:
        if isinstance(data, dict) and data.get("format") == _TOOLS.RECORD_FORMAT:
            game = _TOOLS.Game.from_record(data, origin=path)
            return PositionEditor(game.setup, game.state)
        return PositionEditor.from_position(data, origin=path)
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None


def _write(data: Any, out: str | None) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if out is None:
        click.echo(text)
    else:
        Path(out).write_text(text + "\n", encoding="utf-8")


language_option = click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="answer language"
)


@rules.command("edit")
@click.argument("position", type=click.Path(allow_dash=True))
@click.argument("edits", nargs=-1, required=True)
@click.option("--out", type=click.Path(dir_okay=False), help="write the position here")
@language_option
def edit(position: str, edits: tuple[str, ...], out: str | None, lang: str) -> None:
    """Apply EDITS (each one quoted: "add A noble-dragon c3", "place B:B45#1 d4",
    "phase spawn A 7", "damage A:x#1 2", "modifier A:x#1 life -2"…) to a position or a record's
    end, and print (or --out) the position. The first impossible edit is refused with the
    reason and nothing is written. Start from an empty map with `companion rules new`."""
    editor = _editor(position)
    try:
        editor.apply_all(list(edits), _TOOLS.default_catalog())
    except EditError as exc:
        reasons = [problem_text(p.to_json(), lang) for p in exc.problems]
        raise click.ClickException("\n".join(reasons)) from None
    _write(editor.position(), out)


@rules.command("ask")
@click.argument("position", type=click.Path(allow_dash=True))
@click.argument("question", type=click.Choice(questions.QUESTIONS))
@click.option("--seat", type=click.Choice(("A", "B")), help="spawn, shifts, odds: the seat")
@click.option("--cell", help="odds: the cell of the strike")
@click.option("--keyword", "keyword_name", help="keyword: its name (Crit, Bodyguard…)")
@language_option
@click.option("--json", "as_json", is_flag=True, help="the answer as data, for machines")
def ask(
    position: str,
    question: str,
    seat: str | None,
    cell: str | None,
    keyword_name: str | None,
    lang: str,
    as_json: bool,
) -> None:
    """Answer QUESTION about a position in plain words: spawn (cells and costs), shifts,
    engaged, claims (who claims each scoring cell, the tally), odds (of a strike in --cell),
    keyword (what --keyword does, with the rulings it follows)."""
    answer = _answer(position, question, seat, cell, keyword_name)
    if as_json:
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        return
    for line in sentences(answer, lang):
        click.echo(line)


def _answer(
    position: str, question: str, seat: str | None, cell: str | None, keyword: str | None
) -> dict[str, Any]:
    if question == "keyword":
        if not keyword:
            raise click.BadParameter("name the keyword", param_hint="--keyword")
        return questions.keyword(keyword)
    editor = _editor(position)
    game = _TOOLS.Game.from_parts(editor.setup, editor.state)
    if question == "spawn":
        if seat is None:
            raise click.BadParameter("name the seat", param_hint="--seat")
        return questions.spawn(game, seat)
    if question == "shifts":
        return questions.shifts(game, seat)
    if question == "engaged":
        return questions.engaged(game)
    if question == "claims":
        return questions.claims(game)
    if cell is None or cell.lower() not in grid.CELL_SET:
        raise click.BadParameter("a cell a1..e5", param_hint="--cell")
    return questions.odds(game, cell.lower(), seat)


@rules.command("export")
@click.option("--config", type=click.Path(path_type=Path), help="the table's config (YAML)")
@click.option("--store", "store_path", type=click.Path(path_type=Path), help="a store file")
@click.option("--game", "game_id", type=int, help="a game id (default: the game in play)")
@click.option("--out", type=click.Path(dir_okay=False), help="write the export here")
def export(
    config: Path | None, store_path: Path | None, game_id: int | None, out: str | None
) -> None:
    """The live game of a table's store as {"record": …, "position": …} (record: the setup and
    every action; position: where the game is now), for `rules ask` and `rules edit`."""
    from companion.table.store import Store, StoreError

    try:
        path = store_path or load_settings(config, game_sections=settings_sections()).store_path
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None
    if not Path(path).exists():
        raise click.ClickException(f"{path}: no store there")
    store = Store(path)
    try:
        stored = store.unfinished() if game_id is None else None
        chosen = game_id if game_id is not None else (stored.id if stored else None)
        if chosen is None:
            raise click.ClickException(f"{path}: no game in play (give --game)")
        try:
            game = store.load(chosen)
            record = store.record(chosen)
        except StoreError as exc:
            raise click.ClickException(str(exc)) from None
        if not isinstance(game, _TOOLS.Game):
            raise click.ClickException(f"game {chosen} is {game.name}, not {_KIT.title}")
        _write({"record": record, "position": game.position()}, out)
    finally:
        store.close()
