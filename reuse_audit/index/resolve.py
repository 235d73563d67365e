"""Resolution: turn each call site into one canonical callee name.

Input: the compact facts (see ``parse.py``) of every file of a tree, keyed by
path.  Output: for every function, the set of canonical names it calls.

Canonical names are dotted paths where the object is *defined*:

* ``from .util import f as g; g()``            -> ``pkg.util.f``
* ``import numpy as np; np.array()``           -> ``numpy.array`` (outside the repo: as imported)
* ``from pkg import Text`` (re-exported)       -> ``pkg.core.Text``
* ``self.m()`` / ``cls.m()`` / ``super().m()`` -> the method found on the class or its bases
* ``t: Text`` parameter, ``t = Text()`` local  -> ``t.m()`` is ``pkg.core.Text.m``
* a call on anything else (``df.groupby()``)   -> ``.groupby`` (a method-name callee)

Python builtins, and methods of builtin types called on unknown receivers
(``x.append``, ``s.join``), are not callees.  Calls of local variables and
parameters that are not known functions are dropped: they name no function.

Dependencies.  Resolving the functions of one module reads the tables of other
modules (what a name is there: function, class and its bases, import; star
imports; whether a module exists).  While it resolves a module, the resolver
records each such read as a *token* (see ``module_tokens``), so that a later
run that changes a few files re-resolves only the modules whose tokens those
files changed.  Results are memoized only when they are a pure function of the
facts (never a partial result taken inside a cycle of base classes), so a
module resolves to the same callees whether it is resolved alone or with all
the others.
"""

from __future__ import annotations

import builtins
import re
from operator import itemgetter
from typing import Iterable, Iterator, Mapping, Optional

from reuse_audit.facts.rows import (
    LOCALS,
    CallRow,
    ClassRow,
    FileRow,
    FunctionRow,
    ImportRow,
    ModuleInfo,
    Skeleton,
    typed,
)

BUILTIN_NAMES = frozenset(dir(builtins)) | {"__import__", "reveal_type", "__file__", "__name__"}

# Methods of builtin types.  On a receiver of unknown type these calls are
# overwhelmingly list/dict/str/set operations, so counting them as callees
# would make every function look like every other one.
BUILTIN_METHODS = frozenset(
    name
    for kind in (str, bytes, bytearray, list, dict, set, frozenset, tuple, int, float, complex, object, type(None))
    for name in dir(kind)
) | frozenset(
    # file objects and other near-universal protocols
    ["read", "write", "readline", "readlines", "writelines", "close", "flush", "seek", "tell", "__enter__", "__exit__", "next", "send", "throw"]
)

_OPTIONAL = re.compile(r"^(?:typing\.)?Optional\[(.+)\]$")
_CLASS_TEXT = re.compile(r"[A-Za-z_][\w.]*")

# dependency tokens: a module name (does it exist), MEMBER joins a module name
# and a name in it, STARS marks a module's star imports, TOP / PREFIX a query of
# the set of top-level packages / of module name prefixes
MEMBER = "\x00"
STARS = "\x00*"
TOP = "\x01t"
PREFIX = "\x01p"

_MISSING = object()
# the chain of a call site (a CallRow, plain: in C, for every call of every function)
_CALL_PARTS = itemgetter(CallRow._fields.index("parts"))


def module_name_for(path: str, init_dirs: frozenset[str]) -> tuple[str, bool]:
    """Dotted module name of a repository file and whether it is a package ``__init__``.

    Packages are folders with an ``__init__.py``; the import root is the folder
    above the outermost package (so ``src/`` layouts work).  Files outside any
    package take their path from the repository root, less a leading ``src/``.
    """
    parts = path[:-3].split("/") if path.endswith(".py") else path.split("/")
    is_package = parts[-1] == "__init__"
    folders = parts[:-1]
    depth = 0  # how many trailing folders are packages
    while depth < len(folders) and "/".join(folders[: len(folders) - depth]) in init_dirs:
        depth += 1
    if depth:
        dotted = folders[len(folders) - depth :] + ([] if is_package else [parts[-1]])
    else:
        dotted = list(parts)
        if dotted and dotted[0] == "src" and len(dotted) > 1:
            dotted = dotted[1:]
        if is_package:  # __init__.py in a folder that is not a package root? treat as the folder
            dotted = dotted[:-1] or ["__init__"]
    return ".".join(dotted), is_package


