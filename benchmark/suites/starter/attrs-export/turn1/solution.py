from attr import asdict
from attr.filters import exclude


def to_plain(inst, drop=(), keep_collections=False):
    """The fields of an attrs instance as plain data, recursively."""
    return asdict(
        inst,
        recurse=True,
        filter=exclude(*drop),
        retain_collection_types=keep_collections,
    )
