#!/usr/bin/env bash
# Type-checks every fuzz harness (Fuzz/Targets) against the debug build's modules, so a change to
# a decoder's API breaks `make test` and not, weeks later, the next `make fuzz`. Seconds, no
# instrumented build: `make fuzz` (scripts/fuzz.sh) links and runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-$(dirname "$(command -v "$SWIFT")")/swiftc}
bin=$("$SWIFT" build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "check-fuzz-harnesses: no debug build in $bin (run swift build --build-tests)" >&2; exit 1; }
maps=()
for map in Sources/CCmarkGFM/module.modulemap Sources/CNcursesw/module.modulemap "$bin/CTOML.build/module.modulemap"; do
  [ -f "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map")
done
# Harnesses that compile parser sources in instead of importing HelplineScript (see scripts/fuzz.sh).
extra() {
  case "$1" in
    ScriptFuzzer.swift) echo "Sources/HelplineScript/Script.swift Sources/HelplineScript/ScriptParser.swift" ;;
    RecordingFuzzer.swift) echo "Sources/HelplineScript/Script.swift Sources/HelplineScript/ScriptParser.swift Sources/HelplineScript/VolatileText.swift Sources/HelplineScript/ReplyPattern.swift Sources/HelplineScript/GoldenPattern.swift Sources/HelplineScript/GoldenDiff.swift" ;;
  esac
}
failed=0
for harness in Fuzz/Targets/*.swift; do
  name=$(basename "$harness")
  # shellcheck disable=SC2046
  if ! "$SWIFTC" -typecheck -swift-version 6 -parse-as-library -module-name "Fuzz_${name%.swift}" -I "$bin/Modules" \
      "${maps[@]}" Fuzz/Support/FuzzSupport.swift "$harness" $(extra "$name") 2>&1; then
    echo "check-fuzz-harnesses: $harness does not build against the current sources" >&2
    failed=1
  fi
done
[ $failed = 0 ] && echo "fuzz harnesses: $(ls Fuzz/Targets/*.swift | wc -l) type-check against the current sources"
exit $failed
