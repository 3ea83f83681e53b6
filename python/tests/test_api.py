"""The Python package against the CLI, its errors, its HTML, and measure().

Run by python/tests/run.sh (make check) with GPUSIZER_LIB and GPUSIZER_BIN
set to the release build; GPUSIZER_FAKE_NVML to the test build's fake NVML.
"""

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

import gpusizer

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.abspath(os.environ.get("GPUSIZER_BIN", os.path.join(ROOT, "build", "gpusizer")))
LLAMA3 = os.path.join(ROOT, "data", "models", "meta-llama__Meta-Llama-3-8B.json")


def cli_json(*args):
    out = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def cli_text(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, cwd=ROOT).stdout


def without_origins(o):
    """The workload block says where each value came from (flag vs request body): drop those words."""
    o = json.loads(json.dumps(o))
    for v in o.get("workload", {}).values():
        v.pop("from", None)
        v.pop("where", None)
    for it in o.get("items", []):  # "chosen: 6GiB (--reserve)" / "(request body)"
        it["formula"] = re.sub(r" \((request body|--[a-z-]+)\)$", "", it["formula"])
        it["formula"] = re.sub(r"(\d) ?B\b", r"\1B", it["formula"])
    return o


# --- the seed's worked example and the versions --------------------------------------------

def test_seed_example():
    e = gpusizer.estimate(params=7e9, bits=16, reserve="6GiB")
    assert e.weights_only.bytes == 14_000_000_000
    assert e.envelope.bytes == 20_442_450_944
    assert gpusizer.format_bytes(e.weights_only.bytes) == "13.04 GiB"
    assert gpusizer.format_bytes(e.envelope.bytes) == "19.04 GiB"
    assert "weights only:        13.04 GiB" in str(e)
    assert "indicative envelope: 19.04 GiB" in str(e)
    assert repr(e).startswith("<Estimate --params, bits:16: weights only 13.04 GiB, envelope 19.04 GiB")


def test_versions_agree():
    cmake = open(os.path.join(ROOT, "CMakeLists.txt")).read()
    want = re.search(r"project\(gpusizer VERSION ([0-9.]+)", cmake).group(1)
    assert gpusizer.__version__ == want
    assert gpusizer.library().version == want
    assert gpusizer.library().how == "GPUSIZER_LIB"


# --- the same answer as the CLI --------------------------------------------------------------

@pytest.mark.parametrize("args,kw", [
    (["--params", "7e9", "--bits", "16", "--reserve", "6GiB"], dict(params=7e9, bits=16, reserve="6GiB")),
    ([LLAMA3, "--context", "8192", "--concurrency", "4"], dict(model=LLAMA3, context=8192, concurrency=4)),
    ([LLAMA3, "--runtime", "vllm", "--gpu", "RTX 4090", "--context", "8192"],
     dict(model=LLAMA3, runtime="vllm", gpu="RTX 4090", context=8192)),
    ([LLAMA3, "--task", "qlora", "--context", "4096", "--microbatch", "2", "--checkpointing", "full"],
     dict(model=LLAMA3, task="qlora", context=4096, microbatch=2, checkpointing="full")),
    (["--params", "7e9", "--bits", "16", "--reserve", "6442450944B"], dict(params=7e9, bits=16, reserve=6 * 2**30)),
])
def test_estimate_matches_cli(args, kw):
    e = gpusizer.estimate(**kw)
    want = cli_json("estimate", *args)
    got = without_origins(e.raw)
    want = without_origins(want)
    # the model's source is the path as given on either side
    assert got["items"] == want["items"]
    assert got["phases"] == want["phases"]
    assert got["gpus"] == want["gpus"]
    assert got["peak_interval"] == want["peak_interval"]
    assert got.get("capacity") == want.get("capacity")
    assert e.peak == next(p["peak_bytes"] for p in want["phases"] if p["id"] == want["peak_phase"])


def test_typed_result():
    e = gpusizer.estimate(LLAMA3, context=8192, gpu="RTX 4090")
    kv = next(i for i in e.items if i.id == "kv_cache")
    assert kv.bytes == 2**30 and kv.basis == "estimated" and kv.phases["prefill"] == 2**30
    assert "8192 tokens" in kv.formula
    # Transformers allocates through torch: judged against the CUDA total (the device table's)
    assert e.verdict.fits is True and e.verdict.capacity_bytes == 25254407700
    assert [p.id for p in e.phases] == ["load", "prefill", "decode"]
    assert e.gpus[0].peak_bytes == e.peak
    assert e.interval.low_bytes < e.peak < e.interval.high_bytes


