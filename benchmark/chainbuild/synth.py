"""Task synthesis: requirement, signature, reference solution, test calls, predictions, reads.

Two synthesizers behind one interface (``accepts(node)``, ``synthesize(...)``,
``docstring_solution(...)``):

* :class:`LLMSynthesizer`: an OpenAI-compatible model writes the task as
  strict JSON from the evidence symbols' source; malformed answers are
  retried a bounded number of times, then the candidate is dropped and logged.
  It also answers the study's docstring filter: a solution written from the
  requirement, the signature and the evidence's docstrings only (no source).
* :class:`HeuristicSynthesizer`: no model.  It takes functions whose
  parameters are all annotated with plain types (or have defaults), writes a
  turn function that calls the evidence symbol (and, from turn 2, the earlier
  turn's function), and test calls from typed sample values with edge cases
  (empty text, zero, both booleans).  Its requirements are plain, template
  English: good for building chains over one's own code and for tests, not
  the realistic feature requests of a published suite (that needs a model).

:func:`reinvent_variant` turns any reference solution into its re-inventing
twin: the target's own body copied into the module in place of the call.
"""

from __future__ import annotations

import ast
import builtins
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Optional

from reuse_audit.benchmark.chainbuild.graph import Graph, Node
from reuse_audit.benchmark.chainbuild.llm import ChatClient, ask_json


@dataclass
class Task:
    function: str
    signature: str  # the def line, without the colon
    requirement: str
    solution: str  # module text
    calls: list[str]
    predicted: list[Optional[str]] = field(default_factory=list)
    reads: list[str] = field(default_factory=list)  # "path:start-end" a developer must read
    repo_targets: list[str] = field(default_factory=list)
    self_targets: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TurnSpec:
    """What the synthesizer is told about the turn to write."""

    number: int
    path: str  # workspace path of the new module
    module: str
    previous: Optional[Task] = None  # the earlier turn's task (chaining)
    previous_module: Optional[str] = None


def location(graph: Graph, qualname: str) -> str:
    node = graph.nodes[qualname]
    return f"{node.path}:{node.line}-{node.end_line}"  # relative to the import root


# --------------------------------------------------------------------------
# the re-inventing variant
# --------------------------------------------------------------------------


