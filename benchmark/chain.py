"""Chain files: loading and checking a chain folder, and suites of chains.

A chain folder holds ``chain.yaml`` (or ``chain.yml`` / ``chain.json``) and
the per-turn files it names by relative path::

    id: click-format-1
    description: Help-text helpers over click's formatting layer.
    source: {kind: pypi, package: click, version: "8.1.7", import_name: click}
    turns:
      - requirement: |
          Create click_tools/formatting.py (module click_tools.formatting) ...
        path: click_tools/formatting.py
        module: click_tools.formatting
        signatures: ["def wrap_help(text: str, width: int = 78) -> str"]
        tests: turn1/test_turn1.py
        solution: turn1/solution.py
        reinvent: turn1/reinvent.py          # optional
        targets:
          repo: [click.formatting.wrap_text]
          self: []                           # from turn 2 on

The format is defined by ``chain.schema.json`` next to this module (JSON
Schema draft 2020-12; its descriptions document every field).
:func:`load_chain` validates a file against it and then checks what a schema
cannot say (files exist, path/module agree, self targets name functions of
earlier turns...).  Every problem is one :class:`~reuse_audit.errors.UsageError`
line naming the file and the field: ``chains/x/chain.yaml: turns[2].targets.self:
expected a list of qualified names``.  Turn indexes in field paths are 0-based
(``turns[0]`` is turn 1).

:func:`load_suite` loads every chain of a suite folder (or of a suite shipped
in ``benchmark/suites/<name>/``), sorted by id.
"""

from __future__ import annotations

import ast
import datetime
import json
import re
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Optional, Union

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.model import Chain, Provenance, Source, Target, Turn

CHAIN_FILE_NAMES = ("chain.yaml", "chain.yml", "chain.json")
SCHEMA_PATH = Path(__file__).with_name("chain.schema.json")
SUITES_DIR = Path(__file__).with_name("suites")

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SUITE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


# --------------------------------------------------------------------------
# reading the file
# --------------------------------------------------------------------------


@lru_cache(maxsize=1)
def chain_schema() -> dict:
    """The chain file's JSON Schema (``chain.schema.json``)."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _yaml_loader():
    import yaml

    class _Loader(yaml.SafeLoader):
        """SafeLoader that rejects a key given twice in one mapping."""

    def construct_mapping(loader, node, deep=False):
        seen = {}
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=deep)
            try:
                hash(key)
            except TypeError:
                continue  # the base class reports unhashable keys
            if key in seen:
                mark = key_node.start_mark
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r} (first given on line {seen[key] + 1})", mark
                )
            seen[key] = key_node.start_mark.line
        return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return _Loader


def _read_data(file: Path, shown: str) -> Any:
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{shown}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise UsageError(f"{shown}: cannot read the chain file: {exc.strerror or exc}") from None
    if file.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{shown}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    try:
        import yaml
    except ImportError:  # pragma: no cover - PyYAML is a dependency of the benchmark
        raise UsageError(f"{shown}: reading YAML chain files needs PyYAML (pip install pyyaml)") from None
    try:
        return yaml.load(text, Loader=_yaml_loader())  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{shown}:{mark.line + 1}:{mark.column + 1}" if mark else shown
        problem = exc.problem or exc.context or "syntax error"
        raise UsageError(f"{where}: invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise UsageError(f"{shown}: invalid YAML: {str(exc).splitlines()[0] if str(exc) else exc}") from None


# --------------------------------------------------------------------------
# schema errors as one line
# --------------------------------------------------------------------------


def field_path(parts: Iterable[Union[str, int]]) -> str:
    """``("turns", 2, "targets", "self")`` -> ``turns[2].targets.self``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_TYPE_WORDS = {
    "string": "a string",
    "array": "a list",
    "object": "a mapping",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "an empty value",
}


def _describe(value: Any) -> str:
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:57] + "..."
        return repr(text)
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


_PRIORITY = {"type": 0, "required": 1, "additionalProperties": 2, "enum": 3, "const": 3}


def _error_key(error) -> tuple:
    path = tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path)
    return (path, _PRIORITY.get(error.validator, 5))


_KIND_ONLY = {"path": "path", "sha256": "pypi"}  # fields of one source kind only


