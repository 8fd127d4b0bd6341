"""What the table says to the players for each pending kind, in English and Japanese (our words).

``prompt(kind, lang, **details)`` fills a message with the pending decision's details;
``prompt_for(pending, lang)`` does it for a ``Pending`` (its seat is passed as ``seat``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.protocol import Pending

LANGUAGES = ("en", "ja")
NAMED = ("card", "attacker", "target")  # details of the prompts that hold a card or figure id

MESSAGES: dict[str, dict[str, str]] = {
    "first_roll": {
        "en": (
            "{seat}: {round_text}roll a d20 (or let the phone roll it) and enter the result. "
            "The highest roll decides who goes first; a tie for the highest rolls again."
        ),
        "ja": (
            "{seat}さん:{round_text}20面ダイスを振って(またはスマホで振って)出目を入力してください。"
            "いちばん大きい出目の人が先攻を決めます。最大の出目が同じなら振り直します。"
        ),
    },
    "first_choice": {
        "en": ("{seat} won the d20 roll: take the first turn yourself, or give it to {opponent}."),
        "ja": (
            "{seat}さんが20面ダイスで勝ちました。自分が先攻になるか、"
            "{opponent}さんに先攻を譲るかを選んでください。"
        ),
    },
    "choose_army": {
        "en": (
            "Turn {turn} of {turns}, {seat}: {draw_text}pick the army card you will use this turn."
        ),
        "ja": (
            "ターン{turn}/{turns}、{seat}さん:{draw_text}"
            "このターンに使うアーミーカードを選んでください。"
        ),
    },
    "summon": {
        "en": (
            "{seat}: before moving, your planeswalker may summon two squad figures or one hero "
            "from your reserve onto empty spaces it can clearly see within 5."
        ),
        "ja": (
            "{seat}さん:移動の前に、プレインズウォーカーから5スペース以内のはっきり見える"
            "空きスペースへ、リザーブのチームのフィギュア2体かヒーロー1体を召喚できます。"
        ),
    },
    "move": {
        "en": (
            "{seat}: move the figures of {card} one at a time. Leaving an engaged enemy lets it "
            "roll one die at you; enter the result. Glyphs add {move_bonus} to movement."
        ),
        "ja": (
            "{seat}さん:{card}のフィギュアを1体ずつ移動してください。エンゲージ中の敵から離れると、"
            "その敵が1個ダイスを振ります。結果を入力してください。グリフによる移動の追加:{move_bonus}。"
        ),
    },
    "attack": {
        "en": (
            "{seat}: each figure of {card} may attack once — pick an attacker and a target "
            "in range and in sight, or end the turn (then keep at most 7 spell cards)."
        ),
        "ja": (
            "{seat}さん:{card}の各フィギュアは1回ずつ攻撃できます。射程内で見えている目標を選ぶか、"
            "ターンを終了してください(終了時、呪文カードは7枚まで)。"
        ),
    },
    "attack_dice": {
        "en": (
            "{seat}: roll {dice} combat {dice_noun} for {attacker} and enter the crossed-weapon "
            "hits."
        ),
        "ja": (
            "{seat}さん:{attacker}の攻撃ダイスを{dice}個振り、交差した武器の数を入力してください。"
        ),
    },
    "defence_dice": {
        "en": (
            "{seat}: {target} faces {hits} {hits_noun}. Roll {dice} combat {dice_noun} and enter "
            "the shields."
        ),
        "ja": (
            "{seat}さん:{target}に{hits}ヒット。防御ダイスを{dice}個振り、"
            "盾の数を入力してください。"
        ),
    },
    "game_over": {
        "en": "The battle is over ({reason_text}). {winner} wins. Scores: {scores}.",
        "ja": "戦いは終わりました({reason_text})。{winner}の勝ちです。得点:{scores}。",
    },
    "game_drawn": {
        "en": "The battle is over ({reason_text}) with equal scores: a draw. Scores: {scores}.",
        "ja": "戦いは終わりました({reason_text})。得点が同じなので引き分けです。得点:{scores}。",
    },
}

REASONS: dict[str, dict[str, str]] = {
    "planeswalker": {"en": "a planeswalker fell", "ja": "プレインズウォーカーが倒れました"},
    "turns": {"en": "the turn track ran out", "ja": "ターントラックが終わりました"},
}

ROUND_TEXT: dict[bool, dict[str, str]] = {
    True: {
        "en": "a tie for the highest — roll again. ",
        "ja": "最大の出目が同じでした。振り直しです。",
    },
    False: {"en": "", "ja": ""},
}

DRAW_TEXT: dict[bool, dict[str, str]] = {
    True: {"en": "draw a spell card, then ", "ja": "呪文カードを1枚引いてから、"},
    False: {"en": "", "ja": ""},
}


def prompt(kind: str, lang: str = "en", **details: Any) -> str:
    """The message for ``kind`` in ``lang``; ``KeyError`` names a missing kind or detail."""
    if lang not in LANGUAGES:
        raise ValueError(f"no messages in {lang!r} (have {', '.join(LANGUAGES)})")
    try:
        template = MESSAGES[kind][lang]
    except KeyError:
        raise KeyError(f"no message for pending kind {kind!r}") from None
    if "reason" in details:
        details["reason_text"] = REASONS[details["reason"]][lang]
    if "round" in details:
        details["round_text"] = ROUND_TEXT[details["round"] > 1][lang]
    if "draw_spell" in details:
        details["draw_text"] = DRAW_TEXT[bool(details["draw_spell"])][lang]
    if lang == "en":  # English counts: "1 die", "2 dice"; "1 hit", "2 hits"
        details["dice_noun"] = "die" if details.get("dice") == 1 else "dice"
        details["hits_noun"] = "hit" if details.get("hits") == 1 else "hits"
    if isinstance(details.get("scores"), dict):
        details["scores"] = ", ".join(f"{side} {n}" for side, n in details["scores"].items())
    return template.format_map(details)


def prompt_for(pending: Pending, lang: str = "en") -> str:
    return prompt(pending.kind, lang, seat=pending.seat, **pending.details)


def with_names(pending: Pending, names: Mapping[str, str]) -> Pending:
    """``pending`` with the card and figure ids of its details replaced by what the players call
    them (``Setup.display_names()``)."""
    named = {key: names.get(value, value) for key, value in pending.details.items() if key in NAMED}
    return Pending(pending.seat, pending.kind, {**pending.details, **named})
