"""What the table says to the players for each pending kind, in English and Japanese (our words).

``prompt(kind, lang, **details)`` fills a message with the pending decision's details;
``prompt_for(pending, lang)`` does it for a ``Pending`` (its seat is passed as ``seat``).
"""

from __future__ import annotations

from typing import Any

from companion.games.protocol import Pending

LANGUAGES = ("en", "ja")

MESSAGES: dict[str, dict[str, str]] = {
    "initial_deploy": {
        "en": (
            "{seat}: place your starting creatures in your start area — at least one; "
            "your leadership of {leadership} leaves room for {room} in levels. Then press next."
        ),
        "ja": (
            "{seat}さん、開始エリアに最初のクリーチャーを置いてください(1体以上)。"
            "リーダーシップ{leadership}のうち、あと{room}レベル分置けます。終わったら「次へ」。"
        ),
    },
    "refresh": {
        "en": (
            "Turn {turn}, {seat}: your creatures are untapped. Resolve start-of-turn effects "
            "(enter any damage they deal) and draw one order card."
        ),
        "ja": (
            "ターン{turn}、{seat}さん:クリーチャーはアンタップされました。ターン開始時の効果を"
            "処理し(ダメージがあれば入力)、指令カードを1枚引いてください。"
        ),
    },
    "activate": {
        "en": (
            "{seat}: activate your creatures one at a time — move, play orders, use powers. "
            "Enter the damage each creature takes, or refuses by cowering. Morale {morale}."
        ),
        "ja": (
            "{seat}さん:クリーチャーを1体ずつ起動してください(移動、指令、パワー)。"
            "クリーチャーが受けたダメージ、または怯んで受けなかったダメージを入力してください。"
            "モラル{morale}。"
        ),
    },
    "deploy": {
        "en": (
            "{seat}: your leadership is now {leadership}, leaving room for {room} "
            "in new creature levels. Deploy the ones you want."
        ),
        "ja": (
            "{seat}さん:リーダーシップが{leadership}になりました。"
            "あと{room}レベル分まで新しいクリーチャーを展開できます。"
        ),
    },
    "cleanup": {
        "en": (
            "{seat}: your creatures are untapped. Resolve end-of-turn effects and draw creature "
            "cards up to your hand size. A turn ended with no creature on the battlefield ends "
            "the game."
        ),
        "ja": (
            "{seat}さん:クリーチャーはアンタップされました。ターン終了時の効果を処理し、"
            "クリーチャーカードを手札上限まで引いてください。戦場にクリーチャーがいないまま"
            "ターンを終えるとゲームが終わります。"
        ),
    },
    "game_over": {
        "en": "The battle is over: {reason_text}. {winner} has the highest morale and wins.",
        "ja": "戦いは終わりました({reason_text})。モラルが最も高い{winner}さんの勝ちです。",
    },
    "game_drawn": {
        "en": "The battle is over: {reason_text}. The warbands end on equal morale: a draw.",
        "ja": "戦いは終わりました({reason_text})。両軍のモラルが同じなので引き分けです。",
    },
}

REASONS: dict[str, dict[str, str]] = {
    "morale": {"en": "a warband's morale fell to 0", "ja": "ウォーバンドのモラルが0になりました"},
    "no_creatures": {
        "en": "a turn ended with no creature on the battlefield",
        "ja": "戦場にクリーチャーがいないままターンが終わりました",
    },
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
    return template.format_map(details)


def prompt_for(pending: Pending, lang: str = "en") -> str:
    return prompt(pending.kind, lang, seat=pending.seat, **pending.details)
