"""``companion catalog``: list, show, search and import Dreamblade miniatures, check a warband."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from companion.errors import DataFileError
from companion.games.dreamblade.catalog import (
    Catalog,
    default_catalog,
    miniature_to_data,
    user_catalog_path,
    write_catalog,
)
from companion.games.dreamblade.miniature import Miniature

_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


@click.group("catalog")
def catalog() -> None:
    """The miniature catalog: the builtin entries plus your imported Dreamcatcher file."""


@catalog.command("list")
@click.option("--set", "set_code", help="Only this set (A, B, BW, CP, NF, SD).")
@_JSON
def list_command(set_code: str | None, as_json: bool) -> None:
    """Every miniature, one per line."""
    minis = [m for m in _load().values() if set_code is None or m.set == set_code.upper()]
    _print(sorted(minis, key=lambda m: (m.set or "~", m.number or 0, m.name)), as_json)


@catalog.command("search")
@click.argument("text")
@_JSON
def search_command(text: str, as_json: bool) -> None:
    """Miniatures whose name or id contains TEXT."""
    _print(_load().search(text), as_json)


@catalog.command("show")
@click.argument("catalog_id")
@_JSON
def show_command(catalog_id: str, as_json: bool) -> None:
    """All the data of one miniature."""
    catalog_data = _load()
    if catalog_id not in catalog_data:
        hints = ", ".join(m.id for m in catalog_data.search(catalog_id)[:5])
        hint = f" (did you mean: {hints})" if hints else ""
        raise click.ClickException(f"no miniature {catalog_id!r} in the catalog{hint}")
    data = miniature_to_data(catalog_data[catalog_id])
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for key, value in data.items():
        shown = "; ".join(map(str, value)) if isinstance(value, list) else value
        click.echo(f"{key:>11}: {shown}")


# Where the full list of miniatures comes from: said by ``catalog import --help`` and when the
# file is not there (README.md and data/README.md say the same).
WHERE_FROM = (
    "The companion ships only the miniatures its sources give values for. The full list is not "
    'shipped: it is the fan-made "Dreamcatcher Excel" spreadsheet (named after Wizards of the '
    "Coast's Dreamcatcher database, long offline), shared on BoardGameGeek's Dreamblade file "
    "pages. Open it in a spreadsheet program, save its sheet as CSV, and import that file. Its "
    "columns, in order, after one header row: name, lineage, aspect, spawn cost, aspect cost, "
    "power, defense, life, abilities, flavor text, collector number, set, rarity. Without it, "
    "type a missing miniature in on the panel's set-up page from what is printed on its base."
)


@catalog.command("import", epilog=WHERE_FROM)
@click.argument("csv_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--check", is_flag=True, help="Only validate the file; store nothing.")
def import_command(csv_file: Path, check: bool) -> None:
    """Import CSV_FILE, the "Dreamcatcher Excel" spreadsheet saved as CSV, as your catalog.

    All rows are checked first: either every miniature is imported or none is. Flavor text is
    not stored."""
    from companion.games.dreamblade.dreamcatcher import CsvImportError, import_csv

    try:
        minis = import_csv(csv_file)
    except CsvImportError as exc:
        lines = [f"{csv_file}: {len(exc.problems)} problems, nothing imported:"]
        lines += [f"  {problem}" for problem in exc.problems]
        raise click.ClickException("\n".join(lines)) from None
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None
    if check:
        click.echo(f"{csv_file}: {len(minis)} miniatures, no problems (nothing stored)")
        return
    target = user_catalog_path()
    write_catalog(target, minis, source=f"imported from {csv_file.name} (Dreamcatcher Excel CSV)")
    click.echo(f"imported {len(minis)} miniatures into {target}")


@catalog.command("warband")
@click.argument("warband_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", type=click.Choice(["A", "B"]), default="A", show_default=True)
@click.option("--tournament", is_flag=True, help="Also check the banned list.")
def warband_command(warband_file: Path, seat: str, tournament: bool) -> None:
    """Check WARBAND_FILE against the catalog and list its miniatures with their ids.

    Fails (exit 1) when a miniature's values the game needs are unknown in the catalog."""
    from companion.games.dreamblade.warband import (
        incomplete_miniatures,
        load_warband,
        tournament_problems,
    )

    catalog_data = _load()
    try:
        band = load_warband(warband_file, catalog_data)
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None
    incomplete = incomplete_miniatures(band, catalog_data)
    if incomplete:
        lines = [
            f"  {catalog_data[catalog_id].name} ({catalog_id}): {', '.join(fields)} unknown"
            for catalog_id, fields in incomplete.items()
        ]
        raise click.ClickException(
            "\n".join(
                [
                    f"{band.name}: not playable: {len(incomplete)} miniatures have unknown values "
                    "(fill in what is printed on their bases on the panel's set-up page, or play "
                    "others)",
                    *lines,
                ]
            )
        )
    problems = tournament_problems(band, catalog_data) if tournament else []
    if problems:
        raise click.ClickException("\n".join([f"{band.name}: not tournament-legal", *problems]))
    click.echo(f"{band.name}: {band.size} miniatures, valid")
    for mini_id, catalog_id in band.copies(seat):
        click.echo(f"  {mini_id:<32} {catalog_data[catalog_id].name}")


# ``ctx.meta`` key: a function giving the catalog to use instead of ``default_catalog()`` (the
# ``companion catalog`` group of the table adds its players' entries).
CATALOG_LOADER = "dreamblade.catalog"


def with_table_entries(entries: list[dict[str, Any]]) -> Catalog:
    """The catalog with the miniatures a table's players typed in (``entries``, the table
    catalog's ``MINIATURE_ENTRIES``) merged over it."""
    from companion.games.dreamblade.table_entries import catalog_with_entries

    return catalog_with_entries(default_catalog(), entries)


def _load() -> Catalog:
    context = click.get_current_context(silent=True)
    loader = context.meta.get(CATALOG_LOADER, default_catalog) if context else default_catalog
    try:
        catalog_data: Catalog = loader()
    except DataFileError as exc:
        raise click.ClickException(str(exc)) from None
    return catalog_data


def _stat(value: int | None) -> str:
    return "?" if value is None else str(value)


def _line(mini: Miniature) -> str:
    aspects = "?" if "aspects" in mini.unknown else "".join(a.value for a in mini.aspects)
    cost = f"{_stat(mini.spawn_cost)}{aspects}"
    if mini.is_creature:
        stats = f"{_stat(mini.power)}/{_stat(mini.defense)}/{_stat(mini.life)}"
    else:
        stats = "location"
    return f"{mini.id:<24} {mini.name:<28} {cost:>6} {stats:>9}  {mini.set or '?'}"


def _print(minis: list[Miniature], as_json: bool) -> None:
    if as_json:
        data = [miniature_to_data(m) for m in minis]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for mini in minis:
        click.echo(_line(mini))
    click.echo(f"{len(minis)} miniatures (cost = spawn cost + aspect symbols; ? = unknown)")
