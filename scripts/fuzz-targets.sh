# The fuzz targets, read by scripts/fuzz.sh (which builds and runs them) and by
# scripts/check-fuzz-harnesses.sh (which type-checks them in make test): one table for both.
# shellcheck shell=bash
ALL_TARGETS="connect-frames polyai-frames rest-answers markdown key-decoder config script recording"

# name | harness | SwiftPM modules linked (dependencies first) | package sources compiled in | system libraries | max input bytes
spec() {
  case "$1" in
    connect-frames) echo "ConnectFramesFuzzer.swift|ChatModel SessionCore AmazonConnect|||8192" ;;
    polyai-frames) echo "PolyAIFramesFuzzer.swift|ChatModel SessionCore PolyAI|||16384" ;;
    rest-answers) echo "RESTAnswersFuzzer.swift|ChatModel SessionCore AmazonConnect PolyAI|||8192" ;;
    markdown) echo "MarkdownFuzzer.swift|MarkdownANSI||cmark-gfm cmark-gfm-extensions|4096" ;;
    key-decoder) echo "KeyDecoderFuzzer.swift|ChatModel MarkdownANSI TerminalRuntime||ncursesw edit cmark-gfm cmark-gfm-extensions|4096" ;;
    config) echo "ConfigFuzzer.swift|CTOML TOMLKit HelplineConfig||stdc++|4096" ;;
    script) echo "ScriptFuzzer.swift|ChatModel SessionCore|Sources/HelplineScript/Script.swift Sources/HelplineScript/ScriptParser.swift||4096" ;;
    recording) echo "RecordingFuzzer.swift|ChatModel SessionCore|Sources/HelplineScript/Script.swift Sources/HelplineScript/ScriptParser.swift Sources/HelplineScript/VolatileText.swift Sources/HelplineScript/ReplyPattern.swift Sources/HelplineScript/GoldenPattern.swift Sources/HelplineScript/GoldenDiff.swift||4096" ;;
    *) echo "fuzz: unknown target '$1' (targets: $ALL_TARGETS)" >&2; exit 2 ;;
  esac
}
