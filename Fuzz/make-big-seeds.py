#!/usr/bin/env python3
"""Writes the seed inputs too big to check in — 1 MB of text, 10,000 combining marks, long joiner chains, bidi
control bombs, deep markup — into the folder given as the only argument. Deterministic: the same files every run."""
import os
import random
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(2026)

WORDS = [
    "label", "layout", "hotel", "feedback", "https://example.com/a/b", "@ana", "#tag", "3.5",
    "決済", "利用規約", "同意", "한국어", "مرحبا", "بالعالم", "שלום", "Việt", "người", "สวัสดี",
    "नमस्ते", "👋🏽", "🇻🇳", "👨‍👩‍👧‍👦", "e\u0301", "\u202e", "\u200d", "\ufffc", "\t",
]


def write(name, text):
    with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as file:
        file.write(text)


def megabyte(separator_choices):
    parts, size = [], 0
    while size < 1_000_000:
        word = rng.choice(WORDS) + rng.choice(separator_choices)
        parts.append(word)
        size += len(word.encode("utf-8"))
    return "".join(parts)


write("megabyte-mixed.txt", megabyte([" ", " ", " ", " ", "\n"]))
write("megabyte-one-paragraph.txt", megabyte([" "]))
write("megabyte-no-spaces.txt", "決済をしたと同時に利用規約に同意したとみなします" * 14_000)
write("combining-10000.txt", "a" + "\u0301" * 10_000 + " b" + "".join(chr(0x300 + rng.randrange(0x70)) for _ in range(10_000)))
write("zalgo-long.txt", " ".join("".join(chr(0x300 + rng.randrange(0x70)) for _ in range(30)).join("zalgo") for _ in range(300)))
write("zwj-chain-10000.txt", "\u200d".join(rng.choice(["👨", "👩", "👧", "👦", "🏳️", "❤️"]) for _ in range(10_000)))
write("bidi-bomb-10000.txt", "".join(rng.choice(["\u202a", "\u202b", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "a", "ب"]) for _ in range(10_000)))
write("regional-indicators.txt", "".join(chr(0x1F1E6 + rng.randrange(26)) for _ in range(5_000)))
write("tags-and-selectors.txt", "".join(rng.choice(["\ufe0f", "\ufe0e", "\U000E0100", chr(0xE0020 + rng.randrange(0x60)), "x"]) for _ in range(20_000)))
write("markup-brackets.txt", "[" * 100_000 + "a](b)")
write("markup-stars.txt", "*a" * 50_000)
write("links-dense.txt", " ".join(rng.choice(["https://a.example/", "www.b.example", "c@d.example", "@e", "#f", "+1 555 0100", "$G"]) for _ in range(60_000)))
write("json-deep.json", "[" * 100_000 + "]" * 100_000)

# The layout fuzzer's choices after the 0xFF (Fuzz/FuzzSupport/FuzzInput.swift): vertical (縦書き), one span over the
# whole text combining runs of up to two digits, no width, columns 150 pt long, in Noto Sans CJK JP at 15 px.
VERTICAL_CHOICES = bytes([2, 1, 0, 0, 0xFF, 0xFF, 11, 4, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 0])
with open(os.path.join(out, "megabyte-vertical.bin"), "wb") as file:
    file.write(("「吾輩は猫である。」名前はまだ無い――2024年10月1日、第12345回 Swift 6.3。\n" * 9_000).encode() + b"\xff")
    file.write(VERTICAL_CHOICES)
