"""Figures: how fast ``reuse-audit check`` is on big repositories, next to its peers.

Prints figures; it is not a test, and asserts nothing.

    python scripts/perf.py                       # fetches the sympy 1.14.0 sdist
    python scripts/perf.py --sympy DIR --django DIR --runs 3
    python scripts/perf.py --bench               # the benchmark's own overhead per turn
    python scripts/perf.py --floor --sympy DIR   # single-core cost of the per-file stages
    python scripts/perf.py --many-functions      # one new module of 3,000..25,000 functions
    python scripts/perf.py --realistic --sympy DIR --jscpd J   # renamed copies of real sympy helpers
    python scripts/perf.py --warm --rich DIR --sympy DIR --runs 5   # a one-function change, warm, beside ruff
                                                 # (cold, again, other, warm, warm new: see realistic())

For each run it times, on the same tree and one after the other (so that each
ratio compares figures taken under the same load):

* ``jscpd`` v5 (token clones, the reference of the ratio);
* ``reuse-audit check`` of a patch adding one function: **cold** (an empty
  cache directory: the check answers lazily, parsing only the files its
  answer needs, and leaves a build of the full index running in the
  background), **background** (how long that build went on after the cold
  check had answered: the next two rows wait for it), **warm** (the same
  command again: the cache is filled) and **warm, new patch** (another
  one-function patch on the filled cache: only what that patch can change is
  resolved again);
* **cold, big function**: a cold check of a patch adding a function of more
  than 40 tokens, which RA003 must compare with every function: every file is
  searched for its sketch grams (RA003's tokens, no parse), the files that
  hold one are parsed;
* pylint's duplicate-code checker, once (it takes minutes).

reuse-audit's own modules are byte-compiled first, as pip does when it installs
a wheel (an editable install on a machine that sets ``PYTHONDONTWRITEBYTECODE``
would compile them on every run).

Then the linearity curve: cold and warm runs on 10%, 25%, 50% and 100% of
sympy's files (copied into temporary folders), and on sympy and django side by
side.  Wall seconds and peak RSS come from ``os.wait4`` on each child: peak MB
is the largest single process of the run (what ``/usr/bin/time -f %M``
reports); "sum MB" samples the RSS of the whole process tree (parser processes
included) every 20 ms.  Medians over ``--runs``.

The peers, when not on PATH (each row is skipped, with a line saying how to
install it, when its tool is missing):

* jscpd 5.3.3 (5.4.1's Linux binary was not published): ``npm install jscpd@5.3.3``
  in any folder, then ``--jscpd FOLDER/node_modules/.bin/jscpd``;
* pylint: ``pip install pylint`` (best in its own virtual environment), then
  ``--pylint PATH/TO/pylint``.  pylint stops with a RecursionError on one sympy
  file and exits 9: its figure is the time to that exit.

Sources not given are fetched once into ``--downloads`` (default
``~/.cache/reuse-audit-perf``) with ``pip download --no-deps --no-binary :all:``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Optional

SYMPY = "sympy==1.14.0"
RICH = "rich==14.0.0"
DJANGO = "django>=5.2,<5.3"

def new_file_patch(path: str, source: str) -> str:
    """A git diff adding ``path`` with ``source``: a template whose ``{prefix}`` is the
    folder the tree sits in, as the diff sees it ("" for the repository root)."""
    lines = source.splitlines()
    body = "".join(f"+{line}\n" for line in lines).replace("{", "{{").replace("}", "}}")
    head = f"diff --git a/{{prefix}}{path} b/{{prefix}}{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{{prefix}}{path}\n"
    return f"{head}@@ -0,0 +1,{len(lines)} @@\n{body}"


PATCH = new_file_patch(
    "sympy/utilities/newhelper.py",
    """\
from sympy.core.sympify import sympify


def my_helper(x):
    return sympify(x).expand()
""",
)

OTHER_PATCH = new_file_patch(
    "sympy/utilities/otherhelper.py",
    """\
from sympy.core.sympify import sympify
from sympy.simplify import simplify


def other_helper(x, y):
    return simplify(sympify(x) - sympify(y))
""",
)

# A function of more than 40 tokens: RA003 compares it with every function (a
# cold check searches every file for its sketch grams).
BIG_PATCH = new_file_patch(
    "sympy/utilities/tidyhelper.py",
    """\
from sympy.core.sympify import sympify
from sympy.simplify import simplify
from sympy.polys import factor


def tidy(expr):
    expr = simplify(sympify(expr))
    out = []
    for term in expr.as_ordered_terms():
        coeff, rest = term.as_coeff_Mul()
        if coeff.is_Rational and coeff.q != 1:
            out.append(factor(rest) / coeff.q * coeff.p)
        else:
            out.append(factor(term))
    return sum(out, sympify(0))
