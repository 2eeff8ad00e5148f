#!/bin/bash
# Draws the README's vertical-text pictures with labelkit itself: a notice set in columns (縦書き) — its title, a date
# whose 10 and 1 are set across the column (tate-chu-yoko), the terms link, a Latin word turned — and its horizontal
# twin, the same runs in lines.
#
#   bash Scripts/vertical-pictures.sh [path/to/labelkit] [out-dir]
set -euo pipefail
labelkit=${1:-.build/debug/labelkit}
out=${2:-docs/images}
common=(--inset 10,12,10,12 --scale 2 --lang ja --size 17)
runs='[{"text":"お知らせ\n","weight":"bold"},
  {"text":"2024年10月1日より、","combineUpright":2},
  {"text":"決済をしたと同時に"},{"text":"利用規約","link":"https://example.com/terms"},
  {"text":"に同意したとみなします。詳しくは LabelKit のサイトへ。"}]'
"$labelkit" render "${common[@]}" --vertical --height 230 --runs --out "$out/notice-vertical.png" "$runs"
"$labelkit" render "${common[@]}" --width 230 --runs --out "$out/notice-horizontal.png" "$runs"
