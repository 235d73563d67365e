"""The repository index: every function of a tree with its canonical callees.

One job a module, data flowing one way (``tests/test_import_graph.py`` pins it):

* ``digests``: the sha256 of each file, through the facts cache's stat table;
* ``pool``: work in forked processes (the full build's parser processes, the tokenizer's);
* ``source``: ``FactSource``, the compact facts of a tree's files (memory, cache or parser);
* ``tables``: a tree's per-tree tables: resolved rows (``rows.TableRow``), inverted callee sets;
* ``snapshot``: the index from a stored snapshot of the same or a similar tree (incremental);
* ``full``: ``build_index`` (full, snapshot or incremental) and ``assemble``;
* ``repo``: ``RepoIndex`` and the mappings it is read through;
* ``lazy``: the lazy index, built only as far as the rules ask; ``lazytables``: its
  tables, made on demand; ``lazyclones``: the clone index answered over it;
* ``previous``: the old versions of the functions a change modifies, and its moves;
* ``tokens``, ``clonecache``, ``clones``: RA003's tokenizer and sketches, their cache, the clone index;
* ``stats``: the build statistics returned with an index (``RepoIndex.build``).

The rows the stages pass (``FunctionRow``, ``TableRow``, ``TokenEntry``...) and
``LOCALS`` are in ``reuse_audit.facts.rows``, shared with ``parse`` and ``resolve``.
This package re-exports the index's public names; the lazy index, the clone
index and ``previous`` are imported from their modules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as the type checker sees them; at run time each is imported when first asked
    from reuse_audit.facts.rows import LOCALS, TableRow, ancestors, row_callees
    from reuse_audit.index.digests import digest_files
    from reuse_audit.index.full import assemble, build_index, index_from_facts, tree_tables
    from reuse_audit.index.pool import PARALLEL_THRESHOLD, WorkerError, Workers, parse_many
    from reuse_audit.index.repo import (
        ByPath,
        FunctionTable,
        LazyDict,
        LazyFunction,
        PathTable,
        RepoIndex,
    )
    from reuse_audit.index.snapshot import REUSE_SHARE, REWRITE_SHARE, closest_snapshot
    from reuse_audit.index.source import FactSource, facts_notes, read_facts
    from reuse_audit.index.stats import new_stats, tally
    from reuse_audit.index.tables import Tables, full_tables, invert, resolve_files

# name -> the module it comes from: a module imports ``reuse_audit.index.protocol`` (every rule
# does) without loading the full build, the parser pool and the digests (PEP 562)
_FROM = {
    "LOCALS": "reuse_audit.facts.rows",
    "TableRow": "reuse_audit.facts.rows",
    "ancestors": "reuse_audit.facts.rows",
    "row_callees": "reuse_audit.facts.rows",
    "digest_files": "reuse_audit.index.digests",
    "assemble": "reuse_audit.index.full",
    "build_index": "reuse_audit.index.full",
    "index_from_facts": "reuse_audit.index.full",
    "tree_tables": "reuse_audit.index.full",
    "PARALLEL_THRESHOLD": "reuse_audit.index.pool",
    "WorkerError": "reuse_audit.index.pool",
    "Workers": "reuse_audit.index.pool",
    "parse_many": "reuse_audit.index.pool",
    "ByPath": "reuse_audit.index.repo",
    "FunctionTable": "reuse_audit.index.repo",
    "LazyDict": "reuse_audit.index.repo",
    "LazyFunction": "reuse_audit.index.repo",
    "PathTable": "reuse_audit.index.repo",
    "RepoIndex": "reuse_audit.index.repo",
    "REUSE_SHARE": "reuse_audit.index.snapshot",
    "REWRITE_SHARE": "reuse_audit.index.snapshot",
    "closest_snapshot": "reuse_audit.index.snapshot",
    "FactSource": "reuse_audit.index.source",
    "facts_notes": "reuse_audit.index.source",
    "read_facts": "reuse_audit.index.source",
    "new_stats": "reuse_audit.index.stats",
    "tally": "reuse_audit.index.stats",
    "Tables": "reuse_audit.index.tables",
    "full_tables": "reuse_audit.index.tables",
    "invert": "reuse_audit.index.tables",
    "resolve_files": "reuse_audit.index.tables",
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "LOCALS",
    "PARALLEL_THRESHOLD",
    "REUSE_SHARE",
    "REWRITE_SHARE",
    "ByPath",
    "FactSource",
    "FunctionTable",
    "LazyDict",
    "LazyFunction",
    "PathTable",
    "RepoIndex",
    "TableRow",
    "Tables",
    "WorkerError",
    "Workers",
    "ancestors",
    "assemble",
    "build_index",
    "closest_snapshot",
    "digest_files",
    "facts_notes",
    "full_tables",
    "index_from_facts",
    "invert",
    "new_stats",
    "parse_many",
    "read_facts",
    "resolve_files",
    "row_callees",
    "tally",
    "tree_tables",
]
