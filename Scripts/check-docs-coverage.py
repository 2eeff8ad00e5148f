#!/usr/bin/env python3
"""Fails when a public declaration of LabelKit's documented modules has no documentation summary.

Usage: check-docs-coverage.py ARCHIVE SYMBOL_GRAPH_DIR

DocC's experimental coverage (documentation-coverage.json, written by `docc convert
--experimental-documentation-coverage`) says which pages have an abstract; the archive's digest
(linkable-entities.json, from `--emit-digest`) maps each page to its symbol; the symbol graphs say which symbols are
declared in a source file. Counted: every module and every symbol with a source location. Not counted: members the
compiler synthesises (an enum's `init(rawValue:)`, a Codable type's `init(from:)`), which have no source to document,
and extension blocks, which are containers rather than declarations.
"""

import json
import pathlib
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    archive = pathlib.Path(sys.argv[1])
    graph_dir = pathlib.Path(sys.argv[2])

    declared = {}  # usr -> kind identifier, for symbols written in a source file
    synthesised = set()
    for graph_file in sorted(graph_dir.glob("*.symbols.json")):
        graph = json.loads(graph_file.read_text())
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            if "location" in symbol:
                declared[usr] = symbol["kind"]["identifier"]
            else:
                synthesised.add(usr)

    usr_of_page = {}
    for entity in json.loads((archive / "linkable-entities.json").read_text()):
        if "usr" in entity:
            usr_of_page[entity["referenceURL"]] = entity["usr"]

    counted = 0
    missing = []
    not_counted = 0
    for page in json.loads((archive / "documentation-coverage.json").read_text()):
        kind = page["kind"]
        if not kind.get("isSymbol", False):
            continue
        path = page["referencePath"]
        usr = usr_of_page.get(path)
        is_module = kind["id"] == "org.swift.docc.kind.module"
        if is_module or (usr in declared and declared[usr] != "swift.extension"):
            counted += 1
            if not page["hasAbstract"]:
                missing.append(path.split("/documentation/", 1)[-1])
        else:
            not_counted += 1

    if counted == 0:
        print("check-docs-coverage: no documented declarations found — is the archive empty?", file=sys.stderr)
        return 1
    documented = counted - len(missing)
    print(
        f"check-docs-coverage: {documented} of {counted} public declarations and modules have a summary "
        f"({100 * documented / counted:.1f} %); not counted: {not_counted} pages of compiler-synthesised members "
        f"and extension blocks"
    )
    if missing:
        print("check-docs-coverage: no summary (add a `///` comment whose first paragraph says what it is):",
              file=sys.stderr)
        for path in sorted(missing):
            print(f"  {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
