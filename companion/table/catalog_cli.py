"""``companion catalog``: the commands of the game whose kit has a catalog of its own
(``GameKit.catalog_commands``: ``list``, ``search``, ``show``, ``warband``…) and the
table catalog's ``export`` and ``import`` (every game's entries typed in by players, one JSON file;
``import`` also takes that game's own file, the Dreamcatcher spreadsheet as CSV)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import click

from companion.errors import DataFileError
from companion.games import kits, settings_sections
from companion.settings import Settings, load_settings
from companion.table.catalog import TableCatalog

_KIT = next(kit for kit in kits() if kit.catalog_commands is not None)
_GAME: Any = importlib.import_module(str(_KIT.catalog_commands))
_CONFIG = click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")


@click.group("catalog")
@click.pass_context
def catalog(ctx: click.Context) -> None:
    """The catalogs: the miniatures of the game with a catalog of its own (builtin plus your
    imported Dreamcatcher file plus the miniatures the table's players typed in) and the table's
    own catalog of entries typed in by players, for every game."""
    ctx.meta[_GAME.CATALOG_LOADER] = _game_catalog


def _game_catalog() -> Any:
    """The game's catalog with the entries this table's players typed in."""
    settings = _settings(None)
    entries = []
    if settings.store_path.exists():
        table_catalog = _table_catalog(settings)
        for kind in _KIT.entry_kinds:
            entries += [entry.data for entry in table_catalog.entries(_KIT.name, kind.kind)]
        table_catalog.close()
    return _GAME.with_table_entries(entries)


for _name, _command in _GAME.catalog.commands.items():
    if _name != "import":
        catalog.add_command(_command, _name)


def _settings(config: Path | None) -> Settings:
    try:
        return load_settings(config, game_sections=settings_sections())
    except DataFileError as error:
        raise click.ClickException(f"config: {error}") from None


def _table_catalog(settings: Settings) -> TableCatalog:
    return TableCatalog(settings.store_path)


@catalog.command("export")
@click.argument("json_file", type=click.Path(dir_okay=False, path_type=Path), required=False)
@_CONFIG
def export_command(json_file: Path | None, config: Path | None) -> None:
    """Write the table catalog (every game's entries typed in by players) to JSON_FILE, or print
    it."""
    settings = _settings(config)
    table_catalog = _table_catalog(settings)
    document = table_catalog.export(settings.table_name)
    table_catalog.close()
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if json_file is None:
        click.echo(text, nl=False)
        return
    json_file.write_text(text, encoding="utf-8")
    click.echo(f"exported {len(document['entries'])} entries to {json_file}")


@catalog.command("import", epilog=_GAME.WHERE_FROM)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--check", is_flag=True, help="Only validate the file; store nothing.")
@_CONFIG
@click.pass_context
def import_command(ctx: click.Context, file: Path, check: bool, config: Path | None) -> None:
    """Import FILE: a table catalog exported by ``companion catalog export`` or the panel (.json),
    merged into this table's; or the "Dreamcatcher Excel" spreadsheet saved as CSV (.csv), which
    becomes your catalog of miniatures.

    Everything is checked first: either all of the file is imported or nothing is."""
    if not file.is_file():  # the spreadsheet: where it comes from
        csv = file.suffix.lower() == ".csv"
        raise click.ClickException(
            f"{file}: no such file." + (f"\n{_GAME.WHERE_FROM}" if csv else "")
        )
    if file.suffix.lower() == ".csv":
        ctx.invoke(_GAME.catalog.commands["import"], csv_file=file, check=check)
        return
    from companion.table.catalog import read_document

    try:
        document = json.loads(file.read_text(encoding="utf-8"))
        entries = read_document(document)
    except (ValueError, DataFileError) as exc:  # JSONDecodeError is a ValueError
        raise click.ClickException(f"{file}: {exc}; nothing imported") from None
    if check:
        click.echo(f"{file}: {len(entries)} entries, no problems (nothing stored)")
        return
    table_catalog = _table_catalog(_settings(config))
    report = table_catalog.import_document(document)
    table_catalog.close()
    click.echo(
        f"imported {file}: {report.added} new, {report.replaced} replaced, "
        f"{report.unchanged} already there"
    )
