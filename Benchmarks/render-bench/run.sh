#!/usr/bin/env bash
# Markdown rendering benchmark: builds md-bench (release) in a throw-away package under
# .build-bench/ (symlinks to Sources/CCmarkGFM, Sources/MarkdownANSI and this folder's
# Sources/md-bench, so the heavy main package is not built) and runs it from the repository root.
# Usage: Benchmarks/render-bench/run.sh [--seconds S] [--no-rich] [--corpus PATH]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
pkg="$root/.build-bench/render-bench"
mkdir -p "$pkg/Sources"
ln -sfn "$root/Sources/CCmarkGFM" "$pkg/Sources/CCmarkGFM"
ln -sfn "$root/Sources/MarkdownANSI" "$pkg/Sources/MarkdownANSI"
ln -sfn "$root/Benchmarks/render-bench/Sources/md-bench" "$pkg/Sources/md-bench"
cat > "$pkg/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RenderBench",
    targets: [
        .systemLibrary(name: "CCmarkGFM", path: "Sources/CCmarkGFM"),
        .target(name: "MarkdownANSI", dependencies: ["CCmarkGFM"], path: "Sources/MarkdownANSI"),
        .executableTarget(name: "md-bench", dependencies: ["MarkdownANSI", "CCmarkGFM"], path: "Sources/md-bench"),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
swift build -c release --package-path "$pkg" --scratch-path "$root/.build-bench/build" --product md-bench >&2
if ! python3 -c 'import rich' 2>/dev/null; then
    echo "note: Python 'rich' is not installed (pip install rich); its comparison is skipped" >&2
fi
cd "$root"
exec "$root/.build-bench/build/release/md-bench" \
    --corpus Resources/bench/replies.json --rich-script Benchmarks/render-bench/rich_bench.py "$@"
