"""A CPU-only workload for the measure tests: the helper marks phases and,
without CUDA, says it measured nothing while still reporting dimensions."""
import sys
sys.path.insert(0, sys.argv[1])
import torch  # Debian's python3-torch (CPU)
from gpusizer_torch import phase

with phase("load"):
    w = torch.randn(256, 256)
with phase("prefill", tokens=128, sequences=2):
    x = torch.randn(2 * 128, 256) @ w
print("cuda available:", torch.cuda.is_available())
