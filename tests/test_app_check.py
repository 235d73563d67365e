"""The check orchestration (``app/check.py``) is a plain function every surface calls: what
``reuse-audit check`` prints is what :func:`check_sources` gives, and ``reuse-audit mcp``'s
tools check through the same :func:`check_change`."""

from __future__ import annotations

import json

from cli_support import make_case, run_cli
from reuse_audit.app import agent_tools
from reuse_audit.app.check import CheckRequest, FixMode, SourcesRequest, check_change, check_sources
from test_answers import SAFE_COPY


def test_the_command_prints_what_check_sources_gives(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": SAFE_COPY})
    request = SourcesRequest(repo=str(case.repo), patch=str(case.patch), use_cache=False, diff=True)
    outcome = check_sources(request, note=print)
    shown = run_cli(["check", str(case.patch), "--repo", str(case.repo), "--no-cache", "--diff"], in_process=True)
    assert outcome.plan is not None and outcome.plan.fixes
    assert (outcome.plan.diff(), outcome.status) == (shown.stdout, shown.returncode) and outcome.status == 1
    assert outcome.fixed_line == "Would fix 1 finding (0 remaining)." and shown.stderr.endswith(outcome.fixed_line + "\n")


def test_the_mcp_tools_check_through_the_same_orchestration(tmp_path, monkeypatch):
    case = make_case(tmp_path)
    requests: list[CheckRequest] = []

    def recorded(request: CheckRequest):
        requests.append(request)
        return check_change(request)

    monkeypatch.setattr(agent_tools, "check_change", recorded)
    answer = agent_tools.RepoTools(case.repo, use_cache=False).check_changes(case.patch.read_text())
    assert [(r.fixes, r.cache_dir, r.root) for r in requests] == [(FixMode.NONE, None, case.repo.resolve())]
    shown = json.loads(run_cli(["check", str(case.patch), "--repo", str(case.repo), "--no-cache", "--format", "json"]).stdout)
    for item in answer.data["findings"]:
        del item["id"], item["target"]["signature"]
    assert answer.data["findings"] == shown["findings"] and shown["findings"]
