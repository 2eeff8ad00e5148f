#ifndef LABELKIT_CSDL2_SHIM_H
#define LABELKIT_CSDL2_SHIM_H

// <SDL2/SDL.h> from the system include path, not pkg-config: sdl2.pc adds -D_REENTRANT, which SwiftPM warns about
// in every build of LabelKit and of every package that depends on it. glibc needs no such macro.
#include <SDL2/SDL.h>

// Function-like macros and enum values Swift does not import cleanly, as plain functions.
static inline int labelkit_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 labelkit_sdl_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

// Cairo's ARGB32 is premultiplied; SDL_BLENDMODE_BLEND expects straight alpha.
static inline SDL_BlendMode labelkit_sdl_premultiplied_blend_mode(void) {
    return SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                      SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD);
}

// The GL_RENDERER string of the OpenGL context current on this thread (the one an OpenGL SDL renderer made), or
// NULL when there is none: "llvmpipe (LLVM 15.0.6, 256 bits)" for Mesa's software rasterizer.
static inline const char *labelkit_sdl_gl_renderer_string(void) {
    typedef const unsigned char *(*get_string_function)(unsigned int);
    if (!SDL_GL_GetCurrentContext()) return NULL;
    get_string_function get_string = (get_string_function)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}

#endif
