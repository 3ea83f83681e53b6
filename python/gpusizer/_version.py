# The package's version; libgpusizer must report the same (gs_version()).
# tests/test_api.py checks it against CMakeLists.txt's project version.
__version__ = "0.1.0"
