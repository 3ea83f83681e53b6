"""The verbs: estimate, fit, matrix, shortlist, sheet, compare, diagnose.

Keyword arguments are the workload sheet's fields, under their sheet key
(length, concurrency, reserve, ...) or the CLI's flag name (context for
length); an unknown one is a TypeError with the nearest name, a value of the
wrong type a TypeError naming the argument. Sizes are ints of bytes or
strings with a unit ("6GiB"); every figure that comes back is an int of
bytes. The library checks the values exactly as it checks a sheet, and
refuses them with the same words (GpusizerError, with .field).
recipe_config= takes an Axolotl or LLaMA-Factory training config (a path,
its YAML text or a dict), read as `--recipe-config` reads it; the keyword
arguments beside it win.
"""

import difflib
import json
import os
import threading

from ._native import GpusizerError, call, call_text
from .measure import Recorder
from .results import Comparison, Diagnosis, Estimate, FitAnswer, Matrix, Sheet, Shortlist

__all__ = ["estimate", "fit", "matrix", "shortlist", "sheet", "compare", "diagnose", "fields", "formats",
           "models", "catalog"]

_fields_lock = threading.Lock()
_field_names = None


def fields():
    """The sheet's fields as the library lists them: key, flag, alias, kind, default, help."""
    return call("fields")["fields"]


def _names():
    """Argument name -> (sheet key, kind): the key, and each flag spelled as a Python name."""
    global _field_names
    with _fields_lock:
        if _field_names is None:
            names = {}
            for f in fields():
                entry = (f["key"], f["kind"])
                names[f["key"]] = entry
                flags = [f.get("flag")] + [a for a in f.get("aliases", []) if isinstance(a, str)]
                for flag in flags:
                    if flag and flag.startswith("--"):  # the engines' long spellings, as keywords
                        names[flag.lstrip("-").replace("-", "_")] = entry
            _field_names = names
        return _field_names


def _value(fn, name, kind, v):
    if isinstance(v, bool):
        if kind in ("bool", "enum"):
            return "yes" if v else "no"
        raise TypeError("%s(): %s must be a %s, not bool" % (fn, name, _expected(kind)))
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple)) and v and all(isinstance(x, str) for x in v):
        return ",".join(v)
    if isinstance(v, float) and v.is_integer() and kind in ("count", "bytes"):
        v = int(v)
    if isinstance(v, int):
        return "%d B" % v if kind == "bytes" else v
    if isinstance(v, float) and kind in ("ratio", "percent"):
        return v
    raise TypeError("%s(): %s must be a %s, not %s" % (fn, name, _expected(kind), type(v).__name__))


def _expected(kind):
    return {
        "count": "whole number (int, or a string such as '8k')",
        "bytes": "size (int of bytes, or a string with a unit such as '6GiB')",
        "ratio": "number (int, float or string)",
        "percent": "number (int, float or string such as '90%')",
        "duration": "duration string (e.g. '3d', '12h')",
        "bool": "bool (or 'yes' / 'no')",
    }.get(kind, "string")


def _model_member(fn, model, body):
    if model is None:
        return
    if isinstance(model, dict):
        body["config"] = model
    elif isinstance(model, (str, os.PathLike)):
        body["model"] = os.fspath(model)
    else:
        raise TypeError("%s(): model must be a hub id, a path or a config.json dict, not %s"
                        % (fn, type(model).__name__))


def _body(fn, model, kwargs):
    names = _names()
    body = {}
    _model_member(fn, model, body)
    for name, v in kwargs.items():
        if v is None:
            continue
        if name == "recipe_config":  # an Axolotl or LLaMA-Factory YAML: its members beside it win
            body[name] = _text_or_file(fn, name, v)
            continue
        entry = names.get(name)
        if entry is None:
            near = difflib.get_close_matches(name, list(names), n=1)
            raise TypeError("%s() got an unexpected keyword argument %r%s (the workload sheet's fields: "
                            "gpusizer.fields())" % (fn, name, "; did you mean %r?" % near[0] if near else ""))
        key, kind = entry
        if key in body:
            raise TypeError("%s(): %s given twice (as %s)" % (fn, key, name))
        body[key] = _value(fn, name, kind, v)
    return body


# The library's limits for the files it reads (include/gpusizer/diagnose.h GS_DIAGNOSE_MAX_LOG,
# include/gpusizer/measure.h GS_RUN_MAX_FILE, src/lib/offer/catalog.c MAX_FILE,
# src/lib/workload/recipe_config.c MAX_CONFIG_BYTES): a file over its
# limit is refused from its size, before a byte is read (issue 50 item 12).
_FILE_LIMITS = {"log": (64 << 20, "a log"), "run": (64 << 20, "a run file"),
                "catalog": (1 << 20, "a catalog or evidence file"), "evidence": (1 << 20, "a catalog or evidence file"),
                "recipe_config": (1 << 20, "a training config")}


