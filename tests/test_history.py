"""``reuse-audit history``: every commit checked against its parent, by author kind, cached per commit."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from gitrepo import BASE_FILES, REIMPL, REUSE, GitRepo, isolated_git
from reuse_audit.app.cli import main
from reuse_audit.app.history import AuthorKinds

HUMAN = "Ada Lovelace <ada@example.com>"
BOT = "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>"
CLAUDE_TRAILER = "\n\nCo-authored-by: Claude <noreply@anthropic.com>"

# re-implements pkg.core.process a second time, under another name
REIMPL_AGAIN = REIMPL.replace("def handle(path)", "def ingest(path)")


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolated_git(tmp_path, monkeypatch)


def commit(repo: GitRepo, author: str, message: str, files: dict[str, str]) -> str:
    repo.write(files)
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", f"--author={author}", "-m", message)
    return repo.sha("HEAD")


def build(tmp_path: Path) -> tuple[GitRepo, dict[str, str]]:
    """A dozen commits by people, a bot and agents; two re-implement pkg.core.process."""
    repo = GitRepo(tmp_path / "repo")
    shas = {}
    shas["base"] = commit(repo, HUMAN, "base", BASE_FILES)
    shas["docs"] = commit(repo, HUMAN, "docs", {"README.md": "hello\n"})
    shas["deps"] = commit(repo, BOT, "Bump click", {"requirements.txt": "click==8\n"})
    shas["agent_reimpl"] = commit(repo, HUMAN, "Add the handler" + CLAUDE_TRAILER, {"pkg/handler.py": REIMPL})
    shas["reuse"] = commit(repo, HUMAN, "Add a reusing module", {"pkg/reuse.py": REUSE})
    shas["deps2"] = commit(repo, BOT, "Bump attrs", {"requirements.txt": "click==8\nattrs==23\n"})
    shas["aider"] = commit(repo, "Paul (aider) <paul@example.com>", "aider: add a helper", {"pkg/helper.py": "def helper():\n    return 1\n"})
    shas["human_reimpl"] = commit(repo, HUMAN, "Add the ingest step", {"pkg/ingest.py": REIMPL_AGAIN})
    shas["docs2"] = commit(repo, HUMAN, "more docs", {"README.md": "hello\nworld\n"})
    shas["bot3"] = commit(repo, BOT, "Bump pytest", {"requirements.txt": "pytest\n"})
    shas["agent_ok"] = commit(repo, HUMAN, "Use process" + CLAUDE_TRAILER, {"pkg/use.py": "from pkg.core import process\n\n\ndef run(p):\n    return process(p)\n"})
    shas["last"] = commit(repo, HUMAN, "tidy", {"pkg/helper.py": "def helper():\n    return 2\n"})
    return repo, shas


def run_history(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["history", *args])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def test_history_finds_the_two_reimplementing_commits_by_author_kind(tmp_path: Path, capsys) -> None:
    repo, shas = build(tmp_path)
    cache = tmp_path / "cache"
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--cache-dir", str(cache), "--format", "json", "-j", "1")
    assert code == 0, err
    doc = json.loads(out)
    flagged = {c["sha"]: c["kind"] for c in doc["commits"] if c["findings"]}
    assert flagged == {shas["agent_reimpl"]: "agent", shas["human_reimpl"]: "unknown"}
    targets = {f["target"] for c in doc["commits"] for f in c["findings"]}
    assert targets == {"pkg.core.process"}
    kinds = {c["sha"]: (c["kind"], c["tool"]) for c in doc["commits"]}
    assert kinds[shas["deps"]][0] == "bot"
    assert kinds[shas["aider"]] == ("agent", "aider")
    assert kinds[shas["agent_ok"]] == ("agent", "claude")
    assert shas["base"] not in kinds  # the root commit has no parent to compare with
    assert doc["run"] == {"checked": 11, "cached": 0, "skipped_roots": 1}
    assert doc["by_kind"]["agent"]["commits"] == 3 and doc["by_kind"]["agent"]["with_findings"] == 1
    assert doc["by_kind"]["bot"]["commits"] == 3 and doc["by_kind"]["bot"]["with_findings"] == 0
    assert doc["by_kind"]["unknown"]["commits"] == 5 and doc["by_kind"]["unknown"]["with_findings"] == 1
    assert doc["total"]["with_findings"] == 2 and doc["total"]["reimplementing"] == 2
    assert doc["total"]["share_reimplementing"] == round(2 / 11, 4)
    assert doc["by_kind"]["agent"]["reimplementing"] == 1 and doc["by_kind"]["unknown"]["reimplementing"] == 1
    last = doc["commits"][-1]["cumulative_reimplementations"]
    assert last["agent"] >= 1 and last["unknown"] >= 1 and last["bot"] == 0
    # nothing is written into the repository
    assert repo.git("status", "--porcelain") == ""

    # one more commit: a rerun checks only that one, and finds the same
    shas["new"] = commit(repo, HUMAN, "one more", {"pkg/new.py": "def new():\n    return 3\n"})
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--cache-dir", str(cache), "--format", "json", "-j", "1")
    again = json.loads(out)
    assert again["run"] == {"checked": 1, "cached": 11, "skipped_roots": 1}
    assert {c["sha"]: c["kind"] for c in again["commits"] if c["findings"]} == flagged


def test_history_is_the_same_as_check_base_head_and_parallel(tmp_path: Path, capsys) -> None:
    repo, shas = build(tmp_path)
    code, out, _ = run_history(capsys, "--repo", str(repo.path), "--no-cache", "--format", "json", "-j", "2")
    by_sha = {c["sha"]: c for c in json.loads(out)["commits"]}
    sha = shas["human_reimpl"]
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["check", "--no-cache", "-j", "1", "--repo", str(repo.path), "--base", f"{sha}^", "--head", sha, "--format", "json"])
    checked = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["function"], f["target"]["name"]) for f in checked["findings"]] == [
        (f["rule"], f["function"], f["target"]) for f in by_sha[sha]["findings"]
    ]


def test_history_text_csv_html_and_png(tmp_path: Path, capsys) -> None:
    repo, shas = build(tmp_path)
    html_file, png = tmp_path / "out" / "report.html", tmp_path / "out" / "plot.png"
    html_file.parent.mkdir()
    code, out, err = run_history(
        capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--html", str(html_file), "--plot", str(png)
    )
    assert code == 0, err
    assert "Commits with findings:" in out
    assert shas["agent_reimpl"][:10] in out and shas["human_reimpl"][:10] in out
    table = {line.split()[0]: line.split() for line in out.splitlines() if line.split() and line.split()[0] in ("agent", "bot", "unknown", "all")}
    assert table["agent"][1:3] == ["3", "1"] and table["all"][1:3] == ["11", "2"]
    page = html_file.read_text(encoding="utf-8")
    assert page.count('class="side"') >= 2  # each finding: new code and target side by side
    assert f'href="#c-{shas["agent_reimpl"]}"' in page and f'id="c-{shas["agent_reimpl"]}"' in page
    assert "def process(path):" in page and "def handle(path):" in page
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, _ = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 11
    assert {r["sha"] for r in rows if r["findings"] != "0"} == {shas["agent_reimpl"], shas["human_reimpl"]}


def test_history_html_escapes_names_and_code_from_the_repository(tmp_path: Path, capsys) -> None:
    repo = GitRepo(tmp_path / "repo")
    commit(repo, HUMAN, "base", BASE_FILES)
    evil = REIMPL.replace('"""Written by a coding agent."""', '"""</pre><script>alert(1)</script>"""')
    evil = evil.replace("raw = load(path)", "raw = load(path)  # <img src=x onerror=alert(2)>")
    sha = commit(repo, 'Mal & "Co" <m@example.com>', "<script>alert(3)</script>", {"pkg/x<y>.py": evil})
    html_file = tmp_path / "r.html"
    code, _, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--html", str(html_file))
    assert code == 0, err
    page = html_file.read_text(encoding="utf-8")
    assert f'id="c-{sha}"' in page
    # the page's one script is its own (sorting, filtering); nothing from the repository runs
    assert page.count("<script") == 1 and "<script>alert" not in page and "<img src=x" not in page
    assert "Mal &amp; &quot;Co" in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page and "pkg/x&lt;y&gt;.py" in page


def test_history_since_max_count_author_and_paths(tmp_path: Path, capsys) -> None:
    repo, shas = build(tmp_path)
    args = ["--repo", str(repo.path), "--no-cache", "-j", "1", "--format", "json"]
    _, out, _ = run_history(capsys, *args, "--max-count", "3")
    assert [c["sha"] for c in json.loads(out)["commits"]] == [shas["bot3"], shas["agent_ok"], shas["last"]]
    _, out, _ = run_history(capsys, *args, "--since", shas["aider"])
    assert json.loads(out)["commits"][0]["sha"] == shas["human_reimpl"]
    _, out, _ = run_history(capsys, *args, "--author", "dependabot")
    assert {c["kind"] for c in json.loads(out)["commits"]} == {"bot"}
    _, out, _ = run_history(capsys, *args, "--paths", str(repo.path / "pkg" / "ingest.py"))
    doc = json.loads(out)
    assert [c["sha"] for c in doc["commits"]] == [shas["human_reimpl"]] and doc["total"]["with_findings"] == 1


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--since", "nope"], "--since nope: unknown revision"),
        (["--since", "HEAD", "--max-count", "2"], "only one of --since and --max-count"),
        (["--agent-pattern", "("], "--agent-pattern '(': not a regular expression"),
        (["--select", "XX9"], "--select"),
    ],
)
def test_history_bad_input_is_one_line_and_status_2(tmp_path: Path, capsys, args, needle) -> None:
    repo, _ = build(tmp_path)
    code, _, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", *args)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_history_outside_a_repository(tmp_path: Path, capsys) -> None:
    code, _, err = run_history(capsys, "--repo", str(tmp_path), "--no-cache")
    assert code == 2 and "not inside a git repository" in err


@pytest.mark.parametrize(
    "author, message, kind, tool",
    [
        ("Jane <jane@example.com>", "Fix\n\nCo-authored-by: Claude <noreply@anthropic.com>", "agent", "claude"),
        ("Jane <jane@example.com>", "Fix\n\nCo-Authored-By: openhands <openhands@all-hands.dev>", "agent", "openhands"),
        ("Jane <jane@example.com>", "Fix\n\nCo-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>", "agent", "copilot"),
        ("Copilot <copilot-swe-agent[bot]@users.noreply.github.com>", "Fix", "agent", "copilot"),
        ("devin-ai-integration[bot] <158243242+devin-ai-integration[bot]@users.noreply.github.com>", "Fix", "agent", "devin"),
        ("Paul Gauthier <paul@example.com>", "aider: fixed the parser", "agent", "aider"),
        ("Paul Gauthier (aider) <paul@example.com>", "fix: the parser", "agent", "aider"),
        ("Jane <jane@example.com>", "Fix\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)", "agent", "claude"),
        ("renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>", "Update deps", "bot", "renovate[bot]"),
        ("Devin Smith <devin@example.com>", "Fix", "unknown", ""),  # a person's name is not an agent
        ("Jane <jane@example.com>", "Fix\n\nCo-authored-by: Bob <bob@example.com>", "unknown", ""),
    ],
)
def test_author_kinds(author: str, message: str, kind: str, tool: str) -> None:
    name, email = author.rsplit(" <", 1)
    assert AuthorKinds().classify(name, email.rstrip(">"), message) == (kind, tool)


def test_author_kind_patterns_come_first() -> None:
    kinds = AuthorKinds(agent_patterns=(r"^ci-agent ",), bot_patterns=(r"\[skip ci\]",))
    assert kinds.classify("ci-agent", "ci@example.com", "Fix")[0] == "agent"
    assert kinds.classify("Jane", "jane@example.com", "Fix [skip ci]")[0] == "bot"


def test_a_reimplementation_reported_again_counts_once(tmp_path: Path, capsys) -> None:
    repo = GitRepo(tmp_path / "repo")
    commit(repo, HUMAN, "base", BASE_FILES)
    first = commit(repo, HUMAN, "add" + CLAUDE_TRAILER, {"pkg/handler.py": REIMPL})
    # a later commit only reformats it: the change made no overlap, so check reports nothing (issue 13)
    style = commit(repo, HUMAN, "style", {"pkg/handler.py": REIMPL.replace("raw = load(path)", "raw = load(path)  # read")})
    # then one makes it call the function, and the next copies it back: check reports it again
    commit(repo, HUMAN, "reuse", {"pkg/handler.py": REUSE})
    again = commit(repo, HUMAN, "revert" + CLAUDE_TRAILER, {"pkg/handler.py": REIMPL})
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--format", "json")
    doc = json.loads(out)
    by_sha = {c["sha"]: c for c in doc["commits"]}
    assert not by_sha[style]["findings"]
    assert by_sha[again]["findings"] and not any(f["first_seen"] for f in by_sha[again]["findings"])
    assert {f["first_seen_in"] for f in by_sha[again]["findings"]} == {first}
    assert doc["total"]["with_findings"] == 2 and doc["total"]["reimplementing"] == 1
    assert doc["by_kind"]["agent"]["reimplementations"] == len(by_sha[first]["findings"])
    assert by_sha[again]["cumulative_reimplementations"] == by_sha[first]["cumulative_reimplementations"]


def test_an_internal_error_on_a_commit_is_reported_and_tried_again(tmp_path: Path, capsys, monkeypatch) -> None:
    repo, shas = build(tmp_path)
    args = ["--repo", str(repo.path), "--cache-dir", str(tmp_path / "cache"), "-j", "1"]
    import reuse_audit.lint.engine as engine

    real = engine.run

    def failing(change, *a, **k):
        if getattr(change.after, "label", "") == shas["reuse"]:
            raise RuntimeError("boom")
        return real(change, *a, **k)

    monkeypatch.setattr(engine, "run", failing)
    code, out, err = run_history(capsys, *args)
    assert code == 0, err
    assert "1 commit(s) could not be checked:" in out and f"{shas['reuse'][:10]}: internal error: RuntimeError: boom" in out
    monkeypatch.setattr(engine, "run", real)
    _, out, _ = run_history(capsys, *args, "--format", "json")
    doc = json.loads(out)
    assert doc["run"]["checked"] == 1 and doc["total"]["errors"] == 0


def test_the_result_key_is_the_same_in_every_process(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "from reuse_audit.app.history import settings_key; from reuse_audit.settings import Settings; "
        "print(settings_key(Settings(ignore_callees=frozenset({'a.b', 'c.d', 'e.f', 'g.h'}))))"
    )
    keys = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**__import__("os").environ, "PYTHONHASHSEED": seed}, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(keys) == 1


def test_a_progress_bar_on_a_terminal_only(tmp_path: Path, capsys, monkeypatch) -> None:
    repo, _ = build(tmp_path)
    args = ["--repo", str(repo.path), "--no-cache", "-j", "1", "-o", str(tmp_path / "out.txt")]
    code, _, err = run_history(capsys, *args)
    assert code == 0 and err == ""
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr("click._termui_impl.isatty", lambda stream: True, raising=False)
    code, _, err = run_history(capsys, *args)
    assert code == 0 and "commits" in err and "100%" in err


def test_a_repository_without_commits_has_nothing_to_check(tmp_path: Path, capsys) -> None:
    repo = GitRepo(tmp_path / "repo")
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--no-cache")
    assert code == 0 and out.startswith("No commits to check."), err


# ---------------------------------------------------------------------------
# the HTML report leads with the problems (issue 27, point 4)
# ---------------------------------------------------------------------------


def _page(tmp_path: Path, capsys, *extra: str) -> tuple[str, dict[str, str]]:
    repo, shas = build(tmp_path)
    repo.git("remote", "add", "origin", "https://user:token@github.com/octo/proj.git")
    html_file = tmp_path / "report.html"
    code, _, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--html", str(html_file), *extra)
    assert code == 0, err
    return html_file.read_text(encoding="utf-8"), shas


def test_history_html_leads_with_the_flagged_commits(tmp_path: Path, capsys) -> None:
    import re
    import time

    page, shas = _page(tmp_path, capsys)
    flagged = page.index('id="summary"')
    assert flagged < page.index('id="by-kind"') < page.index('id="commits"')
    # the summary at the top links each flagged commit to its findings below
    top = page[flagged : page.index('id="by-kind"')]
    for name in ("agent_reimpl", "human_reimpl"):
        assert f'href="#c-{shas[name]}"' in top
    assert "2 of 11 commits" in top
    # the header gives the date range of the commits
    day = time.strftime("%Y-%m-%d", time.gmtime())
    assert re.search(rf"<p class=\"range\">11 commits from <time>{day}</time> to <time>{day}</time>", page)
    # every commit id links to the forge, without the remote's credentials
    assert f'href="https://github.com/octo/proj/commit/{shas["docs"]}"' in page
    assert "token" not in page
    # dates and kinds never wrap
    assert re.search(r"td\.date,[^{]*td\.kind[^{]*\{[^}]*white-space:nowrap", page)
    assert f'<td class="date" data-sort="' in page


def test_history_html_tables_sort_and_filter_with_inline_script_only(tmp_path: Path, capsys) -> None:
    import base64
    import hashlib
    import re

    page, _ = _page(tmp_path, capsys)
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    # the page runs its own script and no other: the CSP names it by hash, and nothing is fetched
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in page and "default-src 'none'" in page
    assert "http" not in scripts[0] and "fetch(" not in scripts[0]
    for table in ("flagged", "by-kind", "commits"):
        assert re.search(rf'<table id="{table}" class="sortable', page)
    assert '<input type="search" class="filter" data-table="commits"' in page


def test_history_html_embeds_the_plot(tmp_path: Path, capsys) -> None:
    pytest.importorskip("matplotlib")
    page, _ = _page(tmp_path, capsys, "--plot", str(tmp_path / "p.png"))
    embedded = page.split('<img class="plot" src="data:image/png;base64,', 1)[1].split('"', 1)[0]
    import base64

    assert base64.b64decode(embedded) == (tmp_path / "p.png").read_bytes()
    page, _ = _page(tmp_path / "again", capsys)  # without --plot, the page still has its plot
    assert '<img class="plot" src="data:image/png;base64,' in page


def test_commit_links_on_the_forges(tmp_path: Path) -> None:
    from reuse_audit.app.history_report import commit_url

    sha = "a" * 40
    assert commit_url("https://github.com/o/r.git", sha) == f"https://github.com/o/r/commit/{sha}"
    assert commit_url("ssh://github.com/o/r.git", sha) == f"https://github.com/o/r/commit/{sha}"
    assert commit_url("https://gitlab.com/g/sub/r", sha) == f"https://gitlab.com/g/sub/r/-/commit/{sha}"
    assert commit_url("https://bitbucket.org/o/r.git", sha) == f"https://bitbucket.org/o/r/commits/{sha}"
    assert commit_url("https://codeberg.org/o/r.git/", sha) == f"https://codeberg.org/o/r/commit/{sha}"
    assert commit_url((tmp_path / "r").as_uri(), sha) is None  # a folder on this machine is no forge
    assert commit_url(None, sha) is None
    assert commit_url('https://h/o/r"><script>', sha) is None  # never a link the page cannot quote


def _summary_without_findings(tmp_path: Path) -> dict:
    from reuse_audit.app.history import summarize

    records = [
        {"sha": f"{i:040x}", "time": 1_700_000_000 + 86_400 * i, "author": author, "email": "a@example.com",
         "subject": "s", "message": message, "findings": [], "notes": 0, "error": None}
        for i, (author, message) in enumerate([("Ada", "fix"), ("Paul (aider)", "feat"), ("Ada", "docs"), ("Paul (aider)", "x")])
    ]
    return summarize(records, AuthorKinds())


def test_the_plot_without_findings_has_a_sane_count_axis_and_no_hidden_line(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from reuse_audit.app.history_report import plot_figure

    fig = plot_figure(_summary_without_findings(tmp_path))
    try:
        left = fig.axes[0]
        bottom, top = left.get_ylim()
        assert bottom <= 0 and top >= 1  # not -0.04..0.04
        ticks = [t for t in left.get_yticks() if bottom <= t <= top]
        assert ticks and all(float(t).is_integer() for t in ticks)  # a count has no half ticks
        lines = [ln for ln in left.get_lines() if not ln.get_label().startswith("_")]
        assert len(lines) == 2
        # two series on top of each other stay visible: distinct dashes, the thinner one above
        assert len({ln.get_linestyle() for ln in lines}) == 2
        thin, thick = sorted(lines, key=lambda ln: ln.get_linewidth())
        assert thin.get_zorder() > thick.get_zorder()
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_the_plot_with_findings_has_integer_count_ticks(tmp_path: Path, capsys) -> None:
    pytest.importorskip("matplotlib")
    from reuse_audit.app.history_report import plot_figure

    summary = _summary_without_findings(tmp_path)
    for c, n in zip(summary["commits"], (0, 1, 3, 4)):
        c["cumulative"]["agent"] = n
    fig = plot_figure(summary)
    try:
        bottom, top = fig.axes[0].get_ylim()
        assert all(float(t).is_integer() for t in fig.axes[0].get_yticks() if bottom <= t <= top)
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


@pytest.mark.parametrize("option", ["--html", "--plot", "--output"])
def test_history_to_a_folder_that_does_not_exist_fails_before_checking(tmp_path: Path, capsys, option) -> None:
    repo, _ = build(tmp_path)
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", option, "/nonexistent/x.out")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"reuse-audit: error: {option} /nonexistent/x.out: no such folder /nonexistent"]


def test_history_html_that_cannot_be_written_names_html_and_prints_no_html(tmp_path: Path, capsys, monkeypatch) -> None:
    repo, _ = build(tmp_path)
    target = tmp_path / "out.html"
    import tempfile

    real = tempfile.mkstemp

    def full(*a, **k):
        if k.get("dir") == target.parent:
            raise OSError(28, "No space left on device")
        return real(*a, **k)

    monkeypatch.setattr(tempfile, "mkstemp", full)
    code, out, err = run_history(capsys, "--repo", str(repo.path), "--no-cache", "-j", "1", "--html", str(target), "-o", str(tmp_path / "repo" / "s.txt"))
    assert code == 2 and "<html" not in out and out == ""
    assert err.strip().splitlines() == [f"reuse-audit: error: --html {target}: cannot write (No space left on device)"]


def test_history_quiet_prints_no_notes_and_no_progress(tmp_path: Path, capsys, monkeypatch) -> None:
    repo, _ = build(tmp_path)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    args = ["--repo", str(repo.path), "-j", "1", "--cache-dir", str(blocked), "-o", str(tmp_path / "out.txt")]
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr("click._termui_impl.isatty", lambda stream: True, raising=False)
    code, _, err = run_history(capsys, *args)
    assert code == 0 and "note: history cache disabled" in err and "100%" in err
    code, _, err = run_history(capsys, *args, "-q")
    assert code == 0 and err == ""
    assert "Commits with findings:" in (tmp_path / "out.txt").read_text()
