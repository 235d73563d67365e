"""``opencode``: the tool-rich harness of the study (npm ``opencode-ai``, 1.x).

Each turn runs, in the workspace, headless::

    opencode run --format json --auto -m PROVIDER/MODEL PROMPT

with an isolated configuration: ``OPENCODE_CONFIG`` points at a config file
written in the turn directory, ``XDG_CONFIG_HOME``/``XDG_DATA_HOME``/
``XDG_CACHE_HOME``/``XDG_STATE_HOME`` at folders there (so sessions, auth
and caches of the user are not seen and nothing leaks between turns),
external and default plugins off (``"plugin": []``,
``OPENCODE_DISABLE_DEFAULT_PLUGINS``), no auto-update, no model-list fetch,
no LSP download, no Claude Code prompt/skills, sharing disabled, and one
provider: ``@ai-sdk/openai-compatible`` at ``base_url``.  OpenCode has no
wall-time flag: the adapter kills the process tree at
``request.time_limit`` (OpenCode's bash tool starts commands ``detached``;
``process.kill_tree`` follows them by parent pid).

The JSON event stream (``events.jsonl``) gives the session id; then
``opencode export SESSION_ID`` (``export.json``) is the record of the turn:
the stream can lose its last events when the process is killed.  Sessions of
subagents started by the ``task`` tool (``state.metadata.sessionId``) are
exported too (``export-<id>.json``).

OpenCode's ``grep`` and ``glob`` tools run ripgrep: ``rg`` must be on PATH
(OpenCode may otherwise try to download it, which fails offline).

Formats (from OpenCode's source, packages/opencode/src):

* ``cli/cmd/run.ts``: with ``--format json`` each event is one JSON line
  ``{"type", "timestamp", "sessionID", ...}``: ``tool_use`` (``part``: a
  tool part whose state is ``completed`` or ``error``), ``step_start``,
  ``step_finish`` (``part.cost``, ``part.tokens``), ``text``, ``reasoning``,
  ``error`` (``error``), ``done``;
* the export (``cli/cmd/export.ts``) and the tool parts, in the stream and
  in the export, are read by the engine's ``reuse_audit/app/reads/opencode.py``
  (as ``check --trajectory`` reads them), which describes their formats.

Options: ``model`` (required: ``MODEL`` or ``PROVIDER/MODEL``), ``base_url``
(the OpenAI-compatible endpoint, required unless ``config`` defines the
provider), ``api_key`` or ``api_key_env`` (name of an environment variable;
default none), ``provider`` (default ``bench``), ``binary`` (default
``opencode``), ``agent`` (OpenCode agent, default its ``build``), ``auto``
(pass ``--auto``, default true), ``config`` (a dict merged over the
generated config), ``export_timeout`` (seconds, default 120),
``reuse_audit_mcp`` (``true``: the config's ``mcp`` section starts ``reuse-audit
mcp`` over the workspace, with this Python, its facts cache in the turn folder,
and the prompt ends with ``prompt.TOOL_NOTES["mcp"]``; needs ``pip install
'reuse-audit[mcp]'``).

Statuses: killed at the limit -> ``timeout``; exit status 0 without an
``error`` event -> ``submitted``; otherwise ``error``.

Infrastructure errors (``AgentResult.infra_error``: ``bench run`` stops on
them, see ``runner.py``): the binary is missing, or an ``error`` event says
the endpoint was not reached or refused the request whatever the agent did:
an ``APIError`` with ``statusCode`` 401/403 (the key), 404 (the model or the
URL), 429 (rate limit or quota), ``Cannot connect to API`` (nothing listens
at ``base_url``; OpenCode has retried it for about a minute), or a
``ProviderAuthError`` / ``ProviderModelNotFoundError``.  Any other error is
the agent's.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

from reuse_audit.api import NO_BACKGROUND, int_field, mcp_sdk_missing, reads_from_tool_parts, tool_parts_of_export
from reuse_audit.errors import UsageError

from reuse_audit.benchmark.prompt import with_tool_note
from reuse_audit.benchmark.model import AgentResult, TurnRequest
from reuse_audit.benchmark.agents.base import check_options, import_roots, launch_failure
from reuse_audit.benchmark.agents.process import merged_env, run_limited
from reuse_audit.benchmark.agents.snapshot import WorkspaceSnapshot

OPTIONS = ("model", "base_url", "api_key", "api_key_env", "provider", "binary", "agent", "auto", "config", "export_timeout",
           "reuse_audit_mcp")

__all__ = [
    "OpenCodeAgent",
    "OpenCodeEvents",
    "parse_opencode_events",
]


# ---------------------------------------------------------------------------
# parsing recorded data
# ---------------------------------------------------------------------------


@dataclass
class OpenCodeEvents:
    session_id: Optional[str] = None
    tool_parts: list[dict] = field(default_factory=list)  # last state of each tool part
    errors: list[str] = field(default_factory=list)
    error_events: list[dict] = field(default_factory=list)  # each error event's ``error`` object
    cost: float = 0.0
    steps: int = 0
    tokens: int = 0
    done: bool = False
    bad_lines: int = 0


def _step_tokens(tokens) -> int:
    """Tokens of one ``step_finish``: input, output and reasoning (cache reads are part of input)."""
    if not isinstance(tokens, dict):
        return 0
    total = 0
    for key in ("input", "output", "reasoning"):
        try:
            total += int(tokens.get(key) or 0)
        except (TypeError, ValueError):
            pass
    return total


def parse_opencode_events(lines: Iterable[str]) -> OpenCodeEvents:
    """The JSON event stream of ``opencode run --format json``."""
    out = OpenCodeEvents()
    parts: dict[str, dict] = {}
    order: list[str] = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        try:
            event = json.loads(line)
        except ValueError:
            out.bad_lines += 1
            continue
        if not isinstance(event, dict):
            continue
        if out.session_id is None and isinstance(event.get("sessionID"), str):
            out.session_id = event["sessionID"]
        kind = event.get("type")
        part = event.get("part") if isinstance(event.get("part"), dict) else {}
        if kind == "tool_use" and part.get("type") == "tool":
            key = str(part.get("id") or part.get("callID") or len(order))
            if key not in parts:
                order.append(key)
            parts[key] = part
        elif kind == "step_finish":
            out.steps += 1
            try:
                out.cost += float(part.get("cost") or 0.0)
            except (TypeError, ValueError):
                pass
            out.tokens += _step_tokens(part.get("tokens"))
        elif kind == "error":
            error = event.get("error")
            if isinstance(error, dict):
                out.error_events.append(error)
                data = error.get("data") if isinstance(error.get("data"), dict) else {}
                out.errors.append(str(data.get("message") or error.get("name") or error))
            else:
                out.errors.append(str(error))
        elif kind == "done":
            out.done = True
    out.tool_parts = [parts[k] for k in order]
    return out


def infra_kind(error: dict) -> Optional[str]:
    """What an ``error`` event's error says failed, when it is not the agent: ``auth``,
    ``model``, ``quota``, ``connection``; None for the agent's own failures."""
    name = str(error.get("name") or "")
    data = error.get("data") if isinstance(error.get("data"), dict) else {}
    status = int_field(data.get("statusCode"))
    message = str(data.get("message") or "")
    if name == "ProviderAuthError" or status in (401, 403):
        return "auth"
    if name in ("ProviderModelNotFoundError", "ModelNotFoundError") or status == 404:
        return "model"
    if status == 429:
        return "quota"
    if "Cannot connect to API" in message or "Unable to connect" in message or "ConnectionRefused" in message:
        return "connection"
    return None


