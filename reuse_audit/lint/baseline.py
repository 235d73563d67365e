"""``--baseline FILE``: report only the findings an earlier run did not have.

A team adopting reuse-audit on a repository that already has duplicates saves
one run (``--format json`` or ``--format sarif``) and passes it as the
baseline: later runs report a finding only when its stable key
(:attr:`reuse_audit.lint.model.Finding.stable_key`, which depends on the rule, the
path, the function and the target, not on line numbers) is not in the file.

The keys are read from

* JSON (``--format json``): ``findings[].fingerprint``;
* SARIF (``--format sarif``): ``runs[].results[].partialFingerprints["reuseAudit/v1"]``
  of the runs whose tool is reuse-audit (other tools' runs in the same log are ignored).

Every problem with the file is a :class:`~reuse_audit.errors.UsageError` of one
line naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator, TypeGuard, Union

from reuse_audit.errors import UsageError, read_input

#: the SARIF partialFingerprints key that holds Finding.stable_key (see reporters/sarif.py)
SARIF_KEY = "reuseAudit/v1"
TOOL_NAME = "reuse-audit"


def load_baseline(path: Union[str, Path]) -> frozenset[str]:
    """The stable keys of the findings recorded in ``path`` (a JSON or SARIF report)."""
    shown = f"--baseline {path}"
    data = read_input(path, shown, directory="expected a report from --format json or --format sarif")
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UsageError(f"{shown}: not a JSON file (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{shown}: not a JSON file (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if isinstance(doc, dict) and isinstance(doc.get("runs"), list):
        return frozenset(_sarif_keys(doc, shown))
    if isinstance(doc, dict) and isinstance(doc.get("findings"), list):
        return frozenset(_json_keys(doc, shown))
    raise UsageError(
        f"{shown}: neither a reuse-audit JSON report (no 'findings' list) nor a SARIF log (no 'runs' list)"
    )


def _json_keys(doc: dict[str, Any], shown: str) -> Iterator[str]:
    for i, finding in enumerate(doc["findings"]):
        key = finding.get("fingerprint") if isinstance(finding, dict) else None
        if not _is_key(key):
            raise UsageError(f"{shown}: findings[{i}] has no 'fingerprint' string")
        yield key


def _sarif_keys(doc: dict[str, Any], shown: str) -> list[str]:
    ours = [(r, run) for r, run in enumerate(doc["runs"]) if _tool_name(run) == TOOL_NAME]
    if not ours:
        raise UsageError(f"{shown}: a SARIF log without a run of {TOOL_NAME} (was it written by --format sarif?)")
    return list(_run_keys(ours, shown))


def _tool_name(run: Any) -> Any:
    tool = run.get("tool") if isinstance(run, dict) else None
    driver = tool.get("driver") if isinstance(tool, dict) else None
    return driver.get("name") if isinstance(driver, dict) else None


def _run_keys(runs: list[tuple[int, dict[str, Any]]], shown: str) -> Iterator[str]:
    for r, run in runs:
        results = run.get("results")
        if results is None:
            continue  # a run without results (SARIF allows it) has no findings
        if not isinstance(results, list):
            raise UsageError(f"{shown}: runs[{r}].results is not a list")
        for i, result in enumerate(results):
            fingerprints: Any = result.get("partialFingerprints") if isinstance(result, dict) else None
            key = fingerprints.get(SARIF_KEY) if isinstance(fingerprints, dict) else None
            if not _is_key(key):
                raise UsageError(
                    f"{shown}: runs[{r}].results[{i}] has no partialFingerprints['{SARIF_KEY}']"
                    " (was the file written by reuse-audit --format sarif?)"
                )
            yield key


def _is_key(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and bool(value)
