from __future__ import annotations

from companion.table.proposers import JUDGE
from web_panel.seats import Viewer, join_qr_svg


def test_the_viewer_proposes_as_judge_seat_or_nobody():
    assert Viewer(seat="A", judge=True).proposer == JUDGE
    assert Viewer(seat="B").proposer == "B"
    assert Viewer().proposer is None


def test_the_join_qr_is_an_svg():
    svg = join_qr_svg("http://192.168.1.5:8000/join/abc")
    assert svg.startswith("<svg")
