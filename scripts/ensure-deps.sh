#!/usr/bin/env bash
# Makes sure the Debian packages and Python modules Helpline needs are present.
# As root with apt-get it installs what is missing; otherwise it prints the exact command.
set -euo pipefail

# ncurses-term: the xterm-direct terminfo the 24-bit colour test draws with.
# libedit-dev: the line editor of the accessible mode (--screen-reader; docs/tui.md).
# libqrencode-dev: the QR code of the sign-in panel (the header at build time; the library is loaded at run time).
packages=(libncurses-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libedit-dev libqrencode-dev tmux python3 ncurses-term)
# For the tests only: a real browser drives the demo server as a browser widget does (CORS, WebSocket)
# and renders the load-test HTML report (headless --dump-dom), curl checks its HTTPS, and tinyproxy is
# the real HTTP proxy whole chats go through; zbarimg (zbar-tools) reads back the sign-in QR code a tmux
# test captures from the screen.
if [[ "${1:-}" == "--test" ]]; then
    packages+=(chromium curl tinyproxy zbar-tools)
fi
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "helpline: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null
        apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "helpline: missing Debian packages: ${missing[*]}" >&2
        echo "run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null; then
    echo "helpline: the Swift toolchain (6.0 or newer) is not on PATH" >&2
    exit 1
fi

# boto3 checks the demo server's REST API against the real AWS SDK in the tests.
if [[ "${1:-}" == "--test" ]] && ! python3 -c "import boto3" 2>/dev/null; then
    echo "helpline: installing boto3 for the tests" >&2
    python3 -m pip install --quiet boto3 || {
        echo "helpline: could not install boto3; run: python3 -m pip install boto3" >&2
        exit 1
    }
fi
