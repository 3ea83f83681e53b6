"""Finding libgpusizer and calling its one entry point (gpusizer/api.h).

The library is looked for, in order: an explicit path given to load(), the
GPUSIZER_LIB environment variable, the system loader (libgpusizer.so.0), and
the folder `make install` recorded in _installed.py. Whichever is used is
kept in Library.how, so a notebook can print where its figures come from.
"""

import ctypes
import ctypes.util
import json
import os
import threading

from ._version import __version__

__all__ = ["GpusizerError", "Library", "load", "library", "call", "call_text"]


class GpusizerError(Exception):
    """A refusal or failure from gpusizer.

    message: what the library said (the CLI's words); field: the sheet field
    or request member at fault, or None; status: the HTTP-style status of the
    library's answer (400 the request, 422 out of range, 502 the hub, ...),
    or None when the library itself could not be loaded.
    """

    def __init__(self, message, field=None, status=None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status

    def __str__(self):
        return self.message


class Library:
    """A loaded libgpusizer: its path, how it was found, its version."""

    def __init__(self, handle, path, how):
        self._h = handle
        self.path = path
        self.how = how
        self.version = handle.gs_version().decode()

    def __repr__(self):
        return "<libgpusizer %s at %s (%s)>" % (self.version, self.path, self.how)


def _installed_dir():
    try:
        from . import _installed  # written by `make install`
    except ImportError:
        return None
    return getattr(_installed, "LIBDIR", None)


def _open(path, how):
    try:
        h = ctypes.CDLL(path)
    except OSError as exc:
        raise GpusizerError("%s: cannot load %s: %s" % (how, path, exc)) from None
    for sym in ("gs_api_json", "gs_api_free", "gs_version"):
        if not hasattr(h, sym):
            raise GpusizerError("%s: %s has no %s(): it is not libgpusizer %s or newer (rebuild with make)"
                                % (how, path, sym, __version__))
    h.gs_version.restype = ctypes.c_char_p
    h.gs_version.argtypes = []
    h.gs_api_json.restype = ctypes.c_uint
    h.gs_api_json.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                              ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t)]
    h.gs_api_free.restype = None
    h.gs_api_free.argtypes = [ctypes.c_void_p]
    lib = Library(h, path, how)
    if lib.version != __version__:
        raise GpusizerError("%s: %s is libgpusizer %s, this package is gpusizer %s: install the two from the "
                            "same release (make install, pip install ./python)" % (how, path, lib.version, __version__))
    return lib


_lock = threading.Lock()
_lib = None


def load(path=None):
    """Load libgpusizer and return it (a Library); path: an explicit file.

    Without a path: $GPUSIZER_LIB, else the system loader, else the folder
    `make install` recorded. Raises GpusizerError naming every place tried.
    """
    global _lib
    with _lock:
        if path is not None:
            _lib = _open(os.fspath(path), "explicit path")
            return _lib
        env = os.environ.get("GPUSIZER_LIB")
        if env:
            _lib = _open(env, "GPUSIZER_LIB")
            return _lib
        tried = []
        found = ctypes.util.find_library("gpusizer")
        for name in ([found] if found else []) + ["libgpusizer.so.0"]:
            try:
                ctypes.CDLL(name)
            except OSError:
                tried.append("the system loader (%s)" % name)
                continue
            _lib = _open(name, "system loader")
            return _lib
        libdir = _installed_dir()
        if libdir:
            cand = os.path.join(libdir, "libgpusizer.so.0")
            if os.path.exists(cand):
                _lib = _open(cand, "make install's folder")
                return _lib
            tried.append(cand)
        raise GpusizerError("libgpusizer not found: tried %s; set GPUSIZER_LIB=/path/to/libgpusizer.so "
                            "(after `make`, build/libgpusizer.so) or run `make install`"
                            % ", ".join(tried + ["GPUSIZER_LIB (unset)"]))


def library():
    """The Library in use, loading it first if needed."""
    return _lib if _lib is not None else load()


def _raw(verb, body, fmt):
    lib = library()
    data = b"" if body is None else json.dumps(body, allow_nan=False).encode()
    out = ctypes.c_void_p()
    n = ctypes.c_size_t()
    status = lib._h.gs_api_json(verb.encode(), fmt.encode() if fmt else None, data, len(data),
                                ctypes.byref(out), ctypes.byref(n))
    if not out.value:
        raise GpusizerError("libgpusizer: out of memory", status=500)
    try:
        text = ctypes.string_at(out.value, n.value).decode("utf-8")
    finally:
        lib._h.gs_api_free(out)
    return status, text


def _raise_for(status, text):
    try:
        err = json.loads(text)
    except ValueError:
        err = {"error": text}
    raise GpusizerError(err.get("error", text), field=err.get("field"), status=status)


def call(verb, body=None):
    """One verb of the library's API with a dict body; the answer as a dict."""
    status, text = _raw(verb, body, None)
    if status != 200:
        _raise_for(status, text)
    return json.loads(text)


def call_text(verb, body, fmt):
    """The same verb rendered as the CLI prints it (fmt: text, markdown, html)."""
    status, text = _raw(verb, body, fmt)
    if status != 200:
        _raise_for(status, text)
    return text
