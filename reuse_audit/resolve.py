"""Resolution: turn each call site into one canonical callee name.

Input: the FileFacts of every file of a tree, keyed by path.  Output: for every
function, the set of canonical names it calls.

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
"""

from __future__ import annotations

import builtins
import re
from dataclasses import dataclass, field
from typing import Iterable, Optional

from .model import ClassFact, FileFacts, FunctionFact, ImportFact

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


@dataclass
class Module:
    name: str
    path: str
    is_package: bool
    facts: FileFacts
    functions: dict[str, FunctionFact] = field(default_factory=dict)  # local_name -> fact (last def wins)
    classes: dict[str, ClassFact] = field(default_factory=dict)
    imports: dict[str, ImportFact] = field(default_factory=dict)  # module-level bound name -> import (last wins)
    star_imports: list[ImportFact] = field(default_factory=list)
    variables: frozenset[str] = frozenset()
    loose: bool = False  # not inside a package: a script whose folder is its import root

    @property
    def package(self) -> str:
        return self.name if self.is_package else self.name.rpartition(".")[0]


class Resolver:
    """Canonical names for every call in a set of modules."""

    def __init__(self, files: dict[str, FileFacts]):
        init_dirs = frozenset(p.rpartition("/")[0] for p in files if p.endswith("__init__.py") and "/" in p)
        self.modules: dict[str, Module] = {}
        self.module_of_path: dict[str, str] = {}
        for path in sorted(files):
            name, is_package = module_name_for(path, init_dirs)
            if name in self.modules:  # two files claim one name: keep the first, name the other by path
                name = path[:-3].replace("/", ".")
                if name in self.modules:
                    continue
            facts = files[path]
            folder = path.rpartition("/")[0]
            module = Module(name=name, path=path, is_package=is_package, facts=facts, loose=folder not in init_dirs)
            for fn in facts.functions:
                module.functions[fn.local_name] = fn
            for cls in facts.classes:
                module.classes[cls.local_name] = cls
            for imp in facts.imports:
                if imp.bound == "*":
                    module.star_imports.append(imp)
                else:
                    module.imports[imp.bound] = imp
            module.variables = frozenset(facts.module_names)
            self.modules[name] = module
            self.module_of_path[path] = name
        self.top_level = frozenset(name.partition(".")[0] for name in self.modules)
        self.module_prefixes = frozenset(
            ".".join(name.split(".")[:i]) for name in self.modules for i in range(1, name.count(".") + 2)
        )
        self._canonical: dict[str, str] = {}
        self._mro: dict[str, tuple[str, ...]] = {}

    # ------------------------------------------------------------------ imports

    def import_target(self, module: Module, imp: ImportFact) -> str:
        """Absolute dotted name an import binds."""
        if imp.level:
            base = module.package.split(".") if module.package else []
            if imp.level > 1:
                base = base[: len(base) - (imp.level - 1)] if imp.level - 1 <= len(base) else []
            source = ".".join(base + ([imp.module] if imp.module else []))
        else:
            source = imp.module
            top = source.partition(".")[0]
            if top not in self.top_level and module.loose and module.package:
                # a script outside any package imports its neighbours: `import helper`
                sibling = module.package + "." + source
                if self._is_module_prefix(sibling):
                    source = sibling
        if imp.name is None:
            return source
        return f"{source}.{imp.name}" if source else imp.name

    def _is_module_prefix(self, dotted: str) -> bool:
        return dotted in self.module_prefixes

    # --------------------------------------------------------------- canonical

    def canonical(self, dotted: str) -> str:
        """Follow imports and re-exports to where a dotted name is defined."""
        hit = self._canonical.get(dotted)
        if hit is None:
            hit = self._canonical[dotted] = self._canonical_uncached(dotted, 0)
        return hit

    def _canonical_uncached(self, dotted: str, depth: int) -> str:
        if depth > 20:
            return dotted
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            mod_name = ".".join(parts[:i])
            module = self.modules.get(mod_name)
            if module is not None:
                break
        else:
            return dotted  # outside the repository: canonical as written
        rest = parts[i:]
        if not rest:
            return mod_name
        head = rest[0]
        if head in module.classes or head in module.functions:
            return self._member_chain(module, head, rest[1:])
        imp = module.imports.get(head)
        if imp is not None:
            new = ".".join([self.import_target(module, imp)] + rest[1:])
            if new != dotted:
                return self._canonical_uncached(new, depth + 1)
        for star in module.star_imports:
            source = self.import_target(module, star).rpartition(".")[0]
            source_module = self.modules.get(source)
            if source_module is not None and (
                head in source_module.functions or head in source_module.classes or head in source_module.imports
            ):
                return self._canonical_uncached(".".join([source] + rest), depth + 1)
        return dotted

    def _member_chain(self, module: Module, head: str, rest: list[str]) -> str:
        """``head`` is a function or class defined in ``module``; walk ``rest`` through classes."""
        local = head
        while rest and local in module.classes:
            nested = f"{local}.{rest[0]}"
            if nested in module.classes:
                local = nested
                rest = rest[1:]
                continue
            found = self.lookup_method(f"{module.name}.{local}", rest[0])
            if found is not None:
                return ".".join([found] + rest[1:])
            break
        return ".".join([module.name, local] + rest)

    # -------------------------------------------------------------- classes

    def class_fact(self, qualname: str) -> Optional[tuple[Module, ClassFact]]:
        # try every split point: module names contain dots
        parts = qualname.split(".")
        for i in range(len(parts) - 1, 0, -1):
            module = self.modules.get(".".join(parts[:i]))
            if module is not None:
                fact = module.classes.get(".".join(parts[i:]))
                return (module, fact) if fact is not None else None
        return None

    def is_class(self, qualname: str) -> bool:
        return self.class_fact(qualname) is not None

    def mro(self, qualname: str) -> tuple[str, ...]:
        """The class and its repository bases, depth first, left to right, no repeats."""
        hit = self._mro.get(qualname)
        if hit is not None:
            return hit
        self._mro[qualname] = (qualname,)  # cycle guard
        order: list[str] = [qualname]
        found = self.class_fact(qualname)
        if found is not None:
            module, fact = found
            for base in fact.bases:
                base_name = self.resolve_in_module(module, base)
                if base_name and self.is_class(base_name):
                    for item in self.mro(base_name):
                        if item not in order:
                            order.append(item)
        result = tuple(order)
        self._mro[qualname] = result
        return result

    def lookup_method(self, class_qualname: str, name: str, skip_self: bool = False) -> Optional[str]:
        for i, cls in enumerate(self.mro(class_qualname)):
            if skip_self and i == 0:
                continue
            found = self.class_fact(cls)
            if found is None:
                continue
            module, fact = found
            if f"{fact.local_name}.{name}" in module.functions or f"{fact.local_name}.{name}" in module.classes:
                return f"{cls}.{name}"
        return None

    def resolve_in_module(self, module: Module, dotted: str) -> Optional[str]:
        """A dotted expression written at module level of ``module``."""
        head, _, rest = dotted.partition(".")
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
        for star in module.star_imports:
            source = self.import_target(module, star).rpartition(".")[0]
            source_module = self.modules.get(source)
            if source_module is not None and (
                head in source_module.functions or head in source_module.classes or head in source_module.imports
            ):
                return f"{source}.{head}"
        return None

    # ---------------------------------------------------------------- calls

    def callees(self, module: Module, fn: FunctionFact) -> set[str]:
        """Canonical callees of one function's own call sites."""
        scopes = self._scopes(module, fn)
        out: set[str] = set()
        for call in fn.calls:
            name = self.resolve_call(module, scopes, call.parts)
            if name:
                out.add(name)
        return out

    def _scopes(self, module: Module, fn: FunctionFact) -> list[FunctionFact]:
        chain = [fn]
        seen = {fn.local_name}
        current = fn
        while True:
            parent = current.parent_function
            if parent is None and current.class_name and ".<locals>." in current.class_name:
                # a method of a class defined inside a function: that function encloses it
                parent = current.class_name.rpartition(".<locals>.")[0]
            if parent is None or parent in seen:
                break
            parent_fact = module.functions.get(parent)
            if parent_fact is None:
                break
            chain.append(parent_fact)
            seen.add(parent)
            current = parent_fact
        return chain

    def resolve_call(self, module: Module, scopes: list[FunctionFact], parts: tuple[str, ...]) -> Optional[str]:
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
        for scope in scopes:
            if head not in scope.local_names:
                continue
            receiver_class = self._local_class(module, scope, head)
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
        # module scope
        if head in module.functions or head in module.classes:
            return self._member_chain(module, head, list(parts[1:]))
        imp = module.imports.get(head)
        if imp is not None:
            return self.canonical(".".join((self.import_target(module, imp),) + parts[1:]))
        if head in module.variables:
            return f"{module.name}.{head}" if len(parts) == 1 else _method_callee(parts[-1])
        star = self._from_star(module, head)
        if star is not None:
            return self.canonical(".".join((star,) + parts[1:]))
        if head in BUILTIN_NAMES:
            return None
        return None if len(parts) == 1 else _method_callee(parts[-1])

    def _enclosing_class(self, module: Module, scopes: list[FunctionFact]) -> Optional[str]:
        for scope in scopes:
            if scope.class_name:
                return f"{module.name}.{scope.class_name}"
        return None

    def _local_class(self, module: Module, scope: FunctionFact, name: str) -> Optional[str]:
        """The class of a local name, when the code says it: self/cls, annotation, constructor."""
        params = scope.params
        if (
            scope.class_name
            and params
            and params[0].name == name
            and params[0].kind in ("positional", "positional_only")
            and "staticmethod" not in scope.decorators
        ):
            return f"{module.name}.{scope.class_name}"
        for param in params:
            if param.name == name and param.annotation:
                return self._class_from_text(module, scope, param.annotation)
        text = None
        for var, ctor in scope.local_types:
            if var == name:
                text = ctor
        if text is not None:
            return self._class_from_text(module, scope, text)
        return None

    def _class_from_text(self, module: Module, scope: FunctionFact, text: str) -> Optional[str]:
        text = text.strip().strip("'\"")
        match = _OPTIONAL.match(text)
        if match:
            text = match.group(1).strip()
        if "|" in text:
            options = [t.strip() for t in text.split("|") if t.strip() != "None"]
            if len(options) != 1:
                return None
            text = options[0]
        if not re.fullmatch(r"[A-Za-z_][\w.]*", text):
            return None
        head = text.partition(".")[0]
        if head in scope.local_names:
            bound = self._local_binding(module, scope, head)
            if bound is None:
                return None
            name = self.canonical(bound + text[len(head) :])
        else:
            name = self.resolve_in_module(module, text)
        return name if name and self.is_class(name) else None

    def _local_binding(self, module: Module, scope: FunctionFact, name: str) -> Optional[str]:
        """What a name bound in a function's own scope refers to, if it is a def, class or import."""
        nested = f"{scope.local_name}.<locals>.{name}"
        if nested in module.functions or nested in module.classes:
            return f"{module.name}.{nested}"
        for imp in reversed(scope.imports):
            if imp.bound == name:
                return self.import_target(module, imp)
        return None


def _method_callee(name: str) -> Optional[str]:
    if not name or name in BUILTIN_METHODS:
        return None
    return "." + name


def method_name(callee: str) -> str:
    """The last component of a callee name."""
    return callee.rpartition(".")[2]


def iter_functions(resolver: Resolver) -> Iterable[tuple[Module, FunctionFact]]:
    for name in sorted(resolver.modules):
        module = resolver.modules[name]
        for fn in module.facts.functions:
            if module.functions.get(fn.local_name) is fn:
                yield module, fn
