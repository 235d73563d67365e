"""The options and inputs of ``reuse-audit check`` a user adopting it meets first (issue 17):
standard input left unread without ``-``, declared targets that do not exist, the text
report's layout and colour, ``--statistics``, ``--exit-zero``, ``--config``,
per-file ignores, and ``check PATH...``.

Most run ``main()`` in-process; a subprocess only where the process matters
(standard input being a pipe).
"""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import pytest

from cli_support import assert_usage_error, make_patch, run_cli
from gitrepo import BASE_FILES, REIMPL, GitRepo, isolated_git

from reuse_audit.app.cli import main


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    """A committed package, and pkg/new.py (a renamed copy of pkg.core.process) not committed."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", BASE_FILES)
    repo.write({"pkg/new.py": REIMPL})
    return repo


def check(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["check", "--no-cache", "--jobs", "1", *args])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


# ---------------------------------------------------------------------------
# standard input is read for - only (issue 27; tests/test_first_contact.py)


def test_an_empty_pipe_checks_the_working_tree(git_repo: GitRepo):
    run = run_cli(["check", "--no-cache", "--repo", str(git_repo.path)], stdin=b"")
    assert run.returncode == 1 and "pkg/new.py:6:1: RA001" in run.stdout, run


def test_piped_text_is_left_unread_without_dash(git_repo: GitRepo):
    run = run_cli(["check", "--no-cache", "--repo", str(git_repo.path)], stdin=b"hello\n")
    assert run.returncode == 1 and "pkg/new.py:6:1: RA001" in run.stdout, run
    run = run_cli(["check", "-", "--no-cache", "--repo", str(git_repo.path)], stdin=b"hello\n")
    assert_usage_error(run, "<stdin>")


# ---------------------------------------------------------------------------
# --targets


def test_a_declared_target_that_does_not_exist_is_an_error(git_repo: GitRepo, capsys: pytest.CaptureFixture, tmp_path: Path):
    targets = tmp_path / "targets.txt"
    targets.write_text("pkg.core.process\n# a comment\npkg.nosuch.fn\n", encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--targets", str(targets))
    assert code == 2, out + err  # it was an RA002 finding at :1:1: "call pkg.nosuch.fn (:0) instead", exit 1
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("reuse-audit: error: --targets "), err
    assert f"{targets}:3: 'pkg.nosuch.fn' is not a function, method, class or callable instance of the repository" in err, err


def test_declared_targets_that_exist_still_give_findings(git_repo: GitRepo, capsys: pytest.CaptureFixture, tmp_path: Path):
    targets = tmp_path / "targets.txt"
    targets.write_text("pkg.core.process\n", encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--targets", str(targets))
    assert code == 1 and "RA002" in out, out + err


# ---------------------------------------------------------------------------
# the text report: [*], the fixable line, colour


def test_a_finding_with_a_safe_fix_is_marked_and_counted(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path))
    lines = out.splitlines()
    assert lines[0].startswith("pkg/new.py:6:1: RA001 [*] 'handle' re-implements 'pkg.core.process'"), out
    assert lines[-2:] == ["Found 1 finding in 1 file.", "[*] 1 fixable with --fix."], out
    assert "\033[" not in out  # not a terminal: no colour


@pytest.mark.parametrize(
    "args, env, coloured",
    [
        (["--color", "always"], {}, True),
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
        ([], {"FORCE_COLOR": "1"}, True),
        ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (["--color", "always"], {"NO_COLOR": "1"}, True),  # the option wins over the environment
    ],
)
def test_colour(git_repo: GitRepo, capsys, monkeypatch: pytest.MonkeyPatch, args, env, coloured):
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, err = check(capsys, "--repo", str(git_repo.path), *args)
    assert code == 1
    assert ("\033[1mpkg/new.py\033[0m:6:1: \033[1m\033[31mRA001\033[0m \033[36m[*]\033[0m" in out) is coloured, out
    assert ("\033[" in out) is coloured


def test_full_format_shows_both_functions_and_the_fix(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--format", "full")
    assert code == 1, err
    assert out.startswith("RA001 [*] 'handle' re-implements 'pkg.core.process'"), out
    assert " --> pkg/new.py:6:1\n" in out and "6 | def handle(path):\n" in out, out
    assert " ::: pkg/core.py:6:1: call this instead\n" in out and "6 | def process(path):\n" in out, out
    assert "help: Replace the body of 'handle' with a call of 'pkg.core.process'" in out, out
    assert "+     return process(path)\n" in out, out


def test_unknown_receivers_are_explained(tmp_path: Path, monkeypatch, capsys):
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    core = dedent(BASE_FILES["pkg/core.py"]).replace("    check(text)\n", "    check(text)\n    text.debug()\n")
    repo.commit("base", dict(BASE_FILES, **{"pkg/core.py": core}))
    repo.write({"pkg/new.py": REIMPL})
    code, out, err = check(capsys, "--repo", str(repo.path))
    assert "missing: .debug" in out, out
    assert "    .debug: a call of a method named debug on an object whose type is not known\n" in out, out


# ---------------------------------------------------------------------------
# --statistics, --exit-zero, --show-fixes


def test_statistics(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--statistics")
    assert code == 1
    assert out == "1  RA001  [*] reimplemented-function  (1 fixable)\nFound 1 finding in 1 file.\n[*] 1 fixable with --fix.\n", out


def test_statistics_takes_no_other_format(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--statistics", "--format", "json")
    assert code == 2 and "--statistics" in err and err.count("\n") == 1, err


def test_exit_zero(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--exit-zero")
    assert code == 0 and "RA001" in out, out
    code, out, err = check(capsys, "--repo", str(git_repo.path / "nosuch"), "--exit-zero")
    assert code == 2  # bad input is still an error


def test_show_fixes(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--show-fixes")
    assert "    fix (safe): Replace the body of 'handle' with a call of 'pkg.core.process'" in out, out
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--fix", "--show-fixes")
    assert code == 0, out + err
    assert "Fixed 1 finding (0 remaining).\nFixed 1 finding:\n- pkg/new.py:\n    1 × RA001 (reimplemented-function)\n" in err, err


# ---------------------------------------------------------------------------
# --config, per-file ignores, RA003's thresholds


def test_config_file_replaces_the_repository_settings(git_repo: GitRepo, capsys, tmp_path: Path):
    config = tmp_path / "reuse-audit.toml"
    config.write_text('min-callees = 5\n', encoding="utf-8")  # process has 4 callees: not judged
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--config", str(config))
    assert code == 0, out + err
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.reuse-audit]\nmin-callees = 4\n', encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--config", str(pyproject))
    assert code == 1, out + err
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--config", str(tmp_path / "nosuch.toml"))
    assert code == 2 and "--config" in err and "no such file" in err, err
    config.write_text('min-calees = 5\n', encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--config", str(config))
    assert code == 2 and "unknown key 'min-calees'" in err, err


def test_per_file_ignores(git_repo: GitRepo, capsys):
    git_repo.remove("pkg/new.py")  # the commits hold only the settings
    git_repo.commit("config", {"pyproject.toml": '[tool.reuse-audit.per-file-ignores]\n"pkg/new*.py" = ["RA001"]\n'})
    git_repo.write({"pkg/new.py": REIMPL})
    code, out, err = check(capsys, "--repo", str(git_repo.path))
    assert code == 0 and out.startswith("No findings: 1 changed function"), out + err
    git_repo.remove("pkg/new.py")
    git_repo.commit("config", {"pyproject.toml": '[tool.reuse-audit.per-file-ignores]\n"tests/**" = ["RA001"]\n'})
    git_repo.write({"pkg/new.py": REIMPL})
    code, out, err = check(capsys, "--repo", str(git_repo.path))
    assert code == 1, out + err
    git_repo.commit("config", {"pyproject.toml": '[tool.reuse-audit.per-file-ignores]\n"tests/**" = ["XX9"]\n'})
    code, out, err = check(capsys, "--repo", str(git_repo.path))
    assert code == 2 and "per-file-ignores" in err and "XX9" in err, err


def test_ra003_thresholds_on_the_command_line(git_repo: GitRepo, capsys):
    # a copy of 30-odd tokens: below RA003's default of 40 tokens, seen with --min-tokens 10
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--select", "RA003")
    assert code == 0, out
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--select", "RA003", "--min-tokens", "10", "--min-similarity", "0.8")
    assert code == 1 and "RA003" in out, out
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--min-similarity", "2")
    assert code == 2 and "--min-similarity" in err, err


# ---------------------------------------------------------------------------
# --help


def test_help_prints_whole_sentences(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    commands = out.split("Commands:\n", 1)[1]
    assert "..." not in commands, out  # click cuts a long first sentence short
    for entry in re.split(r"\n(?=  \w)", commands.strip("\n")):
        assert " ".join(entry.split()).endswith((".", "?")), entry
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = capsys.readouterr().out
    options = out.split("Options:\n", 1)[1]
    # every option's help ends a sentence
    entries = [e for e in re.split(r"\n  (?=-)", "\n" + options) if e.strip()]
    for entry in entries:
        text = " ".join(entry.split())
        text = re.sub(r"(\s*\[(default: [^\]]*|[^\]]*x[^\]]*)\])+$", "", text)
        assert text.endswith((".", ")")), entry


# ---------------------------------------------------------------------------
# check PATH...: files and folders, no diff


@pytest.fixture
def plain_repo(tmp_path: Path) -> Path:
    """A folder that is no git repository, holding a re-implementation already there."""
    root = tmp_path / "plain"
    for name, text in dict(BASE_FILES, **{"pkg/new.py": REIMPL}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(dedent(text), encoding="utf-8")
    return root


def test_check_a_file_against_the_rest_of_the_repository(plain_repo: Path, capsys, monkeypatch):
    monkeypatch.chdir(plain_repo)
    code, out, err = check(capsys, "pkg/new.py")
    assert code == 1, out + err
    assert out.startswith("pkg/new.py:6:1: RA001 [*] 'handle' re-implements 'pkg.core.process'"), out
    # the other way round: against the rest of the repository, process is the copy of handle
    code, out, err = check(capsys, "pkg/core.py")
    assert code == 1 and "RA001 'process' re-implements 'pkg.new.handle'" in out, out + err
    code, out, err = check(capsys, "pkg/util.py")
    assert code == 0 and out.startswith("No findings: 4 functions checked"), out + err


def test_check_a_folder(plain_repo: Path, capsys, monkeypatch):
    monkeypatch.chdir(plain_repo / "pkg")
    # from a subfolder, with --repo naming the root; the two copies: the later one is reported
    code, out, err = check(capsys, ".", "--repo", str(plain_repo))
    assert code == 1, out + err
    assert "pkg/new.py:6:1: RA001" in out and out.count("RA001") == 1, out


def test_check_a_folder_names_the_uncommitted_copy_not_the_committed_original(git_repo: GitRepo, capsys, monkeypatch):
    # issue 27, point 5: an untracked file is one git blame does not know, yet it is the newest code
    # there is; its path sorts before the original's, so path order would name the original
    git_repo.remove("pkg/new.py")
    git_repo.write({"pkg/agent.py": REIMPL})
    monkeypatch.chdir(git_repo.path)
    code, out, err = check(capsys, "pkg")
    assert code == 1, out + err
    assert "pkg/agent.py:6:1: RA001" in out and "'process' re-implements" not in out, out


def test_check_paths_says_functions_checked_not_changed(plain_repo: Path, capsys, monkeypatch):
    # nothing changed: the summary says what was checked (issue 27, point 5)
    monkeypatch.chdir(plain_repo)
    code, out, err = check(capsys, "pkg/util.py")
    assert code == 0 and out == "No findings: 4 functions checked against 4 files.\n", out + err
    for _ in range(2):  # the second answer is read from the cache: it says the same
        capsys.readouterr()
        with pytest.raises(SystemExit):
            main(["check", "--cache-dir", str(plain_repo.parent / "cache"), "--jobs", "1", "pkg/util.py"])
        assert capsys.readouterr().out == "No findings: 4 functions checked against 4 files.\n"


def test_check_paths_finds_the_git_work_tree(git_repo: GitRepo, capsys, monkeypatch):
    monkeypatch.chdir(git_repo.path / "pkg")
    code, out, err = check(capsys, "new.py")  # --repo is ".", pkg/: the work tree is its parent
    assert code == 1 and "pkg/new.py:6:1: RA001" in out, out + err
    code, out, err = check(capsys, "new.py", "--fix")
    assert code == 0 and "Fixed 1 finding (0 remaining)." in err, out + err
    assert "return process(path)" in (git_repo.path / "pkg" / "new.py").read_text(encoding="utf-8")


def test_paths_and_patches_are_told_apart(plain_repo: Path, capsys, monkeypatch, tmp_path: Path):
    monkeypatch.chdir(plain_repo)
    patch = tmp_path / "change.diff"
    patch.write_bytes(make_patch({}, {"pkg/other.py": "def f():\n    return 1\n"}))
    code, out, err = check(capsys, str(patch))  # a file not ending in .py: a patch
    assert code == 0 and out.startswith("No findings: 1 changed function"), out + err
    code, out, err = check(capsys, str(patch), "pkg/new.py")
    assert code == 2 and "must be the only argument" in err, err
    code, out, err = check(capsys, "pkg/nosuch.py")
    assert code == 2 and "pkg/nosuch.py: no such file or directory" in err, err
    code, out, err = check(capsys, "pkg/new.py", "--staged")
    assert code == 2 and "takes no --staged" in err, err


# ---------------------------------------------------------------------------
# docs/json-output.md says what check --format json writes


def _key_paths(value, prefix=""):
    """Every key path of a JSON value in order (lists: their first element)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + key
            yield from _key_paths(item, prefix + key + ".")
    elif isinstance(value, list) and value and isinstance(value[0], dict):
        yield from _key_paths(value[0], prefix + "[].")


