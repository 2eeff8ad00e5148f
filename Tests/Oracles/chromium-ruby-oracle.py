#!/usr/bin/env python3
"""Lays out a batch of ruby (furigana) labels as HTML <ruby> in one headless Chromium and prints its boxes.

The test oracle of Tests/ChromiumAgreementTests: LabelKit's ruby layout against CSS Ruby as a browser lays it out.
Python's standard library only. Reads a JSON batch on stdin and writes a JSON answer on stdout:

    {"cases": [{"width": 200, "fontFamily": "Noto Sans CJK JP", "fontSize": 15, "lang": "ja",
                "pieces": [{"text": "決済を"},
                           {"base": "利用規約", "ruby": ["りようきやく"], "position": "over", "align": "center",
                            "link": "https://example.com/terms"}]}]}

A piece is plain text, or a base with its annotation: one part (group ruby) or one part per base character (mono
ruby; the last part over the rest of the base, as RubyAnnotation does). Offsets in the answer are UTF-16 offsets into
the concatenated pieces' text (the bases, never the annotations), as LabelKit counts them. The answer is
{"chromium": its version, "supports": {"ruby-align: center": true, ...}, "results": [...]}, one result a case:

    {"height": block height,
     "chars": [[offset, left, top, width, height], ...]  every base-level character's box (its text's content area),
     "bases": [{"range": [start, end], "rect": [x, y, w, h]}, ...]  one per annotated segment (per part for mono),
     "annotations": [{"range": [start, end], "rect": [x, y, w, h], "glyphs": [left, right], "baseline": y}, ...]}

An annotation's "rect" is its text's box, whose top and bottom are its font's content area (rounded ascent +
descent); "glyphs" are where its first glyph starts and its last ends, read from zero-size inline blocks placed before
and after the annotation text (without them, a range's box in <rt> also covers the room ruby-align leaves around the
text); "baseline" is where those blocks stand. Every case is a block of its own (display: flow-root) so that, like a
label's, its first line cannot borrow room for its ruby from the content above it.

`--html` prints the page instead of running Chromium, to look at the cases in a browser.

Chromium runs once for the batch: `chromium --headless --dump-dom` over a generated page whose script measures every
case with getBoundingClientRect and writes the answer into the DOM. Fonts: the project's fontconfig configuration
(Tests/Fonts/fonts.conf, the fonts `make deps` installs) unless FONTCONFIG_FILE is already set (the test processes set
it to the same file). CHROMIUM names the browser (default: `chromium` on the PATH). Exit status 2 with a message on
stderr when Chromium is missing or fails.
"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT_FONTS = os.path.join(HERE, "..", "Fonts", "fonts.conf")
RESULT_ID = "labelkit-ruby-results"
TIMEOUT_SECONDS = 120

# CSS chosen so that the comparison is fair (Tests/ChromiumAgreementTests explains each choice):
# - `line-height: normal` on the text and the annotations, as LabelKit's lines are its fonts' ascent + descent;
# - `rt { font-size: 50% }`, RubyAnnotation's default size factor (a case's `sizeFactor` overrides it);
# - `ruby-align: space-around` on the base, as LabelKit spreads a base narrower than its annotation; the annotation's
#   own alignment (center by default, as RubyAnnotation's) set on <rt>;
# - `ruby-overhang: none`: LabelKit's overhang (a whole annotation character over kana) is not Chromium's (half of
#   one), so both are compared without it;
# - links drawn as text, so that nothing but the text takes room.
STYLE = """
html { -webkit-text-size-adjust: none; }
body { margin: 0; }
.case { display: flow-root; margin: 0 0 60px 0; padding: 0; line-height: normal; text-align: left;
        white-space: normal; word-break: normal; line-break: auto; overflow-wrap: normal; }
