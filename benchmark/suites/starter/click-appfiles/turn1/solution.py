from click.utils import get_app_dir


def app_dir(app_name: str, portable: bool = False) -> str:
    return get_app_dir(app_name, force_posix=portable)
