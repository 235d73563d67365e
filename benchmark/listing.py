"""``reuse-audit bench list [SUITE]``: what a suite holds, before running it.

Without a suite: the suites shipped with reuse-audit, their chains and
libraries.  With one (a shipped suite's name, a suite folder or a chain
folder): one row a chain (its id for ``--chain``, the pinned library, its
turns and declared targets), and with ``turns`` each turn's required path and
targets.  Nothing is fetched or run: the chain files are read only.
"""

from __future__ import annotations

import json
import textwrap

from reuse_audit.benchmark.model import Chain

WIDTH = 100


def library(chain: Chain) -> str:
    """``click==8.1.7`` for a pinned release, ``mylib (path ../mylib)`` for a folder."""
    source = chain.source
    if source.kind == "pypi" and source.version:
        return f"{source.package}=={source.version}"
    return f"{source.package} (path {source.path})" if source.path else source.package


def _targets(chain: Chain) -> tuple[int, int]:
    repo = sum(1 for t in chain.turns for target in t.targets if target.kind == "repo")
    own = sum(1 for t in chain.turns for target in t.targets if target.kind == "self")
    return repo, own


def _grid(head: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(c) for c in col) for col in zip(head, *rows)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip(), "  ".join("-" * w for w in widths)]
    return lines + ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]


def render_suite(chains: list[Chain], label: str, turns: bool = False) -> str:
    rows = []
    for chain in chains:
        repo, own = _targets(chain)
        rows.append([chain.id, library(chain), str(len(chain.turns)), f"{repo + own} ({repo} repo, {own} self)"])
    out = [f"Suite {label}"] + _grid(["Chain", "Library", "Turns", "Targets"], rows)
    if turns:
        for chain in chains:
            out += ["", f"{chain.id} ({library(chain)})"]
            for turn in chain.turns:
                names = [f"{t.name} ({t.kind})" for t in turn.targets] or ["none"]
                out += textwrap.wrap(f"turn {turn.number}: {turn.path}; targets: {', '.join(names)}", WIDTH,
                                     initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False)
    libraries = sorted({c.source.package for c in chains})
    total_turns = sum(len(c.turns) for c in chains)
    repo = sum(_targets(c)[0] for c in chains)
    own = sum(_targets(c)[1] for c in chains)
    out += [""] + textwrap.wrap(
        f"{len(chains)} chain(s) over {len(libraries)} librar{'y' if len(libraries) == 1 else 'ies'} "
        f"({', '.join(libraries)}), {total_turns} turn(s), {repo + own} target(s): {repo} repository, {own} self.",
        WIDTH, break_on_hyphens=False)
    out.append(f"Run a chain: reuse-audit bench run --suite {label} --chain {chains[0].id} --agent oracle")
    if not turns:
        out.append(f"Each turn's path and targets: reuse-audit bench list {label} --turns")
    return "\n".join(out) + "\n"


def render_shipped(suites: dict[str, list[Chain]]) -> str:
    rows = []
    for name, chains in sorted(suites.items()):
        libraries = sorted({c.source.package for c in chains})
        rows.append([name, str(len(chains)), str(sum(len(c.turns) for c in chains)), ", ".join(libraries)])
    out = ["Suites shipped with reuse-audit"] + _grid(["Suite", "Chains", "Turns", "Libraries"], rows)
    first = sorted(suites)[0] if suites else "starter"
    out += ["", f"Its chains: reuse-audit bench list {first} (also a suite folder or a chain folder)"]
    return "\n".join(out) + "\n"


def as_json(chains: list[Chain], label: str) -> str:
    data = {
        "suite": label,
        "chains": [
            {
                "id": c.id,
                "library": library(c),
                "package": c.source.package,
                "version": c.source.version,
                "turns": [
                    {"turn": t.number, "path": t.path, "module": t.module,
                     "targets": {"repo": [x.name for x in t.targets if x.kind == "repo"],
                                 "self": [x.name for x in t.targets if x.kind == "self"]}}
                    for t in c.turns
                ],
            }
            for c in chains
        ],
    }
    return json.dumps(data, indent=2, sort_keys=True) + "\n"
