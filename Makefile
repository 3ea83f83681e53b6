# gpusizer — top-level entry points. CMake does the building; this file only
# names the jobs a person runs. See README.md.
#
#   make          release build: build/gpusizer, libgpusizer.{a,so}, build/gpusizer.1
#   make demo     build, then run the 7B worked example and a Llama-3-8B estimate
#   make check    build every variant, run all tests (after scripts/deps.sh, see README)
#   make install  PREFIX=/usr/local, DESTDIR honoured: bin, lib, include, pkg-config, man, the Python package
#   make bench    speed and accuracy benchmarks (bench/README.md)
#   make sweep    the property layer over the whole cross product (tests/prop/prop.c)
#   make bands    regenerate the interval bands from bench/calibration.jsonl
#   make deps     install the Debian packages the build and tests need (as root)

JOBS ?= 2
CMAKE ?= cmake
PREFIX ?= /usr/local

.PHONY: all deps demo check sweep install bench bands clean

# Plain `make` only builds: installing packages belongs to the README's
# set-up command (sh scripts/deps.sh), never to a build.
all:
	$(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGS_TESTS=OFF >/dev/null
	$(CMAKE) --build build -j $(JOBS)

deps:
	@sh scripts/deps.sh

demo: all
	sh scripts/demo.sh build/gpusizer

# The checks. First scripts/checksrc.sh: the style rules a compiler does not
# check (long lines, banned calls; docs/style.md). Then the release build
# itself (gcc -O2, build/) with the unit tests on: only the test programs
# compile, the library's objects are the ones `make` just built, and gcc's
# optimizer-driven warnings (-Wformat-truncation, -Wstringop-*) see the
# tests too; its unit tests and the API goldens run (an -O2 build must
# answer as the -O0 one does); a later plain `make` turns GS_TESTS off
# again. Then clang with ASan + UBSan and libFuzzer targets: every unit
# test, the golden CLI cases, the web API and the page in headless Chromium
# (playwright-core from npm, pinned by tests/web/package-lock.json), the
# accuracy smoke run and a bounded fuzz run.
check: all
	sh scripts/checksrc.sh --pending-summary
	$(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGS_TESTS=ON >/dev/null
	$(CMAKE) --build build -j $(JOBS)
	cd build && ctest --output-on-failure -j $(JOBS) -R '^(unit_|api_golden$$)'
	$(CMAKE) -S . -B build-check -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	    -DGS_SANITIZE=ON -DGS_FUZZ=ON >/dev/null
	$(CMAKE) --build build-check -j $(JOBS)
	@[ -d tests/web/node_modules/playwright-core ] || \
	    npm ci --prefix tests/web --no-audit --no-fund
	cd build-check && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS)
	sh tests/cli/run.sh build/gpusizer
	sh tests/cli/golden.sh build/gpusizer
	sh tests/install/run.sh build
	sh python/tests/run.sh build

# The property layer over every library model x format spelling x runtime x
# task, under the sanitizers (make check runs one combination in eight).
sweep:
	$(CMAKE) -S . -B build-check -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	    -DGS_SANITIZE=ON -DGS_FUZZ=ON >/dev/null
	$(CMAKE) --build build-check -j $(JOBS) --target prop
	build-check/prop --every 1

install: all
	DESTDIR=$(DESTDIR) $(CMAKE) --install build --prefix $(PREFIX)

bench: all
	sh bench/run.sh

# The calibration intervals the library carries (src/lib/engine/calibration_bands.c,
# docs/method.md §17a), recomputed from the records; the test bands_in_sync
# fails until this is run after a change that moves a residual.
bands: all
	build/gen_fixtures build/fixtures data/models >/dev/null
	build/bench_accuracy --bands bench/calibration.jsonl data/models tests/data/configs build/fixtures \
	    > src/lib/engine/calibration_bands.c.new
	mv src/lib/engine/calibration_bands.c.new src/lib/engine/calibration_bands.c

clean:
	rm -rf build build-check
