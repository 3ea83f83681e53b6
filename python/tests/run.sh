#!/bin/sh
# The Python package in make check: pytest against the release build, `pip
# install ./python` into a venv followed by the README's one-liner, and the
# example notebook executed headless (Debian's python3-nbclient and
# python3-ipykernel; python3-torch on the CPU).
# usage: sh python/tests/run.sh BUILD_DIR   (from the repository root)
set -u
B=$(realpath "${1:?build dir}")
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

# a fake NVML built plainly (the test build's carries the sanitizers, which
# the release binary cannot load)
cc -shared -fPIC -o "$T/libfake_nvml.so" tests/probe/fake_nvml.c || exit 1
export GPUSIZER_LIB="$B/libgpusizer.so" GPUSIZER_BIN="$B/gpusizer" GPUSIZER_FAKE_NVML="$T/libfake_nvml.so"
export PYTHONDONTWRITEBYTECODE=1 PYDEVD_DISABLE_FILE_VALIDATION=1

PYTHONPATH=python "$PY" -m pytest -q -p no:cacheprovider python/tests || fail=1

# pip install ./python (a copy: pip builds in the source folder), in a venv
# because Debian's pip refuses the system site (PEP 668): a plain venv that
# sees nothing of Debian's, pip's isolated build, and no index, as on an
# offline machine; the in-tree backend (python/_build) needs nothing
cp -r python "$T/src"
"$PY" -m venv "$T/venv" &&
	"$T/venv/bin/pip" install -q --no-index "$T/src" > "$T/pip.log" 2>&1 ||
	{ echo "FAIL: pip install ./python"; cat "$T/pip.log"; fail=1; }
(cd "$T" && "$T/venv/bin/python" -c \
	"import gpusizer; print(gpusizer.estimate(params=7e9, bits=16, reserve='6GiB'))") > "$T/out" 2>&1
grep -q "weights only:        13.04 GiB" "$T/out" && grep -q "indicative envelope: 19.04 GiB" "$T/out" ||
	{ echo "FAIL: the README's one-liner after pip install"; cat "$T/out"; fail=1; }

# the example notebook, headless
(cd "$T" && PYTHONPATH="$OLDPWD/python" GPUSIZER_MODELS="$OLDPWD/data/models" \
	"$PY" "$OLDPWD/python/tests/run_notebook.py" "$OLDPWD/python/examples/sizing.ipynb") || fail=1

[ $fail -eq 0 ] && echo "python: pytest, pip install and the notebook passed"
exit $fail
