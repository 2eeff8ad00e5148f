/* Cairo's declarations; its functions are defined by CCairoLoader, which loads libcairo.so.2 on first use. */
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
