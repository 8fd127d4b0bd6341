"""What each scene of every game means, in our own words, in English and Japanese: for
``companion leds scenes`` and for any screen that explains the lights."""

from __future__ import annotations

LEGEND: dict[str, dict[str, str]] = {
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
        "arena": "Arena: figures dim in their army's colour, a held glyph full, a free one grey; "
        "a hex to settle flashes white.",
        "arena_won": "Arena, game over: the winning army's figures pulse.",
        "dungeon_command": "Dungeon Command: creatures dim in their warband's colour, darker when "
        "tapped, blinking red now and then when damaged; the square a creature left flashes white.",
        "dungeon_command_won": "Dungeon Command, game over: the winner's creatures pulse.",
        "planeswalk": "Planechase: blue rings run out from the centre when the players planeswalk.",
        "chaos": "Planechase: warm colours flicker when chaos ensues.",
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
        "arena": "アリーナ:フィギュアは軍の色でほのかに、取ったグリフは明るく、"
        "誰も取っていないグリフは灰色。確認待ちのヘクスは白く点滅します。",
        "arena_won": "アリーナの決着:勝った軍のフィギュアが脈打ちます。",
        "dungeon_command": "ダンジョン・コマンド:クリーチャーはウォーバンドの色でほのかに光り"
        "(タップ中はより暗く、ダメージを受けていると時々赤く点滅)、"
        "クリーチャーが離れたマスは白く点滅します。",
        "dungeon_command_won": "ダンジョン・コマンドの決着:勝者のクリーチャーが脈打ちます。",
        "planeswalk": "プレインチェイス:プレインズウォークすると、青い輪が中央から広がります。",
        "chaos": "プレインチェイス:カオスが起きると、暖色がちらつきます。",
    },
}
