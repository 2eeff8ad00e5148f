#!/usr/bin/env python3
"""Generates Sources/LabelKitText/Unicode/VerticalOrientation+Data.swift from Unicode's VerticalOrientation.txt.

Usage (from the package root):  python3 Scripts/generate-vertical-orientation.py [VERTICAL_ORIENTATION_TXT]
The source is by default /usr/share/unicode/VerticalOrientation.txt, from Debian's unicode-data package. The
generated file is checked in, so building LabelKit never needs the data file; only regenerating it does.

Every code point takes the value of the data line that lists it; a code point no data line lists takes the value of
the last `# @missing:` line whose range holds it (the file's overall default, R, and any narrower defaults after it).
The table holds one entry per run of equal values, from the first code point whose value is not the overall default:
the run's first code point shifted left by 8 bits, or'ed with the value's raw value in VerticalOrientation.swift.
"""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
default_source = "/usr/share/unicode/VerticalOrientation.txt"
source = sys.argv[1] if len(sys.argv) > 1 else default_source
target = os.path.join(root, "Sources", "LabelKitText", "Unicode", "VerticalOrientation+Data.swift")

# The raw values of VerticalOrientation's cases, in the order they are declared.
RAW_VALUES = {"U": 0, "R": 1, "Tu": 2, "Tr": 3}
CODE_POINT_COUNT = 0x110000

if not os.path.isfile(source):
    sys.exit(
        f"generate-vertical-orientation: {source} not found. It is Unicode's VerticalOrientation.txt, installed by"
        " Debian's unicode-data package (apt-get install unicode-data); or pass its path as an argument."
    )


def parse_range(text, line_number):
    first, _, last = text.strip().partition("..")
    try:
        lower = int(first, 16)
        upper = int(last, 16) if last else lower
    except ValueError:
        sys.exit(f"{source}:{line_number}: cannot read the code point range {text.strip()!r}")
    if not 0 <= lower <= upper < CODE_POINT_COUNT:
        sys.exit(f"{source}:{line_number}: range {text.strip()!r} is outside 0..10FFFF")
    return lower, upper


def parse_value(text, line_number):
    value = text.strip()
    if value not in RAW_VALUES:
        sys.exit(f"{source}:{line_number}: unknown Vertical_Orientation value {value!r}")
    return value


version = None
defaults = []  # (lower, upper, value) from the @missing lines, in file order
listed = []  # (lower, upper, value) from the data lines
missing_line = re.compile(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\w+)")
with open(source, encoding="utf-8") as f:
    for line_number, line in enumerate(f, start=1):
        if version is None:
            found = re.match(r"#\s*VerticalOrientation-(\d+\.\d+\.\d+)\.txt", line)
            if found:
                version = found.group(1)
        found = missing_line.match(line)
        if found:
            lower, upper = parse_range(found.group(1), line_number)
            defaults.append((lower, upper, parse_value(found.group(2), line_number)))
            continue
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = data.split(";")
        if len(fields) != 2:
            sys.exit(f"{source}:{line_number}: expected two fields separated by ';', found {data!r}")
        lower, upper = parse_range(fields[0], line_number)
        listed.append((lower, upper, parse_value(fields[1], line_number)))

if version is None:
    sys.exit(f"{source}: no 'VerticalOrientation-X.Y.Z.txt' line names the Unicode version")
if not defaults or defaults[0][:2] != (0, CODE_POINT_COUNT - 1):
    sys.exit(f"{source}: the first @missing line must give the default of 0000..10FFFF")
overall_default = defaults[0][2]
if overall_default != "R":
    # VerticalOrientation.swift answers .rotated below the table's first entry and for values that are no scalar.
    sys.exit(f"{source}: the overall default is {overall_default}, not R; VerticalOrientation.swift assumes R")

values = [None] * CODE_POINT_COUNT
for lower, upper, value in defaults:
    values[lower : upper + 1] = [value] * (upper - lower + 1)
seen = bytearray(CODE_POINT_COUNT)
for lower, upper, value in listed:
    for code_point in range(lower, upper + 1):
        if seen[code_point]:
            sys.exit(f"{source}: U+{code_point:04X} is listed twice")
        seen[code_point] = 1
    values[lower : upper + 1] = [value] * (upper - lower + 1)

surrogate_values = set(values[0xD800:0xE000])
if surrogate_values != {"R"}:
    sys.exit(f"{source}: the surrogates are {sorted(surrogate_values)}; VerticalOrientation.swift answers R for them")

# Runs of equal values, from the first code point whose value is not the overall default.
runs = []  # (first code point, last code point, value)
for code_point, value in enumerate(values):
    if runs and runs[-1][2] == value:
        runs[-1] = (runs[-1][0], code_point, value)
    elif runs or value != overall_default:
        runs.append((code_point, code_point, value))
first_other = runs[0][0]


def scalar_name(code_point):
    return f"U+{code_point:04X}"


def entry(first, last, value):
    span = scalar_name(first) if first == last else f"{scalar_name(first)}..{scalar_name(last)}"
    # The start and the raw value apart (0x3000_02 is U+3000, raw value 2): swift-format accepts any grouping.
    return f"        0x{first:04X}_{RAW_VALUES[value]:02X},   // {span} {value}"


source_name = os.path.basename(source)
lines = [
    "// GENERATED by Scripts/generate-vertical-orientation.py — do not edit by hand.",
    "//",
    f"// Data: {source_name} (Unicode {version}), the Vertical_Orientation property of UAX #50, read from",
    f"// {source}. Regenerate with:",
    "//",
    "//     python3 Scripts/generate-vertical-orientation.py [PATH/VerticalOrientation.txt]",
    "",
    "extension VerticalOrientation {",
    f"    /// The Unicode version of the data: {version}.",
    f'    package static let unicodeVersion = "{version}"',
    "",
    f"    /// The first code point whose value is not {overall_default}: every value below it is rotated.",
    f"    static let firstNonRotatedValue: UInt32 = 0x{first_other:04X}",
    "",
    f"    /// The {len(runs)} runs of equal values from `firstNonRotatedValue` to U+10FFFF, in order: each entry is the",
    "    /// run's first code point shifted left by 8 bits, or'ed with the raw value of the run's orientation.",
    "    static let runs: [UInt32] = [",
]
lines += [entry(first, last, value) for first, last, value in runs]
lines += ["    ]", "}", ""]
with open(target, "w", encoding="utf-8") as f:
    f.write("\n".join(lines))
print(f"wrote {len(runs)} runs (Unicode {version}) to {os.path.relpath(target, root)}")
