#ifndef LABELKIT_CGIO_SHIM_H
#define LABELKIT_CGIO_SHIM_H

// GDBus, for the AT-SPI bridge of LabelKitSDL (Sources/LabelKitSDL/Accessibility/ATSPIConnection.swift is the one
// Swift file that uses it).
#include <gio/gio.h>

#endif
