#!/bin/sh
# check-report-chromium.sh — opens a cvx report in headless Chromium (the DOM
# after report.js ran) and checks it: the index lists every input, a CV page
# has a highlight for every value span of its JSON Resume, hostile inputs
# (script tags, javascript: links, onerror attributes, broken UTF-8, a 1 MB
# line, RTL overrides) inject no element, handler or link; a screenshot of a
# fixture page is left in BUILD/report-screenshot.png (an artefact).
# Prints "ok NAME" / "FAIL NAME" lines, or one "skip" line without chromium.
# usage: sh tests/ext/check-report-chromium.sh BUILD
set -u
build=${1:-build}
cvx=$build/cvx
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "skip: headless Chromium report test (chromium not installed; make deps installs it)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
profile=$tmp/profile
mkdir -p "$profile" "$tmp/in/folder"

chrome() { # chrome ARGS... FILE: one headless run, fetching nothing
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --user-data-dir="$profile" "$@" 2>/dev/null
}
ok() { echo "ok $1"; }
bad() { echo "FAIL $1"; sed 's/^/    /' "$tmp/why" 2>/dev/null | head -10; }
try() { # try NAME COMMAND...
  name=$1
  shift
  if "$@" >"$tmp/why" 2>&1; then ok "$name"; else bad "$name"; fi
}

# hostile inputs, written here
cat >"$tmp/in/hostile.md" <<'MD'
# <script>alert('name')</script> Mallory <img src=x onerror=alert(1)>
mallory@example.org · [site](javascript:alert(2)) · [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==)
Website: javascript:alert(4)
<svg onload=alert(5)><iframe src="https://evil.example/"></iframe><style>*{display:none}</style>
‮cod.exe‬ and ⁦isolated⁩ text

## Experience
* <b onmouseover="alert(6)">Engineer</b>, Evil" onclick="alert(7) Corp, 2019-2020
  * "><script src=https://evil.example/x.js></script>
* Tester, [Acme](JaVaScRiPt:alert(8)), 2017-2018

## Links
* <a href="javascript:alert(9)" onclick="alert(10)">click</a>
* [x](  javascript:alert(11))
MD
printf '# Broken \377\376 Bytes\nEngineer at \300\257 Corp, 2019-2020\n\000nul\n<script>alert(1)</script>\n' >"$tmp/in/broken.txt"
python3 -c "
import sys
sys.stdout.write('# Long Line\n\n## Experience\n* Engineer, Acme, 2019-2020\n' + '<script>alert(1)</script> ' * 40000 + '\n')
" >"$tmp/in/longline.md"
printf 'PK\003\004\000\000binary' >"$tmp/in/folder/blob.md"
cp fixtures/academic-cv/cv.md "$tmp/in/folder/cv.md"
cp fixtures/resume-md/resume.md "$tmp/in/resume.md"

out=$tmp/site
"$cvx" report -q -o "$out" "$tmp/in/hostile.md" "$tmp/in/broken.txt" "$tmp/in/longline.md" "$tmp/in/resume.md" \
  "$tmp/in/folder" 2>"$tmp/report.err"
status=$?
try "cvx report runs (exit 0 or 1)" test "$status" -le 1
try "the site has index.html, report.js, report.css and one page per input" sh -c "
  test -s '$out/index.html' && test -s '$out/report.js' && test -s '$out/report.css' &&
  test \"\$(ls '$out/cv' | wc -l)\" = 5"
try "no page is over 4 MB" sh -c "test -z \"\$(find '$out' -name '*.html' -size +4M)\""

chrome --dump-dom "file://$out/index.html" >"$tmp/index.dom"
try "index lists every input" python3 tests/ext/check-report-dom.py index "$tmp/index.dom" \
  "$tmp/in/hostile.md" "$tmp/in/broken.txt" "$tmp/in/longline.md" "$tmp/in/resume.md" "$tmp/in/folder/cv.md"
try "index names the skipped binary and why" grep -q "blob.md: binary" "$tmp/index.dom"
try "index has no injected element or handler" python3 tests/ext/check-report-dom.py safe "$tmp/index.dom"
try "report.js ran on the index (row count shown)" grep -q '5 of 5 rows' "$tmp/index.dom"

for p in resume cv; do
  chrome --dump-dom "file://$out/cv/$p.html" >"$tmp/$p.dom"
done
"$cvx" convert -q --provenance --stdout "$tmp/in/resume.md" >"$tmp/resume.json"
"$cvx" convert -q --provenance --stdout "$tmp/in/folder/cv.md" >"$tmp/cv.json"
try "a CV page has a highlight for every value span (resume.md)" python3 tests/ext/check-report-dom.py spans "$tmp/resume.dom" "$tmp/resume.json"
try "a CV page has a highlight for every value span (cv.md)" python3 tests/ext/check-report-dom.py spans "$tmp/cv.dom" "$tmp/cv.json"
try "a fixture page is safe" python3 tests/ext/check-report-dom.py safe "$tmp/resume.dom"

for p in hostile broken longline; do
  chrome --dump-dom "file://$out/cv/$p.html" >"$tmp/$p.dom"
  try "hostile page $p: DOM dumped" test -s "$tmp/$p.dom"
  try "hostile page $p: no injected element, handler or link" python3 tests/ext/check-report-dom.py safe "$tmp/$p.dom"
done
try "hostile page: the RTL override is shown, not applied" sh -c "grep -q '\[U+202E\]' '$tmp/hostile.dom' && ! grep -q '‮' '$tmp/hostile.dom'"
try "hostile page: the script tags are text" grep -q '&lt;script&gt;alert' "$tmp/hostile.dom"

# the browser's console: no script error and no Content-Security-Policy refusal
# on a fixture page, the index or a hostile page
for pg in cv/resume.html index.html cv/hostile.html; do
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$out/$pg" >/dev/null 2>"$tmp/console.log"
  try "no console error on $pg" sh -c "! grep -E 'CONSOLE|Uncaught|Refused to' '$tmp/console.log'"
done

case $build in /*) shot=$build/report-screenshot.png ;; *) shot=$here/$build/report-screenshot.png ;; esac # BUILD may be absolute
chrome --window-size=1400,1000 --screenshot="$shot" "file://$out/cv/resume.html" >/dev/null
try "screenshot of a fixture page ($build/report-screenshot.png)" test -s "$build/report-screenshot.png"