def test_fit_matrix_shortlist_match_cli():
    f = gpusizer.fit(LLAMA3, gpu="RTX 4090", context=8192)
    want = cli_json("fit", LLAMA3, "--gpu", "RTX 4090", "--context", "8192")
    assert (f.target, f.best, f.limit_phase, f.limit_item) == (want["target"], want["best"], want["limit_phase"],
                                                               want["limit_item"])
    assert f.best == 4 and "concurrency" in str(f)
    m = gpusizer.matrix(LLAMA3, gpu="RTX 4090", context=8192)
    mw = cli_json("matrix", LLAMA3, "--gpu", "RTX 4090", "--context", "8192")
    assert [c.best for c in m.rows[0].cells] == [c["best"] for c in mw["rows"][0]["cells"]]
    s = gpusizer.shortlist(LLAMA3, context=8192)
    sw = cli_json("shortlist", LLAMA3, "--context", "8192")
    assert [(o.id, o.verdict) for o in s.offers] == [(o["id"], o["verdict"]) for o in sw["offers"]]
    assert "47.14" in str(s)


def test_sheet_three_forms():
    sh = gpusizer.sheet(LLAMA3, context=8192, gpu="RTX 4090")
    assert sh.raw["schema"] == "gpusizer/sheet/v1"
    assert sh.html.lstrip().lower().startswith("<!doctype html>")
    assert sh.markdown == cli_text("sheet", LLAMA3, "--context", "8192", "--gpu", "RTX 4090")
    assert "<iframe" in sh._repr_html_()


def test_own_catalog_as_dict_and_text(tmp_path):
    cat = {"offers": [{"id": "mine", "gpu": "RTX 4090", "count": 1}]}
    s = gpusizer.shortlist(LLAMA3, context=8192, catalog=cat)
    assert [o.id for o in s.offers] == ["mine"]
    p = tmp_path / "cat.yaml"
    p.write_text("offers:\n  - id: yours\n    gpu: RTX 4090\n    count: 1\n")
    assert [o.id for o in gpusizer.shortlist(LLAMA3, context=8192, catalog=p).offers] == ["yours"]
    with pytest.raises(gpusizer.GpusizerError) as ex:
        gpusizer.shortlist(LLAMA3, context=8192, catalog="offers:\n  - id: [\n")
    assert re.search(r"catalog:\d+:\d+", str(ex.value)), str(ex.value)


def test_recipe_config_as_cli(tmp_path):
    yaml = ("base_model: %s\nadapter: qlora\nload_in_4bit: true\nlora_r: 16\nlora_target_linear: true\n"
            "sequence_len: 2048\nmicro_batch_size: 2\ngradient_checkpointing: true\n" % LLAMA3)
    p = tmp_path / "axolotl.yaml"
    p.write_text(yaml)
    want = cli_json("estimate", "--recipe-config", str(p), "--gpu", "RTX 4090")
    for form in (p, str(p), yaml):
        e = gpusizer.estimate(recipe_config=form, gpu="RTX 4090")
        assert e.raw["phases"] == want["phases"]
        assert e.raw["workload"]["lora_rank"]["value"] == 16
    # a keyword argument beside it wins, as a flag does
    e = gpusizer.estimate(recipe_config=p, gpu="RTX 4090", lora_rank=64)
    assert e.raw["workload"]["lora_rank"]["value"] == 64
    with pytest.raises(gpusizer.GpusizerError) as ex:
        gpusizer.fit(recipe_config=yaml + "learning_rte: 2e-4\n", gpu="RTX 4090")
    assert ex.value.field == "recipe_config" and "recipe_config:9:1 learning_rte" in str(ex.value)


# --- errors -----------------------------------------------------------------------------------

def test_type_errors_name_the_argument():
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'lenght'; did you mean 'length'"):
        gpusizer.estimate(params=7e9, lenght=8192)
    with pytest.raises(TypeError, match=r"context must be a whole number"):
        gpusizer.estimate(params=7e9, context=[8192])
    with pytest.raises(TypeError, match=r"reserve must be a size"):
        gpusizer.estimate(params=7e9, reserve=True)
    with pytest.raises(TypeError, match=r"model must be a hub id, a path or a config.json dict, not int"):
        gpusizer.estimate(7)
    with pytest.raises(TypeError, match=r"for_ must be"):
        gpusizer.fit(LLAMA3, gpu="RTX 4090", for_=3)


