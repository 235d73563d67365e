import copy

from attr import fields
from attr._make import _default_init_alias_for

from attrs_settings.schema import settings_class


def env_class(name, spec, prefix="APP_"):
    """A settings class whose initialiser takes environment variable names (fields copied by hand)."""

    def rename(cls, attributes):
        renamed = []
        for a in attributes:
            changes = {"alias": prefix + a.alias.upper()}
            new = copy.copy(a)
            new._setattrs(changes.items())
            setter = object.__setattr__
            if "alias" in changes and "alias_is_default" not in changes:
                setter.__get__(new)("alias_is_default", False)
            elif "name" in changes and a.alias_is_default:
                setter.__get__(new)("alias", _default_init_alias_for(new.name))
            renamed.append(new)
        return renamed

    return settings_class(name, spec, field_transformer=rename)


def env_names(cls):
    """Field name -> environment variable name, in field order."""
    return {a.name: a.alias for a in fields(cls) if a.init}


def from_env(cls, env):
    """An instance of cls from the variables of env that it knows."""
    return cls(**{var: env[var] for var in env_names(cls).values() if var in env})
