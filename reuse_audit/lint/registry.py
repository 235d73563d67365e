"""A registry: the rules a run may choose from, by code.

The engine knows no rule: whoever runs it (the command line, ``api``, the benchmark
through ``api``) gives it the rules to run, chosen from a registry by the settings
(``select``).  The registry of reuse-audit's own rules is ``reuse_audit.rules.RULES``;
a test or a plugin builds its own.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Optional

from reuse_audit.lint.rule import Option, Rule
from reuse_audit.settings import Settings

__all__ = ["Registry"]


class Registry(Mapping[str, Rule]):
    """Rules by code, read-only; a code is never given to two rules."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        by_code: dict[str, Rule] = {}
        options: dict[str, Option] = {}
        for rule in rules:
            if rule.code in by_code:
                raise ValueError(f"two rules have the code {rule.code}")
            by_code[rule.code] = rule
            for option in rule.options:
                if options.setdefault(option.name, option) != option:
                    raise ValueError(f"two rules declare the option {option.name} differently")
        self._rules = by_code
        self._options = tuple(options.values())

    def __getitem__(self, code: str) -> Rule:
        return self._rules[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return f"Registry({', '.join(sorted(self._rules))})"

    @property
    def options(self) -> tuple[Option, ...]:
        """The options its rules declare, each once (rules that share one declare it alike)."""
        return self._options

    def of(self, codes: Iterable[str]) -> tuple[Rule, ...]:
        """The rules of ``codes`` (a report's ``rules``: those that made it), in their order; a code
        the registry does not know is left out."""
        return tuple(self._rules[code] for code in codes if code in self._rules)

    def find(self, code: str) -> Optional[Rule]:
        """The rule of a code (``RA001``, any case) or a name (``reimplemented-function``); None if none."""
        key = code.strip()
        return self._rules.get(key.upper()) or next((r for r in self._rules.values() if r.name == key), None)

    def select(self, settings: Settings) -> tuple[Rule, ...]:
        """The rules ``settings`` enable (``select``, ``ignore``), in code order; a rule that
        reads declared targets only when targets are declared; a preview rule only when ``select``
        names its code whole."""
        return tuple(
            rule for rule in (self._rules[code] for code in sorted(self._rules))
            if settings.rule_enabled(rule.code)
            and (not rule.needs_targets or bool(settings.targets))
            and (not rule.preview or rule.code in {s.strip().upper() for s in settings.select})
        )

    def unknown(self, codes: Iterable[str]) -> list[str]:
        """The codes (or code prefixes, ``RA`` or ``RA00``) that match no rule of the registry.

        A selection that matches nothing would silently run no rule (or ignore
        nothing), so it is refused as bad input rather than passing quietly.
        """
        return [c for c in codes if not any(known.startswith(c) for known in self._rules)]

    def describe_unknown(self, bad: list[str]) -> str:
        """One line naming the unknown codes and the known ones."""
        listed = ", ".join(repr(c) for c in bad)
        return f"unknown rule code{'s' if len(bad) > 1 else ''} {listed} (known: {', '.join(sorted(self._rules))})"