def test_library_errors_carry_the_field():
    with pytest.raises(gpusizer.GpusizerError) as ex:
        gpusizer.estimate(params=7e9, context="abc")
    assert ex.value.field == "length" and ex.value.status == 400
    assert "expected a whole number of tokens" in str(ex.value)
    with pytest.raises(gpusizer.GpusizerError) as ex:
        gpusizer.estimate(params=7e9, gpu="RTX 9090")
    assert "not in the device table" in str(ex.value)
    with pytest.raises(gpusizer.GpusizerError, match="fit needs a capacity or a gpu") as ex:
        gpusizer.fit(LLAMA3)
    assert ex.value.field == "capacity"
    # the formats are the columns: the library refuses a format, as the CLI does
    with pytest.raises(gpusizer.GpusizerError, match="the formats are the columns") as ex:
        gpusizer.matrix(LLAMA3, gpu="RTX 4090", format="nf4")
    assert ex.value.field == "format" and ex.value.status == 400


def _child(code, env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, **env})


def test_missing_library_says_what_it_tried():
    r = _child("import gpusizer; gpusizer.estimate(params=7e9)", {"GPUSIZER_LIB": "/nonexistent/libgpusizer.so"})
    assert r.returncode != 0
    assert "GPUSIZER_LIB: cannot load /nonexistent/libgpusizer.so" in r.stderr


def test_mismatched_library_names_both_versions(tmp_path):
    src = tmp_path / "old.c"
    src.write_text(textwrap.dedent("""
        #include <stddef.h>
        const char *gs_version(void) { return "0.0.9"; }
        unsigned gs_api_json(const char *v, const char *f, const char *b, size_t n, char **o, size_t *l)
        { (void)v; (void)f; (void)b; (void)n; *o = 0; *l = 0; return 500; }
        void gs_api_free(void *p) { (void)p; }
    """))
    so = tmp_path / "libold.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(so), str(src)], check=True)
    r = _child("import gpusizer; gpusizer.estimate(params=7e9)", {"GPUSIZER_LIB": str(so)})
    assert "is libgpusizer 0.0.9, this package is gpusizer %s" % gpusizer.__version__ in r.stderr, r.stderr


def test_library_without_the_api():
    r = _child("import gpusizer; gpusizer.load('libc.so.6')", {})
    assert "has no gs_api_json()" in r.stderr, r.stderr


# --- notebook rendering -------------------------------------------------------------------------

def test_html_repr():
    e = gpusizer.estimate(LLAMA3, context=8192)
    h = e._repr_html_()
    assert '<tr data-item="kv_cache">' in h and "1.00 GiB" in h and "<script" not in h
    assert "weights only: <b>14.96 GiB</b>" in h
    # text from a model name cannot inject markup
    cfg = json.load(open(LLAMA3))
    h = gpusizer.estimate(cfg, context=8192)._repr_html_()
    assert "config.json (uploaded)" in h
    assert "<table>" in gpusizer.matrix(LLAMA3, gpu="RTX 4090", context=8192)._repr_html_()
    assert "rtx4090-3d" in gpusizer.shortlist(LLAMA3, context=8192)._repr_html_()


# --- measure ----------------------------------------------------------------------------------