def _schema_message(error, data: Any) -> str:
    """One line (without the file) for a jsonschema ValidationError."""
    parts = list(error.absolute_path)
    where = field_path(parts)
    schema = error.schema if isinstance(error.schema, dict) else {}
    custom = schema.get("x-error")
    validator = error.validator
    instance = error.instance

    if validator == "required":
        missing = [name for name in error.validator_value if not (isinstance(instance, dict) and name in instance)]
        name = missing[0] if missing else "?"
        field = field_path(parts + [name])
        kind_note = ""
        if isinstance(instance, dict) and "kind" in instance and error.relative_schema_path and "then" in error.relative_schema_path:
            kind_note = f" for kind {instance.get('kind')}"
        return f"{field}: required field is missing{kind_note}"
    if validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = [k for k in instance if k not in allowed and not str(k).startswith("x-")] if isinstance(instance, dict) else []
        name = extra[0] if extra else "?"
        return f"{field_path(parts[:] + [str(name)])}: unknown field (expected one of: {', '.join(allowed)})"
    if error.schema is False:
        # a field forbidden by the source kind (`then: {properties: {path: false}}`):
        # the error's path is the mapping, the instance the forbidden value
        obj = data
        for part in parts:
            obj = obj[part]
        names = [k for k, v in obj.items() if v == instance and k in _KIND_ONLY] if isinstance(obj, dict) else []
        name = names[0] if names else "?"
        kind = obj.get("kind") if isinstance(obj, dict) else "?"
        return f"{field_path(parts + [name])}: not allowed for kind {kind} (only for kind {_KIND_ONLY.get(name, '?')})"
    prefix = f"{where}: " if where else ""
    if validator in ("type", "pattern", "minLength", "format") and custom:
        if validator == "type" and not where:
            return f"{custom}, got {_describe(instance)}"
        return f"{prefix}{custom}, got {_describe(instance)}"
    if validator == "type":
        want = error.validator_value
        want = [want] if isinstance(want, str) else list(want)
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in want)
        return f"{prefix}expected {words}, got {_describe(instance)}"
    if validator == "enum":
        options = ", ".join(str(v) for v in error.validator_value)
        return f"{prefix}{_describe(instance)} is not one of: {options}"
    if validator == "const":
        return f"{prefix}expected {error.validator_value!r}, got {_describe(instance)}"
    if validator == "minItems":
        n = error.validator_value
        return f"{prefix}expected at least {n} item{'s' if n != 1 else ''}, got {len(instance)}"
    if validator == "minLength":
        return f"{prefix}must not be empty"
    if validator == "uniqueItems":
        seen = set()
        dup = None
        for item in instance:
            key = json.dumps(item, sort_keys=True)
            if key in seen:
                dup = item
                break
            seen.add(key)
        return f"{prefix}{_describe(dup)} is listed twice"
    if validator == "pattern":
        return f"{prefix}{_describe(instance)} does not match {error.validator_value}"
    message = error.message.splitlines()[0] if error.message else validator
    return f"{prefix}{message}"


def validate_data(data: Any, shown: str) -> None:
    """Raise a one-line UsageError for the first schema violation of ``data``."""
    try:
        from jsonschema import Draft202012Validator
    except ImportError:  # pragma: no cover - jsonschema is a dependency of the benchmark
        raise UsageError(f"{shown}: checking chain files needs jsonschema (pip install jsonschema)") from None
    validator = Draft202012Validator(chain_schema())
    errors = sorted(validator.iter_errors(data), key=_error_key)
    if errors:
        raise UsageError(f"{shown}: {_schema_message(errors[0], data)}")


# --------------------------------------------------------------------------
# semantic checks
# --------------------------------------------------------------------------


def default_import_name(package: str) -> str:
    """``python-dateutil`` -> ``python_dateutil`` (override it with ``import_name``)."""
    return re.sub(r"[-.]+", "_", package).lower()


def module_of_path(path: str) -> str:
    """``a/b.py`` -> ``a.b``; ``a/b/__init__.py`` -> ``a.b``."""
    parts = list(PurePosixPath(path).parts)
    parts[-1] = parts[-1][: -len(".py")]
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _check_workspace_path(path: str, field: str, shown: str) -> None:
    if "\\" in path:
        raise UsageError(f"{shown}: {field}: use '/' as the separator in {path!r}")
    pure = PurePosixPath(path)
    if pure.is_absolute() or re.match(r"^[A-Za-z]:", path):
        raise UsageError(f"{shown}: {field}: {path!r} must be relative to the workspace root")
    parts = path.split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise UsageError(f"{shown}: {field}: {path!r} is not a normalised relative path (no '.', '..' or empty parts)")
    if not all(_IDENT.match(p) for p in parts[:-1]) or not _IDENT.match(parts[-1][: -len(".py")]):
        raise UsageError(f"{shown}: {field}: {path!r} is not importable: every part must be a Python identifier")


