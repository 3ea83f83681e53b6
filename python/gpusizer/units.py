"""Exact units: GB = 10^9 B, GiB = 2^30 B. Figures stay ints of bytes;
these helpers only format them (two decimals, as the CLI prints)."""

__all__ = ["B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "format_bytes", "gib", "gb"]

B = 1
KB, MB, GB, TB = 10**3, 10**6, 10**9, 10**12
KiB, MiB, GiB, TiB = 2**10, 2**20, 2**30, 2**40

_UNITS = {"B": B, "KB": KB, "MB": MB, "GB": GB, "TB": TB, "KiB": KiB, "MiB": MiB, "GiB": GiB, "TiB": TiB}


def format_bytes(n, unit="GiB"):
    """'13.04 GiB' for n bytes (unit: GiB, GB, MiB, MB, ...); None prints 'unknown'."""
    if n is None:
        return "unknown"
    if unit not in _UNITS:
        raise ValueError("unit: expected one of %s, got %r" % (", ".join(_UNITS), unit))
    if unit == "B":
        return "%d B" % n
    return "%.2f %s" % (n / _UNITS[unit], unit)


def gib(n):
    """n bytes in GiB (2^30 B), unrounded."""
    return n / GiB


def gb(n):
    """n bytes in GB (10^9 B), unrounded."""
    return n / GB
