"""Protection against cross-site requests: every state-changing request must carry the session's
token in the ``X-CSRF-Token`` header, and a browser's ``Origin``, when sent, must be this host.

A page from another site can make a phone's browser send a POST with its cookies, but it can
neither read the token nor set a custom header on a cross-origin request without our consent.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import MutableMapping
from typing import Any
from urllib.parse import urlsplit

from flask import Request

HEADER = "X-CSRF-Token"
_SESSION_KEY = "csrf"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def session_token(session: MutableMapping[str, Any]) -> str:
    """The session's token, created on first use."""
    token = session.get(_SESSION_KEY)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[_SESSION_KEY] = token
    return token


def problem(request: Request, session: MutableMapping[str, Any]) -> str | None:
    """Why this request must be refused as possibly cross-site, or ``None`` if it is fine."""
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin is not None and urlsplit(origin).netloc != request.host:
        return "cross-site request refused (wrong origin)"
    expected = session.get(_SESSION_KEY)
    sent = request.headers.get(HEADER, "")
    # compared as bytes: a header may hold any character (compare_digest takes only ASCII text)
    if not isinstance(expected, str) or not hmac.compare_digest(
        sent.encode("utf-8", "surrogateescape"), expected.encode()
    ):
        return "cross-site request refused (missing or wrong form token): reload the page"
    return None
