"""Execute a notebook headless (nbclient + ipykernel) and check what it must show.

usage: python3 run_notebook.py NOTEBOOK.ipynb
Fails on any cell error, and when the outputs lack the figures the example
promises (the 7B worked example, the fit, the comparison's honest "nothing
measured" on a machine without a GPU).
"""
import sys

import nbformat
from nbclient import NotebookClient

path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()

text = []
for cell in nb.cells:
    for out in cell.get("outputs", []):
        if "text" in out:
            text.append(out["text"])
        for kind in ("text/plain", "text/html"):
            text.append(out.get("data", {}).get(kind, ""))
blob = "\n".join(text)
want = ["weights only:        13.04 GiB", "indicative envelope: 19.04 GiB", '<tr data-item="kv_cache">',
        "<FitAnswer: concurrency", "<Shortlist", "<iframe", "phases recorded"]
missing = [w for w in want if w not in blob]
if missing:
    print("FAIL: the notebook's outputs lack: %s" % ", ".join(repr(m) for m in missing))
    sys.exit(1)
print("notebook %s: %d cells executed, outputs checked" % (path, len(nb.cells)))
