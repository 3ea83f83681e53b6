#!/bin/sh
# `make install` into a temporary DESTDIR, then a small C program built
# against the installed library with pkg-config, linked shared and static.
# usage: tests/install/run.sh BUILD_DIR   (from the repository root)
set -u
BUILD=${1:?usage: run.sh BUILD_DIR}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $1"; [ -f "$T/log" ] && sed 's/^/    | /' "$T/log" | tail -15; }
P=/opt/gpusizer-test
DESTDIR="$T/root" cmake --install "$BUILD" --prefix "$P" > "$T/log" 2>&1 && ok || no "cmake --install"
R="$T/root$P"
for f in bin/gpusizer lib/libgpusizer.a lib/libgpusizer.so lib/pkgconfig/gpusizer.pc include/gpusizer/estimate.h \
         include/gpusizer/status.h share/man/man1/gpusizer.1; do
	[ -e "$R/$f" ] && ok || no "installed: $f"
done
readelf -d "$R/lib/libgpusizer.so" 2>/dev/null | grep -q 'SONAME.*libgpusizer.so.0' && ok || no "soname libgpusizer.so.0"
# pkg-config as a user's build would run it, with the tree moved into DESTDIR
export PKG_CONFIG_PATH="$R/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$T/root"
[ "$(pkg-config --modversion gpusizer)" = "$(sed -n 's/^project(gpusizer VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)" ] \
	&& ok || no "pkg-config --modversion"
cc -std=c11 -o "$T/consumer" tests/install/consumer.c $(pkg-config --cflags --libs gpusizer) > "$T/log" 2>&1 \
	&& LD_LIBRARY_PATH="$R/lib" "$T/consumer" > "$T/log" 2>&1 && ok || no "shared: build and run a consumer"
# libgpusizer.a itself, its dependencies shared (Debian ships no static libcurl stack)
cc -std=c11 -o "$T/consumer-static" tests/install/consumer.c $(pkg-config --cflags gpusizer) "$R/lib/libgpusizer.a" \
	$(pkg-config --libs jansson yaml-0.1 libcurl libcrypto libsodium) -lm -ldl -lpthread > "$T/log" 2>&1 \
	&& "$T/consumer-static" > "$T/log" 2>&1 && ok || no "static: build and run a consumer"
"$R/bin/gpusizer" --version > "$T/log" 2>&1 && ok || no "installed binary runs"
man -l "$R/share/man/man1/gpusizer.1" 2>/dev/null | grep -q "SHORTLIST" && ok || \
	{ grep -q '^.SH "SHORTLIST"' "$R/share/man/man1/gpusizer.1" && ok || no "man page has every command"; }
# the Python package, from the installed tree, finds the installed library
# through the folder make install recorded (no GPUSIZER_LIB, no ldconfig)
PYDIR=$(cd "$R" && ls -d lib/python3*/dist-packages 2>/dev/null | head -1)
[ -n "$PYDIR" ] && [ -f "$R/$PYDIR/gpusizer/__init__.py" ] && ok || no "python package installed"
grep -q "LIBDIR = '$P/lib'" "$R/$PYDIR/gpusizer/_installed.py" 2>/dev/null && ok || no "python package records its lib folder"
# the recorded folder is $P/lib; inside DESTDIR it is $R/lib: point it there to run it
sed -i "s|LIBDIR = .*|LIBDIR = '$R/lib'|" "$R/$PYDIR/gpusizer/_installed.py" 2>/dev/null
(cd "$T" && env -u GPUSIZER_LIB PYTHONPATH="$R/$PYDIR" /usr/bin/python3 -c \
	"import gpusizer; e = gpusizer.estimate(params=7e9, bits=16, reserve='6GiB'); print(gpusizer.library().how, e.envelope.bytes)") \
	> "$T/log" 2>&1 && grep -q "make install's folder 20442450944" "$T/log" && ok || no "installed python package runs"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
