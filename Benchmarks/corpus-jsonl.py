#!/usr/bin/env python3
"""Writes the bench corpus as JSON Lines for the command line: corpus-jsonl.py CORPUS.tsv CORPUS.jsonl [KINDS].

corpus.tsv is KIND<TAB>WIDTH<TAB>TEXT with \\, \n, \r and \t escaped (LabelKitCorpus.FieldEscaping); each line of
corpus.jsonl is {"text": …, "width": …}, what `labelkit measure --batch` reads. Used by cli-bench.sh and
compare-builds.sh. KINDS, a comma-separated list of kinds, keeps only their labels (cli-bench.sh keeps the classic
five, so the command-line figures stay comparable with runs before the world's scripts were added).
"""
import json, sys
escapes = {"n": "\n", "r": "\r", "t": "\t"}
def unescape(field):
    out, i = [], 0
    while i < len(field):
        if field[i] == "\\" and i + 1 < len(field):
            out.append(escapes.get(field[i + 1], field[i + 1]))
            i += 2
        else:
            out.append(field[i])
            i += 1
    return "".join(out)
kinds = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
with open(sys.argv[1], encoding="utf-8") as tsv, open(sys.argv[2], "w", encoding="utf-8") as jsonl:
    for line in tsv:
        line = line.rstrip("\n")
        if not line:
            continue
        kind, width, text = line.split("\t", 2)
        if kinds is not None and kind not in kinds:
            continue
        width = float(width)
        record = {"text": unescape(text), "width": int(width) if width.is_integer() else width}
        jsonl.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
