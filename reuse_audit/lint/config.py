"""The settings of a repository, read from its ``pyproject.toml`` (``[tool.reuse-audit]``) or
from ``--config FILE``: every key checked, every rule code checked against the rules.

Example ``pyproject.toml``::

    [tool.reuse-audit]
    min-callees = 3          # RA001: a target needs at least this many callees
    min-overlap = 0.8        # RA001: share of the target's callees the new code calls
    exclude = ["docs/**", "scripts/*.py"]
    ignore-callees = ["logging.getLogger", ".debug"]
    select = ['RA001']       # rules to run (default: all)
    ignore = []              # rules to skip

    [tool.reuse-audit.per-file-ignores]
    "tests/**" = ['RA003']   # rules whose findings in matching files are dropped
"""

from __future__ import annotations

import sys
from pathlib import Path
from dataclasses import dataclass, fields
from typing import Any, Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from reuse_audit.errors import UsageError
from reuse_audit.lint.registry import Registry
from reuse_audit.lint.rule import Option
from reuse_audit.settings import Settings

#: the settings of the engine, which every rule reads (a rule's own are its ``Rule.options``)
ENGINE_OPTIONS = (
    Option("exclude", tuple, "glob patterns of files not analysed"),
    Option("ignore-callees", tuple, "callees left out of every function's (a name, or .method)"),
    Option("select", tuple, "the rules to run, by code or code prefix (default: all)"),
    Option("ignore", tuple, "the rules not to run, by code or code prefix"),
    Option("test-patterns", tuple, "what test code is"),
    Option("example-patterns", tuple, "what example code is: no target for library code"),
    Option("include-tests", bool, "check new test code too, against test code only"),
)
#: a table of path pattern = [rule codes]: findings of those rules in matching files are dropped
PER_FILE_IGNORES = "per-file-ignores"


def known_keys(rules: Registry) -> frozenset[str]:
    """The keys of ``[tool.reuse-audit]``: the engine's and those the rules of ``rules`` declare."""
    return frozenset(o.name for o in ENGINE_OPTIONS + rules.options) | {PER_FILE_IGNORES}


def _options(rules: Registry) -> list[Option]:
    """Every option, in the order of the fields of Settings (then those without one, as declared)."""
    order = {f.name: i for i, f in enumerate(fields(Settings))}
    return sorted(ENGINE_OPTIONS + rules.options, key=lambda o: order.get(o.attr, len(order)))


def load_settings(repo: Path, config: Optional[Path] = None, *, rules: Registry) -> Settings:
    """Read ``[tool.reuse-audit]`` from ``repo/pyproject.toml`` if present; with ``config``
    (``--config FILE``), from that file instead: its ``[tool.reuse-audit]`` table, or, in a
    file without one (a ``reuse-audit.toml``), its top-level keys.  Rule codes are checked
    against ``rules``, the registry the run chooses from."""
    if config is not None:
        return _load_config(config, rules)
    pyproject = repo / "pyproject.toml"
    if not pyproject.is_file():
        return Settings()
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {pyproject}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{pyproject}: invalid TOML: {exc}") from None
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise UsageError(f"{pyproject}: 'tool' must be a table, got {type(tool).__name__} {tool!r}")
    table = tool.get("reuse-audit")
    if table is None:
        return Settings()
    return settings_from_table(table, str(pyproject), rules)


def _load_config(path: Path, rules: Registry) -> Settings:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"--config {path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"--config {path}: is a directory, expected a TOML file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--config {path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"--config {path}: invalid TOML: {exc}") from None
    tool = data.get("tool")
    if isinstance(tool, dict) and "reuse-audit" in tool:
        return settings_from_table(tool["reuse-audit"], str(path), rules)
    if path.name == "pyproject.toml":  # a pyproject.toml without the table: the defaults
        return Settings()
    return settings_from_table({k: v for k, v in data.items() if k != "tool"}, str(path), rules)


