"""What the table says to the players for each pending kind, in English and Japanese (our words).

``prompt(kind, lang, **details)`` fills a message with the pending decision's details;
``prompt_for(pending, lang)`` does it for a ``Pending`` (its seat is passed as ``seat``).
"""

from __future__ import annotations

from typing import Any

from companion.games.protocol import Pending

LANGUAGES = ("en", "ja")

MESSAGES: dict[str, dict[str, str]] = {
    "reveal": {
        "en": "{seat}: turn the top card of your planar deck face up and pick it from the list.",
        "ja": (
            "{seat}さん、次元デッキの一番上のカードを表にして、一覧からその次元を選んでください。"
        ),
    },
    "turn": {
        "en": (
            "Turn {turn}, {seat} to play on {plane_name} (controlled by {controller}). "
            "Rolling the planar die now costs {roll_cost} mana."
        ),
        "ja": (
            "ターン{turn}:{seat}さんの番です。今の次元は{plane_name}(コントローラー:{controller})。"
            "次元ダイスを今振るには{roll_cost}マナかかります。"
        ),
    },
    "end_turn": {
        "en": "The player whose turn it is has left the game. Finish this turn, then end it.",
        "ja": (
            "手番のプレイヤーはゲームを去りました。このターンを最後まで進めてから終了してください。"
        ),
    },
    "game_over": {
        "en": "{winner} is the last player left and wins.",
        "ja": "最後に残った{winner}さんの勝ちです。",
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
    return template.format_map(details)


def prompt_for(pending: Pending, lang: str = "en") -> str:
    return prompt(pending.kind, lang, seat=pending.seat, **pending.details)
