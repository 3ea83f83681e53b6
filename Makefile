# gpusizer — top-level entry points. CMake does the building; this file only
# names the jobs a person runs. See README.md.
#
#   make          release build: build/gpusizer
#   make demo     build, then run the seed's worked example and a Llama-3-8B estimate
#   make check    install missing Debian packages, build every variant, run all tests
#   make bench    speed and accuracy benchmarks (bench/README.md)

JOBS ?= 2
CMAKE ?= cmake

.PHONY: all deps demo check bench clean

all: deps
	$(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGS_TESTS=OFF >/dev/null
	$(CMAKE) --build build -j $(JOBS)

deps:
	@sh scripts/deps.sh

demo: all
	sh scripts/demo.sh build/gpusizer

# The test build: clang with ASan + UBSan and libFuzzer targets; every unit
# test, the golden CLI cases, the web API and the page in headless Chromium
# (playwright-core from npm, pinned by tests/web/package-lock.json), the
# accuracy smoke run and a bounded fuzz run.
check: all
	$(CMAKE) -S . -B build-check -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	    -DGS_SANITIZE=ON -DGS_FUZZ=ON >/dev/null
	$(CMAKE) --build build-check -j $(JOBS)
	@[ -d tests/web/node_modules/playwright-core ] || \
	    npm ci --prefix tests/web --no-audit --no-fund
	cd build-check && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS)
	sh tests/cli/run.sh build/gpusizer

bench: all
	sh bench/run.sh

clean:
	rm -rf build build-check
