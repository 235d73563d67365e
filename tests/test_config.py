"""``[tool.reuse-audit]`` in the repository's pyproject.toml, its command-line
overrides, and inline suppression comments, through the real console script.
"""

from __future__ import annotations

import json

import pytest

import cli_support
from cli_support import BASE, COPY_LINE, copy_module, make_case


def run_cli(*args, **kwargs):
    return cli_support.run_cli(*args, in_process=True, **kwargs)  # main() in this process: see test_cli.py
from sarif_schema import assert_valid_sarif

NET = '''\
"""Net prices."""

from shop.util import apply_tax, lookup_rate, parse_price


def net_price(text, country):
    amount = parse_price(text)
    return apply_tax(amount, lookup_rate(country))
'''

#: BASE plus net_price, a function of exactly 3 callees
BASE_NET = dict(BASE, **{"shop/net.py": NET})


def check(case, *extra, pyproject=None):
    if pyproject is not None:
        (case.repo / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    run = run_cli(["check", str(case.patch), "--repo", str(case.repo), "--no-cache", *extra])
    assert run.returncode in (0, 1), run
    assert "Traceback" not in run.stderr, run
    return run


def report(case, *extra, pyproject=None):
    run = check(case, "--format", "json", *extra, pyproject=pyproject)
    return run.returncode, json.loads(run.stdout)


def table(**values) -> str:
    lines = ["[project]", 'name = "shop"', "", "[tool.reuse-audit]"]
    for key, value in values.items():
        lines.append(f"{key.replace('_', '-')} = {json.dumps(value)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# min-overlap


@pytest.fixture
def four_of_five(tmp_path):
    """A new function calling 4 of price_label's 5 callees: ratio 0.8."""
    return make_case(tmp_path, {"shop/report.py": copy_module(calls=4)})


def test_four_of_five_is_flagged_at_the_default_overlap(four_of_five):
    code, doc = report(four_of_five)
    assert code == 1
    (finding,) = doc["findings"]
    assert finding["target"]["name"] == "shop.pricing.price_label"
    assert finding["ratio"] == 0.8
    assert finding["missing_callees"] == ["shop.util.round_cents"]


def test_min_overlap_from_pyproject(four_of_five):
    assert check(four_of_five, pyproject=table(min_overlap=0.8)).returncode == 1
    run = check(four_of_five, pyproject=table(min_overlap=0.9))
    assert run.returncode == 0, run
    assert run.stdout.startswith("No findings"), run
    assert check(four_of_five, pyproject=table(min_overlap=0.75)).returncode == 1


def test_min_overlap_command_line_overrides_pyproject(four_of_five):
    assert check(four_of_five, "--min-overlap", "0.8", pyproject=table(min_overlap=0.9)).returncode == 1
    assert check(four_of_five, "--min-overlap", "0.9", pyproject=table(min_overlap=0.8)).returncode == 0


def test_min_overlap_command_line_alone(four_of_five):
    assert check(four_of_five, "--min-overlap", "0.9").returncode == 0
    assert check(four_of_five, "--min-overlap", "0.8").returncode == 1
    assert check(four_of_five, "--min-overlap", "1").returncode == 0


def test_integer_min_overlap_in_pyproject(four_of_five):
    """TOML integers 0 and 1 are valid shares."""
    assert check(four_of_five, pyproject=table(min_overlap=1)).returncode == 0


# ---------------------------------------------------------------------------
# min-callees


@pytest.fixture
def three_callees(tmp_path):
    """A new function calling all 3 callees of net_price (and 3 of price_label's 5)."""
    return make_case(tmp_path, {"shop/report.py": copy_module(calls=3)}, base=BASE_NET)


def test_three_callee_target_is_judged_at_the_default(three_callees):
    code, doc = report(three_callees)
    assert code == 1
    (finding,) = doc["findings"]
    assert finding["target"]["name"] == "shop.net.net_price"
    assert finding["ratio"] == 1.0


def test_min_callees_from_pyproject(three_callees):
    assert check(three_callees, pyproject=table(min_callees=3)).returncode == 1
    run = check(three_callees, pyproject=table(min_callees=4))
    assert run.returncode == 0, run


def test_min_callees_command_line_overrides_pyproject(three_callees):
    assert check(three_callees, "--min-callees", "3", pyproject=table(min_callees=4)).returncode == 1
    assert check(three_callees, "--min-callees", "4", pyproject=table(min_callees=3)).returncode == 0
    assert check(three_callees, "--min-callees", "4").returncode == 0


def test_min_callees_above_every_target(tmp_path):
    case = make_case(tmp_path)
    assert check(case).returncode == 1
    assert check(case, pyproject=table(min_callees=5)).returncode == 1
    assert check(case, pyproject=table(min_callees=6)).returncode == 0


# ---------------------------------------------------------------------------
# exclude


@pytest.mark.parametrize(
    "pattern", ["legacy/**", "legacy/", "legacy", "./legacy/**", "legacy/*.py", "legacy/report.py", "*/report.py", "**/report.py"]
)
def test_new_file_in_excluded_folder_is_not_checked(tmp_path, pattern):
    case = make_case(tmp_path, {"legacy/report.py": copy_module()})
    run = check(case)
    assert run.returncode == 1, run  # the control: it is a copy
    assert run.stdout.startswith("legacy/report.py:6:1: RA001 "), run
    code, doc = report(case, pyproject=table(exclude=[pattern]))
    assert code == 0, doc
    assert doc["findings"] == []
    assert doc["summary"]["functions_checked"] == 0


@pytest.mark.parametrize("pattern", ["shop/pricing.py", "shop/pric*", "*/pricing.py"])
def test_excluded_existing_target_is_not_reported(tmp_path, pattern):
    case = make_case(tmp_path)
    code, doc = report(case, pyproject=table(exclude=[pattern]))
    assert code == 0, doc
    assert doc["findings"] == []
    assert doc["summary"]["functions_checked"] == 1  # the copy itself is still checked


def test_excluded_existing_target_leaves_the_others(tmp_path):
    """Excluding the strongest target reports the next one."""
    case = make_case(tmp_path, base=BASE_NET)
    code, doc = report(case)
    assert code == 1 and doc["findings"][0]["target"]["name"] == "shop.pricing.price_label"
    assert [o["name"] for o in doc["findings"][0]["others"]] == ["shop.net.net_price"]
    code, doc = report(case, pyproject=table(exclude=["shop/pricing.py"]))
    assert code == 1
    assert doc["findings"][0]["target"]["name"] == "shop.net.net_price"


def test_exclude_that_matches_nothing_changes_nothing(tmp_path):
    case = make_case(tmp_path)
    assert check(case, pyproject=table(exclude=["docs/**", "scripts/*.py"])).returncode == 1


# ---------------------------------------------------------------------------
# ignore-callees


def test_ignored_callee_drops_target_below_min_callees(three_callees):
    assert check(three_callees).returncode == 1
    run = check(three_callees, pyproject=table(ignore_callees=["shop.util.lookup_rate"]))
    assert run.returncode == 0, run


def test_ignored_callee_not_listed(tmp_path):
    case = make_case(tmp_path)
    code, doc = report(case, pyproject=table(ignore_callees=["shop.util.round_cents"]))
    assert code == 1
    (finding,) = doc["findings"]
    assert "shop.util.round_cents" not in finding["shared_callees"] + finding["missing_callees"]
    assert len(finding["shared_callees"]) == 4


def test_ignored_callees_that_are_unknown_change_nothing(three_callees):
    assert check(three_callees, pyproject=table(ignore_callees=["logging.getLogger", ".debug"])).returncode == 1


# ---------------------------------------------------------------------------
# select / ignore


@pytest.fixture
def copied(tmp_path):
    return make_case(tmp_path)


@pytest.mark.parametrize(
    "pyproject, args, expected",
    [
        (table(ignore=["RA001"]), [], 0),
        (table(ignore=["ra001"]), [], 0),
        (table(ignore=["RA"]), [], 0),
        (table(select=["RA001"]), [], 1),
        (table(select=["RA"]), [], 1),
        (table(select=[]), [], 1),
        (None, ["--ignore", "RA001"], 0),
        (None, ["--ignore", "ra001"], 0),
        (None, ["--ignore", " RA001 , "], 0),
        (None, ["--select", "RA001"], 1),
        (None, ["--select", "RA001", "--ignore", "RA001"], 0),
        (table(select=["RA001"]), ["--ignore", "RA001"], 0),
        (table(select=["RA002"]), ["--select", "RA001"], 1),
    ],
)
def test_select_and_ignore(copied, pyproject, args, expected):
    run = check(copied, *args, pyproject=pyproject)
    assert run.returncode == expected, run
    if expected == 0:
        assert run.stdout.startswith("No findings"), run


def test_ignored_rule_leaves_valid_sarif(copied):
    run = check(copied, "--ignore", "RA001", "--format", "sarif")
    assert run.returncode == 0, run
    log = assert_valid_sarif(run.stdout)
    assert log["runs"][0]["results"] == []
    assert "RA001" not in [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]]


# ---------------------------------------------------------------------------
# inline suppression


@pytest.mark.parametrize(
    "comment",
    [
        "# reuse-audit: ignore[RA001]",
        "# noqa: RA001",
        "#noqa:RA001",
        "# NOQA: RA001",
        "# noqa: E501, RA001",
        "# noqa: E501 RA001",
        "# reuse-audit: ignore[RA001, RA002]",
        "# reuse-audit: ignore",
        "# type: ignore  # reuse-audit: ignore[RA001]",
    ],
)
def test_suppressed(tmp_path, comment):
    case = make_case(tmp_path, {"shop/report.py": copy_module(f"def label_for(text, country):  {comment}")})
    run = check(case)
    assert run.returncode == 0, run
    assert run.stdout.endswith("(1 suppressed).\n"), run
    code, doc = report(case)
    assert code == 0
    (finding,) = doc["findings"]
    assert finding["suppressed"] is True
    assert (finding["path"], finding["line"]) == ("shop/report.py", COPY_LINE)
    assert doc["summary"]["findings"] == 0 and doc["summary"]["suppressed"] == 1


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa: E501",
        "# noqa: RA002",
        "# reuse-audit: ignore[RA002]",
        "# noqa: RA0011",
        "# see RA001",
    ],
)
def test_not_suppressed(tmp_path, comment):
    case = make_case(tmp_path, {"shop/report.py": copy_module(f"def label_for(text, country):  {comment}")})
    code, doc = report(case)
    assert code == 1, doc
    (finding,) = doc["findings"]
    assert finding["suppressed"] is False
    assert doc["summary"]["findings"] == 1 and doc["summary"]["suppressed"] == 0