def init_dirs_of(paths: Iterable[str]) -> frozenset[str]:
    return frozenset(p.rpartition("/")[0] for p in paths if p.endswith("__init__.py") and "/" in p)


def assign_modules(paths: Iterable[str]) -> dict[str, Optional[ModuleInfo]]:
    """path -> (module name, is package, loose) for every path, in path order.

    None for a file left out: when two files claim one name the first keeps it
    and the other is named by its path; when that name is taken too, the file
    has no module.
    """
    paths = sorted(paths)
    init_dirs = init_dirs_of(paths)
    taken: set[str] = set()
    out: dict[str, Optional[ModuleInfo]] = {}
    for path in paths:
        name, is_package = module_name_for(path, init_dirs)
        if name in taken:
            name = path[:-3].replace("/", ".")
            if name in taken:
                out[path] = None
                continue
        taken.add(name)
        out[path] = ModuleInfo(name, is_package, path.rpartition("/")[0] not in init_dirs)
    return out


def skeleton_of(facts: tuple) -> tuple:
    """What other modules may read of a file (a ``Skeleton``, as a plain tuple: it is marshalled):
    (function names, (class, bases) pairs, imports, module names)."""
    file = FileRow._make(facts)
    return (
        tuple([FunctionRow._make(f).local_name for f in file.functions]),
        tuple([(c.local_name, c.bases) for c in map(ClassRow._make, file.classes)]),
        file.imports,
        file.module_names,
    )


def module_tokens(name: str, old: Optional[tuple], new: Optional[tuple]) -> set[str]:
    """The tokens whose answer differs between two skeletons of module ``name``.

    A module that appears or disappears changes its name token; reads of its
    members are only made after finding it, so they need no token of their own.
    """
    if old is None or new is None:
        return {name} if old is not new else set()
    old_members, old_stars = _members(old)
    new_members, new_stars = _members(new)
    changed = {name + MEMBER + member for member in old_members.keys() | new_members.keys() if old_members.get(member) != new_members.get(member)}
    if old_stars != new_stars:
        changed.add(name + STARS)
    return changed


def _members(skeleton: tuple) -> tuple[dict[str, tuple], tuple]:
    functions, classes, imports, _ = Skeleton._make(skeleton)
    members: dict[str, list] = {}
    for local in functions:
        members.setdefault(local, [False, None, None])[0] = True
    for local, bases in classes:
        members.setdefault(local, [False, None, None])[1] = bases
    stars = []
    for imp in map(ImportRow._make, imports):
        what = (imp.bound, imp.module, imp.name, imp.level)  # not where: a moved line reads the same
        if imp.bound == "*":
            stars.append(what)
        else:
            members.setdefault(imp.bound, [False, None, None])[2] = what
    return {k: tuple(v) for k, v in members.items()}, tuple(stars)


def prefixes_of(names: Iterable[str]) -> frozenset[str]:
    return frozenset(".".join(name.split(".")[:i]) for name in names for i in range(1, name.count(".") + 2))


