"""Do the starter suite's scores depend on the sandbox?  They must not.

Runs the starter chains available here (default: those over click and attrs,
which the test extra installs) with a ``command`` agent that copies the
reference -- then the re-inventing -- solutions into its workspace, once with
``--sandbox bwrap`` and once with ``--sandbox none``, and compares every
turn's scores (tests, resolved, reuse, re-implemented targets, findings,
notes)::

    python scripts/sandbox_scores.py [CHAIN...]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHAINS = ("click-helptext", "click-params", "click-appfiles", "attrs-export", "attrs-settings", "attrs-typed")
SCORES = ("chain", "turn", "status", "tests_passed", "tests_total", "resolved", "repo_reused", "self_reused",
          "reimplemented", "unjudged", "duplicated", "findings", "notes")
COPIER = r'''
import json, os, pathlib, shutil, sys
answers, kind = pathlib.Path(sys.argv[1]), sys.argv[2]
turn = json.loads((pathlib.Path(sys.argv[-1]) / "turn.json").read_text())
target = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(answers / turn["chain"] / f"turn{turn['turn']}" / f"{kind}.py", target)
'''


def main(chains: list[str]) -> int:
    from reuse_audit.benchmark.chain import load_suite
    from reuse_audit.benchmark.sandbox import probe

    if not probe("auto").sandboxed:
        print(f"no sandbox here: {probe('auto').detail}")
        return 1
    reuse_audit = Path(sys.executable).with_name("reuse-audit")
    wanted = [c for c in load_suite("starter") if c.id in chains]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="reuse-audit-sandbox-scores-") as tmp:
        root = Path(tmp)
        (root / "copier.py").write_text(COPIER, encoding="utf-8")
        for chain in wanted:
            for turn in chain.turns:
                folder = root / "answers" / chain.id / f"turn{turn.number}"
                folder.mkdir(parents=True)
                shutil.copyfile(turn.solution, folder / "solution.py")
                shutil.copyfile(turn.reinvent, folder / "reinvent.py")
        for kind in ("solution", "reinvent"):
            scores = {}
            for mode in ("bwrap", "none"):
                out = root / "runs" / f"{kind}-{mode}"
                cmd = [str(reuse_audit), "bench", "run", "--suite", "starter", "--agent", "command", "-O",
                       f"cmd={sys.executable} {root / 'copier.py'} {root / 'answers'} {kind}",
                       "--sandbox", mode, "--out", str(out)]
                for chain in wanted:
                    cmd += ["--chain", chain.id]
                done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if done.returncode != 0:
                    print(f"bench run --sandbox {mode} failed: {done.stderr.strip()[-300:]}")
                    return 1
                records = [json.loads(line) for line in (out / "journal.jsonl").read_text().splitlines()]
                scores[mode] = sorted(({k: r[k] for k in SCORES} for r in records), key=lambda r: (r["chain"], r["turn"]))
            same = scores["bwrap"] == scores["none"]
            failed += not same
            turns = scores["bwrap"]
            print(f"{kind}: {len(turns)} turns, sandboxed scores == unsandboxed: {same}; "
                  f"resolved {sum(r['resolved'] for r in turns)}/{len(turns)}, "
                  f"turns with a re-implemented target {sum(bool(r['reimplemented']) for r in turns)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or list(CHAINS)))
