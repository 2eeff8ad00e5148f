// Empty: the module only declares libFuzzer's entry point (include/CLibFuzzer.h); SwiftPM needs one source file.
#include "CLibFuzzer.h"