class Module:
    """One module: its own tables, from full facts or from a skeleton."""

    __slots__ = (
        "name", "path", "is_package", "loose", "package", "facts", "defs",
        "functions", "classes", "imports", "star_imports", "variables",
    )

    def __init__(self, name: str, path: str, is_package: bool, loose: bool, facts: Optional[tuple] = None, skeleton: Optional[tuple] = None):
        self.name = name
        self.path = path
        self.is_package = is_package
        self.loose = loose  # not inside a package: a script whose folder is its import root
        self.package = name if is_package else name.rpartition(".")[0]
        self.facts = facts  # compact file facts; None when only the skeleton is known
        if facts is not None:
            file = FileRow._make(facts)
            self.defs: list[FunctionRow] = list(typed(FunctionRow, file.functions))  # in source order
            self.functions: dict[str, Optional[FunctionRow]] = {f.local_name: f for f in self.defs}  # last def wins
            self.classes: dict[str, tuple[str, ...]] = {c.local_name: c.bases for c in typed(ClassRow, file.classes)}  # local name -> bases
            imports, variables = file.imports, file.module_names
        else:
            assert skeleton is not None  # a module is made from its full facts or from its skeleton
            names, classes, imports, variables = Skeleton._make(skeleton)
            self.defs = []
            self.functions = dict.fromkeys(names)
            self.classes = dict(classes)
        self.imports: dict[str, ImportRow] = {}  # module-level bound name -> import (last wins)
        self.star_imports: list[ImportRow] = []
        for imp in typed(ImportRow, imports):
            if imp.bound == "*":
                self.star_imports.append(imp)
            else:
                self.imports[imp.bound] = imp
        self.variables = frozenset(variables)

    def own_functions(self) -> Iterator[FunctionRow]:
        """The compact functions the module defines (of two defs of one name, the last)."""
        functions = self.functions
        for fn in self.defs:
            if functions.get(fn.local_name) is fn:
                yield fn


