/* Cairo for LabelKitCairo, loaded when it is first used rather than when the process starts.
 *
 * Cairo's entry points that LabelKitCairo calls are defined in this target (CairoEntryPoints.c), each forwarding to
 * libcairo.so.2, which the first of them opens with dlopen. A program that only lays text out — `labelkit measure`,
 * say — then never maps Cairo and the dozen libraries it needs (pixman, libpng, X11, xcb and theirs): a one-shot
 * `measure` went from 13.6 ms to 11.6 ms (Benchmarks/HISTORY.md). The declarations are Cairo's own headers (module
 * CCairo); this target declares nothing of its own. */
#ifndef LABELKIT_CAIRO_LOADER_H
#define LABELKIT_CAIRO_LOADER_H
#endif