def _chain_file(chain_dir: Path, rel: str, field: str, shown: str) -> Path:
    if "\\" in rel:
        raise UsageError(f"{shown}: {field}: use '/' as the separator in {rel!r}")
    pure = PurePosixPath(rel)
    if pure.is_absolute() or re.match(r"^[A-Za-z]:", rel):
        raise UsageError(f"{shown}: {field}: {rel!r} must be a path relative to the chain folder")
    if ".." in pure.parts:
        raise UsageError(f"{shown}: {field}: {rel!r} leaves the chain folder")
    target = (chain_dir / rel).resolve()
    try:
        target.relative_to(chain_dir.resolve())
    except ValueError:
        raise UsageError(f"{shown}: {field}: {rel!r} leaves the chain folder") from None
    if not target.is_file():
        what = "is not a file" if target.exists() else "not found"
        raise UsageError(f"{shown}: {field}: file {rel} {what}")
    return target


def _check_signature(sig: str, field: str, shown: str) -> str:
    head = sig.strip().rstrip(":").rstrip()
    try:
        tree = ast.parse(head + ":\n    ...\n")
    except SyntaxError as exc:
        raise UsageError(f"{shown}: {field}: not a valid Python def line: {exc.msg}") from None
    if len(tree.body) != 1 or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise UsageError(f"{shown}: {field}: expected exactly one def line")
    return tree.body[0].name


def _build_chain(data: dict, file: Path, shown: str) -> Chain:
    chain_dir = file.parent
    src = data["source"]
    import_name = src.get("import_name") or default_import_name(src["package"])
    if not _IDENT.match(import_name):
        raise UsageError(
            f"{shown}: source.import_name: the default {import_name!r} derived from the package "
            "name is not an identifier: set import_name"
        )
    if src["kind"] == "path":
        folder = Path(src["path"]).expanduser()
        resolved = folder if folder.is_absolute() else chain_dir / folder
        if not resolved.is_dir():
            what = "is not a folder" if resolved.exists() else "not found"
            raise UsageError(f"{shown}: source.path: folder {src['path']} {what} (resolved to {resolved.resolve()})")
    source = Source(
        kind=src["kind"],
        package=src["package"],
        version=src.get("version"),
        path=src.get("path"),
        sha256=src["sha256"].lower() if src.get("sha256") else None,
        import_name=import_name,
    )

    turns: list[Turn] = []
    earlier: dict[str, int] = {}  # qualname -> turn number that requires it
    paths: dict[str, int] = {}
    modules: dict[str, int] = {}
    for index, item in enumerate(data["turns"]):
        at = f"turns[{index}]"
        number = index + 1
        path, module = item["path"], item["module"]
        _check_workspace_path(path, f"{at}.path", shown)
        expected = module_of_path(path)
        if module != expected:
            raise UsageError(f"{shown}: {at}.module: {module!r} does not match {at}.path {path!r} (expected {expected!r})")
        if path in paths:
            raise UsageError(f"{shown}: {at}.path: {path!r} is already the file of turn {paths[path]}")
        if module in modules:
            raise UsageError(f"{shown}: {at}.module: {module!r} is already the module of turn {modules[module]}")
        paths[path], modules[module] = number, number

        names: list[str] = []
        for k, sig in enumerate(item["signatures"]):
            name = _check_signature(sig, f"{at}.signatures[{k}]", shown)
            if name in names:
                raise UsageError(f"{shown}: {at}.signatures[{k}]: function {name!r} is declared twice")
            names.append(name)

        tests = _chain_file(chain_dir, item["tests"], f"{at}.tests", shown)
        solution = _chain_file(chain_dir, item["solution"], f"{at}.solution", shown)
        reinvent = _chain_file(chain_dir, item["reinvent"], f"{at}.reinvent", shown) if item.get("reinvent") else None
        docs_only = _chain_file(chain_dir, item["docs_only"], f"{at}.docs_only", shown) if item.get("docs_only") else None

        targets_data = item.get("targets") or {}
        repo = list(targets_data.get("repo") or [])
        self_ = list(targets_data.get("self") or [])
        for k, name in enumerate(repo):
            if name.split(".", 1)[0] != import_name:
                raise UsageError(
                    f"{shown}: {at}.targets.repo[{k}]: {name!r} is not in the repository's import package {import_name!r}"
                )
        if number == 1 and self_:
            raise UsageError(f"{shown}: {at}.targets.self: turn 1 cannot have self targets (there is no earlier turn)")
        for k, name in enumerate(self_):
            if name not in earlier:
                known = ", ".join(sorted(earlier)) or "nothing"
                raise UsageError(
                    f"{shown}: {at}.targets.self[{k}]: {name!r} is not a function required by an earlier turn "
                    f"(earlier turns require: {known})"
                )
        turn = Turn(
            number=number,
            requirement=item["requirement"],
            path=path,
            module=module,
            signatures=tuple(s.strip() for s in item["signatures"]),
            tests=tests,
            solution=solution,
            targets=tuple(Target(n, "repo") for n in repo) + tuple(Target(n, "self") for n in self_),
            reinvent=reinvent,
            docs_only=docs_only,
        )
        for qualname in turn.qualnames:
            earlier.setdefault(qualname, number)
        turns.append(turn)

    return Chain(
        id=data["id"],
        file=file.resolve(),
        source=source,
        turns=tuple(turns),
        description=data.get("description") or "",
        level=data.get("level") or "study",
        provenance=_provenance(data.get("provenance"), shown),
    )


