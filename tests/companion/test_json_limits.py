"""How deep a JSON text nests, counted on the raw bytes (the phones' requests, the tables'
messages to the hub)."""

from __future__ import annotations

import json
import random

import pytest

from companion.json_limits import MAX_JSON_DEPTH, TooDeep, json_depth, parse_json


def nested(value: object) -> int:
    """The depth by walking the parsed value (the reference the byte count must agree with)."""
    if isinstance(value, dict):
        return 1 + max((nested(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((nested(v) for v in value), default=0)
    return 0


def test_json_depth_counts_brackets_outside_strings_only():
    assert json_depth(b"1") == 0
    assert json_depth(b'{"a": [1, {"b": []}]}') == 4
    assert json_depth(b'{"a": "[[[[{{{{\\"[["}') == 1
    assert json_depth(b'["\\\\", [1]]') == 2  # an escaped backslash ends no string
    assert json_depth(b'["\\\\\\"[[", [1]]') == 2  # nor does an escaped quote after one
    assert parse_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH) is not None
    with pytest.raises(TooDeep):
        parse_json(b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1))
    with pytest.raises(ValueError):
        parse_json(b"\xff\xfe")


def test_with_a_limit_counting_stops_just_past_it():
    deep = b"[" * 100_000 + b"]" * 100_000
    assert json_depth(deep, 32) == 33
    siblings = b"[[]," * 50 + b"1" + b"]" * 50  # no long run of openings to spot at once
    assert json_depth(siblings) == 51 and json_depth(siblings, 32) == 33
    assert json_depth(b"[" * 32 + b"]" * 32, 32) == 32


def random_json(rng: random.Random, depth: int) -> object:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice([1, "x[{", 'q"]}\\', None, 2.5, "\\\\[", ""])
    if rng.random() < 0.5:
        return [random_json(rng, depth - 1) for _ in range(rng.randrange(0, 4))]
    return {f"k{i}[": random_json(rng, depth - 1) for i in range(rng.randrange(0, 4))}


def test_the_count_agrees_with_the_parsed_value_on_random_json():
    rng = random.Random(7)
    for _ in range(500):
        value = random_json(rng, rng.randrange(0, 12))
        raw = json.dumps(value, ensure_ascii=rng.random() < 0.5).encode()
        assert json_depth(raw) == nested(value), raw
