"""`reuse-audit bench build` and `bench stats`: the pipeline against a scripted
OpenAI-compatible server on 127.0.0.1 (no network), and the heuristic path with no model."""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from cli_support import assert_usage_error, run_cli
from reuse_audit.benchmark.chain import load_chain, load_suite
from reuse_audit.benchmark.chainbuild.build import build_turn
from reuse_audit.benchmark.chainbuild.command import run_build
from reuse_audit.benchmark.chainbuild.graph import load_graph, propose_targets
from reuse_audit.benchmark.chainbuild.llm import ChatClient, LLMConfig
from reuse_audit.benchmark.chainbuild.stats import render_markdown, suite_stats
from reuse_audit.benchmark.chainbuild.synth import (
    LLMSynthesizer,
    TurnSpec,
    reinvent_variant,
)
from reuse_audit.benchmark.chainbuild.walk import HeuristicChooser, LLMChooser, walk
from reuse_audit.benchmark.verify import verify

# --------------------------------------------------------------------------
# a small library the tests write: one internal layer under a public API
# --------------------------------------------------------------------------

LIBRARY = {
    "shoplib/__init__.py": "from shoplib.pricing import quote, describe\n",
    "shoplib/rates.py": (
        "def base_rate(region):\n    return {'eu': 1.0, 'us': 2.0}[region]\n\n\n"
        "def tax_rate(region):\n    return {'eu': 0.5, 'us': 0.0}[region]\n\n\n"
        "def discount_for(qty):\n    return 0.5 if qty >= 10 else 0.0\n\n\n"
        "def region_name(region):\n    return {'eu': ' Europe ', 'us': 'USA'}[region]\n\n\n"
        "def plural(word, n):\n    return word if n == 1 else word + 's'\n\n\n"
        "def clean(text):\n    return text.strip()\n"
    ),
    "shoplib/pricing.py": (
        "from shoplib.rates import base_rate, clean, discount_for, plural, region_name, tax_rate\n\n\n"
        "def quote(amount, region='eu', qty=1):\n    \"\"\"The price of qty items.\"\"\"\n    return _price(amount, region, qty)\n\n\n"
        "def describe(region, qty):\n    return _label(region, qty)\n\n\n"
        "def _price(amount, region, qty):\n"
        "    \"\"\"Net price with tax and volume discount.\"\"\"\n"
        "    base = base_rate(region) * amount * qty\n"
        "    tax = tax_rate(region)\n"
        "    off = discount_for(qty)\n"
        "    return round(base * (1 + tax) * (1 - off), 2)\n\n\n"
        "def _label(region, qty):\n"
        "    return f\"{clean(region_name(region))} x{qty} {plural('item', qty)}\"\n"
    ),
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "shoplib-repo"
    for rel, text in LIBRARY.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


# --------------------------------------------------------------------------
# the scripted model
# --------------------------------------------------------------------------

TURN1_SOLUTION = (
    "from shoplib.pricing import _price\n\n\n"
    "def order_total(lines: list) -> float:\n"
    "    return round(sum(_price(a, r, q) for a, r, q in lines), 2)\n"
)
TURN1_TESTS = [
    ("order_total([])", "0"),
    ("order_total([(10.0, 'eu', 1)])", "15.0"),
    ("order_total([(10.0, 'us', 2)])", "40.0"),
    ("order_total([(1.0, 'eu', 10)])", "7.5"),
    ("order_total([(10.0, 'eu', 1), (10.0, 'us', 2)])", "55.0"),
    ("order_total([(0.0, 'us', 3)])", "0.0"),
]


def turn2_solution(previous_module: str) -> str:
    return (
        "from shoplib.pricing import _label\n"
        f"from {previous_module} import order_total\n\n\n"
        "def receipt(lines: list) -> str:\n"
        "    return f\"{order_total(lines)} \" + '; '.join(_label(r, q) for _, r, q in lines)\n"
    )


TURN2_TESTS = [
    ("receipt([])", "'0 '"),
    ("receipt([(10.0, 'eu', 1)])", "'15.0 Europe x1 item'"),
    ("receipt([(10.0, 'us', 2)])", "'40.0 USA x2 items'"),
    ("receipt([(1.0, 'eu', 10), (10.0, 'us', 2)])", "'47.5 Europe x10 items; USA x2 items'"),
    ("receipt([(0.0, 'us', 1)])", "'0.0 USA x1 item'"),
]


def task_answer(prompt: str, wrong_prediction: bool = False) -> str:
    previous = re.search(r"module `([\w.]+)` with", prompt)
    if previous:
        solution, tests, function = turn2_solution(previous.group(1)), TURN2_TESTS, "receipt"
        signature = "def receipt(lines: list) -> str"
        requirement = "Print a one-line receipt: the order total, then each line's region and quantity."
    else:
        solution, tests, function = TURN1_SOLUTION, TURN1_TESTS, "order_total"
        signature = "def order_total(lines: list) -> float"
        requirement = "Total an order of (amount, region, quantity) lines as the shop prices them."
    tests = [{"call": c, "expect": e} for c, e in tests]
    if wrong_prediction:
        tests[1]["expect"] = "16.0" if function == "order_total" else "'nope'"
    return json.dumps({"requirement": requirement, "function": function, "signature": signature, "solution": solution,
                       "tests": tests, "reads": ["shoplib/pricing.py:14-19"]})


class Script:
    """What the scripted model answers, by the kind of prompt; every request is recorded."""

    def __init__(self):
        self.task = task_answer  # prompt -> answer text
        self.docstring = lambda prompt: json.dumps({"solution": "def order_total(lines):\n    return 0.0\n\n\ndef receipt(lines):\n    return ''\n"})
        self.choice = lambda prompt: json.dumps({"choice": None})
        self.delay = 0.0
        self.requests: list[dict] = []


@pytest.fixture
def server():
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            script.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
            prompt = body["messages"][0]["content"]
            if script.delay:
                time.sleep(script.delay)
            if "Candidates, each one call edge away" in prompt:
                text = script.choice(prompt)
            elif "You may read only these docstrings" in prompt:
                text = script.docstring(prompt)
            else:
                text = script.task(prompt)
            data = json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:  # the client gave up (the timeout test)
                pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    script.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    yield script
    httpd.shutdown()
    httpd.server_close()


def client(script, tmp_path: Path, timeout: float = 30.0, offline: bool = False) -> ChatClient:
    return ChatClient(LLMConfig(script.url, "scripted", "sk-test", timeout), tmp_path / "llm-cache", offline)


def one_turn(repo: Path, script, tmp_path: Path, timeout: float = 30.0, retries: int = 1):
    graph = load_graph(repo, "shoplib")
    lines: list[str] = []
    synth = LLMSynthesizer(client(script, tmp_path, timeout), retries=retries)
    spec = TurnSpec(1, "shop/step1.py", "shop.step1")
    turn = build_turn(graph, ["shoplib.pricing._price"], spec, synth, {}, lines.append)
    return turn, lines


# --------------------------------------------------------------------------
# the graph and the walk
# --------------------------------------------------------------------------


def test_graph_comes_from_the_engine_index_and_ranks_internal_layers_first(repo):
    graph = load_graph(repo, "shoplib")
    assert graph.nodes["shoplib.pricing._price"].callees == (
        "shoplib.rates.base_rate", "shoplib.rates.discount_for", "shoplib.rates.tax_rate")
    assert graph.callers["shoplib.pricing._price"] == ("shoplib.pricing.quote",)
    assert graph.judgeable("shoplib.pricing._price") and not graph.judgeable("shoplib.pricing.quote")
    ranked = propose_targets(graph)
    assert [p.qualname for p in ranked[:2]] == ["shoplib.pricing._label", "shoplib.pricing._price"]
    top = ranked[1]
    assert top.judgeable and any("internal layer" in r for r in top.reasons) and any("public" in r for r in top.reasons)
    quote = next(p for p in ranked if p.qualname == "shoplib.pricing.quote")
    assert any("top-level API" in r for r in quote.reasons) and any("not judgeable" in r for r in quote.reasons)


def test_heuristic_walk_goes_one_call_edge_at_a_time(repo):
    graph = load_graph(repo, "shoplib")
    evidence = walk(graph, "shoplib.pricing._price", HeuristicChooser(), hops=2)
    assert evidence.symbols[0] == "shoplib.pricing._price"
    assert len(evidence.symbols) == 3
    for symbol in evidence.symbols[1:]:
        assert any(symbol in graph.neighbours(s) for s in evidence.symbols)


def test_llm_chooser_takes_a_menu_symbol_and_retries_an_off_menu_answer(repo, server, tmp_path):
    graph = load_graph(repo, "shoplib")
    answers = iter([json.dumps({"choice": "os.system"}), json.dumps({"choice": "shoplib.rates.tax_rate"})])
    server.choice = lambda prompt: next(answers)
    evidence = walk(graph, "shoplib.pricing._price", LLMChooser(client(server, tmp_path)), hops=1)
    assert evidence.symbols == ["shoplib.pricing._price", "shoplib.rates.tax_rate"]
    assert any("'os.system' is not one of the candidates" in line for line in evidence.log)


# --------------------------------------------------------------------------
# synthesis: each bad answer dropped and logged
# --------------------------------------------------------------------------


def test_a_good_answer_gives_a_turn_with_real_returns(repo, server, tmp_path):
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is not None, log
    assert "assert order_total([(10.0, 'eu', 1)]) == 15.0" in turn.tests
    assert "def _price(" in turn.reinvent and "from shoplib.pricing import _price" not in turn.reinvent
    assert server.requests[0]["path"] == "/v1/chat/completions"
    assert server.requests[0]["auth"] == "Bearer sk-test"


def test_malformed_json_is_retried_then_dropped_and_logged(repo, server, tmp_path):
    server.task = lambda prompt: "Sure! Here is the task: {requirement: ..."
    turn, log = one_turn(repo, server, tmp_path, retries=2)
    assert turn is None
    assert sum("malformed answer" in line and "not JSON" in line for line in log) == 3
    assert any("dropped" in line for line in log)
    assert len(server.requests) == 3  # bounded: one try and two retries


def test_a_fenced_answer_missing_a_field_is_retried_with_the_problem(repo, server, tmp_path):
    answers = iter(["```json\n{\"requirement\": \"x\"}\n```", task_answer("")])
    server.task = lambda prompt: next(answers)
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is not None, log
    assert any("field 'function' must be a str" in line for line in log)
    assert "field 'function' must be a str" in server.requests[1]["body"]["messages"][-1]["content"]


def test_a_wrong_prediction_drops_the_task(repo, server, tmp_path):
    server.task = lambda prompt: task_answer(prompt, wrong_prediction=True)
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is None
    assert any("prediction differs from the real return" in line and "order_total([(10.0, 'eu', 1)])" in line for line in log)


def test_a_timeout_drops_the_candidate(repo, server, tmp_path):
    server.delay = 3.0
    turn, log = one_turn(repo, server, tmp_path, timeout=1.0)
    assert turn is None
    assert any("no answer from" in line and "within 1 s" in line for line in log)
    assert any("dropped" in line for line in log)


def test_a_task_solvable_from_docstrings_alone_is_dropped(repo, server, tmp_path):
    server.docstring = lambda prompt: json.dumps({"solution": TURN1_SOLUTION})
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is None
    assert any("solvable from the docstrings alone" in line for line in log)


def test_answers_are_cached_by_prompt_hash_and_replay_offline(repo, server, tmp_path):
    first, _ = one_turn(repo, server, tmp_path)
    sent = len(server.requests)
    graph = load_graph(repo, "shoplib")
    synth = LLMSynthesizer(client(server, tmp_path, offline=True))
    again = build_turn(graph, ["shoplib.pricing._price"], TurnSpec(1, "shop/step1.py", "shop.step1"), synth, {}, [].append)
    assert again is not None and again.tests == first.tests
    assert len(server.requests) == sent


def test_reinvent_variant_copies_the_body_with_absolute_imports(repo):
    graph = load_graph(repo, "shoplib")
    text = reinvent_variant("import shoplib.pricing as p\n\n\ndef f(a):\n    return p._price(a, 'eu', 1)\n", graph,
                            "shoplib.pricing._price")
    assert "from shoplib.pricing import base_rate, discount_for, tax_rate" in text
    assert "return _price(a, 'eu', 1)" in text


# --------------------------------------------------------------------------
# whole pipeline: chain folders that bench verify passes
# --------------------------------------------------------------------------


def test_llm_pipeline_builds_a_chain_that_bench_verify_passes(repo, server, tmp_path):
    out = tmp_path / "suite"
    built = run_build(str(repo), out, import_name="shoplib", chains=1, turns=2, chooser_kind="llm", base_url=server.url,
                      model="scripted", llm_cache=None, offline=False, seeds=("shoplib.pricing._price",), retries=1,
                      timeout=30.0, prefix=None, echo=lambda line: None)
    log = (out / "build.log").read_text()
    assert [p.name for p in built] == ["shoplib-repo-1"], log
    chain = load_chain(built[0])
    assert [t.function_names for t in chain.turns] == [("order_total",), ("receipt",)]
    assert [t.name for t in chain.turns[1].targets] == ["shoplib.pricing._label", "shoplib_repo_1.step1.order_total"]
    assert (out / ".llm-cache").is_dir()
    checks = verify([chain], tmp_path / "verify-work")
    assert all(c.ok for c in checks), [c.failures for c in checks]
    stats = suite_stats(load_suite(out), "built")
    assert (stats.chains, stats.turns, stats.repo_judgeable, stats.repo_judged) == (1, 2, 2, 2)


def test_heuristic_builds_a_click_chain_with_no_model(tmp_path, monkeypatch):
    monkeypatch.delenv("REUSE_AUDIT_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    env = {"REUSE_AUDIT_BENCH_CACHE": str(tmp_path / "cache")}
    result = run_cli(["bench", "build", "click==8.5.1", "--chooser", "heuristic", "--turns", "2", "--out", "suite"],
                     cwd=tmp_path, env=env, timeout=600)
    assert result.returncode == 0, str(result)
    assert "1 chain(s) of 1 built in suite" in result.stdout
    chains = load_suite(tmp_path / "suite")
    assert len(chains) == 1 and len(chains[0].turns) == 2
    assert all(t.reinvent is not None for t in chains[0].turns)
    # no docs-only solutions, no reviewer: a built chain is a smoke chain until a person makes it a study one
    assert chains[0].level == "smoke" and chains[0].provenance.method == "built"
    verified = run_cli(["bench", "verify", "suite"], cwd=tmp_path, env=env, timeout=600)
    assert verified.returncode == 0, str(verified)
    assert "all verified" in verified.stdout


def test_build_without_an_endpoint_says_what_to_do(tmp_path, monkeypatch):
    for name in ("REUSE_AUDIT_LLM_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    result = run_cli(["bench", "build", "click==8.5.1", "--out", str(tmp_path / "o")], env={"REUSE_AUDIT_BENCH_CACHE": str(tmp_path / "cache")})
    assert_usage_error(result, "no model endpoint", "--chooser heuristic")


def test_build_rejects_a_source_that_is_neither_folder_nor_pin(tmp_path):
    result = run_cli(["bench", "build", "click", "--out", str(tmp_path / "o"), "--chooser", "heuristic"], in_process=True)
    assert_usage_error(result, "expected a folder, or a pinned release NAME==VERSION")
    assert not (tmp_path / "o").exists()


# --------------------------------------------------------------------------
# bench stats
# --------------------------------------------------------------------------


def test_stats_of_the_starter_suite_agree_with_bench_verify():
    stats = suite_stats(load_suite("starter"), "starter")
    assert (stats.chains, stats.turns, len(stats.libraries)) == (12, 60, 4)
    # bench verify starter lists 31 of 90 repository and 35 of 61 self targets with < 3 callees
    assert (stats.repo_judgeable, stats.repo_judged) == (59, 90)
    assert (stats.self_judgeable, stats.self_judged) == (26, 61)
    assert "| Judgeable targets, all | 56.3% (85/151) | - |" in render_markdown(stats)


def test_stats_command_prints_text_and_markdown():
    text = run_cli(["bench", "stats", "starter"], in_process=True)
    assert text.returncode == 0, str(text)
    assert re.search(r"Tests per turn\s+10\.\d", text.stdout)
    markdown = run_cli(["bench", "stats", "starter", "--format", "markdown"], in_process=True)
    assert "| Chains | 12 | 75 |" in markdown.stdout


def test_a_requirement_naming_a_repository_target_is_dropped(repo, server, tmp_path):
    def answer(prompt: str) -> str:
        data = json.loads(task_answer(prompt))
        data["requirement"] = "Total an order by calling `_price` for each line."
        return json.dumps(data)

    server.task = answer
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is None
    assert any("the requirement names the repository target shoplib.pricing._price" in line for line in log)


def test_names_tells_a_function_name_from_a_plain_word():
    from reuse_audit.benchmark.chainbuild.build import _names

    assert _names("use click.types.convert_type here", "click.types.convert_type")
    assert _names("like convert_type does", "click.types.convert_type")
    assert _names("call `convert` first", "click.types.Choice.convert")
    assert not _names("convert the value to an integer", "click.types.Choice.convert")
    assert not _names("expand_args_step1(args)", "click.utils._expand_args")


def test_propose_prints_graph_figures_and_reasons(repo):
    result = run_cli(["bench", "build", str(repo), "--import-name", "shoplib", "--propose", "--limit", "2"], in_process=True)
    assert result.returncode == 0, str(result)
    assert result.stdout.startswith("shoplib: 10 functions in 2 modules, 8 call edges inside the package")
    assert "judgeable: 3 non-builtin callees (>= 3)" in result.stdout
    assert "shoplib.pricing._price" in result.stdout


def test_offline_rebuild_from_the_cache_needs_no_endpoint(repo, server, tmp_path, monkeypatch):
    for name in ("REUSE_AUDIT_LLM_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    common = dict(import_name="shoplib", chains=1, turns=2, chooser_kind="llm", model="scripted", offline=False,
                  seeds=("shoplib.pricing._price",), retries=1, timeout=30.0, prefix=None, echo=lambda line: None,
                  llm_cache=tmp_path / "cache")
    first = run_build(str(repo), tmp_path / "a", base_url=server.url, **common)
    sent = len(server.requests)
    common["offline"] = True
    again = run_build(str(repo), tmp_path / "b", base_url=None, **common)
    assert len(server.requests) == sent
    assert len(first) == len(again) == 1
    for rel in ("turn1/solution.py", "turn1/test_turn1.py", "turn2/solution.py", "turn2/reinvent.py"):
        assert (first[0] / rel).read_text() == (again[0] / rel).read_text()


def test_an_unknown_seed_is_a_usage_error_and_writes_nothing(repo, tmp_path):
    result = run_cli(["bench", "build", str(repo), "--import-name", "shoplib", "--chooser", "heuristic",
                      "--seed", "shoplib.nope", "--out", str(tmp_path / "o")], in_process=True)
    assert_usage_error(result, "--seed shoplib.nope: no such function in shoplib")
    assert not (tmp_path / "o").exists()


def test_heuristic_with_nothing_to_take_says_why(repo, tmp_path):
    result = run_cli(["bench", "build", str(repo), "--import-name", "shoplib", "--chooser", "heuristic", "--out", str(tmp_path / "o")],
                     in_process=True)
    assert result.returncode == 1, str(result)
    assert "0 chain(s) of 1 built" in result.stdout
    log = (tmp_path / "o" / "build.log").read_text()
    assert "no judgeable function of shoplib that the heuristic synthesizer can take" in log


def test_a_folder_without_the_package_names_the_flag(tmp_path):
    result = run_cli(["bench", "build", str(tmp_path), "--import-name", "nothere", "--propose"], in_process=True)
    assert_usage_error(result, "no import package 'nothere' found", "--import-name")


def test_reinvent_variant_follows_a_call_through_the_top_package(repo):
    graph = load_graph(repo, "shoplib")
    text = reinvent_variant("import shoplib\nimport shoplib.pricing\n\n\ndef f(a):\n    return shoplib.pricing._price(a, 'eu', 1)\n",
                            graph, "shoplib.pricing._price")
    assert "return _price(a, 'eu', 1)" in text and "def _price(" in text


def test_a_thin_turn_function_is_noted_as_not_judgeable_for_later_turns(repo, server, tmp_path):
    turn, log = one_turn(repo, server, tmp_path)
    assert turn is not None
    assert any("shop.step1.order_total has 1 non-builtin callee(s)" in line and "cannot be judged" in line for line in log)


def test_the_command_reads_endpoint_model_and_key_from_the_environment(repo, server, tmp_path):
    env = {"REUSE_AUDIT_LLM_BASE_URL": server.url, "REUSE_AUDIT_LLM_MODEL": "scripted-env",
           "REUSE_AUDIT_LLM_API_KEY": "sk-from-env", "OPENAI_API_KEY": ""}
    result = run_cli(["bench", "build", str(repo), "--import-name", "shoplib", "--turns", "2", "--seed", "shoplib.pricing._price",
                      "--out", "suite"], cwd=tmp_path, env=env, timeout=600)
    assert result.returncode == 0, str(result)
    assert "1 chain(s) of 1 built in suite" in result.stdout
    assert {r["auth"] for r in server.requests} == {"Bearer sk-from-env"}
    assert {r["body"]["model"] for r in server.requests} == {"scripted-env"}
    assert "sk-from-env" not in (tmp_path / "suite" / "build.log").read_text()
    cached = list((tmp_path / "suite" / ".llm-cache").rglob("*.json"))
    assert cached and not any("sk-from-env" in f.read_text() for f in cached)  # the key is never written
    verified = run_cli(["bench", "verify", "suite"], cwd=tmp_path, timeout=600)
    assert verified.returncode == 0, str(verified)


def test_build_without_pytest_says_so_before_writing(repo, tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pytest" else real(name, *a))
    result = run_cli(["bench", "build", str(repo), "--import-name", "shoplib", "--chooser", "heuristic", "--out", str(tmp_path / "o")],
                     in_process=True)
    assert_usage_error(result, "pip install pytest")
    assert not (tmp_path / "o").exists()


def test_stats_counts_a_chain_whose_source_cannot_be_had_and_says_so(monkeypatch):
    from reuse_audit.benchmark import fetch
    from reuse_audit.errors import UsageError

    def no_source(chain, *args, **kwargs):
        raise UsageError(f"source {chain.source.package}: offline")

    monkeypatch.setattr(fetch, "fetch_chain", no_source)
    chains = [c for c in load_suite("starter") if c.id == "click-params"]
    stats = suite_stats(chains, "one")
    assert (stats.chains, stats.turns, stats.repo_judged) == (1, 5, 0)
    assert stats.notes == ["click-params: callees not counted: source click: offline"]
    assert "| Judgeable targets, all | - | - |" in render_markdown(stats)
