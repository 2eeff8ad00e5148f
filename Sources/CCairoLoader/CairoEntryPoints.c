/* Cairo's entry points that LabelKitCairo calls, each forwarding to libcairo.so.2, which the first call opens with
 * dlopen (CCairoLoader.h says why). The list below is every Cairo function LabelKitCairo names, with the prototype
 * of Cairo 1.16's headers; a function missing here fails the link, so the list cannot fall behind the Swift code. */
#include "CCairoLoader.h"

#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* CALL(return type, name, parameters, arguments) for a function with a result, CALL_VOID(name, parameters,
 * arguments) for one without. */
#define CAIRO_ENTRY_POINTS(CALL, CALL_VOID) \
    CALL_VOID(cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), \
        (cr, xc, yc, radius, angle1, angle2)) \
    CALL_VOID(cairo_clip, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_close_path, (cairo_t *cr), (cr)) \
    CALL(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
    CALL_VOID(cairo_destroy, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_fill, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_font_face_destroy, (cairo_font_face_t *font_face), (font_face)) \
    CALL(cairo_status_t, cairo_font_face_set_user_data, (cairo_font_face_t *font_face, \
        const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy), \
        (font_face, key, user_data, destroy)) \
    CALL(cairo_status_t, cairo_font_face_status, (cairo_font_face_t *font_face), (font_face)) \
    CALL(cairo_font_options_t *, cairo_font_options_create, (void), ()) \
    CALL_VOID(cairo_font_options_destroy, (cairo_font_options_t *options), (options)) \
    CALL_VOID(cairo_font_options_set_antialias, (cairo_font_options_t *options, cairo_antialias_t antialias), \
        (options, antialias)) \
    CALL_VOID(cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, \
        cairo_hint_metrics_t hint_metrics), \
        (options, hint_metrics)) \
    CALL_VOID(cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), \
        (options, hint_style)) \
    CALL_VOID(cairo_font_options_set_variations, (cairo_font_options_t *options, const char *variations), \
        (options, variations)) \
    CALL(cairo_font_face_t *, cairo_ft_font_face_create_for_ft_face, (FT_Face face, int load_flags), \
        (face, load_flags)) \
    CALL(cairo_scaled_font_t *, cairo_get_scaled_font, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_glyph_path, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs)) \
    CALL(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), \
        (format, width, height)) \
    CALL(cairo_surface_t *, cairo_image_surface_create_for_data, (unsigned char *data, cairo_format_t format, \
        int width, int height, int stride), \
        (data, format, width, height, stride)) \
    CALL(cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename), (filename)) \
    CALL(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
    CALL(cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface)) \
    CALL(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface)) \
    CALL(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
    CALL(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    CALL_VOID(cairo_mask, (cairo_t *cr, cairo_pattern_t *pattern), (cr, pattern)) \
    CALL_VOID(cairo_mask_surface, (cairo_t *cr, cairo_surface_t *surface, double surface_x, double surface_y), \
        (cr, surface, surface_x, surface_y)) \
    CALL_VOID(cairo_matrix_init_rotate, (cairo_matrix_t *matrix, double radians), (matrix, radians)) \
    CALL_VOID(cairo_matrix_init_scale, (cairo_matrix_t *matrix, double sx, double sy), (matrix, sx, sy)) \
    CALL_VOID(cairo_matrix_scale, (cairo_matrix_t *matrix, double sx, double sy), (matrix, sx, sy)) \
    CALL_VOID(cairo_matrix_translate, (cairo_matrix_t *matrix, double tx, double ty), (matrix, tx, ty)) \
    CALL_VOID(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    CALL_VOID(cairo_new_sub_path, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_paint, (cairo_t *cr), (cr)) \
    CALL(cairo_pattern_t *, cairo_pattern_create_for_surface, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_pattern_destroy, (cairo_pattern_t *pattern), (pattern)) \
    CALL_VOID(cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend), (pattern, extend)) \
    CALL_VOID(cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter)) \
    CALL_VOID(cairo_pattern_set_matrix, (cairo_pattern_t *pattern, const cairo_matrix_t *matrix), (pattern, matrix)) \
    CALL(cairo_surface_t *, cairo_pdf_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, \
        double width_in_points, double height_in_points), \
        (write_func, closure, width_in_points, height_in_points)) \
    CALL_VOID(cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, \
        const char *utf8), \
        (surface, metadata, utf8)) \
    CALL(cairo_pattern_t *, cairo_pop_group, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_push_group, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), \
        (cr, x, y, width, height)) \
    CALL_VOID(cairo_restore, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_rotate, (cairo_t *cr, double angle), (cr, angle)) \
    CALL_VOID(cairo_save, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy)) \
    CALL_VOID(cairo_scaled_font_glyph_extents, (cairo_scaled_font_t *scaled_font, const cairo_glyph_t *glyphs, \
        int num_glyphs, cairo_text_extents_t *extents), \
        (scaled_font, glyphs, num_glyphs, extents)) \
    CALL_VOID(cairo_set_antialias, (cairo_t *cr, cairo_antialias_t antialias), (cr, antialias)) \
    CALL_VOID(cairo_set_dash, (cairo_t *cr, const double *dashes, int num_dashes, double offset), \
        (cr, dashes, num_dashes, offset)) \
    CALL_VOID(cairo_set_font_face, (cairo_t *cr, cairo_font_face_t *font_face), (cr, font_face)) \
    CALL_VOID(cairo_set_font_matrix, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix)) \
    CALL_VOID(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options)) \
    CALL_VOID(cairo_set_font_size, (cairo_t *cr, double size), (cr, size)) \
    CALL_VOID(cairo_set_line_cap, (cairo_t *cr, cairo_line_cap_t line_cap), (cr, line_cap)) \
    CALL_VOID(cairo_set_line_join, (cairo_t *cr, cairo_line_join_t line_join), (cr, line_join)) \
    CALL_VOID(cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
    CALL_VOID(cairo_set_source, (cairo_t *cr, cairo_pattern_t *source), (cr, source)) \
    CALL_VOID(cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), \
        (cr, red, green, blue, alpha)) \
    CALL_VOID(cairo_show_glyphs, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), \
        (cr, glyphs, num_glyphs)) \
    CALL(cairo_status_t, cairo_status, (cairo_t *cr), (cr)) \
    CALL(const char *, cairo_status_to_string, (cairo_status_t status), (status)) \
    CALL_VOID(cairo_stroke, (cairo_t *cr), (cr)) \
    CALL_VOID(cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_surface_finish, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface)) \
    CALL_VOID(cairo_surface_set_device_scale, (cairo_surface_t *surface, double x_scale, double y_scale), \
        (surface, x_scale, y_scale)) \
    CALL(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
    CALL(cairo_status_t, cairo_surface_write_to_png, (cairo_surface_t *surface, const char *filename), \
        (surface, filename)) \
    CALL(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, \
        cairo_write_func_t write_func, void *closure), \
        (surface, write_func, closure)) \
    CALL(cairo_surface_t *, cairo_svg_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, \
        double width_in_points, double height_in_points), \
        (write_func, closure, width_in_points, height_in_points)) \
    CALL_VOID(cairo_svg_surface_set_document_unit, (cairo_surface_t *surface, cairo_svg_unit_t unit), \
        (surface, unit)) \
    CALL_VOID(cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))