def test_the_json_document_matches_its_documentation(git_repo: GitRepo, capsys):
    import json

    doc = (Path(__file__).resolve().parent.parent / "docs" / "json-output.md").read_text(encoding="utf-8")
    assert "`reuse-audit check --format json`" in doc
    example = json.loads(doc.split("```json\n", 1)[1].split("```", 1)[0])
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--format", "json")
    real = json.loads(out)
    assert real["schema_version"] == example["schema_version"] == 2
    assert f"currently `{real['schema_version']}`" in doc
    documented, written = list(_key_paths(example)), list(_key_paths(real))
    # the same fields in the same order (the example also shows others, notes and errors, empty here)
    assert [k for k in documented if not k.startswith(("findings.[].others.[].", "notes.[].", "errors.[]."))] == written
    for key in real["findings"][0]:
        assert f"| `{key}` |" in doc, key
    for key in real["summary"]:
        assert f"| `{key}` |" in doc, key


# ---------------------------------------------------------------------------
# action.yml: the composite GitHub Action runs options that exist


def test_the_github_action_runs_options_that_exist(capsys):
    import yaml

    action = yaml.safe_load((Path(__file__).resolve().parent.parent / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    script = "\n".join(step.get("run", "") for step in action["runs"]["steps"])
    uses = [step.get("uses", "") for step in action["runs"]["steps"]]
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)
    assert '"${{ github.action_path }}"' in script  # installs the action's own version
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    help_text = capsys.readouterr().out
    commands = [line.strip() for line in script.splitlines() if line.strip().startswith("reuse-audit check")]
    assert len(commands) == 2, script
    for command in commands:
        for option in re.findall(r"(?<=\s)--[a-z-]+", command):
            assert option in help_text, option
