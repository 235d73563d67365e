"""``reuse-audit mcp``: the server driven by the MCP SDK's own client over stdio, on a git
repository holding the example library (examples/invoicing); and what it says without the SDK.

Hermetic: the server is the installed console script, started by the client as a subprocess in
the repository (no network); its cache is a temporary folder and no background build starts.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import run_cli, script
from reuse_audit.rules import RULES

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# invoicing.totals.invoice_total, renamed, with the imports it needs: what an agent is about to write
RENAMED_COPY = '''\
from invoicing.money import format_amount, parse_amount
from invoicing.totals import apply_vat, line_amount


def order_sum(lines: list, rate: str = "standard", discount: str = "0") -> str:
    """What the customer pays."""
    subtotal = sum(line_amount(line) for line in lines)
    subtotal -= parse_amount(discount)
    total = apply_vat(max(subtotal, 0), rate)
    return format_amount(total)
'''
TARGET = "invoicing.totals.invoice_total"
SIGNATURE = 'def invoice_total(lines: list, rate: str = "standard", discount: str = "0") -> str'

needs_sdk = pytest.mark.skipif(
    __import__("importlib.util").util.find_spec("mcp") is None, reason="the MCP SDK is not installed (pip install -e '.[mcp]')"
)


def git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", *args],
        cwd=cwd, check=True, capture_output=True,
    )


@pytest.fixture
def repo(tmp_path) -> Path:
    """The example library as a git repository with one commit."""
    root = tmp_path / "invoicing"
    shutil.copytree(EXAMPLES / "invoicing", root)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    return root


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and ".git" not in p.parts}


def session(root: Path, cache: Path, calls):
    """Start ``reuse-audit mcp`` in ``root`` with the SDK's client over stdio; ``calls(client)`` runs there."""
    from mcp import Client, StdioServerParameters

    env = dict(os.environ, REUSE_AUDIT_NO_BACKGROUND="1")
    params = StdioServerParameters(command=script(), args=["mcp", "--cache-dir", str(cache)], cwd=str(root), env=env)

    async def main():
        async with Client(params, read_timeout_seconds=120) as client:
            return await calls(client)

    return asyncio.run(main())


async def error_of(client, tool: str, arguments: dict) -> str:
    """The one line of an error result (a protocol error would do as well: never a crash)."""
    from mcp import MCPError

    try:
        result = await client.call_tool(tool, arguments)
    except MCPError as exc:
        return str(exc)
    assert result.is_error, (tool, arguments, result)
    [content] = result.content
    return content.text


@needs_sdk
def test_the_sdk_client_lists_three_read_only_tools_and_calls_them(repo, tmp_path):
    before = files_of(repo)
    patch = (EXAMPLES / "reimplemented.patch").read_text(encoding="utf-8")

    async def calls(client):
        listed = await client.list_tools()
        copy = await client.call_tool("find_existing", {"source": RENAMED_COPY, "path": "src/invoicing/reports.py"})
        scratch = await client.call_tool("find_existing", {"source": RENAMED_COPY})
        clean = await client.call_tool("check_changes", {})
        diff = await client.call_tool("check_changes", {"diff": patch})
        rule = await client.call_tool("explain", {"code": "RA001"})
        finding = diff.structured_content["findings"][0]["id"]
        explained = await client.call_tool("explain", {"code": finding})
        return listed, copy, scratch, clean, diff, rule, explained

    listed, copy, scratch, clean, diff, rule, explained = session(repo, tmp_path / "cache", calls)
    assert sorted(t.name for t in listed.tools) == ["check_changes", "explain", "find_existing"]
    assert all(t.annotations.read_only_hint and not t.annotations.destructive_hint for t in listed.tools)
    assert all(t.description for t in listed.tools)

    # find_existing on a renamed copy of a repository function: that function, its signature and place
    for result in (copy, scratch):
        assert not result.is_error, result
        [found] = result.structured_content["findings"]
        assert found["target"] == {"name": TARGET, "path": "src/invoicing/totals.py", "line": 21, "signature": SIGNATURE}
        assert found["function"].endswith(".order_sum") and found["code"] == "RA001"
        text = result.content[0].text
        assert f"call {TARGET} (src/invoicing/totals.py:21) instead" in text and SIGNATURE in text
    assert copy.structured_content["findings"][0]["path"] == "src/invoicing/reports.py"
    assert "not written" in scratch.content[0].text

    # check_changes: nothing in the working tree; the re-implementing diff: its finding
    assert not clean.is_error and clean.structured_content["findings"] == []
    [reported] = diff.structured_content["findings"]
    assert reported["target"]["name"] == TARGET and reported["target"]["signature"] == SIGNATURE
    assert reported["path"] == "src/invoicing/reports.py" and reported["function"] == "invoicing.reports.order_due"
    cli = run_cli(["check", str(EXAMPLES / "reimplemented.patch"), "--repo", str(repo), "--no-cache"])
    assert diff.content[0].text.startswith(cli.stdout)  # the text report of reuse-audit check, then the signatures

    # explain: the rule's page as `reuse-audit rule RA001` prints it; a finding by its id
    assert rule.content[0].text == RULES["RA001"].markdown()
    assert run_cli(["rule", "RA001"]).stdout == RULES["RA001"].markdown()
    assert "src/invoicing/reports.py:7:1: RA001 'order_due' re-implements" in explained.content[0].text
    assert explained.content[0].text.endswith(RULES["RA001"].markdown())

    assert files_of(repo) == before  # nothing written into the repository