def _bound_names(fn: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not fn:
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def copyable(node: Node) -> bool:
    """A module-level function: its body can be copied into another module."""
    return not node.is_method and not node.nested and "." not in node.qualname[len(node.module) + 1 :]


def reinvent_variant(solution: str, graph: Graph, target: str) -> Optional[str]:
    """``solution`` with ``target``'s body copied in, and every call of it going to the copy."""
    node = graph.nodes.get(target)
    if node is None or not copyable(node):
        return None
    try:
        tree = ast.parse(solution)
        copied = ast.parse(textwrap.dedent(graph.source_of(target)))
    except SyntaxError:
        return None
    fn = copied.body[0]
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    _absolute_imports(fn, node)
    local = None
    prefixes: set[str] = set()
    body = []
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module == node.module:
            keep = []
            for alias in stmt.names:
                if alias.name == node.name:
                    local = alias.asname or alias.name
                else:
                    keep.append(alias)
            if not keep:
                continue
            stmt.names = keep
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name == node.module:
                    prefixes.add(alias.asname or alias.name)
        if isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module:
            for alias in stmt.names:
                if f"{stmt.module}.{alias.name}" == node.module:
                    prefixes.add(alias.asname or alias.name)
        body.append(stmt)
    local = local or node.name
    wanted = {f"{p}.{node.name}" for p in prefixes} | {node.qualname}  # `import pkg` then pkg.mod.f(...)

    class Redirect(ast.NodeTransformer):
        def visit_Attribute(self, item: ast.Attribute):
            self.generic_visit(item)
            if ast.unparse(item) in wanted:
                return ast.copy_location(ast.Name(id=local, ctx=item.ctx), item)
            return item

    if local == node.name and not prefixes and not _calls_name(tree, local) and node.qualname not in solution:
        return None
    body = [Redirect().visit(stmt) for stmt in body]
    fn.name = local
    bound = _bound_names(fn) | {local}
    loaded = sorted({n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
                    - bound - set(dir(builtins)))
    if node.name != local and node.name in loaded:
        loaded.remove(node.name)
        extra = [ast.parse(f"{node.name} = {local}").body[0]]
    else:
        extra = []
    head = [ast.parse(f"from {node.module} import {', '.join(loaded)}").body[0]] if loaded else []
    split = 0
    while split < len(body) and isinstance(body[split], (ast.Import, ast.ImportFrom)) or (
        split < len(body) and isinstance(body[split], ast.Expr) and isinstance(getattr(body[split], "value", None), ast.Constant)
    ):
        split += 1
    tree.body = body[:split] + head + [fn] + extra + body[split:]
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _absolute_imports(fn: ast.AST, node: Node) -> None:
    """Relative imports inside the copied body, made absolute (the copy lives in another package)."""
    package = node.module if node.path.endswith("__init__.py") else node.module.rpartition(".")[0]
    for item in ast.walk(fn):
        if isinstance(item, ast.ImportFrom) and item.level:
            parts = package.split(".")
            base = parts[: len(parts) - (item.level - 1)] if item.level > 1 else parts
            item.module = ".".join(base + ([item.module] if item.module else []))
            item.level = 0


def _calls_name(tree: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))


# --------------------------------------------------------------------------
# the heuristic synthesizer
# --------------------------------------------------------------------------

_SAMPLES = {
    "str": ['""', '"hello world"', '"The quick brown fox jumps over the lazy dog. " * 3', '"first part\\n\\nsecond part"', '"  padded  "'],
    "int": ["0", "1", "12", "40"],
    "float": ["0.0", "2.5", "-1.25"],
    "bool": ["False", "True"],
    "list[str]": ["[]", '["alpha", "beta"]', '["x y", "", "x y"]'],
}
_STR_LISTS = ("list[str]", "t.List[str]", "List[str]", "t.Sequence[str]", "cabc.Sequence[str]", "Sequence[str]",
              "t.Iterable[str]", "cabc.Iterable[str]", "Iterable[str]")
_OPTIONAL_FORMS = ("{} | None", "t.Optional[{}]", "typing.Optional[{}]", "Optional[{}]")
# names and callees of functions never run by the heuristic: they touch the terminal, the network,
# processes, or files
_UNSAFE = ("subprocess", "webbrowser", "os.system", "os.remove", "os.unlink", "os.kill", "os.exec", "os.spawn", "os.fork",
           "shutil", "getpass", "input", "sys.exit", "open", "echo", "getchar", "pager", "edit", "prompt", "launch",
           "sleep", "socket", "urllib", "http", "exit", "pause", "confirm", "progressbar", "secho", "write", "flush",
           "sys.argv", "os.environ", "getenv", "random", "time", "datetime.now", "today", "uuid")


# a function reading these gives other values in a test run than in the builder: not for sampled tests
_HIDDEN_INPUTS = ("sys.argv", "__main__", "os.environ", "getcwd", "sys.stdin", "sys.stdout", "sys.stderr", "locale", "platform")


def _base_type(annotation: Optional[str], default: Optional[str] = None) -> Optional[str]:
    """The sample type of a parameter: its plain annotation, else the type of its literal default."""
    if annotation is None:
        if default is None or default == "None":
            return None
        try:
            value = ast.literal_eval(default)
        except (ValueError, SyntaxError):
            return None
        return type(value).__name__ if type(value).__name__ in _SAMPLES else None
    text = " ".join(annotation.split())
    if text in _SAMPLES:
        return text
    if text in _STR_LISTS:
        return "list[str]"
    if text.startswith("str |"):  # a union taking text first: sample it with text
        return "str"
    for form in _OPTIONAL_FORMS:
        for base in _SAMPLES:
            if text == form.format(base):
                return base
    return None


def sampleable(node: Node) -> bool:
    if not copyable(node) or node.private and node.name.startswith("__"):
        return False
    lowered = [node.name.lower()] + [c.lower() for c in node.callees]
    if any(word in item for item in lowered for word in _UNSAFE):
        return False
    if node.decorators:
        return False
    typed = 0
    for p in node.params:
        if p.kind not in ("positional", "positional_only", "keyword_only"):
            return False
        base = _base_type(p.annotation, p.default)
        if base is None and p.default is None:
            return False
        typed += base is not None
    return typed > 0


class HeuristicSynthesizer:
    """Turn functions over typed evidence symbols, with sampled test calls; no model."""

    def __init__(self, max_calls: int = 14):
        self.max_calls = max_calls

    def accepts(self, node: Node) -> bool:
        return sampleable(node)

    def _params(self, node: Node, taken: set[str]) -> list[tuple[str, str, Optional[str], Optional[str], str]]:
        """(new name, original name, annotation, default, kind) of the typed parameters; others keep their defaults."""
        out = []
        for p in node.params:
            if _base_type(p.annotation, p.default) is None:
                continue
            name = p.name
            while name in taken:
                name += "_"
            taken.add(name)
            base = _base_type(p.annotation, p.default)
            shown = base + (" | None" if p.annotation and "None" in p.annotation.split("|")[-1] + p.annotation else "")
            out.append((name, p.name, shown, p.default, p.kind))
        return out

    def _call_of(self, node: Node, params, alias: str) -> str:
        args = []
        keyword = False
        typed = {orig for _, orig, _, _, _ in params}
        for p in node.params:
            if p.name not in typed:
                keyword = True  # a skipped parameter: the rest go by keyword
                continue
            new = next(n for n, orig, *_ in params if orig == p.name)
            if keyword or p.kind == "keyword_only":
                args.append(f"{p.name}={new}")
            else:
                args.append(new)
        return f"{alias}({', '.join(args)})"

    def synthesize(self, graph: Graph, symbols: list[str], spec: TurnSpec, log: Callable[[str], None]) -> Optional[Task]:
        node = graph.nodes[symbols[0]]
        prev = spec.previous
        text = _code_text(graph.source_of(node.qualname))
        hidden = [w for w in _HIDDEN_INPUTS if w in text]
        if hidden:
            log(f"skipped by the heuristic: it reads {hidden[0]} (not reproducible)")
            return None
        stem = node.name.strip("_")
        function = f"{stem}_step{spec.number}"
        taken: set[str] = {function}
        prev_params: list = []
        if prev is not None:
            prev_params = [a.arg for a in _def_args(prev.signature)]
            taken.update(prev_params)
        params = self._params(node, taken)
        sig_parts = [_param_text(a) for a in (_def_args(prev.signature) if prev else [])]
        required_first = [p for p in params if p[3] is None]
        optional = [p for p in params if p[3] is not None]
        kwonly_seen = any("=" in s for s in sig_parts)
        for name, _, ann, default, _ in required_first + optional:
            if default is None and kwonly_seen:
                return None
            sig_parts.append(f"{name}: {ann}" + (f" = {default}" if default is not None else ""))
            kwonly_seen = kwonly_seen or default is not None
        signature = f"def {function}({', '.join(sig_parts)})"
        alias = node.name
        lines = [f"from {node.module} import {node.name}"]
        own = self._call_of(node, params, alias)
        if prev is not None:
            lines.append(f"from {spec.previous_module} import {prev.function}")
            body = f"    return ({prev.function}({', '.join(prev_params)}), {own})"
        else:
            body = f"    return {own}"
        doc = (node.docstring or "").strip().split("\n\n")[0].replace("\n", " ").strip()
        solution = "\n".join(lines) + f"\n\n\n{signature}:\n{body}\n"
        what = f"what the project's own helper for this does ({doc.rstrip('.')})" if doc else "what the project's own helper for this does"
        if prev is None:
            requirement = (f"Add `{signature[4:]}` in `{spec.path}` (module `{spec.module}`). It returns {what}, "
                           "for the given arguments; optional arguments have the defaults shown.")
        else:
            requirement = (f"Add `{signature[4:]}` in `{spec.path}` (module `{spec.module}`). It returns a pair: first "
                           f"what `{prev.function}` of turn {spec.number - 1} returns for the first "
                           f"{len(prev_params)} argument(s), then {what} for the others.")
        calls = self._calls(function, prev, prev_params, [(n, ann, d) for n, _, ann, d, _ in required_first + optional])
        targets = [node.qualname]
        return Task(function, signature, requirement, solution, calls, [None] * len(calls),
                    [location(graph, s) for s in symbols], targets, [f"{spec.previous_module}.{prev.function}"] if prev else [])

    def _calls(self, function: str, prev: Optional[Task], prev_params: list[str], params: list) -> list[str]:
        first_prev = _first_args(prev.calls[0]) if prev and prev.calls else []
        prev_variants = [_first_args(c) for c in prev.calls[:4]] if prev else [[]]
        base = {}
        for name, ann, _default in params:
            samples = _SAMPLES[_base_type(ann)]
            base[name] = samples[1] if len(samples) > 1 else samples[0]
        calls: list[str] = []

        def emit(prev_args: list[str], values: dict) -> None:
            args = list(prev_args) + [f"{k}={v}" for k, v in values.items()]
            call = f"{function}({', '.join(args)})"
            if call not in calls and len(calls) < self.max_calls:
                calls.append(call)

        for variant in prev_variants:
            emit(variant, base)
        for name, ann, default in params:
            for sample in _SAMPLES[_base_type(ann)]:
                emit(first_prev, {**base, name: sample})
            if default == "None" or (ann and "None" in ann):
                emit(first_prev, {**base, name: "None"})
        return calls

    def docstring_solution(self, graph: Graph, task: Task, symbols: list[str], log: Callable[[str], None]) -> Optional[str]:
        log("docstring filter: needs a model; not applied by the heuristic synthesizer")
        return None


def _code_text(source: str) -> str:
    """A function's code without its docstring (words there say nothing of what it reads)."""
    try:
        tree = ast.parse(textwrap.dedent(source))
    except SyntaxError:
        return source
    for item in ast.walk(tree):
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and item.body:
            first = item.body[0]
            if isinstance(first, ast.Expr) and isinstance(getattr(first, "value", None), ast.Constant) and isinstance(first.value.value, str):
                item.body = item.body[1:] or [ast.Pass()]
    return ast.unparse(tree)


def _def_args(signature: str) -> list[ast.arg]:
    fn = ast.parse(signature.strip().rstrip(":") + ":\n    ...\n").body[0]
    return fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs


def _param_text(arg: ast.arg) -> str:
    return arg.arg + (f": {ast.unparse(arg.annotation)}" if arg.annotation is not None else "")


def _first_args(call: str) -> list[str]:
    """The positional argument texts of a call expression (the earlier turn's own arguments)."""
    expr = ast.parse(call, mode="eval").body
    if not isinstance(expr, ast.Call):
        return []
    return [ast.unparse(a) for a in expr.args] + [ast.unparse(k.value) for k in expr.keywords]


# --------------------------------------------------------------------------
# the model synthesizer
# --------------------------------------------------------------------------

_TASK_KEYS = {"requirement": str, "function": str, "signature": str, "solution": str, "tests": list, "reads": list}


def check_task(data: object, min_tests: int = 5) -> Optional[str]:
    """None when ``data`` is a usable task answer, else the problem (told to the model on a retry)."""
    if not isinstance(data, dict):
        return "expected one JSON object"
    for key, kind in _TASK_KEYS.items():
        if not isinstance(data.get(key), kind):
            return f"field {key!r} must be a {kind.__name__}"
    try:
        head = ast.parse(data["signature"].strip().rstrip(":") + ":\n    ...\n").body
    except SyntaxError as exc:
        return f"signature is not a def line: {exc.msg}"
    if len(head) != 1 or not isinstance(head[0], ast.FunctionDef) or head[0].name != data["function"]:
        return "signature must be one def line of the function named in 'function'"
    try:
        tree = ast.parse(data["solution"])
    except SyntaxError as exc:
        return f"solution is not valid Python: {exc.msg} (line {exc.lineno})"
    if not any(isinstance(n, ast.FunctionDef) and n.name == data["function"] for n in tree.body):
        return f"solution does not define {data['function']}"
    if len(data["tests"]) < min_tests:
        return f"give at least {min_tests} tests"
    for k, test in enumerate(data["tests"]):
        if not isinstance(test, dict) or not isinstance(test.get("call"), str) or not isinstance(test.get("expect"), str):
            return f"tests[{k}] must be an object with the strings 'call' and 'expect'"
        try:
            ast.parse(test["call"], mode="eval")
            ast.literal_eval(test["expect"])
        except (SyntaxError, ValueError) as exc:
            return f"tests[{k}]: call must be an expression and expect a Python literal ({exc})"
        if data["function"] not in test["call"]:
            return f"tests[{k}] does not call {data['function']}"
    return None


class LLMSynthesizer:
    """A model writes each task from the evidence's source code."""

    def __init__(self, client: ChatClient, retries: int = 2, min_tests: int = 5):
        self.client = client
        self.retries = retries
        self.min_tests = min_tests

    def accepts(self, node: Node) -> bool:
        return not node.nested

    def synthesize(self, graph: Graph, symbols: list[str], spec: TurnSpec, log: Callable[[str], None]) -> Optional[Task]:
        sources = "\n\n".join(f"# {s}  ({location(graph, s)})\n{graph.source_of(s)}" for s in symbols)
        chained = ""
        if spec.previous is not None:
            chained = (f"\nThe project already has, from the previous step, module `{spec.previous_module}` with "
                       f"`{spec.previous.signature}`:\n{spec.previous.requirement}\nThe new function must call "
                       f"`{spec.previous_module}.{spec.previous.function}` and build on it.\n")
        prompt = (
            f"You write one programming task for a project that uses the library `{graph.import_name}`.\n"
            f"Library functions to build on (the reference solution must call each of them):\n\n{sources}\n{chained}\n"
            f"The new code goes in `{spec.path}` (module `{spec.module}`).\n"
            "Rules: the requirement reads like a feature request of a real project; it never names a library function "
            "above and never describes their quirks in words that would let one rewrite them without reading their source. "
            "The new function itself should call at least 3 distinct functions (library functions above, earlier-step "
            "functions, or helpers of its own module), so that a later step can build on it as a real layer. "
            f"Give at least {self.min_tests} test calls with edge cases; each 'expect' is the Python literal the call returns.\n"
            "Answer with one JSON object only, with the keys: requirement (text), function (name), signature (the def "
            "line), solution (the whole module text), tests (a list of {\"call\": \"<expression calling the function>\", "
            "\"expect\": \"<python literal>\"}), reads (the 'path:start-end' source locations a developer must read)."
        )
        data = ask_json(self.client, [{"role": "user", "content": prompt}], lambda d: check_task(d, self.min_tests),
                        self.retries, log)
        if data is None:
            log(f"synthesis: dropped the candidate from {symbols[0]} (no usable answer)")
            return None
        return Task(
            function=data["function"],
            signature=data["signature"].strip().rstrip(":"),
            requirement=data["requirement"].strip() + "\n",
            solution=data["solution"].rstrip() + "\n",
            calls=[t["call"] for t in data["tests"]],
            predicted=[t["expect"] for t in data["tests"]],
            reads=[str(r) for r in data["reads"]],
            repo_targets=list(symbols),
            self_targets=[f"{spec.previous_module}.{spec.previous.function}"] if spec.previous else [],
        )

    def docstring_solution(self, graph: Graph, task: Task, symbols: list[str], log: Callable[[str], None]) -> Optional[str]:
        docs = "\n".join(f"- {s}: {(graph.nodes[s].docstring or '(no docstring)').strip()}" for s in symbols)
        prompt = (
            f"Write the Python module for this task. You may read only these docstrings of the library `{graph.import_name}`, "
            f"not its source.\n\nTask:\n{task.requirement}\nSignature: {task.signature}\n\nDocstrings:\n{docs}\n\n"
            'Answer with one JSON object only: {"solution": "<the whole module text>"}.'
        )

        def check(data: object) -> Optional[str]:
            if not isinstance(data, dict) or not isinstance(data.get("solution"), str):
                return "expected an object with the string 'solution'"
            try:
                ast.parse(data["solution"])
            except SyntaxError as exc:
                return f"solution is not valid Python: {exc.msg}"
            return None

        data = ask_json(self.client, [{"role": "user", "content": prompt}], check, self.retries, log)
        return None if data is None else data["solution"]
