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
