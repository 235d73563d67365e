"""Stage 6, fixes: the edits that replace a re-implementation with a call of its target,
verified by checking the fixed tree again."""
