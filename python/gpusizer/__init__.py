"""gpusizer: how much GPU memory an ML workload needs, and how to prove it.

    import gpusizer
    e = gpusizer.estimate(params=7e9, bits=16, reserve="6GiB")
    print(e)                         # the CLI's itemized table
    e.weights_only.bytes             # 14000000000 (exact; .gib 13.04...)
    gpusizer.fit("meta-llama/Llama-3.1-8B", gpu="RTX 4090", context=8192)
    with gpusizer.measure("run.jsonl"):
        with gpusizer.phase("forward", tokens=512, microbatch=4):
            ...

Everything is computed by libgpusizer (the C library the CLI uses), called
through ctypes: gpusizer.library() says which file and how it was found.
Units are exact: GB = 10^9 B, GiB = 2^30 B; figures are ints of bytes.
"""

from ._native import GpusizerError, Library, library, load
from ._version import __version__
from .api import catalog, compare, diagnose, estimate, fields, fit, formats, matrix, models, sheet, shortlist
from .measure import Recorder, emit, measure, phase
from .results import (Comparison, Diagnosis, Estimate, Figure, FitAnswer, GpuPeak, Interval, Item, Matrix,
                      MatrixCell, MatrixRow, Offer, Phase, Sheet, Shortlist, Verdict)
from .units import GB, GiB, KB, KiB, MB, MiB, TB, TiB, format_bytes, gb, gib

__all__ = [
    "__version__", "GpusizerError", "Library", "library", "load",
    "estimate", "fit", "matrix", "shortlist", "sheet", "compare", "diagnose", "fields", "formats", "models", "catalog",
    "measure", "phase", "emit", "Recorder",
    "Estimate", "Figure", "Interval", "Item", "Phase", "GpuPeak", "Verdict", "FitAnswer", "Matrix", "MatrixRow",
    "MatrixCell", "Shortlist", "Offer", "Sheet", "Comparison", "Diagnosis",
    "GB", "GiB", "KB", "KiB", "MB", "MiB", "TB", "TiB", "format_bytes", "gib", "gb",
]
