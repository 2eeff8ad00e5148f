#!/usr/bin/env python3
"""Generates Sources/CICUShim/LineBreakClasses.h from Unicode's LineBreak.txt, EastAsianWidth.txt and
DerivedGeneralCategory.txt.

Usage (from the package root):
    python3 Scripts/generate-line-break-classes.py [LINE_BREAK_TXT [EAST_ASIAN_WIDTH_TXT [GENERAL_CATEGORY_TXT]]]
The sources are by default /usr/share/unicode/LineBreak.txt, EastAsianWidth.txt and
extracted/DerivedGeneralCategory.txt, from Debian's unicode-data package, which must be of the Unicode version the
system ICU implements (15.0 for ICU 72). The generated file is checked in, so building LabelKit never needs the data
files; only regenerating it does.

The header holds the line-break class of every code point of seven blocks — U+0000–U+036F (Basic Latin to the
combining diacritical marks), U+0590–U+06FF (Hebrew and Arabic), U+0900–U+09FF (Devanagari and Bengali), U+2000–U+2BFF (general punctuation, letterlike and
number forms, arrows, mathematical and technical symbols, dingbats, the BMP's emoji and other symbols), U+3000–U+30FF
(CJK symbols and punctuation, hiragana, katakana), U+FF00–U+FFEF (halfwidth and fullwidth forms) and U+1F000–U+1FAFF
(the supplementary plane's symbols and emoji: emoji bases, modifiers, regional indicators) — in the classes the shim
decides line breaks for without ICU's iterator (LineBreaks.h), and LB_NONE for every code point whose class it leaves
to ICU. It also checks that the uniform ranges LineBreakTable.c classifies by a comparison hold one class each. The classes, as ICU 72's
root line rules (its line.txt) resolve them:

- AI is AL (UAX #14, LB1); CJ is NS (ICU's root rules are CSS `line-break: strict`); H2 and H3 are ID (without the
  conjoining jamo JL, JV and JT, which the table leaves out, every rule that names H2 or H3 also names ID);
- OP splits into OP and OP_WIDE, East_Asian_Width F, W or H, which LB30 leaves out; the table holds no such CP;
- HL (Hebrew letters, LB21a and LB21b), EB and EM (LB30b), RI (LB30a) and ZWJ (LB8a) are classes of their own;
- U+2010 HYPHEN (BA) is left to ICU, whose LB 20.09 treats it as a hyphen; so are BB, WJ, ZW, NL, CB, SA, the jamo,
  and unassigned code points (General_Category Cn, whatever LineBreak.txt gives them: LB30b keeps an unassigned
  Extended_Pictographic code point before an emoji modifier, a rule the table does not implement).
"""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
line_break_source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/LineBreak.txt"
width_source = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/unicode/EastAsianWidth.txt"
category_source = sys.argv[3] if len(sys.argv) > 3 else "/usr/share/unicode/extracted/DerivedGeneralCategory.txt"
target = os.path.join(root, "Sources", "CICUShim", "LineBreakClasses.h")
CODE_POINT_COUNT = 0x110000

# The table's classes, as LineBreaks.h names them (LB_NONE = left to ICU).
DIRECT = {
    "AL", "ID", "NU", "SP", "BA", "HY", "NS", "EX", "QU", "OP", "CL", "CP", "IS", "SY", "PR", "PO", "GL", "IN", "B2",
    "CM", "BK", "CR", "LF", "HL", "EB", "EM", "RI", "ZWJ",
}
MERGED = {"AI": "AL", "CJ": "NS", "H2": "ID", "H3": "ID"}
LEFT_TO_ICU = {0x2010}  # HYPHEN: lb=BA, but a hyphen to ICU's LB 20.09
WIDE = {"F", "W", "H"}

BLOCKS = [
    ("lineClassesLatin", 0x0000, 0x036F),
    ("lineClassesHebrewArabic", 0x0590, 0x06FF),
    ("lineClassesDevanagariBengali", 0x0900, 0x09FF),
    ("lineClassesSymbols", 0x2000, 0x2BFF),
    ("lineClassesKana", 0x3000, 0x30FF),
    ("lineClassesFullwidth", 0xFF00, 0xFFEF),
    ("lineClassesEmoji", 0x1F000, 0x1FAFF),
]
# Ranges LineBreakTable.c classifies by a comparison: each must hold this one class.
UNIFORM = [
    (0x1E00, 0x1EFF, "AL"),  # Latin Extended Additional (Vietnamese)
    (0x3400, 0x4DBF, "ID"),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF, "ID"),  # CJK Unified Ideographs
    (0xAC00, 0xD7A3, "ID"),  # Hangul syllables (H2, H3)
    (0xFE00, 0xFE0F, "CM"),  # variation selectors (the emoji and text presentation selectors among them)
    (0xE0020, 0xE007F, "CM"),  # tag characters (the flags of England, Scotland and Wales)
]


