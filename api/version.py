"""The running Code Rooms version, from the installed distribution's metadata."""

from importlib.metadata import PackageNotFoundError, version


def coderooms_version() -> str:
    try:
        return version("coderooms")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"
