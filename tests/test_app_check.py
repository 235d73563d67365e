"""The check orchestration (``app/check.py``) is a plain function every surface calls: what
``reuse-audit check`` prints is what :func:`check_sources` gives, and ``reuse-audit mcp``'s
tools check through the same :func:`check_change`."""

from __future__ import annotations

import gc
import json
import threading

from cli_support import make_case, run_cli
from reuse_audit.app import agent_tools
from reuse_audit.app import check as app_check
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


def test_full_collections_wait_while_a_check_runs(tmp_path, monkeypatch):
    """A full collection walks every object the process holds, the index's rows among them:
    during a check the collector defers them, and the process's thresholds are back after it,
    however the check ends."""
    seen = []

    def recording(request):
        seen.append(gc.get_threshold())
        raise RuntimeError("the check failed")

    before = gc.get_threshold()
    monkeypatch.setattr(app_check, "_check_change", recording)
    try:
        check_change(None)  # type: ignore[arg-type]
    except RuntimeError:
        pass
    assert seen and seen[0][:2] == before[:2] and seen[0][2] >= 100 * before[2]
    assert gc.get_threshold() == before


def test_checks_in_threads_put_the_threshold_back_once_the_last_ends():
    before = gc.get_threshold()
    first_in, second_in, first_may_end = threading.Event(), threading.Event(), threading.Event()
    during = []

    def first():
        with app_check.full_collections_deferred():
            first_in.set()
            second_in.wait(10)
            first_may_end.wait(10)
        during.append(("after the first", gc.get_threshold()))

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(10)
    with app_check.full_collections_deferred():
        second_in.set()
        first_may_end.set()
        thread.join(10)
        during.append(("the second alone", gc.get_threshold()))
    assert during[0][1][2] > before[2] and during[1][1][2] > before[2]
    assert gc.get_threshold() == before
