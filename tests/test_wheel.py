"""The distribution: a wheel built from the checkout installs into a new virtual
environment and passes the README's quick start (issue 17).

Hermetic: the wheel is built with the installed setuptools (``pip wheel
--no-build-isolation --no-index``), installed with ``--no-index --no-deps``, and
the new environment sees the dependencies already installed here through a
``.pth`` file, so nothing is downloaded. Skipped, saying why, when the build
backend cannot build wheels.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parent.parent


def _backend_missing() -> str:
    """Why the build backend cannot build a wheel here ("" when it can)."""
    try:
        import setuptools
    except ImportError:
        return "setuptools (the build backend) is not installed"
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    if (major, minor) < (70, 1):
        try:
            import wheel  # noqa: F401  (older setuptools build wheels with it)
        except ImportError:
            return f"setuptools {setuptools.__version__} builds wheels only with the 'wheel' package (or setuptools>=70.1)"
    return ""


def _checkout(dest: Path) -> Path:
    """The files of the checkout as a clean clone would have them (git's tracked files)."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=False)
    if listed.returncode != 0:
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__"))
        return dest
    for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if name and (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


@pytest.mark.skipif(bool(_backend_missing()), reason=_backend_missing() or "the build backend is here")
def test_the_wheel_installs_in_a_new_venv_and_passes_the_quick_start(tmp_path: Path):
    source = _checkout(tmp_path / "checkout")
    dist = tmp_path / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    built = subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", str(dist), str(source)],
        capture_output=True, text=True, check=False,
    )
    assert built.returncode == 0, built.stderr
    wheels = list(dist.glob("reuse_audit-*-py3-none-any.whl"))
    assert len(wheels) == 1, list(dist.iterdir())
    with zipfile.ZipFile(wheels[0]) as wheel:
        # PEP 561: type checkers read the installed package's annotations only with its marker
        assert "reuse_audit/py.typed" in wheel.namelist()

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True, check=True
    ).stdout.strip()
    # the dependencies installed here, seen by the new environment (nothing downloaded)
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "_deps_of_the_test_environment.pth").write_text("\n".join(sorted(here)) + "\n", encoding="utf-8")
    installed = subprocess.run(
        [*pip, "--python", str(python), "install", "--no-index", "--no-deps", "-q", str(wheels[0])],
        capture_output=True, text=True, check=False,
    )
    assert installed.returncode == 0, installed.stderr

    # the quick start, from a new folder with relative paths
    work = tmp_path / "work"
    work.mkdir()
    where = subprocess.run([str(python), "-c", "import reuse_audit; print(reuse_audit.__file__)"], cwd=work, capture_output=True, text=True)
    assert Path(where.stdout.strip()).is_relative_to(env_dir), where  # the wheel's copy, not this checkout
    shutil.copytree(ROOT / "examples", work / "examples")
    script = env_dir / ("Scripts/reuse-audit.exe" if os.name == "nt" else "bin/reuse-audit")
    env = dict(os.environ, REUSE_AUDIT_CACHE_DIR=str(tmp_path / "cache"), REUSE_AUDIT_NO_BACKGROUND="1")
    env.pop("PYTHONPATH", None)
    run = subprocess.run(
        [str(script), "check", "examples/reimplemented.patch", "--repo", "examples/invoicing"],
        cwd=work, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=300,
    )
    assert run.returncode == 1, run
    assert run.stdout.startswith(
        "src/invoicing/reports.py:7:1: RA001 'order_due' re-implements 'invoicing.totals.invoice_total'"
    ), run.stdout
    rules = subprocess.run([str(script), "rules"], cwd=work, capture_output=True, text=True, env=env, check=True)
    assert [line.split()[0] for line in rules.stdout.splitlines()] == ["RA001", "RA002", "RA003", "RA004"], rules.stdout
    assert "(preview: --select it)" in rules.stdout.splitlines()[3], rules.stdout
    bench = subprocess.run([str(script), "bench", "--help"], cwd=work, capture_output=True, text=True, env=env)
    assert bench.returncode == 0, bench.stderr  # reuse_audit.benchmark ships in the wheel
