"""What each scene of every game means, in our own words, in English and Japanese: for
``companion leds scenes`` and for any screen that explains the lights. The 5×5 map's scenes and
the flourishes are the lights' own; the scenes of the games on hexes and squares come with their
kits (``GameKit.led_scenes``)."""

from __future__ import annotations

from companion.games import kits

_OWN: dict[str, dict[str, str]] = {
    "en": {
        "state": "Follows the game: picks the scene for the current phase and decision.",
        "occupancy": "Each occupied cell glows softly in its owner's colour; white if both.",
        "spawn": "Where the spawning player may spawn; the portal glows brightest.",
        "shift": "Creatures that may move pulse; a lifted one shows where it may go.",
        "strike": "Cells where both players' creatures stand pulse white.",
        "conquest": "Scoring cells: holder's colour, white if contested, grey if nobody's.",
        "illegal": "A red flash: that change on the map was not allowed or is unclear.",
        "turn_won": "The turn's winner's colour sweeps across the map from their side.",
        "game_won": "The whole map pulses in the winner's colour.",
        "attract": "A slow rainbow while no game is running.",
        "calibration": "Corner markers: a1 seat A, e1 green, a5 white, e5 seat B.",
        "remote": "Remote play: the other table's miniatures in their colour, brighter the more"
        " stand there; their move runs from cell to cell.",
        "planeswalk": "Planeswalk: blue rings run out from the centre when the players planeswalk.",
        "chaos": "Chaos: warm colours flicker when chaos ensues.",
    },
    "ja": {
        "state": "ゲームの進行に合わせて、いまの場面に合う表示を選びます。",
        "occupancy": "ミニチュアのいるマスが持ち主の色でほのかに光ります(両者なら白)。",
        "spawn": "スポーン中のプレイヤーがスポーンできるマス。ポータルがいちばん明るく光ります。",
        "shift": "シフトできるクリーチャーが点滅し、持ち上げると移動先のマスを示します。",
        "strike": "交戦中のマス(両プレイヤーのクリーチャーがいるマス)が白く点滅します。",
        "conquest": "得点マス:確保した側の色、交戦中は白、どちらのものでもなければ灰色。",
        "illegal": "赤い点滅:そのマスの変化は認められないか、判別できません。",
        "turn_won": "ターンを勝利したプレイヤーの色が、その側からマップを横切ります。",
        "game_won": "マップ全体が勝者の色で脈打ちます。",
        "attract": "ゲームをしていないあいだは、ゆっくり流れる虹色。",
        "calibration": "四隅の目印:a1はAの色、e1は緑、a5は白、e5はBの色。",
        "remote": "リモート対戦:相手のテーブルにあるミニチュアのマスが相手の色で光り、"
        "数が多いほど明るくなります。相手の移動はマスからマスへ光が走って示されます。",
        "planeswalk": "プレインズウォーク:プレインズウォークすると、青い輪が中央から広がります。",
        "chaos": "カオス:カオスが起きると、暖色がちらつきます。",
    },
}

LEGEND: dict[str, dict[str, str]] = {
    language: {
        **texts,
        **{scene.name: scene.legend[language] for kit in kits() for scene in kit.led_scenes},
    }
    for language, texts in _OWN.items()
}
