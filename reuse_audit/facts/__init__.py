"""Stage 2, the facts: each source file parsed into plain rows (``FileFacts``), and the
content-addressed cache that keeps them."""
