#!/usr/bin/env bash
# Runs the already-built tests with a hard time limit for the whole run.
# `swift test` starts the test binary as a child; on timeout the whole process group
# (test binary, tmux servers, demo chats it started) is killed, so a hung test can never
# hang CI. Usage: scripts/run-tests.sh [extra swift-test arguments]
set -uo pipefail
limit="${HELPLINE_TEST_TIMEOUT:-1200}"
# Golden files hold dates as people read them (a TimePicker's slots): one time zone and locale for all.
export TZ=UTC LANG=C.UTF-8 LC_ALL=C.UTF-8
# Most tests start real processes (the binary, demo servers, tmux, Chromium). Started all at once,
# as the test library does by default, hundreds of them share two cores and the slowest time out:
# a few at a time keeps each test's waits honest (HELPLINE_TEST_WIDTH changes how many).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${HELPLINE_TEST_WIDTH:-3}"

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