def read_property(path, name, default=None):
    """The property of every code point: the data lines over the @missing defaults (later lines win), or over
    `default` for a file without @missing lines."""
    if not os.path.isfile(path):
        sys.exit(
            f"generate-line-break-classes: {path} not found. It is Unicode's {name}, installed by Debian's "
            "unicode-data package (apt-get install unicode-data); or pass its path as an argument."
        )
    values = [default] * CODE_POINT_COUNT
    version = None
    missing = re.compile(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\w+)")
    with open(path, encoding="utf-8") as f:
        for line_number, line in enumerate(f, start=1):
            if version is None:
                found = re.match(r"#\s*\w+-(\d+\.\d+\.\d+)\.txt", line)
                if found:
                    version = found.group(1)
            found = missing.match(line)
            if found:
                first, _, last = found.group(1).partition("..")
                lower, upper = int(first, 16), int(last or first, 16)
                for code_point in range(lower, upper + 1):
                    values[code_point] = found.group(2)
                continue
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [field.strip() for field in data.split(";")]
            if len(fields) != 2:
                sys.exit(f"{path}:{line_number}: expected two fields separated by ';', found {data!r}")
            first, _, last = fields[0].partition("..")
            lower, upper = int(first, 16), int(last or first, 16)
            for code_point in range(lower, upper + 1):
                values[code_point] = fields[1]
    if version is None:
        sys.exit(f"{path}: no line names the Unicode version")
    if None in values:
        sys.exit(f"{path}: no @missing line gives a default for every code point")
    return values, version


line_breaks, version = read_property(line_break_source, "LineBreak.txt")
widths, width_version = read_property(width_source, "EastAsianWidth.txt")
categories, category_version = read_property(category_source, "DerivedGeneralCategory.txt", default="Cn")
if version != width_version or version != category_version:
    sys.exit(
        f"LineBreak.txt is Unicode {version}, EastAsianWidth.txt {width_version}, "
        f"DerivedGeneralCategory.txt {category_version}"
    )


def table_class(code_point):
    if code_point in LEFT_TO_ICU or categories[code_point] == "Cn":
        return "NONE"
    value = MERGED.get(line_breaks[code_point], line_breaks[code_point])
    if value not in DIRECT:
        return "NONE"
    if value == "OP" and widths[code_point] in WIDE:
        return "OP_WIDE"
    if value == "CP" and widths[code_point] in WIDE:
        return "NONE"  # none in Unicode 15.0; LineBreaks.h has no class for it
    return value


for lower, upper, expected in UNIFORM:
    for code_point in range(lower, upper + 1):
        if table_class(code_point) != expected:
            sys.exit(f"U+{code_point:04X} is {table_class(code_point)}, not {expected} as LineBreakTable.c assumes")

lines = [
    "// GENERATED by Scripts/generate-line-break-classes.py — do not edit by hand.",
    f"// From Unicode {version}'s LineBreak.txt, EastAsianWidth.txt and DerivedGeneralCategory.txt; "
    "regenerate with",
    "//     python3 Scripts/generate-line-break-classes.py [LINE_BREAK_TXT [EAST_ASIAN_WIDTH_TXT [GENERAL_CATEGORY_TXT]]]",
    "// The line-break class of every code point of seven blocks, as the shim resolves it (LB_NONE: left to ICU's",
    "// iterator). Included by LineBreakTable.c only, after LineBreaks.h's LB_* classes.",
    "",
]
for name, lower, upper in BLOCKS:
    lines.append(f"static const uint8_t {name}[0x{upper - lower + 1:X}] = {{")
    for row in range(lower, upper + 1, 8):
        cells = ", ".join(f"LB_{table_class(code_point)}" for code_point in range(row, min(row + 8, upper + 1)))
        lines.append(f"    /* {row:04X} */ {cells},")
    lines.append("};")
    lines.append("")

with open(target, "w", encoding="utf-8") as f:
    f.write("\n".join(lines))
print(f"wrote {os.path.relpath(target, root)} from Unicode {version}")
