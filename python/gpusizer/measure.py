"""Phase markers and PyTorch's memory counters, for `gpusizer measure` and in process.

    import gpusizer
    with gpusizer.measure("run.jsonl", sheet="llama3-8b.yaml"):
        with gpusizer.phase("load"):
            model = AutoModelForCausalLM.from_pretrained(...).to("cuda")
        with gpusizer.phase("prefill", tokens=8192, sequences=4):
            out = model(**batch)
    gpusizer.compare(estimate, "run.jsonl")

Each phase resets PyTorch's peak statistics on every visible CUDA device at
its start and, at its end, reports max_memory_allocated and
max_memory_reserved per device with the dimensions actually executed
(tokens, sequences, microbatch, ... as given). Markers go, one JSON object a
line, to the file descriptor in $GPUSIZER_MARKER_FD when the script runs
under `gpusizer measure` (which adds NVML's device-used samples), and to the
run file of an enclosing measure() (gpusizer/run/v1, the format `gpusizer
measure` writes and reads). Without CUDA a phase still reports its
dimensions and says it measured nothing. Allocated and reserved are two
different counters: never add them.

Needs no compiled library and no dependency but PyTorch (and runs without it).
"""

import contextlib
import datetime
import json
import os
import socket
import sys
import time

_torch_module = None


def _torch():
    """PyTorch, imported the first time a measure helper needs it, never at `import gpusizer`
    (issue 50 item 17: torch costs hundreds of MB to import); None without it: the markers still
    carry the executed dimensions."""
    global _torch_module
    if _torch_module is None:
        try:
            import torch
            _torch_module = torch
        except ImportError:
            _torch_module = False
    return _torch_module or None

__all__ = ["phase", "emit", "measure", "Recorder"]

_channel = None
_recorder = None

_LIBRARIES = ("transformers", "peft", "trl", "accelerate", "bitsandbytes", "deepspeed", "vllm", "sglang", "flash_attn",
              "unsloth", "axolotl", "llamafactory", "torchtune")


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
    """Send one marker (a dict) to gpusizer measure and to the enclosing measure(); else a no-op."""
    ch = _open_channel()
    if ch is not None:
        ch.write(json.dumps(record, separators=(",", ":")) + "\n")
        ch.flush()
    if _recorder is not None:
        _recorder._marker(record)


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
    torch = _torch()
    if torch is None or not torch.cuda.is_available():
        return []
    return list(range(torch.cuda.device_count()))


@contextlib.contextmanager
def phase(name, **dims):
    """Mark a program phase; dims are the executed dimensions (tokens=..., sequences=..., microbatch=...)."""
    if not isinstance(name, str) or not name:
        raise TypeError("phase(): name must be a non-empty string, got %r" % (name,))
    for k, v in dims.items():
        if isinstance(v, bool) or not isinstance(v, (int, str)):
            raise TypeError("phase(): %s must be an int (the executed dimension), got %s" % (k, type(v).__name__))
    devices = _cuda_devices()
    torch = _torch()
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
            print("gpusizer: phase %r: no CUDA device, nothing measured" % name, file=sys.stderr)
        emit(record)


class Recorder:
    """An in-process run file (gpusizer/run/v1): header, markers, exit record.

    It has no NVML sampler: the device's used memory comes only from
    `gpusizer measure -- python script.py`; here the counters are PyTorch's.
    """

    def __init__(self, path, sheet=None, model=None):
        self.path = os.fspath(path)
        self._t0 = time.monotonic()
        self._model = model
        self._f = open(self.path, "w", encoding="utf-8")
        gpus = []
        for d in _cuda_devices():
            p = _torch().cuda.get_device_properties(d)
            gpus.append({"index": d, "name": p.name, "uuid": "", "total_bytes": int(p.total_memory)})
        self._write({
            "type": "header", "schema": "gpusizer/run/v1", "host": socket.gethostname(),
            "started": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "command": list(sys.argv), "sheet": os.fspath(sheet) if sheet else "", "interval_ms": 0, "nvml": False,
            "nvml_error": "in-process recorder (gpusizer.measure): no NVML samples; run the script under "
                          "`gpusizer measure` for the device's used memory",
            "driver": "", "cuda": 0, "gpus": gpus, "env": {k: os.environ[k] for k in ("PYTORCH_CUDA_ALLOC_CONF",
                                                                                       "CUDA_VISIBLE_DEVICES")
                                                          if k in os.environ},
        })

    def _t_ms(self):
        return int((time.monotonic() - self._t0) * 1000)

    def _write(self, obj):
        self._f.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._f.flush()

    def _marker(self, record):
        rec = {"type": "marker", "t_ms": self._t_ms(), **record}
        if self._model and "model" not in rec:
            rec["model"] = self._model
        self._write(rec)

    def close(self, status):
        self._write({"type": "exit", "t_ms": self._t_ms(), "status": status, "signal": 0})
        self._f.close()

    def __repr__(self):
        return "<gpusizer run file %s>" % self.path


@contextlib.contextmanager
def measure(path, sheet=None, model=None):
    """Record the phases inside the block to the run file at path (gpusizer/run/v1).

    sheet: the sheet the run is for (recorded; `gpusizer sheet --run` checks it);
    model: a name recorded with the markers. The exit record says 0, or 1
    when the block raised (the exception propagates).
    """
    global _recorder
    if _recorder is not None:
        raise RuntimeError("gpusizer.measure(): already recording to %s" % _recorder.path)
    rec = Recorder(path, sheet=sheet, model=model)
    _recorder = rec
    status = 1
    try:
        yield rec
        status = 0
    finally:
        _recorder = None
        rec.close(status)
