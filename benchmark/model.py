"""Plain data types of the benchmark: chains, turns, agent requests and results, scored turns.

A chain is a pinned repository and five turns; each turn reveals one
requirement.  An agent gets a TurnRequest and leaves files in the workspace;
it returns an AgentResult with the reads of its trajectory.  The runner scores
each turn with the engine's own stages and rules into a TurnRecord, one JSON
line of the run's journal.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # pragma: no cover (the engine is not loaded for the chains' plain data)
    from reuse_audit.api import Read

MEMORY_SETTINGS = ("none", "interface", "source")
DEFAULT_MEMORY = "interface"
#: ``bench run --feedback``: ``none``, or ``lint`` (the submitted file is checked after the agent's
#: session, and a finding naming a function to call instead gets the agent one more session)
FEEDBACK_SETTINGS = ("none", "lint")


@dataclass(frozen=True)
class Source:
    """Where a chain's repository comes from."""

    kind: str  # "pypi" | "path"
    package: str  # distribution name on the package index ("click"), or a label for a path
    version: Optional[str] = None  # exact version for "pypi"
    path: Optional[str] = None  # for "path": a folder, relative to the chain file or absolute
    sha256: Optional[str] = None  # checksum of the fetched archive (recorded in the chain)
    import_name: Optional[str] = None  # top-level import package ("dateutil" for python-dateutil)


@dataclass(frozen=True)
class Target:
    name: str  # qualified name: "click.utils.make_str" or, for a self target, "reports.totals.order_due"
    kind: str  # "repo" | "self"


@dataclass(frozen=True)
class Turn:
    number: int  # 1-based
    requirement: str
    path: str  # file the agent must create, relative to the workspace root
    module: str  # its dotted module name
    signatures: tuple[str, ...]  # "def order_due(order: dict) -> str"
    tests: Path  # pytest file of this turn (absolute, resolved from the chain file)
    solution: Path  # reference solution (absolute)
    targets: tuple[Target, ...] = ()
    reinvent: Optional[Path] = None  # a solution that passes the tests but copies the targets inline
    docs_only: Optional[Path] = None  # a solution written from the public documentation alone

    @property
    def function_names(self) -> tuple[str, ...]:
        names = []
        for sig in self.signatures:
            head = sig.strip()
            for prefix in ("async def ", "def "):
                if head.startswith(prefix):
                    head = head[len(prefix) :]
            names.append(head.split("(", 1)[0].strip())
        return tuple(names)

    @property
    def qualnames(self) -> tuple[str, ...]:
        return tuple(f"{self.module}.{name}" for name in self.function_names)


LEVELS = ("study", "smoke")


@dataclass(frozen=True)
class Provenance:
    """Who made a chain, and who read it (``provenance`` in the chain file)."""

    method: str  # "authored" (written by a person) | "built" (by `bench build`)
    author: Optional[str] = None  # a person, or for "built" the model or chooser
    reviewed_by: tuple[str, ...] = ()  # people who read it and did not write it
    date: Optional[str] = None  # YYYY-MM-DD


@dataclass(frozen=True)
class Chain:
    id: str
    file: Path  # the chain file
    source: Source
    turns: tuple[Turn, ...]
    description: str = ""
    level: str = "study"  # "study": held to the study's protocol; "smoke": its leaks and gaps are warnings
    provenance: Optional[Provenance] = None


@dataclass(frozen=True)
class TurnRequest:
    chain: Chain
    turn: Turn
    workspace: Path  # the repository plus earlier submissions; the agent works here
    prompt: str  # requirement + delivery instructions + memory note
    memory: str  # "none" | "interface" | "source"
    turn_dir: Path  # where the agent may keep its trajectory and logs (outside the workspace)
    time_limit: float  # seconds of wall time
    env: tuple[tuple[str, str], ...] = ()  # environment the agent's commands must run with
    # the turn's second session under --feedback lint: ``prompt`` is reuse-audit's findings on the
    # file the first one submitted (with the task below them); the workspace is as that one left it
    revision: bool = False


@dataclass(frozen=True)
class AgentResult:
    status: str  # "submitted" | "error" | "timeout" | "limit" | "format_error"
    reads: tuple[Read, ...] = ()
    trajectory: Optional[str] = None  # path of the recorded trajectory, relative to the turn dir
    message: str = ""
    cost: float = 0.0
    steps: int = 0
    tokens: int = 0  # model tokens (prompt + completion) the turn used, when the harness reports them
    # the harness or its endpoint failed, not the agent (no key, nothing listening at the endpoint,
    # an unknown or unpriced model, a bad configuration): one line, the cause and its fix.  The
    # runner stops the run there, scores nothing of the turn and journals nothing: a rerun after
    # the fix runs the turn again.
    infra_error: str = ""


@dataclass(frozen=True)
class TurnRecord:
    """One scored turn: a line of the journal."""

    run_id: str
    chain: str
    turn: int
    agent: str
    memory: str
    status: str  # the agent's status
    tests_passed: int
    tests_total: int
    resolved: bool
    repo_targets: tuple[str, ...]
    self_targets: tuple[str, ...]
    repo_reused: tuple[str, ...]  # targets the submission calls directly
    self_reused: tuple[str, ...]
    repo_recalled: tuple[str, ...]  # targets whose source lines the agent read
    self_recalled: tuple[str, ...]
    reimplemented: tuple[str, ...]  # targets re-implemented (Cdup)
    unjudged: tuple[str, ...]  # targets with too few callees for Cdup
    duplicated: bool  # the chain has a re-implemented target at this turn or before
    files_viewed: int
    lines_viewed: int
    findings: tuple[dict, ...] = ()  # findings on the submitted file's diff (RA001/RA002/RA003), as JSON objects
    notes: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    library: str = ""  # the chain's pinned distribution (source.package)
    cost: float = 0.0  # what the agent reported: model cost in dollars, tokens, model calls (steps)
    tokens: int = 0
    steps: int = 0
    # (the agent's wall time is in the turn folder's timing.json, not here: the
    # journal of a run is the same, byte for byte, every time it is made)

    def to_json(self) -> dict:
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return data
