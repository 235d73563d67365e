"""What calling a function of another file requires (reuse_audit/distributions.py)."""

from __future__ import annotations

from reuse_audit.source.distributions import distribution_of, missing_requirement, normalize

MONOREPO = {
    "pyproject.toml": b'[tool.ruff]\nline-length = 100\n',  # settings only: no distribution
    "packages/core/pyproject.toml": b'[project]\nname = "Acme_Core"\ndependencies = []\n',
    "packages/agent/pyproject.toml": b'[project]\nname = "acme-agent"\ndependencies = ["acme-core>=1"]\n',
    "packages/ext/pyproject.toml": (
        b'[project]\nname = "acme-ext"\ndependencies = ["acme.core ; python_version>\'3\'"]\n'
        b'[project.optional-dependencies]\nagent = ["acme-agent"]\nvercel = ["vercel>=0.5,<0.6"]\n'
    ),
    "broken/pyproject.toml": b"[project\nname = ",
}


def read(path: str) -> bytes:
    return MONOREPO[path]


def test_the_nearest_pyproject_that_declares_a_project():
    ext = distribution_of("packages/ext/src/acme_ext/tools/x.py", read)
    assert ext is not None and (ext.root, ext.name) == ("packages/ext", "acme-ext")
    assert ext.required == {"acme-core"} and ext.optional == {"acme-agent", "vercel"}
    assert normalize("Acme_Core") == normalize("acme.core") == "acme-core"
    assert distribution_of("scripts/tool.py", read) is None  # the top pyproject declares no project
    assert distribution_of("broken/mod.py", read) is None


def test_another_distribution_must_be_required_or_imported():
    new, agent, core = "packages/ext/acme_ext/a.py", "packages/agent/acme_agent/b.py", "packages/core/acme_core/c.py"
    assert missing_requirement(new, agent, ("json",), read) == "acme-agent"  # only an extra of acme-ext
    assert missing_requirement(new, agent, ("acme_agent",), read) is None  # it imports it already
    assert missing_requirement(new, core, (), read) is None  # required
    assert missing_requirement("scripts/t.py", agent, (), read) is None  # unknown: no evidence
    assert missing_requirement(new, "packages/ext/acme_ext/vercel_backend.py", (), read) is None  # one distribution
