from attr import make_class

from attrs_settings.fields import setting


def settings_class(name, spec, **options):
    """A frozen, keyword-only settings class with one setting per entry of spec."""
    definitions = {
        field: setting(entry) if isinstance(entry, str) else setting(**entry)
        for field, entry in spec.items()
    }
    arguments = {"frozen": True, "kw_only": True}
    arguments.update(options)
    return make_class(name, definitions, **arguments)
