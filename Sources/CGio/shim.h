#ifndef LABELKIT_CGIO_SHIM_H
#define LABELKIT_CGIO_SHIM_H

// GDBus, for LabelKitSDL's AT-SPI bridge and its desktop-portal settings (Sources/LabelKitSDL/DBus/DBusConnection.swift
// is the one Swift file that uses it).
#include <gio/gio.h>

#endif
