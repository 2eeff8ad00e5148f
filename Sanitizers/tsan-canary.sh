#!/usr/bin/env bash
# Proves that ThreadSanitizer reports a race in Swift code on this toolchain (Sanitizers/TSanCanary.swift).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build-tsan/canary
${SWIFTC:-swiftc} -sanitize=thread -g Sanitizers/TSanCanary.swift -o .build-tsan/canary/TSanCanary || exit 1
output=$(TSAN_OPTIONS="halt_on_error=0 exitcode=0" .build-tsan/canary/TSanCanary 2>&1)
# TSan names the race "data race" or, when it sees the Swift access itself, "Swift access race": either is the report.
if grep -Eq "WARNING: ThreadSanitizer: (data race|Swift access race)" <<< "$output"; then
    echo "tsan canary: ThreadSanitizer reports a deliberate race, as it must"
else
    echo "tsan canary: ThreadSanitizer did not report a deliberate race; its silence would prove nothing"
    echo "$output"
    exit 1
fi
