"""Stage 4, the change set: which functions a change adds or modifies, what it replaced,
and which of its functions moved."""
