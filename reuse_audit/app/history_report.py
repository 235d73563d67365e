"""The outputs of ``reuse-audit history``: text, JSON, CSV, a PNG and an HTML report.

Every function takes the summary :func:`history.summarize` builds.  Names,
messages and code come from the repository, so the HTML escapes all of them
and the CSV and text write them on one line each.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import html
import io
import json
import re
import time
from datetime import datetime, timezone
from typing import Any, Optional

from reuse_audit.app.history import KINDS
from reuse_audit.errors import UsageError

__all__ = ["render_text", "render_json", "render_csv", "plot_figure", "png_bytes", "write_png", "render_html", "commit_url"]


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
#: each kind's line: (dashes, width, z-order).  Two series that run together (both 0 for
#: months) stay visible: the one drawn on top is thinner and dashed, the one under it shows.
LINES = {"agent": ("-", 3.0, 2), "bot": ("--", 2.2, 3), "unknown": ((0, (2, 2)), 1.6, 4)}


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install matplotlib") from None
    return plt


def plot_figure(summary: dict) -> Any:
    """Two panels: cumulative re-implementations over time by author kind (a count: integer
    ticks, from 0, at least 0..1 when there is none); findings per 100 commits by kind.
    The caller closes the figure."""
    plt = _pyplot()

    import matplotlib.dates as mdates
    from matplotlib.ticker import MaxNLocator

    commits = summary["commits"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [2, 1]})
    kinds = [k for k in KINDS if summary["by_kind"][k]["commits"]]
    highest = 0
    if commits:
        dates = [datetime.fromtimestamp(c["time"], tz=timezone.utc) for c in commits]
        for kind in kinds:
            ys = [c["cumulative"][kind] for c in commits]
            highest = max([highest] + ys)
            style, width, z = LINES[kind]
            left.step(dates, ys, where="post", color=COLORS[kind], linestyle=style, linewidth=width, zorder=z, label=f"{kind} ({ys[-1]})")
        left.xaxis.set_major_formatter(mdates.ConciseDateFormatter(mdates.AutoDateLocator()))
    top = max(1, highest) * 1.1
    left.set_ylim(-0.03 * top, top)  # a line at 0 drawn just above the axis, not on it
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    if commits and not highest:
        left.text(0.5, 0.5, "no re-implementations in these commits", transform=left.transAxes, ha="center", va="center", color="#555")
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
    return fig


def png_bytes(summary: dict) -> bytes:
    """The PNG of :func:`plot_figure` (needs matplotlib)."""
    fig = plot_figure(summary)
    try:
        out = io.BytesIO()
        fig.savefig(out, format="png", dpi=110)
        return out.getvalue()
    finally:
        _pyplot().close(fig)


def write_png(summary: dict, path: str) -> None:
    with open(path, "wb") as handle:
        handle.write(png_bytes(summary))


#: forges whose commit pages are not at ``/commit/<sha>``
_COMMIT_PATHS = (("gitlab", "/-/commit/"), ("bitbucket", "/commits/"))
_FORGE_URL = re.compile(r"^(https?|ssh|git)://([A-Za-z0-9.-]+)(:\d+)?/([A-Za-z0-9._~-]+(?:/[A-Za-z0-9._~-]+)+)/?$")


def commit_url(remote: Optional[str], sha: str) -> Optional[str]:
    """The web page of commit ``sha`` on the forge of ``remote`` (a URI without credentials,
    as :func:`gitsource.remote_uri` gives it); None for a folder on this machine or a URL
    that is not a forge's ``host/owner/name``."""
    match = _FORGE_URL.match(remote or "")
    if match is None or not re.fullmatch(r"[0-9a-f]{4,64}", sha):
        return None
    scheme, host, port, path = match.groups()
    host, path = host.lower(), path.removesuffix(".git")
    # an https remote's port is its web server's; ssh's and git's are not
    base = f"https://{host}{port or ''}" if scheme.startswith("http") else f"https://{host}"
    tail = next((t for name, t in _COMMIT_PATHS if name in host), "/commit/")
    return f"{base}/{path}{tail}{sha}"