@needs_sdk
def test_check_changes_reads_the_working_tree_against_head(repo, tmp_path):
    (repo / "src" / "invoicing" / "reports.py").write_text(RENAMED_COPY, encoding="utf-8")  # untracked, as agents leave it

    async def calls(client):
        return await client.call_tool("check_changes", {})

    result = session(repo, tmp_path / "cache", calls)
    [found] = result.structured_content["findings"]
    assert found["target"]["name"] == TARGET and found["path"] == "src/invoicing/reports.py"
    assert found["target"]["signature"] == SIGNATURE


@needs_sdk
def test_malformed_arguments_get_an_error_result_and_the_server_goes_on(repo, tmp_path):
    async def calls(client):
        errors = [
            await error_of(client, "find_existing", {"source": 5}),
            await error_of(client, "explain", {}),
            await error_of(client, "explain", {"code": "RA999"}),
            await error_of(client, "check_changes", {"diff": "this is not a diff\n"}),
            await error_of(client, "check_changes", {"diff": ["a list"]}),
            await error_of(client, "find_existing", {"source": RENAMED_COPY, "path": "../outside.py"}),
            await error_of(client, "find_existing", {"source": "x = 1\n"}),
            await error_of(client, "find_existing", {"source": "def broken(:\n    pass\n"}),
            await error_of(client, "find_existing", {"path": "src/invoicing/totals.py", "function": "nope"}),
            await error_of(client, "find_existing", {}),
            await error_of(client, "no_such_tool", {}),
        ]
        after = await client.call_tool("find_existing", {"source": RENAMED_COPY})
        return errors, after

    errors, after = session(repo, tmp_path / "cache", calls)
    for line in errors:
        assert line and "\n" not in line.strip() and "Traceback" not in line, line
    assert "source" in errors[0] and "code" in errors[1] and "RA999" in errors[2]
    assert "not a unified diff" in errors[3] and "diff" in errors[4] and "leaves the repository" in errors[5]
    assert "no function" in errors[6] and "does not parse" in errors[7]
    assert "nope" in errors[8] and "line_amount" in errors[8] and "give source" in errors[9]
    assert not after.is_error and after.structured_content["findings"][0]["target"]["name"] == TARGET


@needs_sdk
def test_find_existing_asks_about_a_function_already_in_a_file(repo, tmp_path):
    (repo / "src" / "invoicing" / "reports.py").write_text(RENAMED_COPY + "\n\ndef other():\n    return 1\n", encoding="utf-8")

    async def calls(client):
        copy = await client.call_tool("find_existing", {"path": "src/invoicing/reports.py", "function": "order_sum"})
        other = await client.call_tool("find_existing", {"path": str(repo / "src" / "invoicing" / "reports.py"), "function": "other"})
        return copy, other

    copy, other = session(repo, tmp_path / "cache", calls)
    [found] = copy.structured_content["findings"]
    assert found["target"]["name"] == TARGET and found["function"] == "invoicing.reports.order_sum"
    assert other.structured_content["findings"] == []
    assert "No existing function found that other would re-implement." in other.content[0].text


def test_mcp_without_the_sdk_says_how_to_install_it(monkeypatch, capsys):
    """The SDK is an extra: without it, one line naming the install command, exit status 2."""
    from reuse_audit.app.cli import main

    for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp raises ImportError
    with pytest.raises(SystemExit) as exited:
        main(["mcp"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("reuse-audit: error: ")
    assert "pip install 'reuse-audit[mcp]'" in err


@needs_sdk
def test_an_opencode_run_is_given_the_server_in_its_config(repo, tmp_path):
    """OpenCode's adapter with reuse_audit_mcp: its config's `mcp` section starts reuse-audit mcp over
    the turn's workspace; the very command it names serves the three tools to the SDK's client."""
    from mcp import Client, StdioServerParameters

    from reuse_audit.benchmark.agents.base import make_agent
    from reuse_audit.benchmark.model import Chain, Source, Turn, TurnRequest
    from reuse_audit.benchmark.prompt import TOOL_NOTES

    turn = Turn(1, "Sum an order.", "src/invoicing/reports.py", "invoicing.reports", ("def order_sum(lines: list) -> str",),
                tmp_path / "test_turn.py", tmp_path / "solution.py")
    chain = Chain("inv", tmp_path / "chain.yaml", Source("path", "invoicing", path=str(repo)), (turn,))
    request = TurnRequest(chain, turn, repo, "# Task\n", "interface", tmp_path / "turn-1", 60.0)
    agent = make_agent("opencode", {"model": "bench/m", "base_url": "http://127.0.0.1:9/v1", "reuse_audit_mcp": True})
    server = agent.config(request)["mcp"]["reuse-audit"]
    assert server["type"] == "local" and server["enabled"] and server["environment"] == {"REUSE_AUDIT_NO_BACKGROUND": "1"}
    assert server["command"][1:6] == ["-m", "reuse_audit.app.cli", "mcp", "--repo", str(repo)]
    assert "mcp" not in make_agent("opencode", {"model": "bench/m", "base_url": "http://127.0.0.1:9/v1"}).config(request)
    assert "find_existing" in TOOL_NOTES["mcp"] and "check_changes" in TOOL_NOTES["mcp"]

    async def main():
        params = StdioServerParameters(command=server["command"][0], args=server["command"][1:], cwd=str(tmp_path),
                                       env=dict(os.environ, **server["environment"]))
        async with Client(params, read_timeout_seconds=120) as client:
            listed = await client.list_tools()
            found = await client.call_tool("find_existing", {"source": RENAMED_COPY, "path": turn.path})
            return listed, found

    listed, found = asyncio.run(main())
    assert sorted(t.name for t in listed.tools) == ["check_changes", "explain", "find_existing"]
    assert found.structured_content["findings"][0]["target"]["name"] == TARGET
    assert (tmp_path / "turn-1" / "reuse-audit-cache").is_dir()  # its cache: the turn folder, never the workspace
