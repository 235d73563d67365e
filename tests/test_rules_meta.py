"""Every rule documents itself in ruff's sections, and its web page is generated from that doc."""

from pathlib import Path

import pytest

from reuse_audit.api import all_rules
from reuse_audit.lint.rule import REQUIRED_SECTIONS, doc_sections

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted(all_rules().values(), key=lambda r: r.code)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_doc_has_every_section(rule):
    sections = doc_sections(rule.doc)
    missing = [s for s in REQUIRED_SECTIONS if not sections.get(s)]
    assert not missing, f"{rule.code} doc lacks sections {missing}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_code_and_name_are_well_formed(rule):
    assert rule.code.startswith("RA") and rule.code[2:].isdigit() and len(rule.code) == 5
    assert rule.name == rule.name.lower() and " " not in rule.name and "_" not in rule.name
    assert rule.summary.endswith(".")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_page_is_generated_from_its_doc(rule):
    page = ROOT / "docs" / "rules" / rule.doc_filename
    assert page.is_file(), f"missing {page}: run `reuse-audit rule {rule.code} > docs/rules/{rule.doc_filename}`"
    assert page.read_text(encoding="utf-8") == rule.markdown(), (
        f"{page} is out of date: run `reuse-audit rule {rule.code} > docs/rules/{rule.doc_filename}`"
    )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_readme_lists_rule(rule):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"[{rule.code}](docs/rules/{rule.doc_filename})" in readme
