"""``companion catalog``: the Dreamblade miniature catalog's commands (``list``, ``search``,
``show``, ``warband``) and the table catalog's ``export`` and ``import`` (every game's entries typed
in by players, one JSON file; ``import`` also takes the Dreamcatcher spreadsheet as CSV)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from companion.errors import DataFileError
from companion.games.dreamblade.catalog_cli import catalog as dreamblade_catalog
from companion.settings import Settings, load_settings
from companion.table.catalog import TableCatalog

_CONFIG = click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")


@click.group("catalog")
def catalog() -> None:
    """The catalogs: Dreamblade's miniatures (builtin plus your imported Dreamcatcher file) and
    the table's own catalog of entries typed in by players, for every game."""


for _name, _command in dreamblade_catalog.commands.items():
    if _name != "import":
        catalog.add_command(_command, _name)


def _settings(config: Path | None) -> Settings:
    try:
        return load_settings(config)
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


@catalog.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--check", is_flag=True, help="Only validate the file; store nothing.")
@_CONFIG
@click.pass_context
def import_command(ctx: click.Context, file: Path, check: bool, config: Path | None) -> None:
    """Import FILE: a table catalog exported by ``companion catalog export`` or the panel (.json),
    merged into this table's; or the "Dreamcatcher Excel" spreadsheet saved as CSV (.csv), which
    becomes your Dreamblade catalog.

    Everything is checked first: either all of the file is imported or nothing is."""
    if file.suffix.lower() == ".csv":
        ctx.invoke(dreamblade_catalog.commands["import"], csv_file=file, check=check)
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
