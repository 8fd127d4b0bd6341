"""The table catalog on the panel: the entries players typed in (every game), downloaded and
uploaded as one JSON file (``companion/table_catalog.py``), and the problems of a refused entry
said in the phone's language."""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue

from companion.errors import DataFileError
from web_panel.api import Refused, body
from web_panel.i18n import choose_language, translate
from web_panel.panel import current_panel
from web_panel.setup_rights import require_setup_rights

catalog_api = Blueprint("table_catalog", __name__, url_prefix="/api/catalog")


def entry_problem(language: str, error: DataFileError) -> str:
    """A refused entry's problem in ``language``: the field as the form names it, then what it
    must be (``Power: a whole number from 0 to 40``)."""
    parts = [part.split("[", 1)[0] for part in error.field.split(".")]
    field = parts[-1]
    label = translate(language, f"catalog.field.{field}")
    if len(parts) > 1:  # a game's own name for the field, as its form shows it (army_card.power)
        own = translate(language, f"catalog.field.{parts[-2]}.{field}")
        label = label if own == f"catalog.field.{parts[-2]}.{field}" else own
    key = f"catalog.problem.{error.code}"
    problem = translate(language, key, **error.params)
    if problem == key:
        problem = translate(language, "catalog.problem.value")
    if not field or label == f"catalog.field.{field}":
        return problem
    return translate(language, "catalog.problem.of_field", field=label, problem=problem)


def refused_entry(error: DataFileError) -> Refused:
    """The refusal of a bad entry (or file): its problem in the phone's language, the field."""
    detail = entry_problem(choose_language(request), error)
    return Refused(400, "catalog_entry", detail, field=error.field)


@catalog_api.get("/entries")
def entries() -> ResponseReturnValue:
    """The table catalog's entries, of one game (``?game=``) or all."""
    game = request.args.get("game") or None
    found = current_panel().table_catalog.entries(game)
    return jsonify(entries=[entry.to_json() for entry in found])


@catalog_api.get("/export")
def export() -> ResponseReturnValue:
    """The whole table catalog as a file to download."""
    panel = current_panel()
    document = panel.table_catalog.export(panel.settings.table_name)
    name = f"table-catalog-{panel.settings.table_name}.json"
    return Response(
        json.dumps(document, indent=2, ensure_ascii=False),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@catalog_api.post("/import")
def import_file() -> ResponseReturnValue:
    """Merge an uploaded table catalog: all of it, or on any problem nothing."""
    panel = current_panel()
    require_setup_rights(panel)
    try:
        report = panel.table_catalog.import_document(body())
    except DataFileError as exc:
        raise refused_entry(exc) from None
    panel.feed.panel_changed()
    return jsonify(added=report.added, replaced=report.replaced, unchanged=report.unchanged)
