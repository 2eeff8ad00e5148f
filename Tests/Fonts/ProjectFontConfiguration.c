// The tests' fonts: every process of LabelKit's test binary (swift test, its parallel workers, make asan and tsan)
// runs under Tests/Fonts/fonts.conf, the fontconfig configuration that lists exactly the fonts `make deps` installs,
// so that a machine with more fonts (Ghostscript's Droid Sans Fallback, say) gets the same layouts. The processes the
// tests start (labelkit, the Pango oracle) inherit it through the environment.
//
// A constructor, because fontconfig reads FONTCONFIG_FILE when a configuration is first loaded, and Pango's default
// configuration is loaded once per process: the variable must be set before any test runs. The configuration is found
// beside this file (__FILE__ is the absolute path SwiftPM compiles it by). LABELKIT_SYSTEM_FONTS=1 leaves the
// environment alone, for the smoke suite that runs under the system's own configuration (make test, make check).
//
// Only test targets depend on this target: no product contains it, so no app ever gets its constructor.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((constructor)) static void labelkit_tests_use_project_fonts(void) {
    const char *system = getenv("LABELKIT_SYSTEM_FONTS");
    if (system != NULL && strcmp(system, "1") == 0) {
        return;
    }
    const char *source = __FILE__;
    const char *slash = strrchr(source, '/');
    char path[PATH_MAX];
    if (source[0] != '/' || slash == NULL ||
        snprintf(path, sizeof path, "%.*s/fonts.conf", (int)(slash - source), source) >= (int)sizeof path) {
        fprintf(stderr, "LabelKit tests: cannot find Tests/Fonts/fonts.conf from %s: the system's fonts are used\n",
                source);
        return;
    }
    if (access(path, R_OK) != 0) {
        fprintf(stderr, "LabelKit tests: %s cannot be read: the system's fonts are used\n", path);
        return;
    }
    setenv("FONTCONFIG_FILE", path, 1);
}
