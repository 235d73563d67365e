"""A Resolver's table of modules made when resolution first reads them (``resolve.Resolver``'s
``table``): the lazy index parses a module then (``lazytables.ModuleTable``), an incremental
build makes the module of an unchanged file from its skeleton then (``tables.resolve_files``)."""

from __future__ import annotations

from typing import Callable, Collection, Iterator, Mapping, Optional

from reuse_audit.index.resolve import Module


class LazyModules(Mapping):
    """Module name -> Module, each made by ``make`` when it is first read (None: no such module,
    or its file unreadable): a ``resolve.Resolver``'s ``table``.  Its names are known up front
    (``names``); ``values()`` and ``items()`` make every module."""

    def __init__(self, names: Collection[str], make: Callable[[str], Optional[Module]]):
        self.names = names
        self._make = make
        self._loaded: dict[str, Optional[Module]] = {}

    def load(self, name: str) -> Optional[Module]:
        """The module ``name``, made now if it was not."""
        if name in self._loaded:
            return self._loaded[name]
        module = self._loaded[name] = self._make(name) if name in self.names else None
        return module

    def get(self, name, default=None):
        module = self.load(name)
        return default if module is None else module

    def __getitem__(self, name):
        module = self.load(name)
        if module is None:
            raise KeyError(name)
        return module

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)
