"""The evidence walk: from a seed, one call edge at a time, symbols that make one coherent task.

At each hop the chooser sees a menu: the functions one call edge away from
any symbol collected so far (callees and callers inside the package), and
picks one, or stops.  Two choosers:

* :class:`HeuristicChooser`: deterministic, for tests and users without a
  model: judgeable symbols first, then the same module, then more callees;
* :class:`LLMChooser`: a language model answers strict JSON
  ``{"choice": "<qualname from the menu>"}`` or ``{"choice": null}``; an answer
  naming anything off the menu is malformed (retried, then the walk stops).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Optional, Protocol

from reuse_audit.benchmark.chainbuild.graph import Graph, Node
from reuse_audit.benchmark.chainbuild.llm import ChatClient, ask_json


@dataclass
class Evidence:
    seed: str
    symbols: list[str] = field(default_factory=list)  # the seed first, in the order collected
    log: list[str] = field(default_factory=list)


class Chooser(Protocol):
    def choose(self, graph: Graph, evidence: Evidence, menu: list[str]) -> Optional[str]: ...


def menu_of(graph: Graph, evidence: Evidence, allowed: Optional[Callable[[Node], bool]] = None, exclude: frozenset = frozenset()) -> list[str]:
    out: dict[str, None] = {}
    for symbol in evidence.symbols:
        for name in graph.neighbours(symbol):
            if name in evidence.symbols or name in exclude:
                continue
            if allowed is not None and not allowed(graph.nodes[name]):
                continue
            out.setdefault(name)
    return list(out)


class HeuristicChooser:
    """Judgeable first, then the seed's module, then more callees, then the name: no model needed."""

    def choose(self, graph: Graph, evidence: Evidence, menu: list[str]) -> Optional[str]:
        if not menu:
            return None
        seed_module = graph.nodes[evidence.seed].module

        def key(name: str):
            node = graph.nodes[name]
            return (not graph.judgeable(name), node.module != seed_module, -len(node.callees), name)

        return min(menu, key=key)


class LLMChooser:
    """The model picks the next symbol from the menu, as strict JSON."""

    def __init__(self, client: ChatClient, retries: int = 2):
        self.client = client
        self.retries = retries

    def choose(self, graph: Graph, evidence: Evidence, menu: list[str]) -> Optional[str]:
        if not menu:
            return None
        lines = []
        for name in menu:
            node = graph.nodes[name]
            doc = (node.docstring or "").strip().splitlines()
            lines.append(f"- {name} ({len(node.callees)} callees){': ' + doc[0] if doc else ''}")
        prompt = (
            "We are collecting the functions of one library that a single realistic programming task would combine.\n"
            f"Collected so far: {', '.join(evidence.symbols)}.\n"
            "Candidates, each one call edge away:\n" + "\n".join(lines) + "\n\n"
            'Answer with one JSON object only: {"choice": "<a qualified name from the candidates>"} to add it, '
            'or {"choice": null} when the collected functions already make one coherent task.'
        )

        def check(data: object) -> Optional[str]:
            if not isinstance(data, dict) or "choice" not in data:
                return 'expected an object with the key "choice"'
            choice = data["choice"]
            if choice is not None and choice not in menu:
                return f"{choice!r} is not one of the candidates"
            return None

        data = ask_json(self.client, [{"role": "user", "content": prompt}], check, self.retries, evidence.log.append)
        if data is None:
            evidence.log.append("chooser: no usable answer; the walk stops here")
            return None
        return data["choice"]


def walk(graph: Graph, seed: str, chooser: Chooser, hops: int = 2,
         allowed: Optional[Callable[[Node], bool]] = None, exclude: frozenset = frozenset()) -> Evidence:
    """Collect up to ``hops`` symbols after ``seed``, one call edge at a time."""
    evidence = Evidence(seed, [seed])
    for _ in range(hops):
        menu = menu_of(graph, evidence, allowed, exclude)
        choice = chooser.choose(graph, evidence, menu)
        if choice is None:
            break
        evidence.symbols.append(choice)
        evidence.log.append(f"walk: + {choice}")
    return evidence


def evidence_json(graph: Graph, evidence: Evidence) -> str:
    return json.dumps([{"qualname": s, "callees": len(graph.nodes[s].callees)} for s in evidence.symbols])
