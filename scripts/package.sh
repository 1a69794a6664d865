#!/usr/bin/env bash
# Installs and packages the release binary (.build/release/aihelper, `make build` makes it):
#   scripts/package.sh install DESTDIR PREFIX   the files under DESTDIR/PREFIX (make install)
#   scripts/package.sh uninstall DESTDIR PREFIX those files removed again (make uninstall)
#   scripts/package.sh dist OUTDIR              OUTDIR/aihelper-VERSION-linux-ARCH.tar.gz (make dist)
#   scripts/package.sh deb OUTDIR               OUTDIR/aihelper_VERSION_ARCH.deb (make deb;
#                                               DEB_COMPRESSION=gzip: faster, for the tests)
# The layout: bin/aihelper (stripped), share/man/man1 (one page per command, from the argument
# parser), the bash, zsh and fish completions, share/aihelper/themes, share/doc/aihelper.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$root/.build/release/aihelper
[ -x "$bin" ] || { echo "no release binary at $bin: run make build" >&2; exit 1; }

# The man pages: swift-argument-parser's generate-manual tool reads the binary's
# --experimental-dump-help. Running the GenerateManual plugin itself would build the binary
# again without --static-swift-stdlib into the same .build/release, so only its tool is used;
# asking the plugin for its help builds that tool (offline: it comes with the package).
# (make test builds it before the suite, whose package tests must not run swift: the suite
# holds the .build lock.)
manual_tool() {
    local tool
    tool=$(ls .build/*/debug/generate-manual-tool 2>/dev/null | head -1)
    if [ -z "$tool" ]; then
        swift package --disable-sandbox plugin generate-manual --help >/dev/null
        tool=$(ls .build/*/debug/generate-manual-tool 2>/dev/null | head -1)
    fi
    [ -n "$tool" ] || { echo "swift-argument-parser's generate-manual tool was not built" >&2; exit 1; }
    echo "$root/$tool"
}

