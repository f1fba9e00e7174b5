# Helpline — the two commands that matter: `make run` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN := .build/debug/helpline

.PHONY: run test bench build deps install clean

## run: build, start the embedded demo contact center and open a chat with it
run: build
	@$(BIN) demo

## test: build and run every test (unit, end-to-end over loopback, tmux, boto3)
test:
	@scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	scripts/run-tests.sh

## bench: run the benchmarks and print the figures (recorded in docs/benchmarks.md)
bench:
	@scripts/ensure-deps.sh
	@scripts/bench.sh

build:
	@scripts/ensure-deps.sh
	$(SWIFT) build --product helpline

deps:
	@scripts/ensure-deps.sh --test

## install: a release build into $(PREFIX)/bin
install:
	@scripts/ensure-deps.sh
	$(SWIFT) build -c release --product helpline
	install -d $(PREFIX)/bin
	install -m 0755 .build/release/helpline $(PREFIX)/bin/helpline
	cp -R .build/release/Helpline_DemoServer.resources $(PREFIX)/bin/ 2>/dev/null || true

clean:
	rm -rf .build
