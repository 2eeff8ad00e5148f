/* Cairo for LabelKitCairo, loaded when it is first used rather than when the process starts.
 *
 * Cairo's entry points that LabelKitCairo calls are defined in this target (CairoEntryPoints.c), each forwarding to
 * libcairo.so.2, which the first of them opens with dlopen. A program that only lays text out — `labelkit measure`,
 * say — then never maps Cairo and the dozen libraries it needs (pixman, libpng, X11, xcb and theirs), which was a
 * twelfth of a one-shot `measure`'s time. Declarations come from Cairo's own headers (module CCairo); this header
 * adds only what the loader itself answers. */
#ifndef LABELKIT_CAIRO_LOADER_H
#define LABELKIT_CAIRO_LOADER_H

/* Whether libcairo.so.2 is loaded in this process yet, by LabelKit's first Cairo call or by anything else. */
int lk_cairo_is_loaded(void);

#endif
