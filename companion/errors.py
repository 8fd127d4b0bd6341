"""Errors shared by every part of the companion."""

from __future__ import annotations

from collections.abc import Mapping


class IllegalActionError(ValueError):
    """An action that the rules do not allow now. The game is left unchanged.

    ``rule`` names the rule it breaks (e.g. ``"spawn.portal"`` or ``"FAQ combat step 4"``), so a
    prompt can explain it and a test can check it. ``key`` and ``params``, when given, are the
    reason as people read it (a message key, ``refusal.<what>``, and its parameters: seats as
    ``seat``, pieces as ``mini``, a decision by its title key as ``decision``), said in each
    phone's language; the message itself is the engine's own words, for logs and the CLI.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str = "",
        key: str = "",
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.key = key
        self.params = dict(params or {})

    def reason(self) -> dict[str, object] | None:
        """The reason as a phone says it (``{"key", "params"}``), or ``None`` without a key."""
        return {"key": self.key, "params": self.params} if self.key else None


class SetupError(ValueError):
    """A game set-up the rules refuse. ``problem`` names what is wrong (``one_planeswalker``,
    ``too_few_creatures``...) and ``params`` fill in its message, so a phone can say it in its own
    language; ``seat`` is the player at fault, if one is."""

    def __init__(
        self, message: str, problem: str, *, seat: str | None = None, **params: object
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.seat = seat
        self.params = params


class DataFileError(ValueError):
    """A data or config file that cannot be loaded: names the file, the field and what was expected.

    Nothing from such a file is half-loaded. ``code`` names the kind of problem for a translated
    message (``range`` with ``params`` ``minimum``/``maximum``, ``keyword``, ``text``...; ``value``
    when nothing more precise is known), so a phone can say it in its own language.
    """

    def __init__(
        self,
        path: object,
        field: str,
        expected: str,
        *,
        code: str = "value",
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.path = str(path)
        self.field = field
        self.expected = expected
        self.code = code
        self.params = dict(params or {})
        where = f"{self.path}: {field}" if field else self.path
        super().__init__(f"{where}: {expected}")
