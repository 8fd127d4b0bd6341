"""The phone's message code (``web_panel/static/page.js``) under Node's test runner, where a
browser adds nothing: each message of both catalogs, its fields filled (counts of 1 and of 2,
and words), must read in JavaScript exactly as ``translate()`` writes it on the server."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from web_panel.i18n import LANGUAGES, PLURAL, catalog, counted, translate

NODE = shutil.which("node") or shutil.which("nodejs")
TESTS = Path(__file__).parent / "js"
FIELD = re.compile(r"\{(\w+)\}")


def _written(text: str, fields: dict[str, object]) -> str:
    """What ``translate()`` writes for a message of ``text`` (called by text, as a message may
    have a field named ``key``)."""
    return counted(text, fields).format(**fields) if fields else text


def _cases() -> dict[str, Any]:
    cases = []
    for lang in LANGUAGES:
        for key, text in catalog(lang).items():
            counts = {m.group(1) for m in PLURAL.finditer(text)}
            names = counts | set(FIELD.findall(text))
            for count, word in ((1, 1), (2, 2), (3, "Aiko")):
                fields = {name: count if name in counts else word for name in names}
                cases.append({"lang": lang, "key": key, "fields": fields,
                              "expected": _written(text, fields)})  # fmt: skip
    assert _written(catalog("en")["refusal.spawn_points"], {"mini": "X", "cost": 1, "left": 2}) == (
        translate("en", "refusal.spawn_points", mini="X", cost=1, left=2)
    )
    return {"messages": {lang: catalog(lang) for lang in LANGUAGES}, "cases": cases}


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (make test installs it)")
def test_the_phones_messages_read_as_the_servers(tmp_path: Path):
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(_cases(), ensure_ascii=False), encoding="utf-8")
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--test", *sorted(str(p) for p in TESTS.glob("*.test.mjs"))],
        env={"PAGE_CASES": str(data), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.M)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.M)
    assert passed and failed, run.stdout
    assert int(passed.group(1)) == 2 * len(LANGUAGES) and failed.group(1) == "0", run.stdout
