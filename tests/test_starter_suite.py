"""The shipped starter suite: every chain loads, and every turn is proven honest.

Chains over libraries this project installs (click, attrs, pinned in the test
extra) are verified end to end in every run, with no download.  The others are
verified when their pinned source is already in the fetch cache (run
`reuse-audit bench verify starter` once with network access to fill it).
"""

from __future__ import annotations

import re

import pytest

from reuse_audit.benchmark.chain import load_suite
from reuse_audit.benchmark.fetch import installed_version, resolve_cache_dir
from reuse_audit.benchmark.verify import render_table, verify

CHAINS = load_suite("starter")


def test_suite_shape():
    assert len(CHAINS) >= 12
    libraries = {c.source.package for c in CHAINS}
    assert len(libraries) >= 4
    for chain in CHAINS:
        assert len(chain.turns) == 5, chain.id
        assert chain.source.kind == "pypi" and chain.source.version, chain.id
        for turn in chain.turns[1:]:
            kinds = {t.kind for t in turn.targets}
            assert kinds == {"repo", "self"}, (chain.id, turn.number)
        for turn in chain.turns:
            assert turn.reinvent is not None, (chain.id, turn.number)
            # requirements never name a repository target as code: name(...), owner.name
            for target in turn.targets:
                if target.kind == "repo":
                    name = target.name.rsplit(".", 1)[1]
                    owner = target.name.rsplit(".", 2)[-2]
                    spelled = rf"(?<![\w.]){re.escape(name)}\(|\b{re.escape(owner)}\.{re.escape(name)}\b"
                    assert not re.search(spelled, turn.requirement), (chain.id, turn.number, target.name)
    installed = [c for c in CHAINS if installed_version(c.source.package) == c.source.version]
    assert len(installed) >= 2, "at least two chains must run from libraries the project installs"


def _available(chain) -> bool:
    if installed_version(chain.source.package) == chain.source.version:
        return True
    folder = resolve_cache_dir(None) / f"{chain.source.package}-{chain.source.version}"
    return folder.is_dir()


@pytest.mark.starter
@pytest.mark.parametrize("chain", CHAINS, ids=lambda c: c.id)
def test_chain_verifies(chain, tmp_path):
    if not _available(chain):
        pytest.skip(f"{chain.source.package}=={chain.source.version} is neither installed nor in the fetch cache")
    checks = verify([chain], tmp_path)
    assert all(c.ok for c in checks), render_table(checks)
