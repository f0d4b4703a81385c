"""The progress bar of long computations: tqdm's, when tqdm is installed."""

import sys
import time

#: Seconds a computation runs before its bar appears (short ones show nothing).
DELAY = 0.5


class _TqdmProgress:
    """Called as ``progress(done, target)`` by the engine; draws a tqdm bar."""

    def __init__(self, tqdm, delay=DELAY, unit=" values"):
        # ``target`` None (a search: no end known in advance) draws a counter with its rate.
        self._tqdm = tqdm
        self._bar = None
        self._delay = delay
        self._unit = unit
        self._start = time.monotonic()

    def __call__(self, done, target):
        if self._bar is None:
            if time.monotonic() - self._start < self._delay:
                return
            self._bar = self._tqdm(total=target, unit=self._unit, unit_scale=True, leave=False)
        self._bar.total = target
        self._bar.n = done
        self._bar.refresh()

    def close(self):
        if self._bar is not None:
            self._bar.close()


class _TextProgress:
    """``progress=True`` without tqdm: one line on stderr, rewritten in place."""

    def __init__(self, stream=None, unit=" values"):
        self._stream = stream if stream is not None else sys.stderr
        self._unit = unit
        self._shown = False

    def __call__(self, done, target):
        if target is None:
            # A search's count, with no end known in advance.
            self._stream.write(f"\r{done} {self._unit.strip()}")
            self._stream.flush()
            self._shown = True
            return
        percent = 100 * done // target if target else 100
        self._stream.write(f"\r{done} of {target} ({percent}%)")
        self._stream.flush()
        self._shown = True

    def close(self):
        if self._shown:
            self._stream.write("\n")
            self._stream.flush()


def auto(unit=" values"):
    """A tqdm progress callback, or None when tqdm is not installed."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return _TqdmProgress(tqdm, unit=unit)


def forced(unit=" values"):
    """The bar of ``progress=True``: tqdm's from the start, or a line of text on stderr.

    >>> import io
    >>> import grundy._progress
    >>> out = io.StringIO()
    >>> bar = grundy._progress._TextProgress(out)
    >>> bar(5, 20); bar.close()
    >>> out.getvalue()
    '\\r5 of 20 (25%)\\n'
    >>> out = io.StringIO()
    >>> bar = grundy._progress._TextProgress(out, unit=" components")
    >>> bar(300, None); bar.close()
    >>> out.getvalue()
    '\\r300 components\\n'
    """
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _TextProgress(unit=unit)
    return _TqdmProgress(tqdm, delay=0.0, unit=unit)