""",
)


# Renamed copies of real sympy helpers of >= 8 callees (the change the tool exists for):
# (label, patch).  Common names (sqrt, Rational, solve, ...) keep many files in the text
# search; rare ones (split_surds, sqrt_depth, ...) few.
REALISTIC = (
    ("nthroot_solve (common names)", new_file_patch(
        "sympy/simplify/rootsolve.py",
        """\
from sympy.core.function import _mexpand
from sympy.core.numbers import Rational
from sympy.core.symbol import Symbol
from sympy.functions.elementary.miscellaneous import sqrt
from sympy.polys.numberfields.minpoly import _minimal_polynomial_sq
from sympy.simplify.sqrtdenest import sqrtdenest


def denest_nth_root(p, n, prec):
    from sympy.solvers import solve
    while n % 2 == 0:
        p = sqrtdenest(sqrt(p))
        n = n // 2
    if n == 1:
        return p
    pn = p**Rational(1, n)
    x = Symbol('x')
    f = _minimal_polynomial_sq(p, n, x)
    if f is None:
        return None
    sols = solve(f, x)
    for sol in sols:
        if abs(sol - pn).n() < 1./10**prec:
            sol = sqrtdenest(sol)
            if _mexpand(sol**n) == p:
                return sol
""")),
    ("nthroot (common names)", new_file_patch(
        "sympy/simplify/realroot.py",
        """\
from sympy.core import S, sympify
from sympy.core.function import _mexpand
from sympy.core.numbers import Rational
from sympy.polys.numberfields.minpoly import _is_sum_surds
from sympy.simplify.simplify import _nthroot_solve, nsimplify


def real_nth_root(expr, n, max_len=4, prec=15):
    expr = sympify(expr)
    n = sympify(n)
    p = expr**Rational(1, n)
    if not n.is_integer:
        return p
    if not _is_sum_surds(expr):
        return p
    surds = []
    coeff_muls = [x.as_coeff_Mul() for x in expr.args]
    for x, y in coeff_muls:
        if not x.is_rational:
            return p
        if y is S.One:
            continue
        if not (y.is_Pow and y.exp == S.Half and y.base.is_integer):
            return p
        surds.append(y)
    surds.sort()
    surds = surds[:max_len]
    if expr < 0 and n % 2 == 1:
        p = (-expr)**Rational(1, n)
        a = nsimplify(p, constants=surds)
        res = a if _mexpand(a**n) == _mexpand(-expr) else p
        return -res
    a = nsimplify(p, constants=surds)
    if _mexpand(a) is not _mexpand(p) and _mexpand(a**n) == _mexpand(expr):
        return _mexpand(a)
    expr = _nthroot_solve(expr, n, prec)
    if expr is None:
        return p
    return expr
""")),
    ("sqrt_match (rare names)", new_file_patch(
        "sympy/simplify/surdmatch.py",
        """\
from sympy.core import Add, Mul, S
from sympy.core.function import _mexpand
from sympy.core.sorting import default_sort_key
from sympy.simplify.sqrtdenest import is_sqrt, sqrt_depth


def match_surd(p):
    from sympy.simplify.radsimp import split_surds

    p = _mexpand(p)
    if p.is_Number:
        res = (p, S.Zero, S.Zero)
    elif p.is_Add:
        pargs = sorted(p.args, key=default_sort_key)
        sqargs = [x**2 for x in pargs]
        if all(sq.is_Rational and sq.is_positive for sq in sqargs):
            r, b, a = split_surds(p)
            res = a, b, r
            return list(res)
        v = [(sqrt_depth(x), x, i) for i, x in enumerate(pargs)]
        nmax = max(v, key=default_sort_key)
        if nmax[0] == 0:
            res = []
        else:
            depth, _, i = nmax
            r = pargs.pop(i)
            v.pop(i)
            b = S.One
            if r.is_Mul:
                bv = []
                rv = []
                for x in r.args:
                    if sqrt_depth(x) < depth:
                        bv.append(x)
                    else:
                        rv.append(x)
                b = Mul._from_args(bv)
                r = Mul._from_args(rv)
            a1 = []
            b1 = [b]
            for x in v:
                if x[0] < depth:
                    a1.append(x[1])
                else:
                    x1 = x[1]
                    if x1 == r:
                        b1.append(1)
                    else:
                        if x1.is_Mul:
                            x1args = list(x1.args)
                            if r in x1args:
                                x1args.remove(r)
                                b1.append(Mul(*x1args))
                            else:
                                a1.append(x[1])
                        else:
                            a1.append(x[1])
            a = Add(*a1)
            b = Add(*b1)
            res = (a, b, r**2)
    else:
        b, r = p.as_coeff_Mul()
        if is_sqrt(r):
            res = (S.Zero, b, r**2)
        else:
            res = []
    return list(res)
