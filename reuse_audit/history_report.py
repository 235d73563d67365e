"""The outputs of ``reuse-audit history``: text, JSON, CSV, a PNG and an HTML report.

Every function takes the summary :func:`history.summarize` builds.  Names,
messages and code come from the repository, so the HTML escapes all of them
and the CSV and text write them on one line each.
"""

from __future__ import annotations

import csv
import html
import io
import json
import time
from typing import Optional

from .history import KINDS

__all__ = ["render_text", "render_json", "render_csv", "write_png", "render_html"]


def _date(ts: int) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(ts))


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _pct(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.1f}"


def _row(name: str, k: dict) -> tuple[str, ...]:
    return (
        name,
        str(k["commits"]),
        str(k["reimplementing"]),
        _pct(k["share_reimplementing"]),
        str(k["reimplementations"]),
        _num(k["reimplementations_per_100_commits"]),
        str(k["findings"]),
    )


def table_rows(summary: dict) -> list[tuple[str, ...]]:
    rows = [_row(kind, summary["by_kind"][kind]) for kind in KINDS if summary["by_kind"][kind]["commits"]]
    rows.append(_row("all", summary["total"]))
    return rows


HEADER = ("author kind", "commits", "re-implementing", "share", "re-implementations", "per 100 commits", "findings")
EXPLAIN = (
    "re-implementing: commits with a re-implementation first reported there; re-implementations: counted once, "
    "in the first commit reporting them; findings: all that check reports on each commit (a function keeping a "
    "re-implementation is reported again by each commit modifying it)."
)


