#!/bin/bash
# Draws the README's pictures that `labelkit demo --out-dir` does not: a selection over three lines, a focus ring
# around a wrapped link, one label in six scripts; then the line-breaking and the vertical-text pictures.
#
#   bash Scripts/readme-pictures.sh [path/to/labelkit] [out-dir]
set -euo pipefail
labelkit=${1:-.build/debug/labelkit}
out=${2:-docs/images}
here=$(cd "$(dirname "$0")" && pwd)

"$labelkit" render --width 300 --inset 10,12,10,12 --line-spacing 6 --select 39,42 --scale 2 \
  --out "$out/selection.png" "Selections tile whole lines: drag from here across the line breaks, through مرحبا بالعالم and on to the end of this sentence."
"$labelkit" render --markup --width 200 --inset 10,12,10,12 --align center --focus-link 0 --scale 2 \
  --out "$out/focus-ring.png" "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
"$labelkit" render --markup --width 340 --inset 10,12,10,12 --line-spacing 6 --scale 2 --out "$out/six-scripts.png" \
  $'Read the [terms](https://example.com/en) before you pay.\nاقرأ [الشروط](https://example.com/ar) قبل الدفع.\nקראו את [התנאים](https://example.com/he) לפני התשלום.\nभुगतान से पहले [शर्तें](https://example.com/hi) पढ़ें।\nโปรดอ่าน[ข้อกำหนด](https://example.com/th)ก่อนชำระเงิน\n결제 전에 [이용약관](https://example.com/ko)을 읽어 주세요.'
bash "$here/line-breaking-pictures.sh" "$labelkit" "$out"
bash "$here/vertical-pictures.sh" "$labelkit" "$out"