""")),
)


def renamed_file(patch: str, suffix: str) -> str:
    """The same change made in another new file (``rootsolve.py`` -> ``rootsolve{suffix}.py``):
    the same work for the engine, a check the cache has no answer for."""
    path = re.search(r"^\+\+\+ b/(\S+)\.py$", patch, re.M).group(1)
    return patch.replace(f"{path}.py", f"{path}{suffix}.py")


def realistic(repo: Path, runs: int, jscpd: Optional[str], extra: list[str]) -> int:
    """Per realistic patch, ``runs`` rounds of: jscpd, then reuse-audit cold (empty cache),
    the same check again at once (the background build the cold one started still
    running: the cache holds the cold check's answer), **other** (the same change in
    another new file, at once: a check the cache has no answer for, started while the
    background build runs; ``bg`` says whether it still ran), **warm** (the same check,
    after that build) and **warm, new** (the change in a third file, after the build: the
    engine and the fix verification run, from the stored index).  Best of the rounds, and
    the ratio to jscpd of the same round."""
    from reuse_audit.index.background import running

    bytecode()
    print(f"realistic patches on {repo.name}, {len(py_files(repo))} .py files, {runs} round(s), {os.cpu_count()} cores")
    print(
        f"{'patch':<30} {'round':>5} {'jscpd s':>8} {'cold s':>8} {'again s':>8} {'other s':>8} {'bg':>3}"
        f" {'warm s':>8} {'new s':>8} {'cold/jscpd':>10} {'peak MB':>8}"
    )
    with tempfile.TemporaryDirectory(prefix="reuse-audit-perf-") as tmp:
        work = Path(tmp)
        for label, template in REALISTIC:
            text = template.format(prefix="")
            patch, other_patch, new_patch = work / "real.patch", work / "other.patch", work / "new.patch"
            patch.write_text(text)
            other_patch.write_text(renamed_file(text, "_other"))
            new_patch.write_text(renamed_file(text, "_new"))
            best = None
            for run in range(runs):
                js = None
                if jscpd:
                    out = work / f"jscpd-{run}"
                    js = measure([jscpd, "--format", "python", "--silent", "--reporters", "json", "--output", str(out), str(repo)])
                    shutil.rmtree(out, ignore_errors=True)
                cache = work / f"cache-{run}"
                shutil.rmtree(cache, ignore_errors=True)
                cold = measure(reuse_audit(patch, repo, cache, extra))
                again = measure(reuse_audit(patch, repo, cache, extra))
                busy = running(cache)
                other = measure(reuse_audit(other_patch, repo, cache, extra))
                background_wait(cache)
                warm = measure(reuse_audit(patch, repo, cache, extra))
                new = measure(reuse_audit(new_patch, repo, cache, extra))
                shutil.rmtree(cache, ignore_errors=True)
                ratio = cold.seconds / js.seconds if js else float("nan")
                peak = max(s.peak_mb for s in (cold, again, other, warm, new))
                print(
                    f"{label:<30} {run + 1:>5} {js.seconds if js else float('nan'):8.2f} {cold.seconds:8.2f}"
                    f" {again.seconds:8.2f} {other.seconds:8.2f} {'yes' if busy else 'no':>3} {warm.seconds:8.2f}"
                    f" {new.seconds:8.2f} {ratio:10.2f} {peak:8.0f}"
                    f"   exit {cold.status},{again.status},{other.status},{warm.status},{new.status}"
                )
                sys.stdout.flush()
                if best is None or ratio < best:
                    best = ratio
            print(f"{label:<30} best cold/jscpd {best:.2f}")
    return 0


# A function added to an existing file of rich 14.0.0 (``--warm``): no finding, the change a
# pre-commit hook sees most.
RICH_PATCH = """\
diff --git a/rich/filesize.py b/rich/filesize.py
--- a/rich/filesize.py
+++ b/rich/filesize.py
@@ -86,3 +86,11 @@ def decimal(
         precision=precision,
         separator=separator,
     )
