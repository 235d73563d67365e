"""Validate SARIF text against the official SARIF 2.1.0 (rtm.5) JSON schema.

Usage from any test::

    from sarif_schema import assert_valid_sarif
    log = assert_valid_sarif(text)   # returns the parsed document
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema

SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "sarif-2.1.0-rtm.5.json"


@functools.lru_cache(maxsize=1)
def sarif_validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema)


def sarif_errors(doc: Any) -> list[str]:
    """Every schema violation in ``doc``, as "path: message" lines (empty when valid)."""
    errors = sorted(sarif_validator().iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]


def assert_valid_sarif(text: str) -> dict:
    """Parse ``text`` and fail the test with every schema error if it is not valid SARIF 2.1.0."""
    doc = json.loads(text)
    errors = sarif_errors(doc)
    assert not errors, "invalid SARIF:\n" + "\n".join(errors)
    assert doc.get("version") == "2.1.0", f"SARIF version is {doc.get('version')!r}"
    return doc
