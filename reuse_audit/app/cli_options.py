"""What ``check`` and ``history`` share on the command line: the rules' thresholds and
selection, and how a report is written to ``--output`` (one definition, so the two
commands cannot drift apart)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Callable, Optional

import click

from reuse_audit.errors import UsageError
from reuse_audit.rules import RULES

RULE_OPTIONS = (
    click.option("--min-callees", type=click.IntRange(min=1), default=None, help="Judge only targets with at least this many callees (RA001; default 3)."),
    click.option("--min-overlap", type=click.FloatRange(0.0, 1.0), default=None, help="The share of the target's callees the new code must call (RA001; default 0.8)."),
    click.option("--min-similarity", type=click.FloatRange(0.0, 1.0), default=None, help="The token similarity a near clone must reach (RA003; default 0.9)."),
    click.option("--min-tokens", type=click.IntRange(min=1), default=None, help="Judge only functions of at least this many tokens (RA003; default 40)."),
    click.option("--min-confidence", type=click.FloatRange(0.0, 1.0), default=None, help="Report only findings at least this sure: how alike the code is (RA001; default 0.65, 0 for every finding the guards let through)."),
    click.option("--select", default=None, metavar="CODES", help="Run only these rules: comma-separated codes or prefixes."),
    click.option("--ignore", default=None, metavar="CODES", help="Skip these rules: comma-separated codes or prefixes."),
)


def rule_options(command: Callable) -> Callable:
    """Adds :data:`RULE_OPTIONS` to a click command, in that order in its help."""
    for option in reversed(RULE_OPTIONS):
        command = option(command)
    return command


def codes(value: Optional[str]) -> Optional[tuple[str, ...]]:
    """The comma-separated codes of an option, stripped and upper-cased; None when it was not given."""
    if value is None:
        return None
    return tuple(c.strip().upper() for c in value.split(",") if c.strip())


def selected_codes(select: Optional[str], ignore: Optional[str]) -> tuple[Optional[tuple[str, ...]], Optional[tuple[str, ...]]]:
    """The codes of ``--select`` and ``--ignore``; an unknown one is a usage error."""
    select_codes, ignore_codes = codes(select), codes(ignore)
    for option, given in (("--select", select_codes), ("--ignore", ignore_codes)):
        bad = RULES.unknown(given or ())
        if bad:
            raise UsageError(f"{option}: {RULES.describe_unknown(bad)}")
    return select_codes, ignore_codes


def emit(rendered: str, output: Optional[str], option: str = "--output", fallback: bool = True) -> None:
    """Write a report to ``output`` (replaced at once, with the mode a shell redirection gives),
    or to standard output for None or ``-``.  When the file cannot be written, a usage error
    names ``option``; with ``fallback`` the report is printed first, so that a computed result
    is never lost (a side output such as ``history --html`` takes none: its page is no report
    for a terminal)."""
    if output is None or output == "-":
        sys.stdout.write(rendered)
        sys.stdout.flush()
        return
    import tempfile  # here: ~5 ms that a report to standard output need not pay

    target = Path(output)
    tmp: Optional[str] = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".reuse-audit-", dir=target.parent if str(target.parent) else ".")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(rendered)
        # mkstemp creates the file 0600: give it the mode a shell redirection would
        os.chmod(tmp, _output_mode(target))
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        if tmp is not None:  # never leave the temporary file behind
            try:
                os.unlink(tmp)
            except OSError:
                pass
        reason = f"{option} {output}: cannot write ({exc.strerror or exc})"
        if not fallback:
            raise UsageError(reason) from None
        # Never lose a computed result: print it, then fail.
        sys.stdout.write(rendered)
        sys.stdout.flush()
        raise UsageError(f"{reason}; the report was printed to standard output instead") from None


def check_destination(option: str, output: Optional[str]) -> None:
    """A usage error now, before any work, when ``output`` cannot be a file: its folder does
    not exist or is not a folder, or it is itself a folder (``-`` and None are standard output)."""
    if output is None or output == "-":
        return
    target = Path(output)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise UsageError(f"{option} {output}: no such folder {folder}")
    if not folder.is_dir():
        raise UsageError(f"{option} {output}: {folder} is not a folder")
    if target.is_dir():
        raise UsageError(f"{option} {output}: is a folder")


def _output_mode(target: Path) -> int:
    """The mode of the file being replaced, else 0666 less the umask."""
    try:
        st = os.stat(target)
        if stat.S_ISREG(st.st_mode):
            return stat.S_IMODE(st.st_mode)
    except OSError:
        pass
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
