"""Print, one `deb URI SUITE COMPONENTS` line each, the host's Debian archive entries for SUITE.

Reads /etc/apt/sources.list and /etc/apt/sources.list.d/*.list|*.sources (one-line and deb822
formats), keeps only `deb` entries whose URI is a Debian archive (path ending in /debian or
/debian-security) and whose suite starts with SUITE: the emulated root then uses the very mirror
this machine is configured for, never a host it was not given. Usage: debian_sources.py bookworm
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

APT = Path("/etc/apt")
ARCHIVE = re.compile(r"/debian(-security)?/?$")


def one_line_entries(text: str) -> list[tuple[str, str, str]]:
    entries = []
    for line in text.splitlines():
        words = re.sub(r"\[[^]]*\]", "", line.split("#", 1)[0]).split()  # options dropped
        if len(words) >= 4 and words[0] == "deb":
            entries.append((words[1], words[2], " ".join(words[3:])))
    return entries


def deb822_entries(text: str) -> list[tuple[str, str, str]]:
    entries = []
    for stanza in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        for line in stanza.splitlines():
            if line.startswith("#") or ":" not in line:
                continue
            key, _, value = line.partition(":")
            fields[key.strip().lower()] = value.strip()
        if fields.get("enabled", "yes") == "no" or "deb" not in fields.get("types", "").split():
            continue
        for uri in fields.get("uris", "").split():
            for suite in fields.get("suites", "").split():
                entries.append((uri, suite, fields.get("components", "main")))
    return entries


def main(suite: str) -> None:
    entries = []
    files = [APT / "sources.list", *sorted((APT / "sources.list.d").glob("*"))]
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".sources":
            entries += deb822_entries(text)
        elif path.suffix == ".list" or path.name == "sources.list":
            entries += one_line_entries(text)
    seen = set()
    for uri, entry_suite, components in entries:
        key = (uri, entry_suite)
        if ARCHIVE.search(uri) and entry_suite.startswith(suite) and key not in seen:
            seen.add(key)
            print(f"deb {uri} {entry_suite} {components}")


if __name__ == "__main__":
    main(sys.argv[1])