def child_sessions(parts: Iterable[dict]) -> list[str]:
    """Sessions of subagents started by ``task`` tool calls."""
    out = []
    for part in parts:
        if part.get("tool") != "task":
            continue
        metadata = (part.get("state") or {}).get("metadata") or {}
        session = metadata.get("sessionId") or metadata.get("sessionID")
        if isinstance(session, str) and session not in out:
            out.append(session)
    return out


# ---------------------------------------------------------------------------
# the adapter
# ---------------------------------------------------------------------------


def _merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


class OpenCodeAgent:
    name = "opencode"
    needs_network = True  # its model endpoint (the sandbox shares the host's network: see sandbox.py)

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, OPTIONS, required=["model"])
        self.options = dict(options)
        model = str(options["model"])
        self.provider = str(options.get("provider") or (model.split("/", 1)[0] if "/" in model else "bench"))
        self.model_id = model.split("/", 1)[1] if "/" in model else model
        extra = options.get("config") or {}
        if not isinstance(extra, dict):
            raise UsageError("agent opencode: config must be a mapping (merged over the generated opencode.json)")
        if not options.get("base_url") and self.provider not in (extra.get("provider") or {}):
            raise UsageError("agent opencode: missing option base_url (the OpenAI-compatible endpoint)")
        binary = str(options.get("binary") or "opencode")
        # a path relative to the folder the run started from (OpenCode runs in the workspace)
        self.binary = os.path.abspath(binary) if os.sep in binary and not os.path.isabs(binary) else binary
        self.export_timeout = float(options.get("export_timeout", 120))
        self.reuse_audit_mcp = options.get("reuse_audit_mcp", False)
        if not isinstance(self.reuse_audit_mcp, bool):
            raise UsageError("agent opencode: reuse_audit_mcp must be true or false")
        if self.reuse_audit_mcp:
            missing = mcp_sdk_missing()
            if missing:
                raise UsageError(f"agent opencode: reuse_audit_mcp: {missing}")

    def mcp_server(self, request: TurnRequest) -> dict:
        """The ``mcp`` entry that gives OpenCode ``reuse-audit mcp`` over the turn's workspace (this
        Python; the facts cache in the turn folder, which the sandbox lets it write)."""
        command = [sys.executable, "-m", "reuse_audit.app.cli", "mcp", "--repo", str(Path(os.path.abspath(request.workspace))),
                   "--cache-dir", str(Path(request.turn_dir).resolve() / "reuse-audit-cache")]
        # no background build: a process outliving OpenCode would make the turn invalid
        return {"type": "local", "command": command, "enabled": True, "environment": {NO_BACKGROUND: "1"}}

    def config(self, request: Optional[TurnRequest] = None) -> dict:
        o = self.options
        provider_options: dict[str, Any] = {}
        if o.get("base_url"):
            provider_options["baseURL"] = str(o["base_url"])
        if o.get("api_key"):
            provider_options["apiKey"] = str(o["api_key"])
        elif o.get("api_key_env"):
            provider_options["apiKey"] = "{env:%s}" % o["api_key_env"]
        model_ref = f"{self.provider}/{self.model_id}"
        config: dict[str, Any] = {
            "$schema": "https://opencode.ai/config.json",
            "model": model_ref,
            "small_model": model_ref,
            "autoupdate": False,
            "share": "disabled",
            "plugin": [],
            "enabled_providers": [self.provider],
            "permission": {"edit": "allow", "bash": "allow", "webfetch": "deny"},
            "provider": {
                self.provider: {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": self.provider,
                    "options": provider_options,
                    "models": {self.model_id: {"name": self.model_id}},
                }
            },
        }
        if self.reuse_audit_mcp and request is not None:
            config["mcp"] = {"reuse-audit": self.mcp_server(request)}
        return _merge(config, o.get("config") or {})

    def environment(self, request: TurnRequest, home: Path) -> dict[str, str]:
        env = merged_env(request.env)
        for sub in ("config", "data", "cache", "state"):
            (home / sub).mkdir(parents=True, exist_ok=True)
        env.update(
            OPENCODE_CONFIG=str(home / "opencode.json"),
            XDG_CONFIG_HOME=str(home / "config"),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CACHE_HOME=str(home / "cache"),
            XDG_STATE_HOME=str(home / "state"),
            OPENCODE_DISABLE_AUTOUPDATE="1",
            OPENCODE_DISABLE_DEFAULT_PLUGINS="1",
            OPENCODE_DISABLE_LSP_DOWNLOAD="1",
            OPENCODE_DISABLE_MODELS_FETCH="1",
            OPENCODE_DISABLE_CLAUDE_CODE="1",
            OPENCODE_DISABLE_TERMINAL_TITLE="1",
            # OpenCode (1.18) takes its project folder from $PWD, not from its working folder: the
            # folder bench run was started from would be the one its tools read and write
            PWD=str(Path(os.path.abspath(request.workspace))),
        )
        return env

    def run_turn(self, request: TurnRequest) -> AgentResult:
        turn_dir = Path(request.turn_dir).resolve()
        turn_dir.mkdir(parents=True, exist_ok=True)
        workspace = Path(os.path.abspath(request.workspace))
        if shutil.which(self.binary, path=merged_env(request.env).get("PATH")) is None and not Path(self.binary).is_file():
            return AgentResult(status="error", message=f"{self.binary} not found on PATH",
                               infra_error=f"opencode: {self.binary} not found on PATH: npm i -g opencode-ai, or give "
                                           "option binary the path of the opencode executable")
        snapshot = WorkspaceSnapshot.take(workspace, turn_dir)
        home = turn_dir / "opencode"
        home.mkdir(parents=True, exist_ok=True)
        (home / "opencode.json").write_text(json.dumps(self.config(request), indent=2) + "\n", encoding="utf-8")
        env = self.environment(request, home)
        argv = [self.binary, "run", "--format", "json"]
        if self.options.get("auto", True):
            argv.append("--auto")
        argv += ["-m", f"{self.provider}/{self.model_id}"]
        if self.options.get("agent"):
            argv += ["--agent", str(self.options["agent"])]
        if self.reuse_audit_mcp:
            argv.append(with_tool_note(request.prompt, "mcp"))
        else:
            argv.append(request.prompt)
        events_path = turn_dir / "events.jsonl"
        try:
            with open(events_path, "wb") as out, open(turn_dir / "opencode.log", "wb") as err:
                proc = run_limited(argv, cwd=workspace, env=env, time_limit=request.time_limit, stdout=out, stderr=err)
        except OSError as exc:
            message = f"cannot run {self.binary}: {exc.strerror or exc}"
            return AgentResult(status="error", message=message,
                               infra_error=f"opencode: {message}: give option binary the opencode executable")
        events = parse_opencode_events(events_path.read_text(encoding="utf-8", errors="replace").splitlines())
        roots = import_roots(request)
        read_file = snapshot.reader()
        parts: list[dict] = []
        trajectory: Optional[str] = None
        notes: list[str] = []
        if events.session_id:
            queue, seen = [events.session_id], set()
            while queue and len(seen) < 20:
                session = queue.pop(0)
                if session in seen:
                    continue
                seen.add(session)
                name = "export.json" if session == events.session_id else f"export-{session}.json"
                data = self.export(session, workspace, env, turn_dir / name)
                if data is None:
                    notes.append(f"export of {session} failed")
                    if session == events.session_id:
                        parts.extend(events.tool_parts)
                    continue
                if session == events.session_id:
                    trajectory = name
                session_parts = tool_parts_of_export(data)
                parts.extend(session_parts)
                queue.extend(child_sessions(session_parts))
        else:
            notes.append("no session id in the event stream")
        reads = tuple(reads_from_tool_parts(parts, workspace, roots, read_file))
        if proc.timed_out:
            status, message = "timeout", f"killed after {request.time_limit:g} s"
        elif proc.returncode == 0 and not events.errors:
            status, message = "submitted", "exit status 0"
        else:
            detail = events.errors[0] if events.errors else _last_line(turn_dir / "opencode.log")
            status, message = "error", f"exit status {proc.returncode}: {detail}"
        infra = self.infra_error(events) if status == "error" else ""
        launch = launch_failure(proc.returncode, turn_dir / "opencode.log") if status == "error" else ""
        if launch and not infra:
            infra = (f"opencode: {launch}: install OpenCode where the turn's sandbox sees it (npm i -g opencode-ai; "
                     "not under /tmp, which is private there), or give option binary its path")
        if notes:
            message += "; " + "; ".join(notes)
        return AgentResult(
            status=status,
            reads=reads,
            trajectory=trajectory or (events_path.name if events_path.is_file() else None),
            message=message,
            cost=events.cost,
            steps=events.steps,
            tokens=events.tokens,
            infra_error=infra,
        )

    def infra_error(self, events: OpenCodeEvents) -> str:
        """The one-line cause and fix of a turn whose endpoint failed (:func:`infra_kind`), else ""."""
        for error, text in zip(events.error_events, events.errors):
            kind = infra_kind(error)
            if kind is None:
                continue
            detail = " ".join(text.split())
            detail = detail if len(detail) <= 160 else detail[:157].rstrip() + "..."
            model = f"{self.provider}/{self.model_id}"
            where = self.options.get("base_url") or f"provider {self.provider} of option config"
            cause, fix = {
                "auth": ("the endpoint refused the API key",
                         "set option api_key, or api_key_env naming an exported variable that holds the key"),
                "model": (f"the endpoint at {where} does not serve model {self.model_id}",
                          "fix option model (PROVIDER/NAME, NAME as the server lists it at /v1/models) or base_url "
                          "(an OpenAI-compatible server: http://HOST:PORT/v1)"),
                "quota": ("the endpoint kept refusing requests (rate limit or quota)", "wait, or raise the limit or quota"),
                "connection": (f"nothing answers at {where}",
                               "start the server, or fix option base_url (an OpenAI-compatible server: http://HOST:PORT/v1)"),
            }[kind]
            return f"opencode[{model}]: {cause} ({detail}): {fix}"
        return ""

    def export(self, session: str, workspace: Path, env: dict, path: Path) -> Optional[dict]:
        try:
            with open(path, "wb") as out, open(path.with_suffix(".log"), "wb") as err:
                proc = run_limited(
                    [self.binary, "export", session], cwd=workspace, env=env, time_limit=self.export_timeout,
                    stdout=out, stderr=err,
                )
        except OSError:
            return None
        if proc.timed_out or proc.returncode != 0:
            return None
        text = path.read_text(encoding="utf-8", errors="replace")
        start = text.find("{")
        if start < 0:
            return None
        try:
            data, _ = json.JSONDecoder().raw_decode(text[start:])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None


def _last_line(path: Path) -> str:
    try:
        data = path.read_bytes()[-4000:].decode("utf-8", "replace")
    except OSError:
        return "no output"
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"