class Resolver:
    """Canonical names for every call in a set of modules."""

    def __init__(self, modules: Iterable[Module] = (), table: Optional[Mapping[str, Module]] = None):
        """``table``, instead of ``modules``: a table of every module name whose modules are made
        when first read (``index.modules.LazyModules``); only its names are read here."""
        self.modules: Mapping[str, Module] = table if table is not None else {m.name: m for m in modules}
        self.top_level = frozenset(name.partition(".")[0] for name in self.modules)
        self.module_prefixes = prefixes_of(self.modules)
        # memo tables: key -> (result, tokens), only for results that are pure
        self._canonical: dict[str, tuple] = {}
        self._class: dict[str, tuple] = {}
        self._mro: dict[str, tuple] = {}
        self._methods: dict[tuple, tuple] = {}
        self._mro_active: set[str] = set()
        self._rec: set[str] = set()  # tokens read by the computation under way
        self._hits: set[str] = set()  # classes in progress whose partial MRO was used

    @classmethod
    def from_facts(cls, files: dict[str, tuple]) -> "Resolver":
        """A resolver over full compact facts keyed by path."""
        modules = []
        for path, info in assign_modules(files).items():
            if info is not None:
                modules.append(Module(info.name, path, info.is_package, info.loose, facts=files[path]))
        return cls(modules)

    @property
    def module_of_path(self) -> dict[str, str]:
        return {m.path: m.name for m in sorted(self.modules.values(), key=lambda m: m.path)}

    # ------------------------------------------------------------ memo helper

    def _enter(self) -> tuple[set, set, set, set]:
        """Start recording a computation: (outer tokens, outer hits, its tokens, its hits)."""
        outer_rec, outer_hits = self._rec, self._hits
        rec: set[str] = set()
        hits: set[str] = set()
        self._rec, self._hits = rec, hits
        return outer_rec, outer_hits, rec, hits

    def _abort(self, state: tuple) -> None:
        self._rec, self._hits = state[0], state[1]

    def _leave(self, state: tuple, table: dict, key, result) -> None:
        """Stop recording: memoize a pure result, and hand the tokens read to the outer computation."""
        outer_rec, outer_hits, rec, hits = state
        self._rec, self._hits = outer_rec, outer_hits
        if not hits:
            table[key] = (result, frozenset(rec))
        else:
            outer_hits |= hits
        outer_rec |= rec

    # ------------------------------------------------------------------ imports

    def import_target(self, module: Module, imp: ImportRow) -> str:
        """Absolute dotted name an import binds."""
        level = imp.level
        source = imp.module
        if level:
            base = module.package.split(".") if module.package else []
            if level > 1:
                base = base[: len(base) - (level - 1)] if level - 1 <= len(base) else []
            if source:
                base.append(source)
            source = ".".join(base)
        elif module.loose and module.package:
            # a script outside any package imports its neighbours: `import helper`
            top = source.partition(".")[0]
            rec = self._rec
            rec.add(TOP + top)
            if top not in self.top_level:
                sibling = module.package + "." + source
                rec.add(PREFIX + sibling)
                if sibling in self.module_prefixes:
                    source = sibling
        name = imp.name
        if name is None:
            return source
        return f"{source}.{name}" if source else name

    # --------------------------------------------------------------- canonical

    def canonical(self, dotted: str) -> str:
        """Follow imports and re-exports to where a dotted name is defined."""
        hit = self._canonical.get(dotted)
        if hit is None:
            state = self._enter()
            try:
                result = self._canonical_uncached(dotted, 0)
            except BaseException:
                self._abort(state)
                raise
            self._leave(state, self._canonical, dotted, result)
            return result
        self._rec |= hit[1]
        return hit[0]

    def _canonical_uncached(self, dotted: str, depth: int) -> str:
        if depth > 20:
            return dotted
        parts = dotted.split(".")
        rec = self._rec
        modules = self.modules
        for i in range(len(parts), 0, -1):
            mod_name = ".".join(parts[:i])
            rec.add(mod_name)
            module = modules.get(mod_name)
            if module is not None:
                break
        else:
            return dotted  # outside the repository: canonical as written
        rest = parts[i:]
        if not rest:
            return mod_name
        head = rest[0]
        rec.add(mod_name + MEMBER + head)
        if head in module.classes or head in module.functions:
            return self._member_chain(module, head, rest[1:])
        imp = module.imports.get(head)
        if imp is not None:
            new = ".".join([self.import_target(module, imp)] + rest[1:])
            if new != dotted:
                return self._canonical_uncached(new, depth + 1)
        rec.add(mod_name + STARS)
        for star in module.star_imports:
            source = self.import_target(module, star).rpartition(".")[0]
            rec.add(source)
            source_module = modules.get(source)
            if source_module is not None:
                rec.add(source + MEMBER + head)
                if head in source_module.functions or head in source_module.classes or head in source_module.imports:
                    return self._canonical_uncached(".".join([source] + rest), depth + 1)
        return dotted

    def _member_chain(self, module: Module, head: str, rest: list[str]) -> str:
        """``head`` is a function or class defined in ``module``; walk ``rest`` through classes."""
        local = head
        name = module.name
        rec = self._rec
        while rest:
            rec.add(name + MEMBER + local)
            if local not in module.classes:
                break
            nested = f"{local}.{rest[0]}"
            rec.add(name + MEMBER + nested)
            if nested in module.classes:
                local = nested
                rest = rest[1:]
                continue
            found = self.lookup_method(f"{name}.{local}", rest[0])
            if found is not None:
                return ".".join([found] + rest[1:])
            break
        return ".".join([name, local] + rest)

    # -------------------------------------------------------------- classes

    def class_fact(self, qualname: str) -> Optional[tuple[Module, str, tuple[str, ...]]]:
        """(module, local name, bases) of a repository class, None for anything else."""
        hit = self._class.get(qualname)
        if hit is None:
            rec = set()
            result = None
            # try every split point: module names contain dots
            parts = qualname.split(".")
            for i in range(len(parts) - 1, 0, -1):
                mod_name = ".".join(parts[:i])
                rec.add(mod_name)
                module = self.modules.get(mod_name)
                if module is not None:
                    local = ".".join(parts[i:])
                    rec.add(mod_name + MEMBER + local)
                    bases = module.classes.get(local)
                    if bases is not None:
                        result = (module, local, bases)
                    break
            hit = self._class[qualname] = (result, frozenset(rec))
        self._rec |= hit[1]
        return hit[0]

    def is_class(self, qualname: str) -> bool:
        return self.class_fact(qualname) is not None

    def mro(self, qualname: str) -> tuple[str, ...]:
        """The class and its repository bases, depth first, left to right, no repeats."""
        hit = self._mro.get(qualname)
        if hit is not None:
            self._rec |= hit[1]
            return hit[0]
        if qualname in self._mro_active:  # a cycle of bases: the partial answer, not memoized above
            self._hits.add(qualname)
            return (qualname,)
        self._mro_active.add(qualname)
        state = self._enter()
        order: list[str] = [qualname]
        try:
            found = self.class_fact(qualname)
            if found is not None:
                module, _, bases = found
                for base in bases:
                    base_name = self.resolve_in_module(module, base)
                    if base_name and self.is_class(base_name):
                        for item in self.mro(base_name):
                            if item not in order:
                                order.append(item)
        except BaseException:
            self._abort(state)
            raise
        finally:
            self._mro_active.discard(qualname)
        state[3].discard(qualname)  # the cycle closes here: the answer is whole
        result = tuple(order)
        self._leave(state, self._mro, qualname, result)
        return result

    def lookup_method(self, class_qualname: str, name: str, skip_self: bool = False) -> Optional[str]:
        key = (class_qualname, name, skip_self)
        hit = self._methods.get(key)
        if hit is not None:
            self._rec |= hit[1]
            return hit[0]
        state = self._enter()
        result = None
        try:
            for i, cls in enumerate(self.mro(class_qualname)):
                if skip_self and i == 0:
                    continue
                found = self.class_fact(cls)
                if found is None:
                    continue
                module, local, _ = found
                member = f"{local}.{name}"
                self._rec.add(module.name + MEMBER + member)
                if member in module.functions or member in module.classes:
                    result = f"{cls}.{name}"
                    break
        except BaseException:
            self._abort(state)
            raise
        self._leave(state, self._methods, key, result)
        return result

    def resolve_in_module(self, module: Module, dotted: str) -> Optional[str]:
        """A dotted expression written at module level of ``module``."""
        head, _, rest = dotted.partition(".")
        self._rec.add(module.name + MEMBER + head)
        if head in module.functions or head in module.classes:
            base = f"{module.name}.{head}"
        elif head in module.imports:
            base = self.import_target(module, module.imports[head])
        else:
            star = self._from_star(module, head)
            if star is None:
                return None
            base = star
        return self.canonical(f"{base}.{rest}" if rest else base)

    def _from_star(self, module: Module, head: str) -> Optional[str]:
        rec = self._rec
        rec.add(module.name + STARS)
        for star in module.star_imports:
            source = self.import_target(module, star).rpartition(".")[0]
            rec.add(source)
            source_module = self.modules.get(source)
            if source_module is not None:
                rec.add(source + MEMBER + head)
                if head in source_module.functions or head in source_module.classes or head in source_module.imports:
                    return f"{source}.{head}"
        return None

    # ---------------------------------------------------------------- calls

    def resolve_module(self, module: Module) -> tuple[dict[str, set[str]], set[str]]:
        """Own callees of every function of a module (fully parsed), and the tokens read."""
        rec = self._rec = set()
        self._hits = set()
        at_module: dict[tuple, Optional[str]] = {}  # call parts resolved at module scope
        class_texts: dict[str, Optional[str]] = {}
        out: dict[str, set[str]] = {}
        for fn in module.own_functions():
            out[fn.local_name] = self._callees(module, fn, at_module, class_texts)
        self._rec = set()
        return out, rec

    def callees(self, module: Module, fn: FunctionRow) -> set[str]:
        """Canonical callees of one function's own call sites."""
        return self._callees(module, fn, {}, {})

    def call_targets(self, module: Module, fn: FunctionRow) -> list[tuple[tuple[str, ...], Optional[str]]]:
        """(call chain, canonical callee or None) of each of a function's own call chains."""
        trace: list[tuple[tuple[str, ...], Optional[str]]] = []
        self._callees(module, fn, {}, {}, trace)
        return trace

    def _callees(self, module: Module, fn: FunctionRow, at_module: dict, class_texts: dict, trace: Optional[list] = None) -> set[str]:
        calls = fn.calls
        if not calls:
            return set()
        scopes = self._scopes(module, fn)
        if len(scopes) == 1:
            local = frozenset(fn.local_names)
            scope_names = [local]
        else:
            scope_names = [frozenset(s.local_names) for s in scopes]
            local = frozenset().union(*scope_names)
        out: set[str] = set()
        # full facts list call sites; facts parsed for resolution only, the set of their chains
        for parts in calls if type(calls) is frozenset else set(map(_CALL_PARTS, calls)):
            head = parts[0]
            if head == "":
                name = _method_callee(parts[-1]) if len(parts) > 1 else None
            elif head != "super()" and head not in local:
                name = at_module.get(parts, _MISSING)
                if name is _MISSING:
                    name = at_module[parts] = self._resolve_at_module(module, parts)
            else:
                name = self._resolve_call(module, scopes, scope_names, parts, class_texts)
            if name:
                out.add(name)
            if trace is not None:
                trace.append((parts, name))
        return out

    def _scopes(self, module: Module, fn: FunctionRow) -> list[FunctionRow]:
        chain = [fn]
        seen = {fn.local_name}
        current = fn
        while True:
            parent = current.parent_function
            class_name = current.class_name
            if parent is None and class_name and LOCALS in class_name:
                # a method of a class defined inside a function: that function encloses it
                parent = class_name.rpartition(LOCALS)[0]
            if parent is None or parent in seen:
                break
            parent_fact = module.functions.get(parent)
            if parent_fact is None:
                break
            chain.append(parent_fact)
            seen.add(parent)
            current = parent_fact
        return chain

    def resolve_call(self, module: Module, scopes: list[FunctionRow], parts: tuple[str, ...]) -> Optional[str]:
        names = [frozenset(s.local_names) for s in scopes]
        return self._resolve_call(module, scopes, names, parts, {})

    def _resolve_call(
        self, module: Module, scopes: list[FunctionRow], scope_names: list[frozenset], parts: tuple[str, ...], class_texts: dict
    ) -> Optional[str]:
        if not parts:
            return None
        head = parts[0]
        if head == "":
            return _method_callee(parts[-1]) if len(parts) > 1 else None
        if head == "super()":
            if len(parts) != 2:
                return _method_callee(parts[-1])
            cls = self._enclosing_class(module, scopes)
            if cls is not None:
                found = self.lookup_method(cls, parts[1], skip_self=True)
                if found:
                    return found
            return _method_callee(parts[1])
        for scope, names in zip(scopes, scope_names):
            if head not in names:
                continue
            receiver_class = self._local_class(module, scope, names, head, class_texts)
            if receiver_class is not None:
                if len(parts) == 1:
                    return None  # calling an instance: __call__, rarely meaningful
                if len(parts) == 2:
                    return self.lookup_method(receiver_class, parts[1]) or _method_callee(parts[1])
                return _method_callee(parts[-1])
            bound = self._local_binding(module, scope, head)
            if bound is not None:
                return self.canonical(".".join((bound,) + parts[1:]))
            return _method_callee(parts[-1]) if len(parts) > 1 else None
        return self._resolve_at_module(module, parts)

    def _resolve_at_module(self, module: Module, parts: tuple[str, ...]) -> Optional[str]:
        """A call whose head no enclosing function binds: a name of the module, an import, a builtin."""
        head = parts[0]
        if head in module.functions or head in module.classes:
            return self._member_chain(module, head, list(parts[1:]))
        imp = module.imports.get(head)
        if imp is not None:
            found = self.canonical(".".join((self.import_target(module, imp),) + parts[1:]))
            if len(parts) > 1 and self._through_variable(found):
                # a method of an object another module made (``from pkg.mod import _PATTERN``;
                # ``_PATTERN.match(...)``): of unknown type, as it is in its own module
                return _method_callee(parts[-1])
            return found
        if head in module.variables:
            return f"{module.name}.{head}" if len(parts) == 1 else _method_callee(parts[-1])
        star = self._from_star(module, head)
        if star is not None:
            return self.canonical(".".join((star,) + parts[1:]))
        if head in BUILTIN_NAMES:
            return None
        return None if len(parts) == 1 else _method_callee(parts[-1])

    def _through_variable(self, dotted: str) -> bool:
        """Is ``dotted`` an attribute of a module-level variable (not a function, class or import)
        of a module of the tree (``pkg.mod._PATTERN.match``)?"""
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            mod_name = ".".join(parts[:i])
            self._rec.add(mod_name)
            module = self.modules.get(mod_name)
            if module is None:
                continue
            head = parts[i]
            self._rec.add(mod_name + MEMBER + head)
            return (
                i < len(parts) - 1
                and head in module.variables
                and head not in module.functions
                and head not in module.classes
                and head not in module.imports
            )
        return False

    def _enclosing_class(self, module: Module, scopes: list[FunctionRow]) -> Optional[str]:
        for scope in scopes:
            if scope.class_name:
                return f"{module.name}.{scope.class_name}"
        return None

    def _local_class(self, module: Module, scope: FunctionRow, names: frozenset, name: str, class_texts: dict) -> Optional[str]:
        """The class of a local name, when the code says it: self/cls, annotation, constructor."""
        # (the ParamRows are unpacked, not typed: this runs for every call on a local name)
        params = scope.params
        class_name = scope.class_name
        if class_name and params and "staticmethod" not in scope.decorators:
            first, kind, _annotation, _default = params[0]
            if first == name and kind in ("positional", "positional_only"):
                return f"{module.name}.{class_name}"
        for param, _kind, annotation, _default in params:
            if param == name and annotation:
                return self._class_from_text(module, scope, names, annotation, class_texts)
        text = None
        for var, ctor in scope.local_types:
            if var == name:
                text = ctor
        if text is not None:
            return self._class_from_text(module, scope, names, text, class_texts)
        return None

    def _class_from_text(self, module: Module, scope: FunctionRow, names: frozenset, raw: str, class_texts: dict) -> Optional[str]:
        text = raw.strip().strip("'\"")
        match = _OPTIONAL.match(text)
        if match:
            text = match.group(1).strip()
        if "|" in text:
            options = [t.strip() for t in text.split("|") if t.strip() != "None"]
            if len(options) != 1:
                return None
            text = options[0]
        if not _CLASS_TEXT.fullmatch(text):
            return None
        head = text.partition(".")[0]
        if head in names:
            bound = self._local_binding(module, scope, head)
            if bound is None:
                return None
            name = self.canonical(bound + text[len(head) :])
            return name if name and self.is_class(name) else None
        # no local binding: the answer depends on the module only
        found = class_texts.get(text, _MISSING)
        if found is _MISSING:
            resolved = self.resolve_in_module(module, text)
            found = class_texts[text] = resolved if resolved and self.is_class(resolved) else None
        return found

    def _local_binding(self, module: Module, scope: FunctionRow, name: str) -> Optional[str]:
        """What a name bound in a function's own scope refers to, if it is a def, class or import."""
        nested = f"{scope.local_name}{LOCALS}{name}"
        if nested in module.functions or nested in module.classes:
            return f"{module.name}.{nested}"
        for bound, source, imported, level, line in reversed(scope.imports):  # ImportRows, unpacked
            if bound == name:
                return self.import_target(module, ImportRow(bound, source, imported, level, line))
        return None


def _method_callee(name: str) -> Optional[str]:
    if not name or name in BUILTIN_METHODS:
        return None
    return "." + name


def method_name(callee: str) -> str:
    """The last component of a callee name."""
    return callee.rpartition(".")[2]


def iter_functions(resolver: Resolver) -> Iterable[tuple[Module, FunctionRow]]:
    """(module, compact function) for every function defined, by module name."""
    for name in sorted(resolver.modules):
        module = resolver.modules[name]
        if module.facts is not None:
            for fn in module.own_functions():
                yield module, fn