_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right}
td.date,td.sha,td.kind,td.author,td.rules{white-space:nowrap}
table.sortable th{cursor:pointer;user-select:none;background:#f3f3f3}
table.sortable th[aria-sort=ascending]::after{content:" \\25B2";font-size:0.7em}
table.sortable th[aria-sort=descending]::after{content:" \\25BC";font-size:0.7em}
tr.flagged td{background:#fff4f0}
.range{font-size:1.05em}
.filters{margin:0.3em 0;display:flex;gap:1em;align-items:center}
.filters input[type=search]{min-width:22em}
img.plot{max-width:100%;height:auto;border:1px solid #eee}
.finding{border:1px solid #ddd;border-radius:6px;margin:1em 0;padding:0.6em}
.finding h4{margin:0 0 0.4em;font-weight:600}
.side{display:grid;grid-template-columns:1fr 1fr;gap:0.8em}
.side>div{min-width:0}
.side h5{margin:0.3em 0;font-size:0.9em;color:#555}
pre{background:#f6f8fa;padding:0.5em;overflow:auto;max-height:36em;font-size:12px;line-height:1.35;margin:0}
.ln{color:#999;user-select:none;display:inline-block;min-width:3.5em}
.kind-agent{color:#b00} .kind-bot{color:#1f5fb4} .kind-unknown{color:#555}
.callees{font-size:0.9em;color:#444}
.top{font-size:0.85em;font-weight:normal}
"""

# Sorting (click a column's head; cells sort by their data-sort, else their text, as numbers
# when they all are) and filtering (text, kind, only commits with findings).  The page's
# Content-Security-Policy allows this script by its hash and nothing else: no network.
_SCRIPT = """
(function () {
  function key(cell) { return cell.getAttribute("data-sort") || cell.textContent.trim(); }
  function sortBy(table, th) {
    var index = Array.prototype.indexOf.call(th.parentNode.children, th);
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var up = th.getAttribute("aria-sort") !== "ascending";
    var numeric = rows.every(function (r) { var v = key(r.cells[index]); return v === "" || v === "-" || !isNaN(Number(v.replace("%", ""))); });
    rows.sort(function (a, b) {
      var x = key(a.cells[index]), y = key(b.cells[index]);
      var d = numeric ? (Number(x.replace("%", "")) || 0) - (Number(y.replace("%", "")) || 0) : x.localeCompare(y);
      return up ? d : -d;
    });
    Array.prototype.forEach.call(th.parentNode.children, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", up ? "ascending" : "descending");
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.tHead.querySelectorAll("th").forEach(function (th) {
      th.title = "sort";
      th.addEventListener("click", function () { sortBy(table, th); });
    });
  });
  document.querySelectorAll(".filters").forEach(function (box) {
    var table = document.getElementById(box.getAttribute("data-table"));
    var text = box.querySelector("input[type=search]");
    var kind = box.querySelector("select");
    var only = box.querySelector("input[type=checkbox]");
    var count = box.querySelector(".shown");
    function apply() {
      var q = text.value.toLowerCase(), k = kind ? kind.value : "", shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
        var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0)
          && (!k || r.getAttribute("data-kind") === k)
          && (!only || !only.checked || r.classList.contains("flagged"));
        r.hidden = !ok;
        shown += ok ? 1 : 0;
      });
      if (count) { count.textContent = shown + " shown"; }
    }
    [text, kind, only].forEach(function (el) {
      if (el) { el.addEventListener("input", apply); el.addEventListener("change", apply); }
    });
  });
})();
"""
_SCRIPT_HASH = base64.b64encode(hashlib.sha256(_SCRIPT.encode("utf-8")).digest()).decode("ascii")
_CSP = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-{_SCRIPT_HASH}'"


def _code(text: str, start: int) -> str:
    if not text:
        return "<pre>(source not available)</pre>"
    rows = []
    for i, line in enumerate(text.split("\n")):
        number = "" if line == "…" else str(start + i)
        rows.append(f'<span class="ln">{number}</span>{html.escape(line)}')
    return "<pre>" + "\n".join(rows) + "</pre>"


def _sha_cell(sha: str, remote: Optional[str]) -> str:
    """A commit's short id, linked to its page on the forge when there is one."""
    e = html.escape
    url = commit_url(remote, sha)
    short = e(sha[:10])
    inner = f'<a href="{e(url)}" title="{e(sha)}">{short}</a>' if url else f'<span title="{e(sha)}">{short}</span>'
    return f'<td class="sha"><code>{inner}</code></td>'


def _date_cell(ts: int) -> str:
    return f'<td class="date" data-sort="{int(ts)}">{_date(ts)}</td>'


def _kind_cell(c: dict) -> str:
    e = html.escape
    tool = f" ({e(c['tool'])})" if c["tool"] and c["kind"] == "agent" else ""
    return f'<td class="kind kind-{e(c["kind"])}">{e(c["kind"])}{tool}</td>'


def _filters(table: str, kinds: list[str], flagged: bool) -> str:
    e = html.escape
    options = "".join(f'<option value="{e(k)}">{e(k)}</option>' for k in kinds)
    only = '<label><input type="checkbox"> only commits with findings</label>' if flagged else ""
    return (
        f'<div class="filters" data-table="{e(table)}">'
        f'<input type="search" class="filter" data-table="{e(table)}" placeholder="filter: sha, author, subject, function…" aria-label="filter">'
        f'<label>kind <select aria-label="kind"><option value="">all</option>{options}</select></label>{only}'
        '<span class="shown"></span></div>'
    )


def render_html(
    summary: dict, run_info: dict, title: str = "reuse-audit history", remote: Optional[str] = None, plot: Optional[bytes] = None,
    plot_note: str = "",
) -> str:
    """The page: the date range; the commits with findings, linked to their findings further
    down (and every commit id to the forge of ``remote``, the ``origin`` URI); the plot (the
    PNG bytes, embedded); the table by author kind; each finding with both functions side by
    side; every commit last.  Its tables sort and filter with an inline script."""
    commits = summary["commits"]
    flagged = [c for c in commits if c["findings"]]
    kinds = [k for k in KINDS if summary["by_kind"][k]["commits"]]
    out = _html_head(title)
    out += _html_range(commits, run_info)
    out += _html_flagged(summary, flagged, kinds, remote)
    out += _html_plot(plot, plot_note)
    out += _html_by_kind(summary)
    out += _html_findings(flagged, remote)
    out += _html_commits(commits, kinds, bool(flagged), remote)
    out.append(f"<script>{_SCRIPT}</script>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_head(title: str) -> list[str]:
    e = html.escape
    return [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
        f'<h1 id="top">{e(title)}</h1>',
    ]


def _html_range(commits: list[dict], run_info: dict) -> list[str]:
    """The commits' dates and ids, first to last, and how many were checked now."""
    e = html.escape
    out = []
    checked = f"{run_info['checked']} checked now, {run_info['cached']} from the cache"
    if commits:
        first, last = commits[0], commits[-1]
        out.append(
            f'<p class="range">{len(commits)} commits from <time>{_date(first["time"])}</time> to <time>{_date(last["time"])}</time> '
            f"(<code>{e(first['sha'][:10])}</code> to <code>{e(last['sha'][:10])}</code>): {checked}.</p>"
        )
    else:
        out.append(f'<p class="range">No commits to check: {checked}.</p>')
    if run_info.get("skipped_roots"):
        out.append(f"<p>{run_info['skipped_roots']} root commit(s) not checked: they have no parent to compare with.</p>")
    return out


def _html_flagged(summary: dict, flagged: list[dict], kinds: list[str], remote: Optional[str]) -> list[str]:
    """The summary section: the counts, and the table of the commits with findings, newest first."""
    e = html.escape
    commits, total = summary["commits"], summary["total"]
    out = ['<section id="summary"><h2>Commits with findings</h2>']
    out.append(
        f"<p><strong>{total['with_findings']} of {len(commits)} commits</strong> have findings: "
        f"{total['reimplementations']} re-implementation(s) first reported in {total['reimplementing']} of them, "
        f"{total['findings']} finding(s) in all.</p>"
    )
    errors = [c for c in commits if c["error"]]
    if errors:
        out.append(f'<p><a href="#commits">{len(errors)} commit(s)</a> could not be checked (their error is in the table of commits).</p>')
    if flagged:
        out.append(_filters("flagged", [k for k in kinds if any(c["kind"] == k for c in flagged)], False))
        out.append(
            '<table id="flagged" class="sortable"><thead><tr><th>commit</th><th>date</th><th>kind</th><th>findings</th>'
            "<th>rules</th><th>new function → existing one</th><th>subject</th></tr></thead><tbody>"
        )
        for c in reversed(flagged):
            pairs = "<br>".join(
                f"{e(f['function'])} → {e(f['target'])}" + ("" if f["first_seen"] else " (again)") for f in c["findings"]
            )
            rules = " ".join(sorted({f["rule"] for f in c["findings"]}))
            out.append(
                f'<tr data-kind="{e(c["kind"])}">{_sha_cell(c["sha"], remote)}{_date_cell(c["time"])}{_kind_cell(c)}'
                f'<td class=n data-sort="{len(c["findings"])}"><a href="#c-{e(c["sha"])}">{len(c["findings"])} ↓</a></td>'
                f'<td class="rules">{e(rules)}</td><td>{pairs}</td><td>{e(c["subject"][:120])}</td></tr>'
            )
        out.append("</tbody></table>")
    out.append("</section>")
    return out


def _html_plot(plot: Optional[bytes], plot_note: str) -> list[str]:
    """The plot, embedded; else the note that says why there is none."""
    if plot:
        data = base64.b64encode(plot).decode("ascii")
        return [
            f'<img class="plot" src="data:image/png;base64,{data}" '
            'alt="cumulative re-implementations over time and findings per 100 commits, by author kind">'
        ]
    return [f'<p class="note">{html.escape(plot_note)}</p>'] if plot_note else []


def _html_by_kind(summary: dict) -> list[str]:
    e = html.escape
    out = ["<h2>By author kind</h2>", f"<p>{e(EXPLAIN)}</p>"]
    out.append('<table id="by-kind" class="sortable"><thead><tr>' + "".join(f"<th>{e(h)}</th>" for h in HEADER) + "</tr></thead><tbody>")
    for row in table_rows(summary):
        out.append("<tr>" + "".join(f'<td{"" if i == 0 else " class=n"}>{e(c)}</td>' for i, c in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return out


def _html_findings(flagged: list[dict], remote: Optional[str]) -> list[str]:
    """A section a commit with findings: each finding with the new code and its target side by side."""
    e = html.escape
    out = ["<h2>Findings</h2>"] if flagged else []
    for c in flagged:
        url = commit_url(remote, c["sha"])
        sha = f'<a href="{e(url)}">{e(c["sha"][:10])}</a>' if url else e(c["sha"][:10])
        out.append(
            f'<section id="c-{e(c["sha"])}"><h3>{sha} · {_date(c["time"])} · {e(c["author"])} · {e(c["kind"])} — '
            f'{e(c["subject"][:120])} <a class="top" href="#summary">↑ summary</a></h3>'
        )
        for f in c["findings"]:
            out += _html_finding(f)
        out.append("</section>")
    return out


def _html_finding(f: dict) -> list[str]:
    e = html.escape
    out = ['<div class="finding">']
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
    return out


def _html_commits(commits: list[dict], kinds: list[str], any_flagged: bool, remote: Optional[str]) -> list[str]:
    """Every commit, newest first, with its findings' count or its error."""
    e = html.escape
    out = [f'<h2>All commits</h2>{_filters("commits", kinds, any_flagged)}']
    out.append(
        '<table id="commits" class="sortable"><thead><tr><th>commit</th><th>date</th><th>author</th><th>kind</th>'
        "<th>findings</th><th>subject</th></tr></thead><tbody>"
    )
    for c in reversed(commits):
        n = len(c["findings"])
        count = f'<a href="#c-{e(c["sha"])}">{n}</a>' if n else ("error" if c["error"] else "0")
        cls = ' class="flagged"' if n else ""
        subject = e(c["subject"][:120]) + (f' <em title="{e(c["error"])}">(not checked: {e(c["error"][:80])})</em>' if c["error"] else "")
        out.append(
            f'<tr{cls} data-kind="{e(c["kind"])}">{_sha_cell(c["sha"], remote)}{_date_cell(c["time"])}'
            f'<td class="author">{e(c["author"])}</td>{_kind_cell(c)}<td class=n data-sort="{n}">{count}</td><td>{subject}</td></tr>'
        )
    out.append("</tbody></table>")
    return out