def settings_from_table(table: object, source: str, rules: Registry) -> Settings:
    if not isinstance(table, dict):
        raise UsageError(f"{source}: [tool.reuse-audit] must be a table")
    known = known_keys(rules)
    unknown = sorted(set(table) - known)
    if unknown:
        raise UsageError(
            f"{source}: unknown key '{unknown[0]}' in [tool.reuse-audit] "
            f"(known: {', '.join(sorted(known))})"
        )
    reader = _Table(table, source)
    per_file = _per_file_ignores(table, source, rules)
    reader.strings("ignore-callees")
    for key in ("select", "ignore"):
        codes = _codes(reader.strings(key)) or ()
        bad = rules.unknown(codes)
        if bad:
            raise UsageError(f"{source}: [tool.reuse-audit] {key}: {rules.describe_unknown(bad)}")
    values: dict[str, Any] = {}
    own: dict[str, Any] = {}  # the values of options without a field of Settings
    for option in _options(rules):
        value = reader.read(option)
        if value is None:
            continue
        if option.name in ("select", "ignore"):
            value = _codes(value)
        elif option.name == "ignore-callees":
            value = frozenset(value)
        if option.in_settings:
            values[option.attr] = value
        else:
            own[option.name] = value
    return Settings().with_overrides(
        **values, per_file_ignores=tuple(per_file) if per_file else None,
        rule_options=tuple(sorted(own.items())) if own else None,
    )


@dataclass(frozen=True)
class _Table:
    """The values of one [tool.reuse-audit] table, each checked against its kind as it is read
    (None: not set)."""

    table: dict[str, Any]
    source: str

    def number(self, key: str, kind: type, low: float, high: Optional[float]) -> Any:
        if key not in self.table:
            return None
        value = self.table[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
            raise UsageError(f"{self.source}: [tool.reuse-audit] {key} must be a{'n integer' if kind is int else ' number'}, got {value!r}")
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise UsageError(f"{self.source}: [tool.reuse-audit] {key} must be {bound}, got {value!r}")
        return kind(value)

    def strings(self, key: str) -> Optional[tuple[str, ...]]:
        if key not in self.table:
            return None
        value = self.table[key]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise UsageError(f"{self.source}: [tool.reuse-audit] {key} must be a list of strings")
        return tuple(value)

    def flag(self, key: str) -> Optional[bool]:
        if key not in self.table:
            return None
        value = self.table[key]
        if not isinstance(value, bool):
            raise UsageError(f"{self.source}: [tool.reuse-audit] {key} must be true or false, got {value!r}")
        return value

    def read(self, option: Option) -> Any:
        if option.kind is bool:
            return self.flag(option.name)
        if option.kind is tuple:
            return self.strings(option.name)
        return self.number(option.name, option.kind, option.low if option.low is not None else float("-inf"), option.high)


def _per_file_ignores(table: dict[str, Any], source: str, rules: Registry) -> list[tuple[str, tuple[str, ...]]]:
    """[tool.reuse-audit.per-file-ignores]: (pattern, codes) pairs, each code one of ``rules``."""
    per_file: list[tuple[str, tuple[str, ...]]] = []
    if PER_FILE_IGNORES not in table:
        return per_file
    mapping = table[PER_FILE_IGNORES]
    if not isinstance(mapping, dict):
        raise UsageError(f"{source}: [tool.reuse-audit.per-file-ignores] must be a table of \"pattern\" = ['RA001', ...]")
    for pattern, codes in mapping.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise UsageError(f"{source}: [tool.reuse-audit.per-file-ignores] \"{pattern}\" must be a list of rule codes")
        cleaned = _codes(tuple(codes)) or ()
        bad = rules.unknown(cleaned)
        if bad:
            raise UsageError(f"{source}: [tool.reuse-audit.per-file-ignores] \"{pattern}\": {rules.describe_unknown(bad)}")
        per_file.append((pattern, cleaned))
    return per_file


def _codes(values: Optional[tuple[str, ...]]) -> Optional[tuple[str, ...]]:
    return None if values is None else tuple(v.strip().upper() for v in values if v.strip())
