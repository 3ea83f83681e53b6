"""Write a model folder of a model_type gpusizer does not model: a
llama-shaped config.json with the standard keys and a safetensors file
(zero data) whose tensor table has one extra projection per layer, so the
parameter count can only come from the tensors. usage: generic_model.py DIR"""
import json
import os
import struct
import sys

d = sys.argv[1]
os.makedirs(d, exist_ok=True)
h, i, V, L = 64, 128, 100, 2
cfg = {"model_type": "newarch", "architectures": ["NewArchForCausalLM"], "hidden_size": h,
       "num_hidden_layers": L, "num_attention_heads": 4, "num_key_value_heads": 2,
       "intermediate_size": i, "vocab_size": V, "max_position_embeddings": 4096}
with open(os.path.join(d, "config.json"), "w") as f:
    json.dump(cfg, f)
tensors, off = {}, 0


def add(name, shape):
    global off
    n = 1
    for x in shape:
        n *= x
    tensors[name] = {"dtype": "BF16", "shape": shape, "data_offsets": [off, off + 2 * n]}
    off += 2 * n


add("model.embed_tokens.weight", [V, h])
for l in range(L):
    p = "model.layers.%d." % l
    for name, shape in [("self_attn.q_proj.weight", [h, h]), ("self_attn.k_proj.weight", [h // 2, h]),
                        ("self_attn.v_proj.weight", [h // 2, h]), ("self_attn.o_proj.weight", [h, h]),
                        ("self_attn.extra_gate.weight", [h, h]), ("mlp.gate_proj.weight", [i, h]),
                        ("mlp.up_proj.weight", [i, h]), ("mlp.down_proj.weight", [h, i]),
                        ("input_layernorm.weight", [h]), ("post_attention_layernorm.weight", [h])]:
        add(p + name, shape)
add("model.norm.weight", [h])
add("lm_head.weight", [V, h])
header = json.dumps(tensors).encode()
with open(os.path.join(d, "model.safetensors"), "wb") as f:
    f.write(struct.pack("<Q", len(header)))
    f.write(header)
    f.write(b"\0" * off)