+
+
+def kibi(size: int, *, precision: Optional[int] = 1) -> str:
+    \"\"\"The size in powers of 1024.\"\"\"
+    if size < 1024:
+        return f"{size:,} bytes"
+    unit = 1024 ** int(size.bit_length() // 10)
+    return f"{size / unit:,.{precision}f} KiB"
"""


def renamed_function(patch: str, suffix: str) -> str:
    """The patch with its (first) new function renamed: the same work for the engine, a
    one-function change the cache has no answer for."""
    name = re.search(r"^\+def (\w+)\(", patch, re.M).group(1)
    return patch.replace(f"def {name}(", f"def {name}{suffix}(", 1)


def warm(trees: list[tuple[str, Path, str]], runs: int, jscpd: Optional[str], ruff: Optional[str], extra: list[str]) -> int:
    """Per tree (label, folder, patch), ``runs`` rounds of: jscpd, ruff (``ruff check``, its
    cache warm: run once before the rounds), reuse-audit **cold** (an empty cache), then,
    after the background build the cold check started, **again** (the same check: its
    answer read from the cache) and **new** (the patch's function renamed, a new name every
    round: a one-function change the cache has no answer for, on the filled cache).  Best of
    the rounds for each column, and the best same-round cold/jscpd ratio."""
    bytecode()
    print(f"warm checks of a one-function change, {runs} round(s), {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"{'tree':<26} {'round':>5} {'jscpd s':>8} {'ruff s':>7} {'cold s':>7} {'again s':>8} {'new s':>7} {'cold/jscpd':>10}")
    with tempfile.TemporaryDirectory(prefix="reuse-audit-perf-") as tmp:
        work = Path(tmp)
        for label, repo, text in trees:
            if ruff:
                measure([ruff, "check", "--quiet", str(repo)])  # its cache filled
            patch = work / "warm.patch"
            patch.write_text(text)
            best: dict[str, float] = {}
            for run in range(runs):
                figures: dict[str, float] = {}
                if jscpd:
                    out = work / f"jscpd-{run}"
                    figures["jscpd"] = measure([jscpd, "--format", "python", "--silent", "--reporters", "json", "--output", str(out), str(repo)]).seconds
                    shutil.rmtree(out, ignore_errors=True)
                if ruff:
                    figures["ruff"] = measure([ruff, "check", "--quiet", str(repo)]).seconds
                cache = work / f"cache-{run}"
                shutil.rmtree(cache, ignore_errors=True)
                figures["cold"] = measure(reuse_audit(patch, repo, cache, extra)).seconds
                background_wait(cache)
                figures["again"] = measure(reuse_audit(patch, repo, cache, extra)).seconds
                new_patch = work / f"new-{run}.patch"
                new_patch.write_text(renamed_function(text, f"_n{run}"))
                figures["new"] = measure(reuse_audit(new_patch, repo, cache, extra)).seconds
                shutil.rmtree(cache, ignore_errors=True)
                if "jscpd" in figures:
                    figures["cold/jscpd"] = figures["cold"] / figures["jscpd"]
                for key, value in figures.items():
                    best[key] = min(best.get(key, value), value)
                print(_warm_row(label, str(run + 1), figures))
                sys.stdout.flush()
            print(_warm_row(label, "best", best))
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return 0


def _warm_row(label: str, run: str, figures: dict[str, float]) -> str:
    nan = float("nan")
    return (
        f"{label:<26} {run:>5} {figures.get('jscpd', nan):8.2f} {figures.get('ruff', nan):7.3f} {figures['cold']:7.2f}"
        f" {figures['again']:8.3f} {figures['new']:7.3f} {figures.get('cold/jscpd', nan):10.2f}"
    )


# ---------------------------------------------------------------- measuring


class Sample:
    def __init__(self, seconds: float, peak_mb: float, sum_mb: float, status: int, cpu: float = 0.0):
        self.seconds = seconds
        self.peak_mb = peak_mb
        self.sum_mb = sum_mb
        self.status = status
        self.cpu = cpu  # CPU seconds of the process and the children it waited for


def _tree_rss(root_pid: int) -> int:
    """KB of RSS of a process and all its descendants (Linux /proc), 0 elsewhere."""
    try:
        parents: dict[int, int] = {}
        rss: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
                parents[int(entry)] = int(fields[1])
                rss[int(entry)] = int(fields[21]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
            except (OSError, IndexError, ValueError):
                continue
    except OSError:
        return 0
    total, todo, seen = 0, [root_pid], set()
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, ()))
    return total


def measure(command: list[str], cwd: Optional[Path] = None) -> Sample:
    """Wall seconds, peak RSS of the largest process, sampled peak RSS of the whole tree, CPU seconds."""
    started = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak_sum = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            peak_sum[0] = max(peak_sum[0], _tree_rss(proc.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    maxrss = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return Sample(seconds, maxrss, peak_sum[0] / 1024, proc.returncode, usage.ru_utime + usage.ru_stime)


# ---------------------------------------------------------------- sources


def fetch(requirement: str, downloads: Path) -> Path:
    """The unpacked sdist of a requirement, downloaded with pip once."""
    downloads.mkdir(parents=True, exist_ok=True)
    name = requirement.split("=")[0].split(">")[0].split("<")[0].lower()
    archives = sorted(downloads.glob(f"{name}-*.tar.gz"))
    if not archives:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", requirement, "-d", str(downloads)],
            check=True,
        )
        archives = sorted(downloads.glob(f"{name}-*.tar.gz"))
    archive = archives[-1]
    target = downloads / archive.name[: -len(".tar.gz")]
    if not target.is_dir():
        with tarfile.open(archive) as tar:
            tar.extractall(downloads, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(downloads)
    return target


def py_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if p.is_file())


def subset(source: Path, share: float, target: Path) -> Path:
    """A copy of every k-th .py file of ``source`` (all the package __init__ files too)."""
    files = py_files(source)
    step = 1 / share
    keep = {files[int(i * step)] for i in range(int(len(files) * share))}
    keep.update(p for p in files if p.name == "__init__.py")
    for path in keep:
        dest = target / path.relative_to(source)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    return target


# ---------------------------------------------------------------- tools


def command() -> list[str]:
    """The reuse-audit beside this interpreter, or its module when no script is installed."""
    exe = Path(sys.executable).with_name("reuse-audit")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "reuse_audit.app.cli"]


def reuse_audit(patch: Path, repo: Path, cache: Path, extra: list[str]) -> list[str]:
    return command() + ["check", str(patch), "--repo", str(repo), "--cache-dir", str(cache), "-q"] + extra


def bytecode() -> None:
    """Byte-compile reuse-audit's own modules, as pip does when it installs a wheel.

    An editable install has no ``.pyc`` until a run writes them, and a machine
    that sets ``PYTHONDONTWRITEBYTECODE`` (this one does) never writes them:
    every run would compile every module first (about 0.07 s).
    """
    import compileall

    import reuse_audit

    for folder in {Path(reuse_audit.__file__).parent, *(Path(p) for p in getattr(reuse_audit, "__path__", []))}:
        compileall.compile_dir(str(folder), quiet=1)
    from reuse_audit import benchmark, rules

    for module in (rules, benchmark):
        for folder in module.__path__:
            compileall.compile_dir(folder, quiet=1)


def background_wait(cache: Path) -> None:
    """Until the background build a lazy check started into ``cache`` is over."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from reuse_audit.index.background import wait

    wait(cache, 1200)


def find_tool(given: Optional[str], name: str, local: list[Path]) -> Optional[str]:
    if given:
        return given
    found = shutil.which(name)
    if found:
        return found
    for candidate in local:
        if candidate.exists():
            return str(candidate)
    return None


# ---------------------------------------------------------------- the figures


def row(label: str, mode: str, samples: list[Sample], ratios: Optional[list[float]] = None) -> str:
    wall = statistics.median(s.seconds for s in samples)
    peak = statistics.median(s.peak_mb for s in samples)
    total = statistics.median(s.sum_mb for s in samples)
    ratio = f"{statistics.median(ratios):6.2f}" if ratios else "     -"
    codes = ",".join(sorted({str(s.status) for s in samples}))
    return f"{label:<12} {mode:<16} {wall:8.2f} {peak:8.0f} {total:8.0f} {ratio}   exit {codes}"


def header() -> str:
    return f"{'tool':<12} {'mode':<16} {'wall s':>8} {'peak MB':>8} {'sum MB':>8} {'/jscpd':>6}"


def compare(repo: Path, prefix: str, runs: int, work: Path, jscpd: Optional[str], extra: list[str], label: str) -> dict:
    """Median figures of jscpd, then reuse-audit cold, warm and warm with another patch, run after run."""
    patch = work / "one.patch"
    patch.write_text(PATCH.format(prefix=prefix))
    other = work / "other.patch"
    other.write_text(OTHER_PATCH.format(prefix=prefix))
    big = work / "big.patch"
    big.write_text(BIG_PATCH.format(prefix=prefix))
    modes = ("cold", "background", "warm", "warm, new patch", "cold, big function")
    results: dict[str, list[Sample]] = {"jscpd": [], **{mode: [] for mode in modes}}
    ratios: dict[str, list[float]] = {mode: [] for mode in modes}
    for run in range(runs):
        if jscpd:
            out = work / f"jscpd-{run}"
            js = measure([jscpd, "--format", "python", "--silent", "--reporters", "json", "--output", str(out), str(repo)])
            results["jscpd"].append(js)
            shutil.rmtree(out, ignore_errors=True)
        cache = work / f"cache-{run}"
        shutil.rmtree(cache, ignore_errors=True)
        for mode, which in (("cold", patch), ("background", None), ("warm", patch), ("warm, new patch", other)):
            if which is None:
                # the cold check answered lazily and left a build of the full index running:
                # "warm" is a check on the filled cache, so wait for it (and time the wait)
                started = time.perf_counter()
                background_wait(cache)
                sample = Sample(time.perf_counter() - started, 0.0, 0.0, 0)
            else:
                sample = measure(reuse_audit(which, repo, cache, extra))
            results[mode].append(sample)
            if jscpd:
                ratios[mode].append(sample.seconds / js.seconds)
        background_wait(cache)
        shutil.rmtree(cache, ignore_errors=True)
        sample = measure(reuse_audit(big, repo, cache, extra))
        results["cold, big function"].append(sample)
        if jscpd:
            ratios["cold, big function"].append(sample.seconds / js.seconds)
        shutil.rmtree(cache, ignore_errors=True)
    print(f"\n{label}: {len(py_files(repo))} .py files, median of {runs} run(s)")
    print(header())
    if jscpd:
        print(row("jscpd", "cold", results["jscpd"]))
    for mode in modes:
        print(row("reuse-audit", mode, results[mode], ratios[mode]))
    sys.stdout.flush()
    return {mode: statistics.median(s.seconds for s in samples) for mode, samples in results.items() if samples}


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sympy", type=Path, help="unpacked sympy 1.14.0 source (default: fetched)")
    parser.add_argument("--django", type=Path, help="unpacked django 5.2.x source (default: fetched for the curve)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--downloads", type=Path, default=Path.home() / ".cache" / "reuse-audit-perf")
    parser.add_argument("--jscpd", help="the jscpd executable (default: PATH, ./node_modules/.bin/jscpd)")
    parser.add_argument("--pylint", help="the pylint executable (default: PATH)")
    parser.add_argument("--no-curve", action="store_true", help="skip the linearity curve")
    parser.add_argument("--no-pylint", action="store_true", help="skip pylint (minutes a run)")
    parser.add_argument("--jobs", type=int, default=None, help="pass --jobs to reuse-audit")
    parser.add_argument(
        "--bench", nargs="*", metavar="CHAIN",
        help="instead: the benchmark's own overhead per turn, from `bench run --agent oracle` on these "
        "starter chains (default: the ones over click and attrs, which need no download)",
    )
    parser.add_argument(
        "--many-functions", action="store_true",
        help="instead: cold and warm checks of one new module of 3,000 to 25,000 tiny functions "
        "(the time must grow linearly with the size of the change)",
    )
    parser.add_argument(
        "--floor", action="store_true",
        help="instead: single-core CPU seconds of the stages every cold run pays on sympy "
        "(tree-sitter parse, parse with extraction, RA003 tokens): what no scheduling can beat",
    )
    parser.add_argument(
        "--realistic", action="store_true",
        help="instead: renamed copies of real sympy helpers (>= 8 callees): jscpd, cold, the same "
        "check again at once (background build running), warm; best of --runs",
    )
    parser.add_argument(
        "--warm", action="store_true",
        help="instead: a one-function change on --rich and --sympy: cold, the same check again after the "
        "background build, a new one-function change then; beside ruff and jscpd, best of --runs",
    )
    parser.add_argument("--rich", type=Path, help="unpacked rich 14.0.0 source (--warm; default: fetched)")
    parser.add_argument("--ruff", help="the ruff executable (default: PATH, beside this interpreter)")
    args = parser.parse_args(argv)
    if args.warm:
        extra = ["--jobs", str(args.jobs)] if args.jobs is not None else []
        jscpd = find_tool(args.jscpd, "jscpd", [Path("node_modules/.bin/jscpd"), Path("/tmp/perf/node_modules/.bin/jscpd")])
        ruff = find_tool(args.ruff, "ruff", [Path(sys.executable).with_name("ruff")])
        rich = (args.rich or fetch(RICH, args.downloads)).resolve()
        sympy = (args.sympy or fetch(SYMPY, args.downloads)).resolve()
        sqrt_match = dict(REALISTIC)["sqrt_match (rare names)"].format(prefix="")
        trees = [("rich 14.0.0 (kibi)", rich, RICH_PATCH), ("sympy 1.14.0 (sqrt_match)", sympy, sqrt_match)]
        return warm(trees, args.runs, jscpd, ruff, extra)
    if args.realistic:
        extra = ["--jobs", str(args.jobs)] if args.jobs is not None else []
        jscpd = find_tool(args.jscpd, "jscpd", [Path("node_modules/.bin/jscpd"), Path("/tmp/perf/node_modules/.bin/jscpd")])
        return realistic((args.sympy or fetch(SYMPY, args.downloads)).resolve(), args.runs, jscpd, extra)
    if args.many_functions:
        return many_functions(args.runs)
    if args.floor:
        return floor((args.sympy or fetch(SYMPY, args.downloads)).resolve())
    if args.bench is not None:
        return bench_overhead(args.bench or list(BENCH_CHAINS))
    extra = ["--jobs", str(args.jobs)] if args.jobs is not None else []
    bytecode()

    sympy = (args.sympy or fetch(SYMPY, args.downloads)).resolve()
    jscpd = find_tool(args.jscpd, "jscpd", [Path("node_modules/.bin/jscpd"), Path("/tmp/perf/node_modules/.bin/jscpd")])
    pylint = None if args.no_pylint else find_tool(args.pylint, "pylint", [Path(sys.executable).with_name("pylint")])
    print(f"reuse-audit on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    if not jscpd:
        print("jscpd: not found, skipped (npm install jscpd@5.3.3, then --jscpd node_modules/.bin/jscpd)")
    with tempfile.TemporaryDirectory(prefix="reuse-audit-perf-") as tmp:
        work = Path(tmp)
        compare(sympy, "", args.runs, work, jscpd, extra, f"sympy ({sympy.name})")
        if pylint:
            target = sympy / "sympy" if (sympy / "sympy").is_dir() else sympy
            sample = measure([pylint, "--disable=all", "--enable=duplicate-code", str(target)])
            print(header())
            print(row("pylint", "duplicate-code", [sample]) + "   (one run)")
        elif not args.no_pylint:
            print("pylint: not found, skipped (pip install pylint, then --pylint PATH)")
        if args.no_curve:
            return 0
        print("\nlinearity: cold and warm seconds against the share of sympy's files")
        print(
            f"{'tree':<22} {'files':>6} {'cold s':>8} {'warm s':>8} {'new patch s':>11} {'big fn cold s':>13}"
            f" {'jscpd s':>8} {'cold/file ms':>12}"
        )
        curve = []
        for share in (0.10, 0.25, 0.50, 1.00):
            if share < 1:
                tree = subset(sympy, share, work / f"sympy-{int(share * 100)}")
            else:
                tree = sympy
            figures = _quiet(compare, tree, "", args.runs, work, jscpd, extra, f"{int(share * 100)}% of sympy")
            curve.append((f"sympy {int(share * 100)}%", tree, figures))
        django = args.django or fetch(DJANGO, args.downloads)
        both = work / "sympy+django"
        both.mkdir()
        shutil.copytree(sympy, both / sympy.name, ignore=_only_py)
        shutil.copytree(django, both / Path(django).name, ignore=_only_py)
        figures = _quiet(compare, both, sympy.name + "/", args.runs, work, jscpd, extra, "sympy+django")
        curve.append(("sympy+django", both, figures))
        for name, tree, figures in curve:
            files = len(py_files(tree))
            print(
                f"{name:<22} {files:>6} {figures['cold']:8.2f} {figures['warm']:8.2f} {figures['warm, new patch']:11.2f}"
                f" {figures['cold, big function']:13.2f} {figures.get('jscpd', float('nan')):8.2f}"
                f" {1000 * figures['cold'] / files:12.2f}"
            )
    return 0


def many_functions_patch(count: int, repo: Path) -> Path:
    """A small package at ``repo`` and, beside it, a patch adding one module of ``count``
    tiny functions that all call one helper (the shape of a generated module)."""
    (repo / "pkg").mkdir(parents=True, exist_ok=True)
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "util.py").write_text("def helper(x):\n    return x\n")
    lines = ["from pkg.util import helper\n", "\n"]
    for k in range(count):
        lines += ["\n", f"def f{k}(x):\n", f"    return helper(x) + {k}\n", "\n"]
    patch = repo.parent / f"many-{count}.patch"
    head = f"diff --git a/pkg/many.py b/pkg/many.py\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/many.py\n@@ -0,0 +1,{len(lines)} @@\n"
    patch.write_text(head + "".join("+" + line for line in lines))
    return patch


def many_functions(runs: int) -> int:
    """Seconds of a check of one new module of N tiny functions: cold (lazy, no cache) and warm
    (from the snapshot the background build stored).  Linear: the per-function cost stays flat."""
    bytecode()
    print("one new module of N tiny functions (each calls one helper)")
    print(f"{'functions':>9} {'cold s':>8} {'warm s':>8} {'cold us/fn':>10} {'peak MB':>8}")
    with tempfile.TemporaryDirectory(prefix="reuse-audit-perf-") as tmp:
        for count in (3_000, 6_000, 12_500, 25_000):
            work = Path(tmp) / str(count)
            patch = many_functions_patch(count, work / "repo")
            cold, warm = [], []
            for run in range(runs):
                cache = work / f"cache-{run}"
                cold.append(measure(reuse_audit(patch, work / "repo", cache, [])))
                background_wait(cache)
                warm.append(measure(reuse_audit(patch, work / "repo", cache, [])))
            c = statistics.median(s.seconds for s in cold)
            w = statistics.median(s.seconds for s in warm)
            peak = max(s.peak_mb for s in cold + warm)
            print(f"{count:>9} {c:8.2f} {w:8.2f} {1e6 * c / count:10.1f} {peak:8.0f}")
    return 0


def floor(repo: Path) -> int:
    """CPU seconds, in this one process, of the per-file work a cold run does on every file."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from reuse_audit.facts import parse
    from reuse_audit.index import build_index, clones, tokens
    from reuse_audit.settings import Settings
    from reuse_audit.source.tree import FsTree

    files = [p.read_bytes() for p in py_files(repo)]
    print(f"{repo.name}: {len(files)} .py files, {sum(map(len, files)) / 1e6:.1f} MB, one core")
    parser = parse._parser()
    started = time.process_time()
    for data in files:
        parser.parse(data)
    print(f"{'tree-sitter parse only':<34} {time.process_time() - started:6.2f} CPU s")
    started = time.process_time()
    for data in files:
        parse.parse_for_resolution(data)
    print(f"{'parse + extraction (the index)':<34} {time.process_time() - started:6.2f} CPU s")
    tree = FsTree(repo)
    index = build_index(tree, Settings(), None, jobs=1)
    work = [(tree.read(p), clones._spans(index, p)) for p in sorted(index.module_of_path) if p in index.by_path]
    started = time.process_time()
    for data, spans in work:
        tokens.file_entries(data, spans)
    print(f"{'RA003 tokens and fingerprints':<34} {time.process_time() - started:6.2f} CPU s")
    return 0


BENCH_CHAINS = (
    "click-helptext", "click-params", "click-appfiles", "attrs-export", "attrs-settings", "attrs-typed",
)


def bench_overhead(chains: list[str]) -> int:
    """Per-turn seconds of ``bench run`` with the oracle agent (the reference solution,
    no model): each turn's timing.json splits the agent, the tests, and the
    benchmark's own overhead (workspace reset and snapshot, prompt, guards, diff,
    scoring, carrying forward)."""
    with tempfile.TemporaryDirectory(prefix="reuse-audit-bench-") as tmp:
        out = Path(tmp) / "run"
        run = command() + ["bench", "run", "--suite", "starter", "--agent", "oracle", "--out", str(out)]
        for chain in chains:
            run += ["--chain", chain]
        started = time.perf_counter()
        done = subprocess.run(run, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - started
        if done.returncode != 0:
            print(f"bench run failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
            return 1
        timings = [json.loads(p.read_text()) for p in sorted(out.glob("*/turn-*/timing.json"))]
    if not timings:
        print("no turn was run")
        return 1
    print(f"bench run --agent oracle: {len(chains)} chain(s), {len(timings)} turns, {wall:.1f} s wall in all "
          f"(workspace set-up included), {os.cpu_count()} cores")
    print(f"{'per turn':<18} {'median s':>9} {'max s':>9}")
    for key, label in (("overhead_seconds", "overhead"), ("tests_seconds", "tests"), ("agent_seconds", "agent (oracle)")):
        values = [t[key] for t in timings]
        print(f"{label:<18} {statistics.median(values):9.2f} {max(values):9.2f}")
    return sandbox_overhead(chains)


def sandbox_overhead(chains: list[str]) -> int:
    """The sandbox's cost per agent turn: a no-op agent (``/bin/true``) run by the ``command``
    adapter with ``--sandbox none`` and ``--sandbox bwrap``; the difference of its agent
    seconds is the sandbox (bwrap, its reporter, the turn's cgroup).  Goal: under 0.5 s."""
    from reuse_audit.benchmark.sandbox import probe

    isolation = probe("auto")
    if not isolation.sandboxed:
        print(f"sandbox: not measured ({isolation.detail})")
        return 0
    medians = {}
    with tempfile.TemporaryDirectory(prefix="reuse-audit-bench-") as tmp:
        for mode in ("none", "bwrap"):
            out = Path(tmp) / mode
            run = command() + ["bench", "run", "--suite", "starter", "--agent", "command", "-O", "cmd=/bin/true",
                               "--sandbox", mode, "--out", str(out)]
            for chain in chains:
                run += ["--chain", chain]
            done = subprocess.run(run, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if done.returncode != 0:
                print(f"bench run --sandbox {mode} failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
                return 1
            timings = [json.loads(p.read_text()) for p in sorted(out.glob("*/turn-*/timing.json"))]
            medians[mode] = (statistics.median(t["agent_seconds"] for t in timings), len(timings))
    (none, turns), (boxed, _) = medians["none"], medians["bwrap"]
    print(f"sandbox ({isolation.detail}, limits: {isolation.limits}), a no-op agent, {turns} turns:")
    print(f"{'agent s a turn':<18} {'median':>9}")
    print(f"{'--sandbox none':<18} {none:9.3f}")
    print(f"{'--sandbox bwrap':<18} {boxed:9.3f}")
    print(f"{'sandbox overhead':<18} {boxed - none:9.3f}   (goal: under 0.5 s a turn)")
    return 0


def _only_py(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not n.endswith(".py") and not os.path.isdir(os.path.join(folder, n))]


def _quiet(fn, *args):
    """Figures for the curve table only."""
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args)


if __name__ == "__main__":
    raise SystemExit(main())
