"""The judge's answers in plain words, English or Japanese: the data of
the game's judge's tools' ``questions`` put into sentences from the message catalogs.

Miniatures are named by name, seat and copy ("Noble Dragon (A, copy 1)"), never by engine id;
chances are exact fractions with a percentage. Used by the judge's phone view and by
``companion rules ask``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from web_panel.i18n import catalog, translate

SEPARATOR = {"en": ", ", "ja": "、"}


def sentences(answer: dict[str, Any], language: str) -> list[str]:
    """The answer to one question as sentences in ``language``."""
    render = _RENDERERS.get(answer.get("question", ""))
    if render is None:
        return [translate(language, "judge.problem.question")]
    return render(answer, language)


def problem_text(problem: dict[str, Any], language: str) -> str:
    """An editor problem (``editor.Problem.to_json``) in ``language``; its English message when
    the catalogs have no sentence for its code."""
    key = f"judge.problem.code.{problem['code']}"
    details = {k: _plain(v) for k, v in problem.get("details", {}).items()}
    if key in catalog(language):
        try:
            return translate(language, key, **details)
        except (KeyError, IndexError):
            pass
    return str(problem["message"])


def _plain(value: Any) -> Any:
    return ", ".join(map(str, value)) if isinstance(value, list) else value


def _t(language: str, key: str, **fields: Any) -> str:
    return translate(language, key, **fields)


def _mini(entry: dict[str, Any], language: str) -> str:
    return _t(language, "judge.mini", name=entry["name"], seat=entry["seat"], copy=entry["copy"])


def _cells(cells: list[str], language: str) -> str:
    return SEPARATOR[language].join(cells) if cells else _t(language, "judge.cells_none")


def _spawn(answer: dict[str, Any], language: str) -> list[str]:
    seat = answer["seat"]
    if answer["in_phase"]:
        lines = [_t(language, "judge.spawn.points", seat=seat, points=answer["points"])]
    else:
        lines = [_t(language, "judge.spawn.preview", seat=seat)]
    problems = {
        "spawn.points": "judge.spawn.too_dear",
        "data.unknown_stats": "judge.spawn.unknown",
        "Suppress": "judge.spawn.suppressed",
    }
    for entry in answer["minis"]:
        mini, cost = _mini(entry, language), entry["cost"]
        key = problems.get(entry["problem"], "judge.spawn.blocked") if entry["problem"] else None
        if key is None:
            cells = _cells(entry["cells"], language)
            lines.append(_t(language, "judge.spawn.mini", mini=mini, cost=cost, cells=cells))
        else:
            lines.append(_t(language, key, mini=mini, cost=cost))
    if not answer["minis"]:
        lines.append(_t(language, "judge.spawn.empty", seat=seat))
    return lines


def _shifts(answer: dict[str, Any], language: str) -> list[str]:
    lines = []
    for entry in answer["creatures"]:
        mini, cell = _mini(entry, language), entry["cell"]
        if entry["engaged"]:
            key = "judge.shift.engaged"
        elif entry["moved"]:
            key = "judge.shift.moved"
        else:
            key = "judge.shift.cells" if entry["cells"] else "judge.shift.none"
        lines.append(
            _t(language, key, mini=mini, cell=cell, cells=_cells(entry["cells"], language))
        )
    return lines or [_t(language, "judge.shift.empty")]


def _engaged(answer: dict[str, Any], language: str) -> list[str]:
    lines = [
        _t(
            language,
            "judge.engaged.cell",
            cell=entry["cell"],
            minis=SEPARATOR[language].join(_mini(m, language) for m in entry["creatures"]),
        )
        for entry in answer["cells"]
    ]
    return lines or [_t(language, "judge.engaged.none")]


def _value(cell: dict[str, Any], language: str) -> str:
    if cell["value"] is None:
        return _t(language, "judge.claims.value_unknown")
    status = _t(language, f"judge.status.{cell['value_status']}")
    return _t(language, "judge.claims.value", value=cell["value"], status=status)


def _claims(answer: dict[str, Any], language: str) -> list[str]:
    lines = []
    for cell in answer["cells"]:
        value = _value(cell, language)
        if cell["claimed_by"]:
            seat = cell["claimed_by"]
            lines.append(
                _t(language, "judge.claims.claimed", cell=cell["cell"], value=value, seat=seat)
            )
        elif len(cell["holders"]) > 1:
            lines.append(_t(language, "judge.claims.contested", cell=cell["cell"], value=value))
        elif cell["holders"]:
            seat = cell["holders"][0]
            lines.append(
                _t(language, "judge.claims.wrong_side", cell=cell["cell"], value=value, seat=seat)
            )
    if not lines:
        lines.append(_t(language, "judge.claims.none"))
    tally, kills = answer["tally"], answer["kills"]
    lines.append(
        _t(
            language,
            "judge.claims.tally",
            a=tally["A"],
            b=tally["B"],
            kills_a=kills["A"],
            kills_b=kills["B"],
        )
    )
    if answer["unknown"]:
        cells = _cells(answer["unknown"], language)
        lines.append(_t(language, "judge.claims.ask_value", cells=cells))
    elif answer["winner"]:
        lines.append(_t(language, "judge.claims.winner", seat=answer["winner"]))
    else:
        lines.append(_t(language, "judge.claims.tie"))
    return lines


def _chance(data: dict[str, Any]) -> str:
    value = Fraction(data["exact"])
    return f"{value} ({float(value) * 100:.1f}%)"


def _odds(answer: dict[str, Any], language: str) -> list[str]:
    if answer["problem"] == "odds.no_fight":
        return [_t(language, "judge.odds.no_fight", cell=answer["cell"])]
    if answer["problem"] == "odds.too_many_dice":
        return [_t(language, "judge.odds.too_many", dice=answer["dice"])]
    attackers = SEPARATOR[language].join(_mini(m, language) for m in answer["attackers"])
    lines = [
        _t(
            language,
            "judge.odds.head",
            seat=answer["seat"],
            cell=answer["cell"],
            minis=attackers,
            dice=answer["dice"],
            faces=SEPARATOR[language].join(answer["faces"]),
            status=_t(language, f"judge.status.{answer['die_status']}"),
        )
    ]
    crit = answer["crit"]
    if crit is not None:
        lines.append(_t(language, "judge.odds.crit", name=crit["name"], amount=crit["amount"]))
    average = Fraction(answer["expected_damage"]["exact"])
    lines.append(_t(language, "judge.odds.average", average=f"{float(average):.2f}"))
    for target in answer["targets"]:
        lines.append(
            _t(
                language,
                "judge.odds.target",
                mini=_mini(target, language),
                defense=target["defense"],
                life=target["life"],
                damage=target["damage"],
                disrupt=_chance(target["disrupt_or_better"]),
                destroy=_chance(target["destroy_possible"]),
            )
        )
    return lines


def _keyword(answer: dict[str, Any], language: str) -> list[str]:
    name = answer["keyword"]
    if name is None:
        lines = [_t(language, "judge.keyword.unknown", asked=answer.get("asked", ""))]
        if answer["closest"]:
            lines.append(_t(language, "judge.keyword.closest", closest=answer["closest"]))
        return lines
    if not answer["implemented"]:
        return [_t(language, "judge.keyword.manual", keyword=name)]
    messages = catalog(language)
    summary_key = f"ability.{answer['slug']}"
    if summary_key in messages:
        summary = translate(language, summary_key, n="N", type="…")
        lines = [_t(language, "judge.keyword.summary", keyword=name, summary=summary)]
    else:
        lines = [_t(language, "judge.keyword.no_summary", keyword=name)]
    number = 1
    while f"ruling.{answer['slug']}.{number}.q" in messages:
        question = messages[f"ruling.{answer['slug']}.{number}.q"]
        reply = messages[f"ruling.{answer['slug']}.{number}.a"]
        lines.append(_t(language, "judge.keyword.ruling", question=question, answer=reply))
        number += 1
    note = answer["assumed"].get(language)  # the engine's note, written in each language
    if note:
        lines.append(_t(language, "judge.keyword.assumed", assumed=note))
    return lines


_RENDERERS: dict[str, Callable[[dict[str, Any], str], list[str]]] = {
    "spawn": _spawn,
    "shifts": _shifts,
    "engaged": _engaged,
    "claims": _claims,
    "odds": _odds,
    "keyword": _keyword,
}
