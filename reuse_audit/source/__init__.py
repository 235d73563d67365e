"""Stage 1, the source: read-only trees of a repository's files, unified diffs and their
application, git (the one hardened runner), and the change under review (``Change``)."""
