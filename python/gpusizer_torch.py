"""gpusizer_torch: the phase markers of earlier releases, kept for scripts that import it.

The code now lives in the gpusizer package (gpusizer/measure.py, beside this
file); this module only re-exports it:

    from gpusizer_torch import phase      # as before
    from gpusizer import phase            # the same function
"""

import os
import sys

try:
    from gpusizer.measure import emit, phase
except ImportError:  # run from this folder without the package installed
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from gpusizer.measure import emit, phase

__all__ = ["phase", "emit"]