def _read_bounded(name, path):
    limit, what = _FILE_LIMITS[name]
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        data = f.read(limit + 1) if size <= limit else b""
    if size > limit or len(data) > limit:
        raise GpusizerError("%s: %s: %d bytes is larger than the %d-byte limit for %s"
                            % (name, os.fspath(path), max(size, len(data)), limit, what), field=name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GpusizerError("%s: %s: not UTF-8 text (byte %d)" % (name, os.fspath(path), e.start), field=name)


def _text_or_file(fn, name, v):
    """A catalog, evidence, recipe config, run or log: a path to read, text, or (catalog, evidence,
    recipe config) a dict/list."""
    if v is None:
        return None
    if isinstance(v, Recorder):
        v = v.path
    if isinstance(v, (dict, list)) and name in ("catalog", "evidence", "recipe_config"):
        return json.dumps(v)  # JSON is YAML: the same parser reads it
    if isinstance(v, os.PathLike) or (isinstance(v, str) and "\n" not in v and os.path.isfile(v)):
        return _read_bounded(name, v)
    if isinstance(v, str):
        if "\n" not in v and not v.lstrip().startswith(("{", "[")):
            raise GpusizerError("%s: no such file: %s (give a path or the %s's text)" % (name, v, name), field=name)
        return v
    raise TypeError("%s(): %s must be a path or text, not %s" % (fn, name, type(v).__name__))


def estimate(model=None, **sheet):
    """The itemized estimate (Estimate): items per phase, phase peaks, per-GPU peaks, interval, unknowns.

    estimate(params=7e9, bits=16, reserve="6GiB")
    estimate("meta-llama/Llama-3.1-8B", runtime="vllm", gpu="RTX 4090", context=8192)
    """
    body = _body("estimate", model, sheet)
    return Estimate.from_json(call("estimate", body), body)


def fit(model=None, *, for_=None, **sheet):
    """The largest concurrency (or for_="context"/"microbatch") that fits the sheet's GPU or capacity (FitAnswer)."""
    body = _body("fit", model, sheet)
    if for_ is not None:
        if not isinstance(for_, str):
            raise TypeError("fit(): for_ must be 'context', 'concurrency' or 'microbatch', not %s" % type(for_).__name__)
        body["for"] = for_
    return FitAnswer.from_json(call("fit", body), body)


def matrix(model=None, *, formats=None, library=False, **sheet):
    """What fits, format by format (Matrix); library=True: every library model as a row."""
    body = _body("matrix", model, sheet)
    if formats is not None:
        if isinstance(formats, str) or not all(isinstance(f, str) for f in formats):
            raise TypeError("matrix(): formats must be a list of format names (gpusizer.formats())")
        body["formats"] = list(formats)
    if not isinstance(library, bool):
        raise TypeError("matrix(): library must be True or False")
    if library:
        body["library"] = True
    return Matrix.from_json(call("matrix", body))


def _offers_body(fn, model, catalog, evidence, sheet):
    body = _body(fn, model, sheet)
    for name, v in (("catalog", catalog), ("evidence", evidence)):
        text = _text_or_file(fn, name, v)
        if text is not None:
            body[name] = text
    return body


def shortlist(model=None, *, catalog=None, evidence=None, units=None, **sheet):
    """Every offer judged per requirement, the admissible ones ranked (Shortlist).

    catalog, evidence: a path, YAML text, or a dict/list (default: the built-in example catalog).
    """
    body = _offers_body("shortlist", model, catalog, evidence, sheet)
    if units is not None:
        body["units"] = units
    return Shortlist.from_json(call("shortlist", body), body)


def sheet(model=None, *, catalog=None, evidence=None, **fields_):
    """The one-page sizing sheet (Sheet): .raw (JSON), .html, .markdown; shows inline in Jupyter."""
    body = _offers_body("sheet", model, catalog, evidence, fields_)
    raw = call("sheet", body)
    return Sheet(raw=raw, html=call_text("sheet", body, "html"), markdown=call_text("sheet", body, "markdown"))


def compare(estimate, run):
    """An estimate (Estimate or its JSON dict) against a run file (path, Recorder or text) (Comparison)."""
    if isinstance(estimate, Estimate):
        est = estimate.raw
    elif isinstance(estimate, dict):
        est = estimate
    else:
        raise TypeError("compare(): estimate must be a gpusizer.Estimate or its JSON dict, not %s"
                        % type(estimate).__name__)
    text = _text_or_file("compare", "run", run)
    if text is None:
        raise TypeError("compare(): run is required (a run file's path)")
    o = call("compare", {"estimate": est, "run": text})
    return Comparison(rows=o["compare"]["phases"], run=o["run"], raw=o)


def diagnose(log, *, run=None, model=None, **sheet):
    """The first out-of-memory of a failed run's log (path or text), and with the workload the changes to try."""
    body = _body("diagnose", model, sheet)
    body["log"] = _text_or_file("diagnose", "log", log)
    if run is not None:
        body["run"] = _text_or_file("diagnose", "run", run)
    o = call("diagnose", body)
    ch = o.get("changes")
    return Diagnosis(kind=o["kind"], phase=o["phase"], line=o["line"],
                     changes=list(ch.get("changes", []) if isinstance(ch, dict) else ch or []), raw=o)


def formats():
    """The named formats and the device table."""
    return call("formats")


def models():
    """The built-in model library."""
    return call("models")


def catalog():
    """The built-in example catalog."""
    return call("catalog")
