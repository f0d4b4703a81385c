"""The progress bar of long sequences: tqdm's, when tqdm is installed."""

import time

#: Seconds a computation runs before its bar appears (short ones show nothing).
DELAY = 0.5


class _TqdmProgress:
    """Called as ``progress(done, target)`` by the engine; draws a tqdm bar."""

    def __init__(self, tqdm):
        self._tqdm = tqdm
        self._bar = None
        self._start = time.monotonic()

    def __call__(self, done, target):
        if self._bar is None:
            if time.monotonic() - self._start < DELAY:
                return
            self._bar = self._tqdm(total=target, unit=" values", unit_scale=True, leave=False)
        self._bar.total = target
        self._bar.n = done
        self._bar.refresh()

    def close(self):
        if self._bar is not None:
            self._bar.close()


def auto():
    """A tqdm progress callback, or None when tqdm is not installed."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return _TqdmProgress(tqdm)
