"""``companion rules odds`` (exact chances of an attack before it is rolled) and
``companion rules roll`` (virtual dice for players without dice)."""

from __future__ import annotations

import json
from fractions import Fraction

import click

from companion.errors import DataFileError
from companion.games.dreamblade.dice import (
    MAX_ODDS_DICE,
    AttackDie,
    AttackOdds,
    Crit,
    Dice,
    attack_die_from_faces,
    attack_odds,
    default_dice,
    odds_as_data,
)

# The odds table's words, in our own phrasing.
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "{dice} attack dice, faces {faces} ({status})",
        "crit": "with {kind} Crit {amount} paid from the rolled blades",
        "multi": "multi-blade",
        "single": "single-blade",
        "double": "double-blade",
        "damage_head": "damage   exactly  at least",
        "average": "average damage {average:.2f}",
        "blades_head": "blades   exactly",
        "target": "against defense {defense} / life {life} (all damage on this creature):",
        "disrupt": "disrupt or better",
        "destroy": "destroy possible",
        "nothing": "nothing happens",
        "unconfirmed": "unconfirmed",
    },
    "ja": {
        "title": "攻撃ダイス{dice}個、面:{faces}({status})",
        "crit": "出たブレードで{kind}のCrit {amount}を使う場合",
        "multi": "マルチブレード",
        "single": "シングルブレード",
        "double": "ダブルブレード",
        "damage_head": "ダメージ  ちょうど  以上",
        "average": "平均ダメージ {average:.2f}",
        "blades_head": "ブレード  ちょうど",
        "target": "ディフェンス{defense}/ライフ{life}の相手に全ダメージを割り振った場合:",
        "disrupt": "分散以上",
        "destroy": "破壊できる",
        "nothing": "何も起きない",
        "unconfirmed": "未確認",
    },
}


@click.command("odds")
@click.option(
    "--dice", "dice", type=click.IntRange(0, MAX_ODDS_DICE), required=True, help="Attack dice."
)
@click.option("--defense", type=click.IntRange(min=0), help="The target's defense.")
@click.option("--life", type=click.IntRange(min=0), help="The target's life.")
@click.option("--crit", type=click.IntRange(min=1), help="Crit N: N extra damage per use.")
@click.option(
    "--crit-blades", type=click.IntRange(1, 2), default=1, show_default=True, help="Blades per use."
)
@click.option("--crit-multi", is_flag=True, help="Multi-blade Crit: used as often as blades allow.")
@click.option("--faces", help="Your attack die's faces, e.g. '1,2,3,miss,miss,blade'.")
@click.option("--lang", type=click.Choice(sorted(TEXT)), default="en", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def odds(
    dice: int,
    defense: int | None,
    life: int | None,
    crit: int | None,
    crit_blades: int,
    crit_multi: bool,
    faces: str | None,
    lang: str,
    as_json: bool,
) -> None:
    """Chances of each damage total and blade count for DICE attack dice, and of disrupting or
    destroying a creature with the given defense and life."""
    if (defense is None) != (life is None):
        raise click.UsageError("give both --defense and --life, or neither")
    die = _die(faces)
    crit_rule = Crit(crit, crit_blades, None if crit_multi else 1) if crit else None
    result = attack_odds(dice, die, crit_rule)
    if as_json:
        data = odds_as_data(result, defense, life)
        data["faces"] = [face.name for face in die.faces]
        data["faces_status"] = die.status
        click.echo(json.dumps(data, indent=2))
        return
    text = TEXT[lang]
    status = text.get(die.status, die.status)
    faces_text = ", ".join(face.name for face in die.faces)
    click.echo(text["title"].format(dice=dice, faces=faces_text, status=status))
    if crit_rule is not None:
        kind = text["multi" if crit_multi else ("single", "double")[crit_blades - 1]]
        click.echo(text["crit"].format(kind=kind, amount=crit))
    click.echo(_table(result, text))
    if defense is not None and life is not None:
        click.echo(_target_lines(result, defense, life, text))


@click.command("roll")
@click.option("--dice", "dice", type=click.IntRange(0, 100), default=0, help="Attack dice to roll.")
@click.option("--initiative", is_flag=True, help="Roll the two initiative dice.")
@click.option("--seed", type=int, help="Repeat a roll: the same seed gives the same results.")
@click.option("--faces", help="Your attack die's faces, e.g. '1,2,3,miss,miss,blade'.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def roll(dice: int, initiative: bool, seed: int | None, faces: str | None, as_json: bool) -> None:
    """Virtual dice: attack dice and/or the two initiative dice."""
    if not dice and not initiative:
        raise click.UsageError("give --dice N and/or --initiative")
    service = Dice(_die(faces), seed=seed)
    attack = [face.name for face in service.roll_attack(dice)] if dice else None
    initiative_pair = list(service.roll_initiative()) if initiative else None
    if as_json:
        data = {"attack": attack, "initiative": initiative_pair}
        click.echo(json.dumps({key: value for key, value in data.items() if value is not None}))
        return
    if attack is not None:
        click.echo(f"attack: {' '.join(attack)}")
    if initiative_pair is not None:
        click.echo(f"initiative: {initiative_pair[0]} {initiative_pair[1]}")


def _die(faces: str | None) -> AttackDie:
    if not faces:
        try:
            return default_dice().attack
        except DataFileError as exc:
            raise click.ClickException(str(exc)) from None
    try:
        return attack_die_from_faces(
            faces.split(","), source="--faces", status="given with --faces"
        )
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--faces") from None


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:6.2f}%"


def _table(result: AttackOdds, text: dict[str, str]) -> str:
    lines = [text["damage_head"]]
    lines += [
        f"{damage:>6}  {_percent(p)}  {_percent(result.at_least(damage))}"
        for damage, p in result.damage.items()
    ]
    lines.append(text["average"].format(average=float(result.expected_damage)))
    lines.append(text["blades_head"])
    lines += [f"{blades:>6}  {_percent(p)}" for blades, p in result.blades.items()]
    return "\n".join(lines)


def _target_lines(result: AttackOdds, defense: int, life: int, text: dict[str, str]) -> str:
    chances = result.against(defense, life)
    rows = [
        (text["disrupt"], chances["disrupt_or_better"]),
        (text["destroy"], chances["destroy_possible"]),
        (text["nothing"], chances["nothing"]),
    ]
    header = text["target"].format(defense=defense, life=life)
    return "\n".join([header, *(f"  {_percent(p)}  {label}" for label, p in rows)])
