"""A build backend for the gpusizer Python package that needs nothing fetched.

pip builds a package in an isolated environment and installs the backend's
requirements there first; setuptools from an index is not reachable on an
offline machine, and a venv cannot see Debian's. This backend (PEP 517, in
the tree: pyproject.toml's backend-path) has no requirements: it writes the
wheel itself, with the standard library only, from the files of the
package. The package is pure Python (it loads libgpusizer at run time), so
the wheel is py3-none-any.
"""
import base64
import hashlib
import os
import re
import tarfile
import zipfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PACKAGES = ["gpusizer"]
_MODULES = ["gpusizer_torch.py"]


def _project():
    """name, version and the metadata lines from pyproject.toml's [project]."""
    text = open(os.path.join(_ROOT, "pyproject.toml"), encoding="utf-8").read()
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]

    def value(key):
        m = re.search(r"^%s\s*=\s*\"([^\"]*)\"" % key, section, re.M)
        return m.group(1) if m else None

    return value("name"), value("version"), value("description"), value("requires-python")


def _files():
    """(path in the wheel, path on disk) of every file shipped."""
    out = []
    for pkg in _PACKAGES:
        base = os.path.join(_ROOT, pkg)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                if f.endswith((".pyc", ".pyo")) or f == "_installed.py":
                    continue
                full = os.path.join(dirpath, f)
                out.append((os.path.relpath(full, _ROOT).replace(os.sep, "/"), full))
    for m in _MODULES:
        if os.path.exists(os.path.join(_ROOT, m)):
            out.append((m, os.path.join(_ROOT, m)))
    return out


def _metadata():
    name, version, summary, requires = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + name, "Version: " + version]
    if summary:
        lines.append("Summary: " + summary)
    if requires:
        lines.append("Requires-Python: " + requires)
    readme = os.path.join(_ROOT, "README.md")
    body = open(readme, encoding="utf-8").read() if os.path.exists(readme) else ""
    if body:
        lines.append("Description-Content-Type: text/markdown")
    return name, version, "\n".join(lines) + "\n\n" + body


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    name, version, meta = _metadata()
    info = "%s-%s.dist-info" % (name, version)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(meta)
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, meta = _metadata()
    info = "%s-%s.dist-info" % (name, version)
    wheel = "%s-%s-py3-none-any.whl" % (name, version)
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, full in _files():
            data = open(full, "rb").read()
            z.writestr(arc, data)
            records.append(_record_line(arc, data))
        extra = {
            info + "/METADATA": meta.encode("utf-8"),
            info + "/WHEEL": b"Wheel-Version: 1.0\nGenerator: gpusizer_build\nRoot-Is-Purelib: true\n"
                             b"Tag: py3-none-any\n",
            info + "/top_level.txt": ("\n".join(_PACKAGES + [m[:-3] for m in _MODULES]) + "\n").encode(),
        }
        for arc, data in extra.items():
            z.writestr(arc, data)
            records.append(_record_line(arc, data))
        records.append(info + "/RECORD,,")
        z.writestr(info + "/RECORD", "\n".join(records) + "\n")
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    name, version, _ = _metadata()
    base = "%s-%s" % (name, version)
    path = os.path.join(sdist_directory, base + ".tar.gz")
    with tarfile.open(path, "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/gpusizer_build.py"]:
            if os.path.exists(os.path.join(_ROOT, rel)):
                t.add(os.path.join(_ROOT, rel), arcname=base + "/" + rel)
        for arc, full in _files():
            t.add(full, arcname=base + "/" + arc)
    return base + ".tar.gz"
