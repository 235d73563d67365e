"""The RepoReuse-style benchmark: multi-turn task chains scored by reuse-audit's own rules."""
