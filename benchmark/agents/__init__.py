"""Agent adapters of the benchmark: ``oracle``, ``replay``, ``command``,
``mini-swe-agent`` and ``opencode`` (see :mod:`.base` for the interface)."""

from reuse_audit.benchmark.agents.base import AGENT_NAMES, Agent, make_agent

__all__ = ["AGENT_NAMES", "Agent", "make_agent"]
