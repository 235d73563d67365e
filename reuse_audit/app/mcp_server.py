"""``reuse-audit mcp``: the reuse checks as tools a coding agent calls, over MCP's stdio transport.

Built on the official MCP Python SDK (``pip install 'reuse-audit[mcp]'``: the
``mcp`` package, 2.x); the tools are :mod:`reuse_audit.app.agent_tools`'s, over
the repository of the folder the server starts in (``--repo``):

* ``check_changes``: the findings of the working tree against ``HEAD``, or of a diff;
* ``find_existing``: the existing functions a function would re-implement, before it is written;
* ``explain``: a rule's documentation, or a finding's, by its id.

Every tool is read-only (its annotations say so).  An answer is a text block
(what ``reuse-audit check`` prints, then the signatures of the functions to
call instead) with the same as structured content (the JSON report of
``--format json``).  Bad arguments, of the wrong type or meaning, are a tool
error result (``isError``) of one line, never a crash of the server.  Nothing
but the protocol is written to standard output; the SDK logs warnings to
standard error.  When the server starts, the full index of the repository is
built in the background (``background.py``), so that the checks after it are
warm.
"""

# no `from __future__ import annotations`: the SDK reads the tools' annotations, which name
# types imported inside build_server (the SDK is imported only when the server is built)
from typing import Annotated, Any, Callable, Optional

from reuse_audit import __version__
from reuse_audit.app.agent_tools import Answer, RepoTools
from reuse_audit.errors import UsageError

INSTRUCTIONS = """\
reuse-audit tells whether code re-implements a function the repository already has, and names the \
function to call instead (with its signature and location). Before writing a function, call \
find_existing with its source (and the path of the file it goes in); after changing files, call \
check_changes (the working tree against HEAD, or a diff). A finding means the new function calls \
most of what an existing function calls (RA001) or copies its code (RA003) without calling it: call \
the existing function instead. explain gives a rule's documentation, or a finding's by its id. The \
tools only read the repository; they never write or run it."""

CHECK_CHANGES = """\
Check the change for code that re-implements existing functions of the repository, as \
`reuse-audit check` does: without diff, the working tree against HEAD (new untracked .py files \
included); with diff, that unified diff (git diff output) against the working tree. Each finding \
names the function to call instead, its signature and where it is, and has an id for explain."""

FIND_EXISTING = """\
Before writing a function: the existing functions of the repository it would re-implement, with \
their signatures and locations. Give source (the functions you are about to add, with the imports \
they use) and, best, path (the file they will go in: its imports count too); nothing is written. \
Or give path and function to ask about a function already in a file."""

EXPLAIN = """\
The documentation of a rule (RA001, RA002, RA003, or its name), or of a finding by the id that \
check_changes or find_existing gave it: what it means, why it matters and how to fix it."""


def missing_sdk() -> Optional[str]:
    """None when the MCP SDK this server is built on imports, else the one line saying how to get it."""
    try:
        from mcp.server.mcpserver import MCPServer  # noqa: F401
    except ImportError as exc:
        return f"reuse-audit mcp needs the MCP Python SDK (mcp 2.x; {exc}): pip install 'reuse-audit[mcp]'"
    return None


def build_server(tools: RepoTools) -> Any:
    """The MCP server of ``tools``: three read-only tools."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import CallToolResult, TextContent, ToolAnnotations
    from pydantic import Field, ValidationError

    class Server(MCPServer):
        async def call_tool(self, name: str, arguments: dict, context: Any = None) -> Any:
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as exc:
                if not isinstance(exc.__cause__, ValidationError):
                    raise
                # arguments of the wrong type, missing or unknown: one line, as for any bad input
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in error['loc']) or 'arguments'}: {error['msg']}" for error in exc.__cause__.errors()
                )
                raise ToolError(f"{name}: bad arguments: {problems} (its input schema says what each takes)") from None

    server = Server("reuse-audit", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

    def answer(ask: Callable[[], Answer]) -> CallToolResult:
        try:
            found = ask()
        except UsageError as exc:  # bad input: one line, as the command line says it
            raise ToolError(" ".join(str(exc).split())) from None
        except RecursionError:
            raise ToolError("internal error: recursion too deep (please report this with the input that caused it)") from None
        return CallToolResult(content=[TextContent(type="text", text=found.text)], structured_content=found.data)

    @server.tool(title="Check a change for re-implemented functions", annotations=read_only, description=CHECK_CHANGES)
    def check_changes(
        diff: Annotated[Optional[str], Field(description="A unified diff (git diff output); leave out to check the working tree against HEAD.")] = None,
    ) -> CallToolResult:
        return answer(lambda: tools.check_changes(diff))

    @server.tool(title="Find the existing functions a function would re-implement", annotations=read_only, description=FIND_EXISTING)
    def find_existing(
        source: Annotated[Optional[str], Field(description="The functions you are about to write, with the imports they use.")] = None,
        path: Annotated[Optional[str], Field(description="The file they go in (relative to the repository root), or, with function, the file holding it.")] = None,
        function: Annotated[Optional[str], Field(description="A function already in path (its name, or Class.method).")] = None,
    ) -> CallToolResult:
        return answer(lambda: tools.find_existing(source, path, function))

    @server.tool(title="Explain a rule or a finding", annotations=read_only, description=EXPLAIN)
    def explain(
        code: Annotated[str, Field(description="A rule code (RA001), a rule name, or a finding's id.")],
    ) -> CallToolResult:
        return answer(lambda: tools.explain(code))

    return server


def serve(tools: RepoTools) -> None:
    """Serve ``tools`` over standard input and output until the client closes them."""
    server = build_server(tools)
    tools.warm()
    server.run("stdio")
