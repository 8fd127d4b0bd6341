"""The remote messages: strict, size- and depth-limited; anything else is ``Unreadable``."""

import pytest

from companion.remote import messages as msg


def test_a_proposal_reads_back_as_it_was_sent():
    proposal = msg.Proposal(id="p1", guest_id="g-1", kind="action", seat="B", text="add 1",
                            version=3, game_id=7)  # fmt: skip
    assert msg.read(msg.Proposal, "propose", proposal.payload()) == proposal
    assert b'"v":1' in proposal.payload()


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"not json", "Invalid JSON"),
        (b'{"v": 1, "id": "p1", "guest_id": "g", "kind": "fly", "seat": "B"}', "kind"),
        (b'{"v": 1, "id": "p1", "guest_id": "g", "kind": "action", "seat": "B", "version": "3"}',
         "version"),
        (b'{"v": 2, "id": "p1", "guest_id": "g", "kind": "action", "seat": "B"}', "v"),
        (b"[" * 100 + b"]" * 100, "nested"),
        (b'{"text": "' + b"x" * 5000 + b'"}', "more than the 4096 allowed"),
    ],
)  # fmt: skip
def test_anything_else_is_unreadable_with_a_short_reason(payload: bytes, why: str):
    with pytest.raises(msg.Unreadable, match=why):
        msg.read(msg.Proposal, "propose", payload)


def test_a_later_versions_extra_fields_are_ignored():
    presence = msg.read(msg.Presence, "presence", b'{"v":1,"online":true,"since":1.5,"x":[1]}')
    assert presence == msg.Presence(online=True, since=1.5)


def test_topics_live_under_the_room():
    assert msg.topic("r/1", "propose") == "r/1/guest/propose"
    assert msg.topic("r/1", "game") == "r/1/host/game"