/* The library's functions, filled once by load_cairo. */
#define FIELD(result, name, parameters, arguments) result(*name) parameters;
#define FIELD_VOID(name, parameters, arguments) void(*name) parameters;
static struct {
    CAIRO_ENTRY_POINTS(FIELD, FIELD_VOID)
} cairo;

static pthread_once_t cairo_once = PTHREAD_ONCE_INIT;
static atomic_int cairo_ready;
static char cairo_failure[512];

static void load_cairo(void) {
    void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(cairo_failure, sizeof cairo_failure, "%s", reason ? reason : "dlopen failed");
        return;
    }
#define RESOLVE(result, name, parameters, arguments)                                                          \
    if (!(*(void **)&cairo.name = dlsym(library, #name))) {                                                      \
        snprintf(cairo_failure, sizeof cairo_failure, "libcairo.so.2 has no %s (Cairo 1.16 or later)", #name); \
        return;                                                                                                  \
    }
#define RESOLVE_VOID(name, parameters, arguments) RESOLVE(void, name, parameters, arguments)
    CAIRO_ENTRY_POINTS(RESOLVE, RESOLVE_VOID)
    atomic_store_explicit(&cairo_ready, 1, memory_order_release);
}

/* Loads Cairo on the first call from any thread; the others wait for it. Without Cairo nothing can be drawn and no
 * Cairo call can return something meaningful, so the process ends as the dynamic loader would have ended it at
 * start-up, with the loader's reason. */
static void require_cairo(void) {
    if (__builtin_expect(atomic_load_explicit(&cairo_ready, memory_order_acquire), 1)) return;
    pthread_once(&cairo_once, load_cairo);
    if (atomic_load_explicit(&cairo_ready, memory_order_acquire)) return;
    fprintf(stderr, "LabelKit: drawing needs Cairo (Debian's libcairo2): %s\n", cairo_failure);
    exit(127);
}

#define DEFINE(result, name, parameters, arguments) \
    result name parameters {                        \
        require_cairo();                            \
        return cairo.name arguments;                \
    }
#define DEFINE_VOID(name, parameters, arguments) \
    void name parameters {                       \
        require_cairo();                         \
        cairo.name arguments;                    \
    }
CAIRO_ENTRY_POINTS(DEFINE, DEFINE_VOID)