# Every installed file, relative to PREFIX (uninstall removes exactly these).
files() {
    echo bin/aihelper
    for page in "$man_dir"/*.1; do echo "share/man/man1/$(basename "$page")"; done
    echo share/bash-completion/completions/aihelper
    echo share/zsh/site-functions/_aihelper
    echo share/fish/vendor_completions.d/aihelper.fish
    for theme in themes/*.toml; do echo "share/aihelper/$theme"; done
    echo share/doc/aihelper/README.md
    for doc in docs/*.md; do echo "share/doc/aihelper/$doc"; done
}

man_dir=""
make_manual() {
    man_dir=$(mktemp -d)
    trap 'rm -rf "$man_dir"' EXIT
    # A fixed date, so that the same binary makes the same pages.
    "$(manual_tool)" "$bin" --multi-page --date "$(date -u -r "$bin" +%Y-%m-%d)" -o "$man_dir" >/dev/null
}

# install DESTDIR PREFIX: the stripped binary and the rest under DESTDIR/PREFIX.
install_to() {
    local dest="$1$2"
    install -d "$dest/bin" "$dest/share/man/man1" "$dest/share/bash-completion/completions" \
        "$dest/share/zsh/site-functions" "$dest/share/fish/vendor_completions.d" \
        "$dest/share/aihelper/themes" "$dest/share/doc/aihelper/docs"
    # Stripped into place; .build's binary keeps its symbols (profiles, StartupOrderTests).
    objcopy --strip-all "$bin" "$dest/bin/aihelper.tmp"
    chmod 755 "$dest/bin/aihelper.tmp"
    mv "$dest/bin/aihelper.tmp" "$dest/bin/aihelper"
    install -m 644 "$man_dir"/*.1 "$dest/share/man/man1/"
    "$bin" --generate-completion-script bash > "$dest/share/bash-completion/completions/aihelper"
    "$bin" --generate-completion-script zsh > "$dest/share/zsh/site-functions/_aihelper"
    "$bin" --generate-completion-script fish > "$dest/share/fish/vendor_completions.d/aihelper.fish"
    chmod 644 "$dest/share/bash-completion/completions/aihelper" "$dest/share/zsh/site-functions/_aihelper" \
        "$dest/share/fish/vendor_completions.d/aihelper.fish"
    install -m 644 themes/*.toml "$dest/share/aihelper/themes/"
    install -m 644 README.md "$dest/share/doc/aihelper/"
    install -m 644 docs/*.md "$dest/share/doc/aihelper/docs/"
}

version() { "$bin" --version; }
arch() { dpkg --print-architecture 2>/dev/null || uname -m; }

# The Debian packages of the libraries the binary names as NEEDED (what dpkg-shlibdeps does,
# without a debian/ folder): each library as the loader finds it, then its owner by dpkg -S
# (merged /usr: a library in /lib may be registered under /usr/lib, or the other way round).
needed_packages() {
    local soname path owner
    for soname in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        path=$(ldd "$bin" | awk -v l="$soname" '$1 == l { print $3 }')
        [ -n "$path" ] || path=$(ldd "$bin" | awk -v l="$soname" 'index($1, l) { print $1 }')
        owner=""
        for candidate in "$path" "/usr$path" "${path#/usr}" "$(readlink -f "$path")"; do
            owner=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$owner" ] && break
        done
        [ -n "$owner" ] || { echo "no Debian package owns $soname ($path)" >&2; exit 1; }
        echo "$owner"
    done | sort -u
}

case "${1:-}" in
install)
    make_manual
    install_to "${2:-}" "${3:-/usr/local}"
    echo "installed under ${2:-}${3:-/usr/local}"
    ;;
uninstall)
    make_manual
    dest="${2:-}${3:-/usr/local}"
    files | while read -r f; do rm -f "$dest/$f"; done
    rmdir "$dest/share/doc/aihelper/docs" "$dest/share/doc/aihelper" "$dest/share/aihelper/themes" "$dest/share/aihelper" 2>/dev/null || true
    echo "removed from $dest"
    ;;
dist)
    out="${2:?an output folder}"
    make_manual
    name="aihelper-$(version)-linux-$(uname -m)"
    stage=$(mktemp -d)
    install_to "$stage/$name" ""
    mkdir -p "$out"
    tar -C "$stage" --owner=0 --group=0 --sort=name -czf "$out/$name.tar.gz" "$name"
    rm -rf "$stage"
    echo "$out/$name.tar.gz"
    ;;
deb)
    out="${2:?an output folder}"
    make_manual
    stage=$(mktemp -d)
    install_to "$stage" /usr
    gzip -9n "$stage"/usr/share/man/man1/*.1
    # libcurl is not NEEDED (it is opened on first network use, docs/architecture.md, HTTP) but
    # every provider other than the Offline assistant needs it: a Depends, not a Recommends.
    # libwebp7 is not NEEDED either (opened on the first WebP preview, docs/images.md): small,
    # and without it a WebP picture shows no preview. libxml2 likewise (opened on the first sync
    # with a CalDAV/CardDAV server, docs/sync.md).
    depends=$( (needed_packages; echo libcurl4; echo libwebp7; echo libxml2) | sort -u | paste -sd, | sed 's/,/, /g')
    mkdir -p "$stage/DEBIAN"
    cat > "$stage/DEBIAN/control" <<EOF
Package: aihelper
Version: $(version)
Architecture: $(arch)
Maintainer: AI Helper <aihelper@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: terminal AI assistant with tasks, todos and a calendar
 AI Helper is an ncurses terminal assistant: a chat with OpenAI, Anthropic, Gemini,
 Ollama or llama.cpp models (or the built-in Offline assistant) that can read and change
 your tasks, todos, contacts and notes through tools, and serve those tools over MCP.
EOF
    mkdir -p "$out"
    deb="$out/aihelper_$(version)_$(arch).deb"
    dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$stage" "$deb" >/dev/null
    rm -rf "$stage"
    echo "$deb"
    ;;
*)
    sed -n '2,8p' "$0" >&2
    exit 2
    ;;
esac