ruby { ruby-align: space-around; ruby-overhang: none; ruby-position: over; }
rt { font-size: 50%; line-height: normal; }
a { color: inherit; text-decoration: none; }
i.probe { display: inline-block; width: 0; height: 0; margin: 0; padding: 0; border: 0; }
"""

ALIGN = {"center": "center", "start": "start", "spaceAround": "space-around"}

# Runs in the page after every case is in the DOM: reads the boxes and writes the answer as JSON text.
SCRIPT = r"""
(function () {
  function box(r) { return [r.left, r.top, r.width, r.height]; }
  function rangeOf(node, start, end) {
    var range = document.createRange(); range.setStart(node, start); range.setEnd(node, end); return range;
  }
  function contentsOf(node) { var range = document.createRange(); range.selectNodeContents(node); return range; }
  var answers = [];
  document.querySelectorAll('.case').forEach(function (block) {
    var top = block.getBoundingClientRect().top, left = block.getBoundingClientRect().left;
    function rel(r) { return [r[0] - left, r[1] - top, r[2], r[3]]; }
    var answer = {height: block.getBoundingClientRect().height, chars: [], bases: [], annotations: []};
    block.querySelectorAll('[data-start]').forEach(function (element) {
      var node = element.firstChild, start = Number(element.dataset.start);
      if (element.dataset.kind === 'text' || element.dataset.kind === 'base') {
        var text = node.data;
        for (var i = 0; i < text.length; i++) {
          var code = text.charCodeAt(i), length = (code >= 0xD800 && code < 0xDC00) ? 2 : 1;
          var rects = Array.prototype.filter.call(rangeOf(node, i, i + length).getClientRects(),
                                                  function (r) { return r.width > 0; });
          if (rects.length > 0) { answer.chars.push([start + i].concat(rel(box(rects[0])))); }
          i += length - 1;
        }
        if (element.dataset.kind === 'base') {
          answer.bases.push({range: [start, start + text.length],
                             rect: rel(box(contentsOf(node).getBoundingClientRect()))});
        }
      } else {
        var probes = element.querySelectorAll('i.probe'), textNode = probes[0].nextSibling;
        var first = probes[0].getBoundingClientRect(), last = probes[1].getBoundingClientRect();
        answer.annotations.push({range: [start, Number(element.dataset.end)],
                                 rect: rel(box(contentsOf(textNode).getBoundingClientRect())),
                                 glyphs: [first.left - left, last.left - left], baseline: first.top - top});
      }
    });
    answers.push(answer);
  });
  var supports = {};
  ['ruby-align: center', 'ruby-align: start', 'ruby-align: space-around', 'ruby-overhang: none',
   'ruby-position: under'].forEach(function (declaration) { supports[declaration] = CSS.supports(declaration); });
  document.getElementById('RESULT_ID').textContent = JSON.stringify({supports: supports, answers: answers});
})();
""".replace("RESULT_ID", RESULT_ID)


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def split_characters(text, count):
    """The base split for `count` mono parts: one code point each (combining marks stay with their base character),
    the last part over the rest."""
    characters = []
    for character in text:
        if characters and (0x0300 <= ord(character) <= 0x036F or 0xFE00 <= ord(character) <= 0xFE0F):
            characters[-1] += character
        else:
            characters.append(character)
    if count <= 1 or len(characters) <= 1:
        return [text]
    return characters[: count - 1] + ["".join(characters[count - 1 :])]


def case_html(case):
    """One case as a block of HTML; every base-level text and every annotation carries its UTF-16 offsets."""
    style = 'width: {}px; font-family: "{}"; font-size: {}px;'.format(
        float(case["width"]), case.get("fontFamily", "Noto Sans CJK JP"), float(case.get("fontSize", 15)))
    parts = ['<div class="case" lang="{}" style="{}">'.format(html.escape(case.get("lang", "ja")), html.escape(style))]
    offset = 0
    for piece in case["pieces"]:
        if "text" in piece:
            parts.append('<span data-kind="text" data-start="{}">{}</span>'.format(offset, html.escape(piece["text"])))
            offset += utf16_length(piece["text"])
            continue
        ruby = piece["ruby"]
        bases = split_characters(piece["base"], len(ruby))
        ruby_style = "ruby-position: {};".format("under" if piece.get("position") == "under" else "over")
        rt_style = "ruby-align: {}; font-size: {}%;".format(
            ALIGN[piece.get("align", "center")], 100 * float(piece.get("sizeFactor", 0.5)))
        markup = ['<ruby style="{}">'.format(ruby_style)]
        for index, base in enumerate(bases):
            end = offset + utf16_length(base)
            markup.append('<span data-kind="base" data-start="{}">{}</span>'.format(offset, html.escape(base)))
            annotation = html.escape(ruby[min(index, len(ruby) - 1)])
            markup.append(
                '<rt style="{}" data-kind="annotation" data-start="{}" data-end="{}"><i class="probe"></i>{}'
                '<i class="probe"></i></rt>'.format(rt_style, offset, end, annotation))
            offset = end
        markup.append("</ruby>")
        if piece.get("link"):
            markup = ['<a href="{}">'.format(html.escape(piece["link"]))] + markup + ["</a>"]
        parts.extend(markup)
    parts.append("</div>")
    return "".join(parts)


def page(cases):
    blocks = "\n".join(case_html(case) for case in cases)
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>{}</style></head><body>\n{}\n'
            '<pre id="{}"></pre>\n<script>{}</script>\n</body></html>\n').format(STYLE, blocks, RESULT_ID, SCRIPT)


def fail(message):
    sys.stderr.write("chromium-ruby-oracle: {}\n".format(message))
    sys.exit(2)


def chromium_command():
    name = os.environ.get("CHROMIUM", "chromium")
    path = shutil.which(name)
    if path is None:
        fail("{} is not installed (Debian: apt-get install chromium; make deps installs it)".format(name))
    return path


def run(cases):
    chromium = chromium_command()
    environment = dict(os.environ)
    environment.setdefault("FONTCONFIG_FILE", os.path.normpath(PROJECT_FONTS))
    with tempfile.TemporaryDirectory(prefix="chromium-ruby-oracle-") as directory:
        path = os.path.join(directory, "cases.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(page(cases))
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. A profile of its own in the
        # temporary directory, so that nothing is written to $HOME; one device pixel per CSS px, as LabelKit's points.
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                   "--disable-sync", "--disable-component-update", "--force-device-scale-factor=1", "--hide-scrollbars",
                   "--user-data-dir=" + os.path.join(directory, "profile"), "--dump-dom", "file://" + path]
        try:
            completed = subprocess.run(command, env=environment, capture_output=True, timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            fail("chromium did not finish within {} s".format(TIMEOUT_SECONDS))
        dom = completed.stdout.decode("utf-8", "replace")
        match = re.search(r'<pre id="{}">(.*?)</pre>'.format(RESULT_ID), dom, re.S)
        if completed.returncode != 0 or match is None or not match.group(1):
            fail("chromium exited with {} and no answer: {}".format(
                completed.returncode, completed.stderr.decode("utf-8", "replace")[-2000:]))
        answer = json.loads(html.unescape(match.group(1)))
    version = subprocess.run([chromium, "--version"], capture_output=True, env=environment).stdout
    return {"chromium": version.decode("utf-8", "replace").strip(), "supports": answer["supports"],
            "results": answer["answers"]}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--html":
        sys.stdout.write(page(json.load(sys.stdin)["cases"]))
        return
    batch = json.load(sys.stdin)
    answer = run(batch["cases"])
    if len(answer["results"]) != len(batch["cases"]):
        fail("chromium answered {} of {} cases".format(len(answer["results"]), len(batch["cases"])))
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
