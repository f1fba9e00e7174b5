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
for map in Sources/CCmarkGFM/module.modulemap Sources/CNcursesw/module.modulemap Sources/CLibedit/module.modulemap Sources/CQRencode/module.modulemap "$bin/CTOML.build/module.modulemap"; do
  [ -f "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map")
done
# shellcheck source=scripts/fuzz-targets.sh
. scripts/fuzz-targets.sh
failed=0
for file in Fuzz/Targets/*.swift; do
  grep -q "\"$(basename "$file")|" scripts/fuzz-targets.sh || { echo "check-fuzz-harnesses: $file is in no target of scripts/fuzz-targets.sh" >&2; failed=1; }
done
for name in $ALL_TARGETS; do
  IFS='|' read -r harness _ sources _ _ <<<"$(spec "$name")"
  # shellcheck disable=SC2086
  if ! "$SWIFTC" -typecheck -swift-version 6 -parse-as-library -module-name "Fuzz_${name//-/_}" -I "$bin/Modules" \
      "${maps[@]}" Fuzz/Support/FuzzSupport.swift "Fuzz/Targets/$harness" $sources 2>&1; then
    echo "check-fuzz-harnesses: Fuzz/Targets/$harness does not build against the current sources" >&2
    failed=1
  fi
done
[ $failed = 0 ] && echo "fuzz harnesses: $(echo $ALL_TARGETS | wc -w) type-check against the current sources"
exit $failed
