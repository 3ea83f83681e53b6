#!/usr/bin/env python3
"""Hostile inputs for `make bench` (bench/run.sh, section "hostile inputs"):
files built to make a reader slow or wrong, as issue 39's adversarial pass
made them. Usage: hostile.py DIR. Each file is small; what it costs to read
or refuse is what the benchmark times.

Names colliding in the low bits of FNV-1a (the unkeyed hash the tensor and
GGUF-key tables used before issue 39) are found by meeting in the middle:
FNV-1a's step h' = (h ^ b) * P is invertible modulo 2^k, so the state the
last two bytes need is computed backwards once, and each prefix is tried
forwards against that set."""
import json, os, shutil, struct, sys

P, OFF, K = 1099511628211, 1469598103934665603, 17
MASK = (1 << K) - 1
PINV = pow(P, -1, 1 << 64) & MASK
PRINT = [c for c in range(0x30, 0x7b) if chr(c).isalnum()]


def fnv_low(data, h=OFF):
    for b in data:
        h = ((h ^ b) * P) & MASK
    return h


def colliding(n, prefix, target=0x1234 & MASK):
    """n distinct ASCII names whose FNV-1a hashes agree in their low K bits."""
    need = {}  # low state before the last two bytes -> those bytes
    for b2 in PRINT:
        for b3 in PRINT:
            h2 = ((target * PINV) & MASK) ^ b3
            h1 = ((h2 * PINV) & MASK) ^ b2
            need.setdefault(h1, bytes([b2, b3]))
    out, i = [], 0
    while len(out) < n:
        stem = b"%s%07d" % (prefix, i)
        i += 1
        h = fnv_low(stem)
        for b1 in PRINT:
            t = need.get(((h ^ b1) * P) & MASK)
            if t:
                out.append(stem + bytes([b1]) + t)
                break
    return out


def gguf(path, keys, tensors=()):
    """A GGUF v3 file: u32 metadata under `keys`, then tensors (name, offset, bytes) of type F32, 1-D."""
    with open(path, "wb") as f:
        f.write(b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(keys)))
        for i, k in enumerate(keys):
            f.write(struct.pack("<Q", len(k)) + k + struct.pack("<II", 4, i))
        for name, off, nbytes in tensors:
            f.write(struct.pack("<Q", len(name)) + name + struct.pack("<IQIQ", 1, nbytes // 4, 0, off))
        pad = (-f.tell()) % 32
        f.write(b"\0" * pad)


def main(d):
    assert all(fnv_low(n) == fnv_low(colliding(1, b"t")[0]) for n in colliding(50, b"t"))
    gguf(d + "/keys-colliding.gguf", colliding(65535, b"key."))
    # 1,000 tensors of 16 MiB each at data offset 0 of a small file: the same bytes many times
    gguf(d + "/overlap.gguf", [b"x.filler"], [(b"t.%04d" % i, 0, 16 << 20) for i in range(1000)])
    with open(d + "/overlap.gguf", "ab") as f:
        f.write(b"\0" * (16 << 20))
    # 16 tensors of 2^60 bytes each: a sum that wraps to 0 in 64 bits
    gguf(d + "/wrap.gguf", [b"x.filler"], [(b"w.%02d" % i, i << 60, 1 << 60) for i in range(16)])
    # safetensors with 65,000 colliding tensor names (each 2 bytes of F16), under the 65,536 cap
    names = colliding(65000, b"model.")
    hdr = {n.decode(): {"dtype": "F16", "shape": [1], "data_offsets": [2 * i, 2 * i + 2]} for i, n in enumerate(names)}
    h = json.dumps(hdr, separators=(",", ":")).encode()
    os.makedirs(d + "/colliding", exist_ok=True)
    shutil.copy(os.path.join(os.path.dirname(__file__), "../data/models/meta-llama__Llama-2-7b-hf.json"),
                d + "/colliding/config.json")
    with open(d + "/colliding/model.safetensors", "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"\0" * (2 * len(names)))
    # an index naming 200,000 distinct shards (the cap is 256)
    idx = {"metadata": {"total_size": 1}, "weight_map": {"t%d" % i: "s%07d.safetensors" % i for i in range(200000)}}
    with open(d + "/model.safetensors.index.json", "w") as f:
        json.dump(idx, f)
    # a catalog of 1 MiB that is almost all anchors (about 95,000)
    body = "offers:\n- {id: a, gpu: RTX 4090, notes: [" + ", ".join("&%x 0" % i for i in range(95000)) + "]}\n"
    with open(d + "/anchors.yaml", "w") as f:
        f.write(body[: (1 << 20) - 8].rsplit(",", 1)[0] + "]}\n")
    # a YAML sheet nested 200,000 deep
    with open(d + "/deep.yaml", "w") as f:
        f.write("model: " + "[" * 200000)
    # issue 50 item 9: a 100 MiB safetensors header of 7 million __metadata__ keys, and one tensor
    # whose shape has 48 million entries
    def st_file(path, header):
        with open(path, "wb") as f:
            f.write(struct.pack("<Q", len(header)) + header)
    keys = b",".join(b'"%07d":""' % i for i in range(7_000_000))
    st_file(d + "/metadata.safetensors", b'{"__metadata__":{' + keys + b"}}")
    st_file(d + "/shape.safetensors", b'{"t":{"dtype":"F16","shape":[' + b"1," * 48_000_000 + b'1],"data_offsets":[0,0]}}')
    # item 10: an index whose weight_map has 3 million entries naming one shard
    os.makedirs(d + "/onemap", exist_ok=True)
    shutil.copy(d + "/colliding/config.json", d + "/onemap/config.json")
    with open(d + "/onemap/model.safetensors.index.json", "wb") as f:
        f.write(b'{"weight_map":{' + b",".join(b'"t%07d":"a.safetensors"' % i for i in range(3_000_000)) + b"}}")
    # item 11: a GGUF with one 256 MiB u8 array, and one with 30 million empty strings (240 MB)
    with open(d + "/u8array.gguf", "wb") as f:
        n = (256 << 20) - 4096
        f.write(b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 5) + b"x.u8s" + struct.pack("<IIQ", 9, 0, n))
        f.truncate(f.tell() + n)
    with open(d + "/strings.gguf", "wb") as f:
        n = 30_000_000
        f.write(b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 5) + b"x.str" + struct.pack("<IIQ", 9, 8, n))
        f.truncate(f.tell() + 8 * n)
    # item 12: logs of 64 MiB of short lines, and of lines that each hold two trigger words; a run
    # file of 64 MiB of samples
    with open(d + "/short.log", "w") as f:
        f.write("x\n" * ((64 << 20) // 2 - 1))
    with open(d + "/words.log", "w") as f:
        f.write("CUDA memory\n" * ((64 << 20) // 12 - 1))
    with open(d + "/all-words.log", "w") as f:  # every trigger word: every parser runs on every line
        line = "memory Memory CUDA cudaMalloc allocate KV request cache fraction profiled\n"
        f.write(line * ((64 << 20) // len(line) - 1))
    with open(d + "/samples.jsonl", "w") as f:
        f.write('{"type":"header","nvml":true,"gpus":[]}\n')
        line = '{"type":"sample","gpu":0,"device_used":1}\n'
        f.write(line * (((64 << 20) - 64) // len(line)))


if __name__ == "__main__":
    main(sys.argv[1])
