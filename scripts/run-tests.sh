#!/usr/bin/env bash
# Runs the already-built tests with a hard time limit for the whole run.
# `swift test` starts the test binary as a child; on timeout the whole process group
# (test binary, tmux servers, demo chats it started) is killed, so a hung test can never
# hang CI. Usage: scripts/run-tests.sh [extra swift-test arguments]
set -uo pipefail
limit="${HELPLINE_TEST_TIMEOUT:-1200}"
# Golden files hold dates as people read them (a TimePicker's slots): one time zone and locale for all.
export TZ=UTC LANG=C.UTF-8 LC_ALL=C.UTF-8

setsid swift test --skip-build "$@" &
tests=$!
(
    sleep "$limit"
    echo "helpline: the tests did not finish within ${limit}s; stopping them" >&2
    kill -KILL -- "-$tests" 2>/dev/null
) &
watchdog=$!
wait "$tests"
status=$?
kill "$watchdog" 2>/dev/null
wait "$watchdog" 2>/dev/null
# Anything the tests left behind in their process group goes too.
kill -KILL -- "-$tests" 2>/dev/null
exit "$status"
