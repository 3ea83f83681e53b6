#!/bin/sh
# gpusizer probe against the fake NVML library; and without any NVML.
# usage: run.sh GPUSIZER FAKE_NVML_SO
B=${1:?gpusizer}; LIB=${2:?fake nvml}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
check() { # NAME RC TEXT -- command...
	name=$1; want_rc=$2; want=$3; shift 4
	"$@" > "$T/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want_rc" ] && grep -qF -- "$want" "$T/out"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $name (rc $rc, want $want_rc: $want)"; sed 's/^/    | /' "$T/out" | head -8; fi
}
export GPUSIZER_NVML="$LIB"
check "one H200" 0 "total 140.40 GiB (150754820096 B, device-reported)" -- "$B" probe
check "versions" 0 "driver 550.163.01, CUDA 12.4" -- "$B" probe
check "json" 0 '"total_bytes": 150754820096' -- "$B" probe --json
FAKE_NVML=two check "two GPUs" 0 "GPU 1: NVIDIA H200 GPU-fake-0002" -- "$B" probe
FAKE_NVML=nodriver check "driver not loaded" 3 "NVML could not start: Driver Not Loaded" -- "$B" probe
FAKE_NVML=nogpu check "no GPU" 3 "NVML sees no GPU" -- "$B" probe
GPUSIZER_NVML=/nonexistent/libnvidia-ml.so.1 check "no NVML" 3 "cannot load NVML" -- "$B" probe
# the evidence record it writes is read back by shortlist and decides memory's usable bytes
check "evidence written" 0 "compute capability 9.0" -- "$B" probe --evidence "$T/ev.yaml" --offer h200
check "evidence used" 1 "reported by the device (probe evidence)" -- "$B" shortlist --params 70B --bits 16 \
	--evidence "$T/ev.yaml"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
