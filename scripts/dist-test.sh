#!/usr/bin/env bash
# Tries the release artifacts where there is no Swift (make dist-test; docs/install.md):
# a minimal Debian root made with debootstrap, the .deb installed in one copy of it and the
# tarball unpacked in another; inside each, with chroot:
#   helpline --version · ldd lists no Swift runtime · helpline demo --plain chats with the
#   embedded demo · helpline serve + helpline script pass · the full-screen UI opens in tmux.
# Needs root (debootstrap, chroot, mounts), debootstrap and tmux on the host, and Debian's mirror
# (the one apt uses). The base root is kept in .build-dist/rootfs.tar for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
WORK=${DIST_WORK:-$REPO/.build-dist}
SUITE=${DIST_SUITE:-bookworm}
MIRROR=${DIST_MIRROR:-http://deb.debian.org/debian}
fails=0

log() { echo "dist-test: $*" >&2; }
fail() { echo "dist-test: $*" >&2; exit 1; }
check() { # name, then a command; prints ok/FAILED and counts failures
  local name=$1; shift
  if "$@" >"$WORK/check.log" 2>&1; then echo "  ok      $name"; else echo "  FAILED  $name"; sed 's/^/          /' "$WORK/check.log" | tail -15; fails=$((fails + 1)); fi
}

[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot and mounts)"
for tool in debootstrap chroot tmux; do command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y $tool)"; done
version=$(cat dist/VERSION 2>/dev/null) || fail "no dist/VERSION: run make dist first"
deb=dist/helpline_${version}_amd64.deb
tarball=dist/helpline-$version-linux-x86_64.tar.gz
[ -f "$deb" ] && [ -f "$tarball" ] || fail "the artifacts of $version are not in dist/: run make dist"

mkdir -p "$WORK"
if [ ! -f "$WORK/rootfs.tar" ]; then
  log "debootstrap --variant=minbase $SUITE (a few minutes, once)…"
  rm -rf "$WORK/rootfs-base"
  debootstrap --variant=minbase "$SUITE" "$WORK/rootfs-base" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log" >&2; fail "debootstrap failed (log: $WORK/debootstrap.log)"; }
  tar -C "$WORK/rootfs-base" -cf "$WORK/rootfs.tar" . && rm -rf "$WORK/rootfs-base"
fi

mounted=()
cleanup() {
  local m
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
  tmux -L helpline-dist kill-server 2>/dev/null || true
}
trap cleanup EXIT

# A fresh root from the base, with /proc and /dev.
fresh_root() {
  local root=$1
  rm -rf "$root" && mkdir -p "$root"
  tar -C "$root" -xf "$WORK/rootfs.tar"
  mount -t proc proc "$root/proc" && mounted+=("$root/proc")
  mount --bind /dev "$root/dev" && mounted+=("$root/dev")
  mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts")
}

# Runs a command inside a root as a user would, with a clean environment.
inside() {
  local root=$1; shift
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TERM=xterm-256color LANG=C.UTF-8 "$@"
}

no_swift_runtime() {
  local listing
  listing=$(inside "$1" ldd "$2") || return 1
  echo "$listing"
  echo "$listing" | grep -q 'libc\.so' && ! echo "$listing" | grep -Eq 'libswift|libFoundation|libdispatch|libncurses|libcmark|not found'
}

says_version() { inside "$1" "$2" --version | tee /dev/stderr | grep -qF "$version"; }

demo_plain() { # a chat in line mode with the embedded demo: the greeting, a question, its answer, the end
  local root=$1 bin=$2 out=$1/tmp/plain.out fifo=$1/tmp/plain.in
  rm -f "$out" "$fifo" && mkfifo "$fifo"
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 "$bin" demo --plain \
    <"$fifo" >"$out" 2>&1 &
  local client=$!
  exec 7>"$fifo"
  wait_for "$out" "Welcome to the Helpline demo" && echo "hours" >&7 && wait_for "$out" "pening hours" && echo "/end" >&7
  exec 7>&-
  local status=1
  for _ in $(seq 1 100); do kill -0 $client 2>/dev/null || { wait $client; status=$?; break; }; sleep 0.1; done
  kill $client 2>/dev/null || true
  tail -12 "$out"
  grep -q "pening hours" "$out" && grep -q -- "-- ended" "$out" && [ "$status" = 0 ]
}

wait_for() { # file, text: waits up to 30 s for the text to appear in the file
  for _ in $(seq 1 300); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "never saw '$2'"; return 1
}

serve_and_script() { # helpline serve, and a QA script against it over loopback
  local root=$1 bin=$2 port=$((20000 + RANDOM % 20000)) status
  cp "$REPO/Resources/scripts/greeting-and-hours.hls" "$root/tmp/check.hls"
  inside "$root" "$bin" serve --port "$port" >"$root/tmp/serve.log" 2>&1 &
  local server=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$root/tmp/serve.log" 2>/dev/null && break; sleep 0.1; done
  grep -q "listening on" "$root/tmp/serve.log" || { cat "$root/tmp/serve.log"; kill $server; return 1; }
  status=0
  inside "$root" "$bin" script /tmp/check.hls --start-url "http://127.0.0.1:$port/Prod" \
    --endpoint-url "http://127.0.0.1:$port" || status=$?
  kill $server 2>/dev/null; wait $server 2>/dev/null || true
  return $status
}

tui_in_tmux() { # the full-screen UI in a real terminal: the greeting and the status bar appear
  local root=$1 bin=$2 screen=""
  tmux -L helpline-dist kill-server 2>/dev/null || true
  tmux -L helpline-dist new-session -d -x 100 -y 30 \
    "chroot $root /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 $bin demo"
  for _ in $(seq 1 150); do
    screen=$(tmux -L helpline-dist capture-pane -p 2>/dev/null || true)
    echo "$screen" | grep -q "Welcome to the Helpline demo" && break
    sleep 0.2
  done
  echo "$screen"
  tmux -L helpline-dist send-keys "/quit" Enter 2>/dev/null || true
  echo "$screen" | grep -q "Welcome to the Helpline demo"
}

log "the .deb ($deb) in a minimal Debian root"
root=$WORK/root-deb
fresh_root "$root"
cp "$deb" "$root/tmp/helpline.deb"
check "dpkg -i installs it (its Depends are met by a minimal Debian)" inside "$root" dpkg -i /tmp/helpline.deb
check "helpline --version says $version" says_version "$root" /usr/bin/helpline
check "ldd: no Swift runtime, Foundation, ncurses or cmark" no_swift_runtime "$root" /usr/bin/helpline
check "man page and completions installed" test -f "$root/usr/share/man/man1/helpline.1.gz" -a -f "$root/usr/share/bash-completion/completions/helpline"
check "helpline demo --plain chats with the embedded demo" demo_plain "$root" /usr/bin/helpline
check "helpline serve + helpline script pass" serve_and_script "$root" /usr/bin/helpline
check "the full-screen UI opens in tmux" tui_in_tmux "$root" /usr/bin/helpline

log "the tarball ($tarball) unpacked in another"
root=$WORK/root-tar
fresh_root "$root"
tar -C "$root/opt" -xzf "$tarball"
bin=/opt/helpline-$version-linux-x86_64/helpline
check "helpline --version says $version" says_version "$root" "$bin"
check "ldd: no Swift runtime, Foundation, ncurses or cmark" no_swift_runtime "$root" "$bin"
check "helpline demo --plain chats with the embedded demo" demo_plain "$root" "$bin"
check "helpline serve + helpline script pass" serve_and_script "$root" "$bin"

echo "dist-test: $fails failed"
[ "$fails" = 0 ]
