#!/bin/sh
# Makes the two font subsets that stamp PDFs and print evidence sheets, from Debian's
# fonts-noto-cjk (Noto Sans CJK 2.004, SIL Open Font License 1.1, see OFL.txt):
#   apt-get install -y fonts-noto-cjk python3-fonttools
#   sh apps/api/assets/fonts/make-subsets.sh
# Both keep Latin (ASCII and Latin-1), general punctuation, the won and euro signs, arrows, CJK
# punctuation and the full-width forms. The Korean one (Noto Sans CJK KR) adds every Hangul
# syllable and jamo; the Chinese one (Noto Sans CJK SC) adds the 6,763 ideographs of GB 2312
# (both of its levels: the common simplified Chinese characters). Hinting is dropped (PDFs are
# read zoomed and printed). A character outside both is stamped as "?".
set -eu
here=$(dirname "$0")
collection=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
python=/usr/bin/python3
common='U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-203A,U+20A9,U+20AC,U+2116,U+2190-2193,U+3000-303F,U+FF01-FF5E'
ideographs=$(mktemp)
"$python" -c '
import sys
chars = []
for high in range(0xB0, 0xF8):
    for low in range(0xA1, 0xFF):
        try:
            chars.append(bytes([high, low]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
sys.stdout.write("".join(chars))
' > "$ideographs"
# Font numbers in the collection: 1 is KR, 2 is SC.
"$python" -m fontTools.subset "$collection" --font-number=1 \
  --unicodes="$common,U+1100-11FF,U+3130-318F,U+AC00-D7A3" \
  --layout-features='*' --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$here/noto-sans-kr-subset.otf"
"$python" -m fontTools.subset "$collection" --font-number=2 \
  --unicodes="$common" --text-file="$ideographs" \
  --layout-features='*' --no-hinting --name-IDs='*' \
  --output-file="$here/noto-sans-sc-subset.otf"
rm -f "$ideographs"
