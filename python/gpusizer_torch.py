"""gpusizer_torch: phase markers and PyTorch memory counters for `gpusizer measure`.

Single file, no dependency but PyTorch (and it still runs without it).

    from gpusizer_torch import phase

    with phase("load"):
        model = AutoModelForCausalLM.from_pretrained(...).to("cuda")
    with phase("prefill", tokens=8192, sequences=4):
        out = model(**batch)

Each phase resets PyTorch's peak statistics on every visible CUDA device at
its start and, at its end, reports max_memory_allocated and
max_memory_reserved per device with the dimensions actually executed
(tokens, sequences, microbatch, ... as given). Markers go, one JSON object a
line, to the file descriptor in $GPUSIZER_MARKER_FD, which `gpusizer measure`
opens for the workload; outside `measure` they are not sent. Without CUDA the
phase still reports its dimensions and says that it measured nothing.
Allocated and reserved are two different counters: never add them.
"""

import contextlib
import json
import os
import sys
import time

try:
    import torch
except ImportError:  # the markers still carry the executed dimensions
    torch = None

__all__ = ["phase", "emit"]

_channel = None


def _open_channel():
    global _channel
    if _channel is None:
        fd = os.environ.get("GPUSIZER_MARKER_FD")
        if fd and fd.isdigit():
            try:
                _channel = os.fdopen(int(fd), "w", buffering=1, closefd=False)
            except OSError:
                _channel = False
        else:
            _channel = False
    return _channel or None


def emit(record):
    """Send one marker (a dict) to gpusizer measure; a no-op outside it."""
    ch = _open_channel()
    if ch is not None:
        ch.write(json.dumps(record, separators=(",", ":")) + "\n")
        ch.flush()


_LIBRARIES = ("transformers", "peft", "trl", "accelerate", "bitsandbytes", "deepspeed", "vllm", "sglang", "flash_attn")


def _versions():
    """The versions of the libraries the workload has imported (none is imported here)."""
    found = {}
    for name in _LIBRARIES:
        mod = sys.modules.get(name)
        version = getattr(mod, "__version__", None) if mod is not None else None
        if isinstance(version, str):
            found[name] = version
    return found


def _cuda_devices():
    if torch is None or not torch.cuda.is_available():
        return []
    return list(range(torch.cuda.device_count()))


@contextlib.contextmanager
def phase(name, **dims):
    """Mark a program phase; dims are the executed dimensions (tokens=..., sequences=...)."""
    devices = _cuda_devices()
    for d in devices:
        torch.cuda.reset_peak_memory_stats(d)
    emit({"event": "phase_begin", "phase": name, **dims})
    start = time.monotonic()
    try:
        yield
    finally:
        for d in devices:
            torch.cuda.synchronize(d)
        record = {
            "event": "phase_end",
            "phase": name,
            **dims,
            "seconds": round(time.monotonic() - start, 6),
            "cuda": bool(devices),
            "torch": getattr(torch, "__version__", None),
            "versions": _versions(),
            "devices": [
                {
                    "device": d,
                    "max_memory_allocated": torch.cuda.max_memory_allocated(d),
                    "max_memory_reserved": torch.cuda.max_memory_reserved(d),
                }
                for d in devices
            ],
        }
        if not devices:
            record["note"] = "no CUDA device: nothing measured, dimensions only"
            print("gpusizer_torch: phase %r: no CUDA device, nothing measured" % name, file=sys.stderr)
        emit(record)
