// libFuzzer's entry point for programs that keep their own main (SwiftPM renames an executable's main, so
// libFuzzer's own main never runs): parses libFuzzer's flags from argv and fuzzes `callback`. Linked from libFuzzer
// by `-sanitize=fuzzer`; only the fuzz targets, built by `make fuzz`, use this module.
#ifndef LABELKIT_CLIBFUZZER_H
#define LABELKIT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
