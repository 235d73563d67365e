from attr import fields

from attrs_settings.schema import settings_class


def env_class(name, spec, prefix="APP_"):
    """A settings class whose initialiser takes environment variable names."""

    def rename(cls, attributes):
        return [a.evolve(alias=prefix + a.alias.upper()) for a in attributes]

    return settings_class(name, spec, field_transformer=rename)


def env_names(cls):
    """Field name -> environment variable name, in field order."""
    return {a.name: a.alias for a in fields(cls) if a.init}


def from_env(cls, env):
    """An instance of cls from the variables of env that it knows."""
    return cls(**{var: env[var] for var in env_names(cls).values() if var in env})
