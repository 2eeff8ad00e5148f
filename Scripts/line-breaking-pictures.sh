#!/bin/bash
# Draws the README's line-breaking and fitting pictures with labelkit itself: a heading wrapped greedy, balanced and
# pretty; a narrow English and German column without and with hyphenation; Korean with normal breaking and keep-all;
# a one-line title truncated and shrunk to fit.
#
#   bash Scripts/line-breaking-pictures.sh [path/to/labelkit] [out-dir]
set -euo pipefail
labelkit=${1:-.build/debug/labelkit}
out=${2:-docs/images}
common=(--inset 8,10,8,10 --scale 2)

heading="Terms of Service and the Privacy Policy of LabelKit"
for wrap in greedy balance pretty; do
    "$labelkit" render "${common[@]}" --width 230 --size 17 --wrap "$wrap" --out "$out/wrap-$wrap.png" "$heading"
done

english="Hyphenation lets a narrow column of English text keep its lines evenly filled, breaking extraordinarily long words"
german="Silbentrennung lässt eine schmale Spalte deutschen Textes gleichmäßig gefüllt, auch bei Donaudampfschifffahrtsgesellschaften"
"$labelkit" render "${common[@]}" --width 150 --out "$out/column-en.png" "$english"
"$labelkit" render "${common[@]}" --width 150 --hyphenate --out "$out/column-en-hyphenated.png" "$english"
"$labelkit" render "${common[@]}" --width 150 --lang de --out "$out/column-de.png" "$german"
"$labelkit" render "${common[@]}" --width 150 --lang de --hyphenate --out "$out/column-de-hyphenated.png" "$german"

korean="한국어 문장은 띄어쓰기 단위로 줄을 바꿔야 읽기 쉽습니다"
"$labelkit" render "${common[@]}" --width 150 --lang ko --out "$out/korean-normal.png" "$korean"
"$labelkit" render "${common[@]}" --width 150 --lang ko --word-break keep-all --out "$out/korean-keep-all.png" "$korean"

title="Quarterly Report Summary 2026"
"$labelkit" render "${common[@]}" --width 200 --lines 1 --size 22 --out "$out/title-truncated.png" "$title"
"$labelkit" render "${common[@]}" --width 200 --lines 1 --size 22 --min-scale 0.4 --out "$out/title-shrunk.png" "$title"
