"""What a Dask worker is asked before a search is spread over it: its grundy.

This module's functions travel to the workers by value (``cloudpickle.register_pickle_by_value``),
so that a worker without grundy can still run them and say so.
"""


def grundy_version():
    """``(version, None)`` of the grundy a worker imports, or ``(None, why)`` when it cannot."""
    try:
        import grundy
    except Exception as e:  # noqa: BLE001 - any failure to import is the answer
        return None, f"{type(e).__name__}: {e}"
    return getattr(grundy, "__version__", "unknown"), None