def test_suppression_must_be_on_the_def_line(tmp_path):
    module = copy_module().replace(
        "    value = parse_price(text)\n", "    value = parse_price(text)  # reuse-audit: ignore[RA001]\n"
    )
    assert "ignore[RA001]" in module
    case = make_case(tmp_path, {"shop/report.py": module})
    assert check(case).returncode == 1


def test_sarif_leaves_suppressed_findings_out(tmp_path):
    added = {
        "shop/report.py": copy_module("def label_for(text, country):  # noqa: RA001"),
        "shop/summary.py": copy_module("def summary_label(text, country):"),
    }
    case = make_case(tmp_path, added)
    code, doc = report(case)
    assert code == 1
    assert sorted((f["function"], f["suppressed"]) for f in doc["findings"]) == [
        ("shop.report.label_for", True),
        ("shop.summary.summary_label", False),
    ]
    run = check(case, "--format", "sarif")
    assert run.returncode == 1, run
    log = assert_valid_sarif(run.stdout)
    results = log["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results] == ["shop/summary.py"]
    assert all("suppressions" not in r for r in results)

    text = check(case).stdout
    assert "shop/summary.py:6:1: RA001" in text
    assert "shop/report.py" not in text.split("\n")[0]
    assert "\nFound 1 finding in 1 file (1 suppressed).\n" in text, text


def test_sarif_with_only_suppressed_findings_is_empty_and_valid(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": copy_module("def label_for(text, country):  # reuse-audit: ignore[RA001]")})
    run = check(case, "--format", "sarif")
    assert run.returncode == 0, run
    assert assert_valid_sarif(run.stdout)["runs"][0]["results"] == []


def readme_configuration() -> str:
    """The README's `[tool.reuse-audit]` example (the ```toml block under "## Configuration")."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Configuration\n", 1)[1]
    return section.split("```toml\n", 1)[1].split("```", 1)[0]


def test_the_readme_configuration_example_shows_every_setting_and_loads():
    # min-structure was missing from it (issue 27, item 7): every key config.py knows is shown
    import sys

    from reuse_audit.lint.config import known_keys, settings_from_table
    from reuse_audit.rules import RULES

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib

    table = tomllib.loads(readme_configuration())["tool"]["reuse-audit"]
    assert sorted(known_keys(RULES) - set(table)) == []
    settings_from_table(table, "README.md", RULES)  # every value it shows is valid


def test_every_setting_is_an_option_of_a_rule_page():
    from pathlib import Path

    from reuse_audit.lint.config import known_keys
    from reuse_audit.rules import RULES

    docs = Path(__file__).resolve().parent.parent / "docs" / "rules"
    pages = "".join(page.read_text(encoding="utf-8") for page in sorted(docs.glob("RA*.md")))
    general = {"select", "ignore", "per-file-ignores"}  # the README's, not a rule's
    assert sorted(k for k in known_keys(RULES) - general if f"`{k}`" not in pages) == []