def _provenance(data: Optional[dict], shown: str) -> Optional[Provenance]:
    if data is None:
        return None
    reviewed = data.get("reviewed_by") or ()
    reviewed = (reviewed,) if isinstance(reviewed, str) else tuple(reviewed)
    author = data.get("author")
    if author is not None and author.strip().casefold() in {r.strip().casefold() for r in reviewed}:
        raise UsageError(f"{shown}: provenance.reviewed_by: {author!r} is the author; a review is by someone who did not write the chain")
    date = data.get("date")
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(f"{shown}: provenance.date: {date!r} is not a date") from None
    return Provenance(method=data["method"], author=author, reviewed_by=reviewed, date=date)


# --------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------


def find_chain_file(path: Union[str, Path]) -> Optional[Path]:
    """The chain file of a chain folder, or ``path`` itself when it is a file; None if absent."""
    path = Path(path)
    if path.is_dir():
        for name in CHAIN_FILE_NAMES:
            if (path / name).is_file():
                return path / name
        return None
    return path if path.is_file() else None


def load_chain(path: Union[str, Path]) -> Chain:
    """Load and check a chain: ``path`` is the chain folder or its chain file.

    Raises :class:`UsageError` (one line: file, field path, problem) on any
    problem.  ``Chain.file`` and the turns' file paths are absolute.
    """
    path = Path(path)
    file = find_chain_file(path)
    if file is None:
        if path.is_dir():
            raise UsageError(f"{path}: no chain file in the folder (expected one of: {', '.join(CHAIN_FILE_NAMES)})")
        raise UsageError(f"{path}: chain file or folder not found")
    if file.suffix not in (".yaml", ".yml", ".json"):
        raise UsageError(f"{file}: a chain file must end with .yaml, .yml or .json")
    shown = str(file)
    data = _read_data(file, shown)
    validate_data(data, shown)
    return _build_chain(data, file, shown)


def shipped_suites() -> list[str]:
    """Names of the suites shipped in ``benchmark/suites/``."""
    if not SUITES_DIR.is_dir():
        return []
    return sorted(p.name for p in SUITES_DIR.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def suite_dir(name_or_path: Union[str, Path]) -> Path:
    """The folder of a suite: an existing folder, or the shipped suite of that name."""
    candidate = Path(name_or_path).expanduser()
    if candidate.is_dir():
        return candidate
    name = str(name_or_path)
    if _SUITE_NAME.match(name) and (SUITES_DIR / name).is_dir():
        return SUITES_DIR / name
    shipped = ", ".join(shipped_suites()) or "none"
    raise UsageError(f"suite {name!r}: no such folder, and no shipped suite of that name (shipped: {shipped})")


def load_suite(name_or_path: Union[str, Path]) -> list[Chain]:
    """Every chain of a suite, sorted by id.

    ``name_or_path`` is a folder of chain folders, a chain folder itself (a
    suite of one), or the name of a suite shipped in ``benchmark/suites/``.
    Subfolders without a chain file (shared helpers, data) are skipped.
    """
    folder = suite_dir(name_or_path)
    if find_chain_file(folder) is not None:
        return [load_chain(folder)]
    chains: list[Chain] = []
    for child in sorted(folder.iterdir()):
        if not child.is_dir() or child.name.startswith((".", "_")):
            continue
        if find_chain_file(child) is not None:
            chains.append(load_chain(child))
    if not chains:
        raise UsageError(f"{folder}: no chains in the suite (no subfolder holds a {' / '.join(CHAIN_FILE_NAMES)})")
    by_id: dict[str, Chain] = {}
    for chain in chains:
        if chain.id in by_id:
            raise UsageError(f"{chain.file}: id: {chain.id!r} is also the id of {by_id[chain.id].file}")
        by_id[chain.id] = chain
    return sorted(chains, key=lambda c: c.id)