def test_measure_in_process_without_gpu(tmp_path):
    run = tmp_path / "run.jsonl"
    with gpusizer.measure(run, model="tiny") as rec:
        with gpusizer.phase("load"):
            pass
        with gpusizer.phase("prefill", tokens=128, sequences=2):
            pass
    lines = [json.loads(x) for x in run.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["schema"] == "gpusizer/run/v1"
    assert [x.get("event") for x in lines[1:-1]] == ["phase_begin", "phase_end", "phase_begin", "phase_end"]
    assert lines[-1] == {"type": "exit", "t_ms": lines[-1]["t_ms"], "status": 0, "signal": 0}
    assert lines[3]["tokens"] == 128 and lines[3]["model"] == "tiny"
    c = gpusizer.compare(gpusizer.estimate(params=1e9, bits=16), rec)
    assert not c.measured_anything
    assert "no device counter was measured" in repr(c)
    # the CLI reads the same file
    out = subprocess.run([BIN, "measure", "--summary", str(run)], capture_output=True, text=True)
    assert out.returncode == 0 and "128t/2s" in out.stdout


def test_measure_records_a_failure(tmp_path):
    run = tmp_path / "fail.jsonl"
    with pytest.raises(ZeroDivisionError):
        with gpusizer.measure(run):
            with gpusizer.phase("forward", tokens=64, microbatch=1):
                1 / 0
    assert json.loads(run.read_text().splitlines()[-1])["status"] == 1
    with pytest.raises(TypeError, match="tokens must be an int"):
        with gpusizer.phase("x", tokens=1.5):
            pass


@pytest.mark.skipif(not os.environ.get("GPUSIZER_FAKE_NVML"), reason="needs the test build's fake NVML")
def test_measure_under_the_cli_with_fake_nvml(tmp_path):
    """gpusizer measure runs a Python script that marks phases; the fake NVML reports what it 'allocates'."""
    used = tmp_path / "used"
    script = tmp_path / "work.py"
    script.write_text(textwrap.dedent("""
        import os, time, gpusizer
        def use(n):
            with open(os.environ["FAKE_NVML_USED_FILE"], "w") as f:
                f.write("%d %d" % (os.getpid(), n))
        with gpusizer.phase("load"):
            use(2 << 30); time.sleep(0.3)
        with gpusizer.phase("prefill", tokens=4096, sequences=1):
            use(6 << 30); time.sleep(0.3)
    """))
    run = tmp_path / "run.jsonl"
    env = {**os.environ, "GPUSIZER_NVML": os.environ["GPUSIZER_FAKE_NVML"], "FAKE_NVML_USED_FILE": str(used),
           "PYTHONPATH": os.path.join(ROOT, "python")}
    r = subprocess.run([BIN, "measure", "--out", str(run), "--interval", "20", "--", sys.executable, str(script)],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    c = gpusizer.compare(gpusizer.estimate(params=1e9, bits=16, context=4096), run)
    assert c.measured_anything
    pre = next(x for x in c.rows if x["phase"] == "prefill")
    # the device's used memory: 500 MiB of context + the 6 GiB the script reported
    assert pre["measured_bytes"] == (6 << 30) + (500 << 20)
    assert pre["counter"] == "device"


def test_diagnose():
    log = os.path.join(ROOT, "tests", "data", "logs", "torch-backward.log")
    d = gpusizer.diagnose(log)
    want = cli_json("diagnose", log)
    assert (d.kind, d.phase, d.line) == (want["kind"], want["phase"], want["line"])
    d = gpusizer.diagnose(log, model=LLAMA3, task="lora", context=4096)
    want = cli_json("diagnose", log, LLAMA3, "--task", "lora", "--context", "4096")
    assert d.raw == want
    with pytest.raises(gpusizer.GpusizerError, match="no out-of-memory message"):
        gpusizer.diagnose("just a line\nand another\n")


def test_three_classes():
    """The seed's classes reach Python: a pool the interval straddles is to confirm, with what to check."""
    # at 0.21.0 the pool's interval straddles the need (0.28's larger pool fits it for certain)
    e = gpusizer.estimate("meta-llama/Llama-3.1-8B-Instruct", runtime="vllm", runtime_version="0.21.0",
                          gpu="RTX 4090", context=8192, concurrency=4)
    assert e.verdict.verdict == "to_confirm"
    assert e.verdict.fits is True  # the point estimate alone
    assert "GPU KV cache size" in e.verdict.condition and "32768 tokens" in e.verdict.condition
    assert str(e.verdict).startswith("TO CONFIRM")


def test_import_does_not_load_torch():
    # issue 50 item 17: torch is imported by the measure helpers when they run, never by `import gpusizer`
    code = "import sys, gpusizer; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(gpusizer.__file__))))
    assert out.stdout.strip() == "False"


def test_oversize_file_refused_from_its_size(tmp_path):
    # issue 50 item 12: a 100 MB log is refused before a byte is read, as the library refuses it
    big = tmp_path / "huge.log"
    with open(big, "wb") as f:
        f.truncate(100_000_000)
    with pytest.raises(gpusizer.GpusizerError) as e:
        gpusizer.diagnose(big)
    assert e.value.field == "log"
    assert "100000000 bytes is larger than the 67108864-byte limit for a log" in e.value.message
