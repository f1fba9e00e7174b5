# Helpline — the two commands that matter: `make run` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN := .build/debug/helpline

.PHONY: run test sim bench fuzz build deps install flows dist dist-test clean

## run: build, start the embedded demo contact center and open a chat with it
run: build
	@$(BIN) demo

## test: build and run every test (unit, end-to-end over loopback, tmux, boto3), then 2,000 simulated chats per protocol
test:
	@scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	scripts/run-tests.sh
	SWIFT=$(SWIFT) scripts/check-fuzz-harnesses.sh
	SEEDS=2000 PROTOCOL=all SEED= SWIFT=$(SWIFT) scripts/sim.sh

## sim: the deterministic session simulator — make sim SEEDS=N [PROTOCOL=connect|polyai] [SEED=S]
SEEDS ?= 2000
PROTOCOL ?= all
SEED ?=
sim:
	@SEEDS=$(SEEDS) PROTOCOL=$(PROTOCOL) SEED=$(SEED) SWIFT=$(SWIFT) scripts/sim.sh

## bench: run the benchmarks and print the figures (recorded in docs/benchmarks.md)
bench:
	@scripts/ensure-deps.sh
	@scripts/bench.sh

## fuzz: coverage-guided fuzzing (libFuzzer) of every decoder of outside bytes — make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="markdown config"]; not part of `make test` (docs/robustness.md)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz:
	@scripts/ensure-deps.sh
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" SWIFT=$(SWIFT) scripts/fuzz.sh

build:
	@scripts/ensure-deps.sh
	$(SWIFT) build --product helpline

deps:
	@scripts/ensure-deps.sh --test

## install: a release build into $(PREFIX)/bin, the man page and bash/zsh/fish completions
install:
	@scripts/ensure-deps.sh
	$(SWIFT) build -c release --product helpline
	install -d $(PREFIX)/bin
	install -m 0755 .build/release/helpline $(PREFIX)/bin/helpline
	install -d $(PREFIX)/share/man/man1
	install -m 0644 docs/helpline.1 $(PREFIX)/share/man/man1/helpline.1
	install -d $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	.build/release/helpline --generate-completion-script bash > $(PREFIX)/share/bash-completion/completions/helpline
	.build/release/helpline --generate-completion-script zsh > $(PREFIX)/share/zsh/site-functions/_helpline
	.build/release/helpline --generate-completion-script fish > $(PREFIX)/share/fish/vendor_completions.d/helpline.fish

## dist: the release artifacts from a clean checkout of HEAD: dist/helpline-VERSION-linux-x86_64.tar.gz and dist/helpline_VERSION_amd64.deb (docs/install.md)
dist:
	@SWIFT=$(SWIFT) scripts/dist.sh

## dist-test: try them in a minimal Debian root made with debootstrap, with no Swift (needs root)
dist-test:
	@scripts/dist-test.sh

## flows: compile the demo flows (Sources/DemoServer/Resources/flows/*.json) into the binary again after editing one
flows:
	@python3 scripts/embed-flows.py

clean:
	rm -rf .build
