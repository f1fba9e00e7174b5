#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, shipped with the Swift toolchain) of everything that reads
# bytes from outside; targets, invariants and results are in docs/robustness.md.
#
#   scripts/fuzz.sh                                  # every target, 60 s each
#   FUZZ_SECONDS=600 scripts/fuzz.sh                 # longer
#   FUZZ_TARGETS="connect-frames markdown" scripts/fuzz.sh
#   FUZZ_SECONDS=0 scripts/fuzz.sh                   # only replay the corpora (seeds + regressions)
#   scripts/fuzz.sh --repro markdown FILE            # run one saved input again
#
# The package's library modules are built with SwiftPM into .build-fuzz/ (release, instrumented
# with -sanitize=fuzzer,address, -enable-testing for the internal decoders); each harness in
# Fuzz/Targets/ is then compiled and linked against those objects with swiftc. Package.swift is
# untouched, so `swift build` and `make test` never see the harnesses.
#
# Per target it prints executions, executions per second, coverage (edges, features) and corpus
# size; it exits non-zero on any crash, invariant violation (differential mismatch), leak, hang
# (an input slower than FUZZ_TIMEOUT s) or out-of-memory. The input is saved under
# .build-fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-$(dirname "$(command -v "$SWIFT")")/swiftc}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
# The targets: spec NAME prints harness | modules | sources | libraries | max input bytes.
# shellcheck source=scripts/fuzz-targets.sh
. scripts/fuzz-targets.sh
FUZZ_TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}
SCRATCH=.build-fuzz
case "$FUZZ_SECONDS" in ''|*[!0-9]*) echo "fuzz: FUZZ_SECONDS must be a whole number, not '$FUZZ_SECONDS'" >&2; exit 2 ;; esac

log() { echo "fuzz: $*" >&2; }

# Builds the library modules the chosen targets link, instrumented, into $SCRATCH.
build_modules() {
  local modules=() name top
  for name in "$@"; do
    IFS='|' read -r _ linked _ _ _ <<<"$(spec "$name")"
    top=${linked##* }
    [ -n "$top" ] && [[ " ${modules[*]} " != *" $top "* ]] && modules+=("$top")
  done
  for top in "${modules[@]}"; do
    [ -n "$top" ] || continue
    log "building $top (release, -sanitize=$FUZZ_SANITIZERS)…"
    "$SWIFT" build --scratch-path "$SCRATCH" -c release -Xswiftc "-sanitize=$FUZZ_SANITIZERS" -Xswiftc -enable-testing \
      --target "$top" >"$SCRATCH/logs/build-$top.log" 2>&1 || { cat "$SCRATCH/logs/build-$top.log" >&2; return 1; }
  done
}

# Compiles and links one harness against the instrumented modules.
build_harness() {
  local name=$1 harness linked sources libraries bin objects=() flags=()
  IFS='|' read -r harness linked sources libraries _ <<<"$(spec "$name")"
  bin=$("$SWIFT" build --scratch-path "$SCRATCH" -c release --show-bin-path)
  # C and C++ targets (TOMLKit's CTOML) keep their objects one folder down.
  for module in $linked; do
    while IFS= read -r object; do objects+=("$object"); done < <(find "$bin/$module.build" -name '*.o' | sort)
  done
  for map in Sources/CCmarkGFM/module.modulemap Sources/CNcursesw/module.modulemap Sources/CLibedit/module.modulemap Sources/CQRencode/module.modulemap "$bin/CTOML.build/module.modulemap"; do
    [ -f "$map" ] && flags+=(-Xcc "-fmodule-map-file=$(cd "$(dirname "$map")" && pwd)/$(basename "$map")")
  done
  for library in $libraries; do flags+=("-l$library"); done
  command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$SWIFTC")/ld.lld" ] && flags+=(-use-ld=lld)
  # shellcheck disable=SC2086
  "$SWIFTC" -swift-version 6 -O -g -sanitize="$FUZZ_SANITIZERS" -parse-as-library -module-name "Fuzz_${name//-/_}" \
    -I "$bin/Modules" "${flags[@]}" Fuzz/Support/FuzzSupport.swift "Fuzz/Targets/$harness" $sources "${objects[@]}" \
    -o "$SCRATCH/fuzzers/$name" >"$SCRATCH/logs/link-$name.log" 2>&1 || { cat "$SCRATCH/logs/link-$name.log" >&2; return 1; }
}

mkdir -p "$SCRATCH/logs" "$SCRATCH/fuzzers"
# libFuzzer reports crashes itself; Swift's backtracer would only fight AddressSanitizer over the dying process.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
# Leaks in the toolchain's own libraries (not this project's), each explained in the file.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0}
if [ "${1:-}" = "--repro" ]; then
  [ $# -eq 3 ] || { echo "usage: scripts/fuzz.sh --repro TARGET FILE" >&2; exit 2; }
  build_modules "$2" && build_harness "$2"
  exec "$SCRATCH/fuzzers/$2" "$3"
fi

read -r -a targets <<<"$FUZZ_TARGETS"
for name in "${targets[@]}"; do spec "$name" >/dev/null; done
build_modules "${targets[@]}"
for name in "${targets[@]}"; do
  log "linking $name"
  build_harness "$name"
done

failed=()
total=0
printf '%-15s %12s %9s %7s %8s %7s  %s\n' target executions exec/s cov features corpus result
for name in "${targets[@]}"; do
  IFS='|' read -r _ _ _ _ max_len <<<"$(spec "$name")"
  work="$SCRATCH/corpus/$name" artifacts="$SCRATCH/artifacts/$name" out="$SCRATCH/logs/$name.log"
  mkdir -p "$work" "$artifacts" "Fuzz/corpus/$name"
  duration=(-max_total_time="$FUZZ_SECONDS")
  [ "$FUZZ_SECONDS" -eq 0 ] && duration=(-runs=0)
  dict=()
  [ -f "Fuzz/dict/$name.dict" ] && dict=(-dict="Fuzz/dict/$name.dict")
  status=0
  "$SCRATCH/fuzzers/$name" "$work" "Fuzz/corpus/$name" "${dict[@]}" "${duration[@]}" -timeout="$FUZZ_TIMEOUT" \
    -max_len="$max_len" -rss_limit_mb=3072 -use_value_profile=1 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$out" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out" | tail -n 1)
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' "$out" | tail -n 1 || true)
  read -r _ cov _ ft _ corp <<<"${coverage:-- - - - - -}"
  result=ok
  if [ "$status" -ne 0 ]; then
    result="FAILED (exit $status)"
    failed+=("$name")
  fi
  total=$((total + ${runs:-0}))
  printf '%-15s %12s %9s %7s %8s %7s  %s\n' "$name" "${runs:--}" "${speed:--}" "${cov:--}" "${ft:--}" "${corp:--}" "$result"
  if [ "$status" -ne 0 ]; then
    grep -E 'INVARIANT VIOLATED|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|Fatal error|SUMMARY|ALARM|out-of-memory|Test unit written' "$out" | head -n 20 >&2 || true
    log "full log: $out; run it again: scripts/fuzz.sh --repro $name <the unit written above>"
  fi
done
echo "total: $total executions, ${#failed[@]} failing targets${failed[*]:+ (${failed[*]})}"
[ "${#failed[@]}" -eq 0 ]