def render_text(summary: dict, run_info: dict) -> str:
    commits = summary["commits"]
    lines = []
    if commits:
        first, last = commits[0], commits[-1]
        lines.append(
            f"{len(commits)} commits from {first['sha'][:10]} ({_date(first['time'])}) to {last['sha'][:10]} ({_date(last['time'])}): "
            f"{run_info['checked']} checked now, {run_info['cached']} from the cache."
        )
    else:
        lines.append("No commits to check.")
    if run_info.get("skipped_roots"):
        lines.append(f"{run_info['skipped_roots']} root commit(s) not checked: they have no parent to compare with.")
    lines.append("")
    rows = [HEADER] + table_rows(summary)
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    for r in rows:
        lines.append("  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)).rstrip())
    lines.append("")
    lines.append(EXPLAIN)
    if summary["rules"]:
        lines.append("By rule (re-implementations): " + ", ".join(f"{code} {n}" for code, n in summary["rules"].items()))
    flagged = [c for c in commits if c["findings"]]
    if flagged:
        lines.append("")
        lines.append("Commits with findings:")
        for c in flagged:
            tool = f" ({c['tool']})" if c["tool"] and c["kind"] == "agent" else ""
            lines.append(f"  {c['sha'][:10]} {_date(c['time'])} {c['kind']}{tool}  {_one_line(c['subject'])[:72]}")
            for f in c["findings"]:
                again = "" if f["first_seen"] else f" [again, first in {f['first_seen_in'][:10]}]"
                lines.append(f"    {_one_line(f['path'])}:{f['line']}: {f['rule']} {_one_line(f['message'])}{again}")
    errors = [c for c in commits if c["error"]]
    if errors:
        lines.append("")
        lines.append(f"{len(errors)} commit(s) could not be checked:")
        for c in errors[:20]:
            lines.append(f"  {c['sha'][:10]}: {_one_line(c['error'])}")
    return "\n".join(lines) + "\n"


def render_json(summary: dict, run_info: dict) -> str:
    doc = {
        "tool": "reuse-audit",
        "run": run_info,
        "total": summary["total"],
        "by_kind": summary["by_kind"],
        "rules": summary["rules"],
        "commits": [
            {
                "sha": c["sha"],
                "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(c["time"])),
                "author": c["author"],
                "email": c["email"],
                "kind": c["kind"],
                "tool": c["tool"],
                "subject": c["subject"],
                "findings": [{k: v for k, v in f.items() if k not in ("code", "target_code")} for f in c["findings"]],
                "error": c["error"],
                "cumulative_reimplementations": c["cumulative"],
            }
            for c in summary["commits"]
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=True) + "\n"


CSV_COLUMNS = ("sha", "date", "author", "email", "kind", "tool", "findings", "first_seen", "rules", "functions", "targets", "error", "subject")


def render_csv(summary: dict) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for c in summary["commits"]:
        fs = c["findings"]
        writer.writerow(
            [
                c["sha"],
                time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(c["time"])),
                _one_line(c["author"]),
                _one_line(c["email"]),
                c["kind"],
                _one_line(c["tool"]),
                len(fs),
                sum(1 for f in fs if f["first_seen"]),
                " ".join(sorted({f["rule"] for f in fs})),
                " ".join(f["function"] for f in fs),
                " ".join(f["target"] for f in fs),
                _one_line(c["error"] or ""),
                _one_line(c["subject"]),
            ]
        )
    return out.getvalue()


COLORS = {"agent": "#d62728", "bot": "#1f77b4", "unknown": "#7f7f7f"}


def write_png(summary: dict, path: str) -> None:
    """Two panels: cumulative findings over time by author kind; findings per 100 commits by kind."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.dates as mdates
        import matplotlib.pyplot as plt
    except ImportError:
        from .errors import UsageError

        raise UsageError("--plot needs matplotlib: pip install matplotlib") from None
    from datetime import datetime, timezone

    commits = summary["commits"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [2, 1]})
    kinds = [k for k in KINDS if summary["by_kind"][k]["commits"]]
    if commits:
        dates = [datetime.fromtimestamp(c["time"], tz=timezone.utc) for c in commits]
        for kind in kinds:
            left.step(dates, [c["cumulative"][kind] for c in commits], where="post", color=COLORS[kind], label=kind)
        left.xaxis.set_major_formatter(mdates.ConciseDateFormatter(mdates.AutoDateLocator()))
    left.set_title("Cumulative re-implementations by author kind (each counted once)")
    left.set_ylabel("re-implementations so far")
    left.grid(alpha=0.3)
    if kinds:
        left.legend(loc="upper left")
    values = [summary["by_kind"][k]["findings_per_100_commits"] or 0 for k in kinds]
    firsts = [summary["by_kind"][k]["reimplementations_per_100_commits"] or 0 for k in kinds]
    xs = list(range(len(kinds)))
    width = 0.38
    bars = right.bar([x - width / 2 for x in xs], values, width, color=[COLORS[k] for k in kinds], label="findings")
    right.bar([x + width / 2 for x in xs], firsts, width, color=[COLORS[k] for k in kinds], alpha=0.45, hatch="//", label="re-implementations (once)")
    for bar, kind in zip(bars, kinds):
        n = summary["by_kind"][kind]["commits"]
        right.annotate(f"{bar.get_height():.1f}\n({n} commits)", (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center", va="bottom", fontsize=9)
    right.set_xticks(xs, kinds)
    right.legend(loc="upper right", fontsize=8)
    right.set_title("Findings per 100 commits, by author kind")
    right.set_ylim(0, max(values + firsts + [1]) * 1.35)
    right.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right}
tr.flagged td{background:#fff4f0}
.finding{border:1px solid #ddd;border-radius:6px;margin:1em 0;padding:0.6em}
.finding h4{margin:0 0 0.4em;font-weight:600}
.side{display:grid;grid-template-columns:1fr 1fr;gap:0.8em}
.side>div{min-width:0}
.side h5{margin:0.3em 0;font-size:0.9em;color:#555}
pre{background:#f6f8fa;padding:0.5em;overflow:auto;max-height:36em;font-size:12px;line-height:1.35;margin:0}
.ln{color:#999;user-select:none;display:inline-block;min-width:3.5em}
.kind-agent{color:#b00} .kind-bot{color:#1f5fb4} .kind-unknown{color:#555}
.callees{font-size:0.9em;color:#444}
"""


def _code(text: str, start: int) -> str:
    if not text:
        return "<pre>(source not available)</pre>"
    rows = []
    for i, line in enumerate(text.split("\n")):
        number = "" if line == "…" else str(start + i)
        rows.append(f'<span class="ln">{number}</span>{html.escape(line)}')
    return "<pre>" + "\n".join(rows) + "</pre>"


def render_html(summary: dict, run_info: dict, title: str = "reuse-audit history") -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">',
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{len(summary['commits'])} commits: {run_info['checked']} checked now, {run_info['cached']} from the cache.</p>",
        "<h2>By author kind</h2>",
        f"<p>{e(EXPLAIN)}</p>",
        '<table id="by-kind"><tr>' + "".join(f"<th>{e(h)}</th>" for h in HEADER) + "</tr>",
    ]
    for row in table_rows(summary):
        out.append("<tr>" + "".join(f'<td{"" if i == 0 else " class=n"}>{e(c)}</td>' for i, c in enumerate(row)) + "</tr>")
    out.append("</table>")
    out.append("<h2>Commits</h2>")
    out.append('<table id="commits"><tr><th>commit</th><th>date</th><th>author</th><th>kind</th><th>findings</th><th>subject</th></tr>')
    for c in reversed(summary["commits"]):
        n = len(c["findings"])
        sha = e(c["sha"][:10])
        link = f'<a href="#c-{e(c["sha"])}">{sha}</a>' if n else sha
        tool = f" ({e(c['tool'])})" if c["tool"] and c["kind"] == "agent" else ""
        cls = ' class="flagged"' if n else ""
        out.append(
            f"<tr{cls}><td><code>{link}</code></td><td>{_date(c['time'])}</td><td>{e(c['author'])}</td>"
            f'<td class="kind-{e(c["kind"])}">{e(c["kind"])}{tool}</td><td class=n>{n}</td><td>{e(c["subject"][:120])}</td></tr>'
        )
    out.append("</table>")
    flagged = [c for c in summary["commits"] if c["findings"]]
    if flagged:
        out.append("<h2>Findings</h2>")
    for c in flagged:
        out.append(f'<section id="c-{e(c["sha"])}"><h3>{e(c["sha"][:10])} · {_date(c["time"])} · {e(c["author"])} · {e(c["kind"])} — {e(c["subject"][:120])}</h3>')
        for f in c["findings"]:
            out.append('<div class="finding">')
            again = "" if f["first_seen"] else f' <a href="#c-{e(f["first_seen_in"])}">(again: first reported in {e(f["first_seen_in"][:10])})</a>'
            out.append(f"<h4>{e(f['rule'])} {e(f['path'])}:{f['line']} — {e(f['message'])}{again}</h4>")
            if f["shared"] or f["missing"]:
                out.append(
                    f'<div class="callees">shared callees: {e(", ".join(f["shared"]) or "-")}; '
                    f'missing: {e(", ".join(f["missing"]) or "-")}</div>'
                )
            out.append('<div class="side">')
            out.append(f"<div><h5>new code: {e(f['function'])} ({e(f['path'])}:{f['line']})</h5>{_code(f.get('code', ''), f['line'])}</div>")
            out.append(
                f"<div><h5>existing: {e(f['target'])} ({e(f['target_path'])}:{f['target_line']})</h5>"
                f"{_code(f.get('target_code', ''), f['target_line'])}</div>"
            )
            out.append("</div></div>")
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
