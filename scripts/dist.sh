#!/usr/bin/env bash
# Builds the release artifacts into dist/ from a clean checkout of HEAD (docs/install.md):
#
#   dist/helpline-VERSION-linux-x86_64.tar.gz   one self-contained executable, man page, completions
#   dist/helpline_VERSION_amd64.deb             the same, installed under /usr
#   dist/Containerfile                          a runtime image: Debian slim + the .deb (dist/ is its context)
#
# The executable links the Swift standard library and Foundation statically
# (--static-swift-stdlib) and ncursesw, tinfo, cmark-gfm and libedit (with the libbsd and libmd it
# needs) from Debian's static archives; the demo flows are compiled in. What it still links
# dynamically is checked: libc, libm, libstdc++, libgcc_s and the like, which every Debian has.
# libqrencode (the sign-in panel's QR code) is not linked at all: Debian ships no static archive of
# it, so it is loaded at run time when installed (the .deb recommends libqrencode4) and the panel
# shows the link alone without it. Uncommitted changes are not packaged.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
SWIFT=${SWIFT:-swift}
WORK=${DIST_WORK:-$REPO/.build-dist}
OUT=$REPO/dist
ARCH_DEB=amd64
ARCH_TAR=linux-x86_64

log() { echo "dist: $*" >&2; }
fail() { echo "dist: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || fail "only x86_64 builds are set up (this machine is $(uname -m))"
for tool in git dpkg-deb dpkg-shlibdeps gzip tar; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y dpkg-dev)"
done

# The version: the one in BuildInfo.swift, with the commit for builds between releases.
base=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/helpline/BuildInfo.swift)
[ -n "$base" ] || fail "no version in Sources/helpline/BuildInfo.swift"
describe=$(git describe --tags --always --dirty)
if git describe --tags --exact-match HEAD >/dev/null 2>&1 && [ "$(git describe --tags --exact-match HEAD)" = "v$base" ]; then
  version=$base
else
  version="$base+git.$(git rev-list --count HEAD).$(git rev-parse --short=7 HEAD)"
fi
log "version $version ($describe)"

# A clean checkout of HEAD, with the version baked in.
mkdir -p "$WORK"
rm -rf "$WORK/src"
git clone -q --no-hardlinks "$REPO" "$WORK/src"
git -C "$WORK/src" checkout -q "$(git rev-parse HEAD)"
cat > "$WORK/src/Sources/helpline/BuildInfo.swift" <<EOF
/// The version \`helpline --version\` prints (written by scripts/dist.sh).
enum BuildInfo {
    /// The release version.
    static let version = "$version"
    /// Where the binary came from: \`git describe --always --dirty\` of the commit it was built from.
    static let origin = "$describe"
    /// What \`--version\` prints.
    static var line: String { "\\(version) (\\(origin))" }
}
EOF

# Only static archives in the first library folder, so -lncursesw and -lcmark-gfm take them.
static=$WORK/static-libs
rm -rf "$static" && mkdir -p "$static"
for lib in ncursesw tinfo cmark-gfm cmark-gfm-extensions edit bsd md; do
  archive=$(gcc -print-file-name="lib$lib.a" 2>/dev/null || true)
  [ -f "$archive" ] || archive=/usr/lib/x86_64-linux-gnu/lib$lib.a
  [ -f "$archive" ] || fail "lib$lib.a is missing (apt-get install -y libncurses-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libedit-dev)"
  ln -s "$archive" "$static/lib$lib.a"
done

log "building (release, static Swift runtime; about 10 minutes the first time)…"
# Static archives are read once, in order: tinfo after ncursesw and libedit, cmark-gfm after its
# extensions, libbsd (and libmd, which it uses) after libedit.
(cd "$WORK/src" && "$SWIFT" build -c release --product helpline --scratch-path "$WORK/build" \
  --static-swift-stdlib -Xlinker -L"$static" -Xlinker -ltinfo -Xlinker -lcmark-gfm -Xlinker -lbsd -Xlinker -lmd) \
  >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; fail "the build failed (log: $WORK/build.log)"; }
binary=$WORK/build/release/helpline
strip -o "$WORK/helpline" "$binary"
binary=$WORK/helpline

# What it links: no Swift runtime, no Foundation, no ncurses, cmark or libedit.
linked=$(ldd "$binary" | awk '{print $1}')
if echo "$linked" | grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime|libncurses|libtinfo|libcmark|libicu|libedit|libbsd|libmd\.|libqrencode'; then
  echo "$linked" >&2
  fail "the executable still links a library it should carry"
fi
"$binary" --version >/dev/null || fail "the executable does not run"

# Man page and completions beside it.
stage=$WORK/stage/helpline-$version-$ARCH_TAR
rm -rf "$WORK/stage" && mkdir -p "$stage/completions"
cp "$binary" "$stage/helpline"
cp docs/helpline.1 "$stage/helpline.1"
"$binary" --generate-completion-script bash > "$stage/completions/helpline.bash"
"$binary" --generate-completion-script zsh > "$stage/completions/_helpline"
"$binary" --generate-completion-script fish > "$stage/completions/helpline.fish"
cp LICENSE "$stage/" 2>/dev/null || true
cp CHANGELOG.md "$stage/"
mkdir -p "$OUT"
tarball=$OUT/helpline-$version-$ARCH_TAR.tar.gz
tar -C "$WORK/stage" --owner=0 --group=0 -czf "$tarball" "helpline-$version-$ARCH_TAR"

# The Debian package: files under /usr, Depends from what the executable really links.
root=$WORK/deb
rm -rf "$root" && mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/helpline"
install -m 0755 "$binary" "$root/usr/bin/helpline"
gzip -9n < docs/helpline.1 > "$root/usr/share/man/man1/helpline.1.gz"
install -m 0644 "$stage/completions/helpline.bash" "$root/usr/share/bash-completion/completions/helpline"
install -m 0644 "$stage/completions/_helpline" "$root/usr/share/zsh/vendor-completions/_helpline"
install -m 0644 "$stage/completions/helpline.fish" "$root/usr/share/fish/vendor_completions.d/helpline.fish"
gzip -9n < CHANGELOG.md > "$root/usr/share/doc/helpline/changelog.gz"
depends=$(cd "$WORK" && mkdir -p debian && touch debian/control \
  && dpkg-shlibdeps -O -e"$root/usr/bin/helpline" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies"
size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: helpline
Version: $version
Architecture: $ARCH_DEB
Maintainer: Helpline developers <helpline@localhost>
Installed-Size: $size
Depends: $depends
Recommends: libqrencode4
Section: net
Priority: optional
Homepage: https://github.com/helpline/helpline
Description: terminal chat client for contact-center chat
 Helpline is a full-screen terminal chat for Amazon Connect and PolyAI
 Messaging contact centers, with a line mode, QA scripting and load
 tests, and an embedded demo contact center (helpline serve).
EOF
deb=$OUT/helpline_${version}_$ARCH_DEB.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null

# The image recipe beside the .deb, so dist/ alone is a build context: podman build -t helpline dist/
sed 's#COPY dist/helpline_#COPY helpline_#' Containerfile > "$OUT/Containerfile"

log "Depends: $depends"
log "$(du -h "$binary" | cut -f1) executable; wrote:"
ls -l "$tarball" "$deb" >&2
echo "$version" > "$OUT/VERSION"
