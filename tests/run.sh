#!/bin/sh
# run.sh — the whole test suite: unit tests, golden fixtures, external
# validators (ajv with the official JSON Resume schemas, citation-js and
# bibtool for BibTeX, Python's csv module), the corpus smoke test and
# determinism checks. Ends with one line: "N passed, N failed".
# usage: sh tests/run.sh BUILD_DIR
set -u
build=${1:-build}
cvx=$build/cvx
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 2
shared=${CVX_SHARED:-$here/../shared}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
export SOURCE_DATE_EPOCH=1790000000 # a fixed "today" (2026-09) for reproducible CSV

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check NAME COMMAND...: one test, passes when COMMAND exits 0
  name=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then ok; else fail "$name"; sed 's/^/    /' "$tmp/out" | head -40; fi
}

echo "== unit tests"
for t in "$build"/tests/test_*; do
  [ -x "$t" ] || continue
  out=$("$t" 2>&1)
  status=$?
  line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
  if [ -z "$line" ]; then
    fail "$(basename "$t") printed no summary (exit $status)"
    printf '%s\n' "$out" | tail -20 | sed 's/^/    /'
    continue
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.*, ([0-9]+) failed/\1/')
  passed=$((passed + p))
  failed=$((failed + f))
  echo "  $line"
  if [ "$f" != 0 ] || [ "$status" != 0 ]; then
    printf '%s\n' "$out" | grep -v ': [0-9]* passed' | head -40 | sed 's/^/    /'
    [ "$f" = 0 ] && fail "$(basename "$t") exited $status"
  fi
done

echo "== golden fixtures"
sh tests/golden.sh "$build" >"$tmp/golden" 2>&1
gp=$(grep -c '^ok ' "$tmp/golden")
gf=$(grep -c '^FAIL ' "$tmp/golden")
passed=$((passed + gp))
failed=$((failed + gf))
grep -A30 '^FAIL ' "$tmp/golden" | head -80
echo "  golden: $gp passed, $gf failed"

echo "== command line"
check "cvx --version" sh -c "'$cvx' --version | grep -q '^cvx [0-9]'"
check "cvx --help exits 0" "$cvx" --help
check "cvx convert --help" sh -c "'$cvx' convert --help | grep -q -- '--max-size'"
check "no command is a usage error (2)" sh -c "'$cvx'; test \$? = 2"
check "unknown option is a usage error (2)" sh -c "'$cvx' convert --bogus x 2>/dev/null; test \$? = 2"
check "bad -j is a usage error (2)" sh -c "'$cvx' convert -j 0 x 2>/dev/null; test \$? = 2"
for c in convert validate report bib train; do
  check "cvx help $c prints the $c help, as cvx $c --help does" sh -c "
    '$cvx' help $c >'$tmp/help.out' && head -1 '$tmp/help.out' | grep -q '^usage: cvx $c ' &&
    '$cvx' $c --help | cmp -s - '$tmp/help.out'"
done
check "cvx help prints the commands; cvx help NAME of no command is a usage error" sh -c "
  '$cvx' help | grep -q '^  convert ' && '$cvx' help nope 2>'$tmp/help.err'; test \$? = 2 &&
  test \"\$(cat '$tmp/help.err')\" = \"cvx: no command 'nope'; try 'cvx help'\""
# a usage error is one line naming the problem and the help to read, exit 2
while IFS='|' read -r args want; do
  [ -n "$args" ] || continue
  check "usage error: cvx $args" sh -c "
    '$cvx' $args >'$tmp/ue.out' 2>'$tmp/ue.err'; s=\$?
    test \$s = 2 && test ! -s '$tmp/ue.out' && test \"\$(cat '$tmp/ue.err')\" = \"\$1\"" sh "$want"
done <<'EOF_USAGE'
convert --x fixtures/plain-resume/resume.txt|cvx: unknown option '--x'; try 'cvx help convert'
convert -Z fixtures/plain-resume/resume.txt|cvx: unknown option '-Z'; try 'cvx help convert'
convert -o|cvx: option '-o' needs a value; try 'cvx help convert'
convert --output|cvx: option '--output' needs a value; try 'cvx help convert'
convert --stdout=1 fixtures/plain-resume/resume.txt|cvx: option '--stdout' takes no value; try 'cvx help convert'
convert --pro fixtures/plain-resume/resume.txt|cvx: option '--pro' is ambiguous; try 'cvx help convert'
convert|cvx: no input given; try 'cvx help convert'
convert -j 0 x|cvx: -j wants a number from 1 to 1024, not '0'; try 'cvx help convert'
validate --stdout x|cvx: option '--stdout' is not a cvx validate option; try 'cvx help validate'
validate --format xml x|cvx: --format wants text, github, json or sarif, not 'xml'; try 'cvx help validate'
report --ascii x|cvx: option '--ascii' is not a cvx report option; try 'cvx help report'
bib --x|cvx: unknown option '--x'; try 'cvx help bib'
bib --ids|cvx: option '--ids' needs a value; try 'cvx help bib'
bib a b|cvx: one input at most, not 'b' after 'a'; try 'cvx help bib'
train --bogus x|cvx: unknown option '--bogus'; try 'cvx help train'
train|cvx: no input given; try 'cvx help train'
frobnicate|cvx: unknown command 'frobnicate'; try 'cvx help'
|
EOF_USAGE
check "no command: one line and a hint, exit 2" sh -c "
  '$cvx' 2>'$tmp/nc.err'; test \$? = 2 && test \"\$(cat '$tmp/nc.err')\" = \"cvx: no command given; try 'cvx help'\""
check "cvx bib on an input over the size limit says what convert says (size, limit, --max-size)" sh -c "
  head -c 20000 /dev/zero | tr '\\000' a >'$tmp/bigref.txt' &&
  '$cvx' bib --max-size 10K '$tmp/bigref.txt' >'$tmp/bigref.out' 2>'$tmp/bigref.err'; s=\$?
  test \$s = 1 && test ! -s '$tmp/bigref.out' &&
  test \"\$(cat '$tmp/bigref.err')\" = \"$tmp/bigref.txt: error[source.too-large]: file is 20000 bytes, over the limit of 10240 bytes (--max-size)\" &&
  '$cvx' convert --no-progress --max-size 10K -o '$tmp/bigref' '$tmp/bigref.txt' 2>'$tmp/bigconv.err'; test \$? = 1 &&
  head -1 '$tmp/bigconv.err' | cmp -s - '$tmp/bigref.err' &&
  cat '$tmp/bigref.txt' | '$cvx' bib --max-size 10K 2>'$tmp/bigstdin.err'; test \$? = 1 &&
  grep -qx '<stdin>: error\\[source.too-large\\]: input is over the limit of 10240 bytes (--max-size)' '$tmp/bigstdin.err' &&
  head -c 9000 '$tmp/bigref.txt' | '$cvx' bib --max-size 10K >/dev/null"
check "Unicode: input is read as NFC; --ascii BibTeX keeps combining marks (Nystro+U+0308+m is Nystr{\\\"o}m)" sh -c "
  printf 'Nystro\\314\\210m, A. and Dvor\\314\\214a\\314\\201k, B. (2020). A study of things. Journal of Tests, 1(2), 3-4.\\n' >'$tmp/nfd.txt' &&
  '$cvx' bib --ascii '$tmp/nfd.txt' >'$tmp/nfd.bib' && grep -qF 'author = {Nystr{\\\"o}m, A. and Dvo{\\v{r}}{\\'\"'\"'a}k, B.},' '$tmp/nfd.bib' &&
  '$cvx' bib '$tmp/nfd.txt' | grep -q \"author = {Nystr\$(printf '\\303\\266')m, A. and Dvo\$(printf '\\305\\231\\303\\241')k, B.},\" &&
  printf '# Jan Nystro\\314\\210m\\n\\nEmail: jan@@example.org\\n' >'$tmp/nfd.md' &&
  '$cvx' convert --stdout '$tmp/nfd.md' 2>/dev/null | grep -q \"\\\"name\\\": \\\"Jan Nystr\$(printf '\\303\\266')m\\\"\""
check "Unicode: after NFC, a column still counts the file's code points and the caret sits under the text shown" sh -c "
  printf -- '---\\nlayout: page\\n---\\nNystro\\314\\210m, Nystro\\314\\210m [](http://x.org)\\n' >'$tmp/col.md' &&
  '$cvx' validate '$tmp/col.md' 2>'$tmp/col.err'; grep -q '^$tmp/col.md:4:20: warning\\[link.empty\\]' '$tmp/col.err' &&
  grep -qx '                   ^' '$tmp/col.err'"
check "cvx bib on a missing file names it and the reason" sh -c "
  '$cvx' bib /nonexistent/refs.txt 2>'$tmp/bibmiss.err'; test \$? = 1 &&
  grep -qx '/nonexistent/refs.txt: error\\[source.io\\]: cannot open /nonexistent/refs.txt: No such file or directory' '$tmp/bibmiss.err'"
check "missing input is an error (1), batch goes on" sh -c "
  '$cvx' convert -q -o '$tmp/miss' /nonexistent/cv.md fixtures/plain-resume/resume.txt 2>'$tmp/miss.err'; s=\$?
  test \$s = 1 && test -s '$tmp/miss/resume.json' && grep -q 'nonexistent/cv.md.*source.io' '$tmp/miss.err'"
check "--stdout writes one document" sh -c "'$cvx' convert --stdout fixtures/plain-resume/resume.txt | python3 -c 'import json,sys; json.load(sys.stdin)'"
check "stdin input" sh -c "'$cvx' convert --stdout - < fixtures/plain-resume/resume.txt | grep -q '\"source\": \"<stdin>\"'"
check "same stems get distinct names" sh -c "
  mkdir -p '$tmp/st/a' '$tmp/st/b' && cp fixtures/plain-resume/resume.txt '$tmp/st/a/cv.txt' && cp fixtures/plain-resume/resume.txt '$tmp/st/b/cv.md' &&
  '$cvx' convert -q -o '$tmp/st/out' '$tmp/st' && test -f '$tmp/st/out/cv.json' && test -f '$tmp/st/out/cv-2.json'"
check "outputs honour the umask (0666 less umask, no leftover temp file)" sh -c "
  umask 027 && '$cvx' convert -q -o '$tmp/um' fixtures/plain-resume/resume.txt &&
  test \"\$(stat -c %a '$tmp/um/resume.json')\" = 640 && test \"\$(stat -c %a '$tmp/um/cvx.csv')\" = 640 &&
  test -z \"\$(ls -A '$tmp/um' | grep '^\\.cvx-tmp')\""
check "a re-run into the same folder replaces each output whole" sh -c "
  mkdir -p '$tmp/rr/in' && cp fixtures/plain-resume/resume.txt '$tmp/rr/in/cv.txt' &&
  '$cvx' convert -q -o '$tmp/rr/out' '$tmp/rr/in/cv.txt' && cp '$tmp/rr/out/cv.json' '$tmp/rr/first.json' &&
  cp fixtures/prose-bio/*.md '$tmp/rr/in/cv.txt' && '$cvx' convert -q -o '$tmp/rr/out' '$tmp/rr/in/cv.txt' &&
  ! cmp -s '$tmp/rr/out/cv.json' '$tmp/rr/first.json' && '$cvx' convert -q --stdout '$tmp/rr/in/cv.txt' | cmp -s - '$tmp/rr/out/cv.json' &&
  test -z \"\$(ls -A '$tmp/rr/out' | grep '^\\.cvx-tmp')\""
check "a JSON document over a MiB is written into its file as it is made: the bytes of --stdout, a re-run replaces it, no temp file left" sh -c "
  mkdir -p '$tmp/big' && python3 -c \"import sys; sys.stdout.write('# Jane Doe\\n\\n' + ' '.join('word%d' % (i % 977) for i in range(400000)) + '\\n')\" >'$tmp/big/big.md' &&
  '$cvx' convert -q -j 2 --max-size 64M -o '$tmp/big/out' '$tmp/big/big.md' fixtures/plain-resume/resume.txt &&
  test \$(wc -c <'$tmp/big/out/big.json') -gt 2000000 &&
  '$cvx' convert -q --max-size 64M --stdout '$tmp/big/big.md' | cmp -s - '$tmp/big/out/big.json' &&
  '$cvx' convert -q --max-size 64M -o '$tmp/big/out' '$tmp/big/big.md' &&
  '$cvx' convert -q --max-size 64M --stdout '$tmp/big/big.md' | cmp -s - '$tmp/big/out/big.json' &&
  test -z \"\$(ls -A '$tmp/big/out' | grep '^\\.cvx-tmp')\" && '$cvx' validate -q --max-size 64M '$tmp/big/big.md'"
check "validate exits 0 on a clean file" "$cvx" validate -q fixtures/plain-resume/resume.txt
check "a spent time budget stops extraction with limit.time, keeps the document" sh -c "
  python3 -c \"import sys; sys.stdout.write('# Experience\\n' + ''.join('* Engineer, Initech %d, 2014-2017\\n' % i for i in range(60000)))\" >'$tmp/budget.md' &&
  '$cvx' convert --no-progress --time-budget 1 -f json -o '$tmp/budget' '$tmp/budget.md' 2>'$tmp/budget.err'; s=\$?
  test \$s = 1 && grep -q 'error\\[limit.time\\]' '$tmp/budget.err' &&
  python3 -c \"import json; json.load(open('$tmp/budget/budget.json'))\""
check "convert refuses a JSON file (source.json) instead of reading it as CV text" sh -c "
  '$cvx' convert --no-progress -f json,csv -o '$tmp/js' fixtures/validate-resume-json/input/resume.json fixtures/plain-resume/resume.txt 2>'$tmp/js.err'; s=\$?
  test \$s = 1 && grep -q 'error\\[source.json\\]' '$tmp/js.err' && test ! -f '$tmp/js/resume.json' &&
  grep -q 'resume.json,.*,error,' '$tmp/js/cvx.csv' && test -f '$tmp/js/resume-2.json'"
check "make install puts the binary and the man page under DESTDIR/PREFIX" sh -c "
  make -s --no-print-directory install BUILD='$build' PREFIX=/usr DESTDIR='$tmp/inst' >/dev/null &&
  '$tmp/inst/usr/bin/cvx' --version >/dev/null && test -s '$tmp/inst/usr/share/man/man1/cvx.1'"
check "a walked folder's binary files are skipped silently, without renaming the others" sh -c "
  mkdir -p '$tmp/bw/in' && cp fixtures/plain-resume/resume.txt '$tmp/bw/in/a.txt' && cp fixtures/prose-bio/*.md '$tmp/bw/in/a-2.md' &&
  printf 'PK\\003\\004\\000\\000binary' >'$tmp/bw/in/a.md' && cp fixtures/academic-cv/cv.md '$tmp/bw/in/c.md' &&
  head -c 20000 /dev/zero >'$tmp/bw/in/big.txt' &&
  '$cvx' convert --no-progress --max-size 10000 -j1 -o '$tmp/bw/o1' '$tmp/bw/in' 2>'$tmp/bw/err1' &&
  '$cvx' convert -q --max-size 10000 -j2 -o '$tmp/bw/o2' '$tmp/bw/in' && diff -r '$tmp/bw/o1' '$tmp/bw/o2' &&
  test \"\$(cd '$tmp/bw/o1' && LC_ALL=C ls *.json | tr '\\n' ' ')\" = 'a-2.json a.json c.json ' &&
  grep -q 'converted 3 files (0 with errors' '$tmp/bw/err1' && ! grep -q 'error\\[' '$tmp/bw/err1' &&
  test \"\$(python3 -c \"import csv; print(len(list(csv.reader(open('$tmp/bw/o1/cvx.csv')))))\")\" = 4"
check "a walk says what it skipped: summary line and --progress" sh -c "
  mkdir -p '$tmp/sk/in/.git' && cp fixtures/plain-resume/resume.txt '$tmp/sk/in/a.txt' && printf 'a\\000b' >'$tmp/sk/in/b.md' &&
  cp fixtures/plain-resume/resume.txt '$tmp/sk/in/.draft.md' &&
  '$cvx' convert -j1 --no-progress -o '$tmp/sk/out' '$tmp/sk/in' 2>'$tmp/sk/err' &&
  grep -q '^cvx: converted 1 file .*; 3 skipped: 1 binary, 2 hidden\$' '$tmp/sk/err' &&
  '$cvx' convert -j1 --progress -o '$tmp/sk/out' '$tmp/sk/in' 2>'$tmp/sk/perr' &&
  grep -q '3 skipped (1 binary, 2 hidden)' '$tmp/sk/perr' &&
  '$cvx' validate '$tmp/sk/in' 2>'$tmp/sk/verr' && grep -q '; 3 skipped: 1 binary, 2 hidden\$' '$tmp/sk/verr' &&
  '$cvx' convert -o '$tmp/sk/out' fixtures/plain-resume/resume.txt 2>'$tmp/sk/none' && ! grep -q skipped '$tmp/sk/none'"
check "a folder of binary files alone has no input" sh -c "
  mkdir -p '$tmp/bo' && printf 'a\\000b' >'$tmp/bo/x.txt' && printf 'c\\000d' >'$tmp/bo/y.md' &&
  '$cvx' convert -q -o '$tmp/bo/out' '$tmp/bo' 2>'$tmp/bo.err'; test \$? = 1 && grep -q 'no input files found' '$tmp/bo.err'"
check "a link to a file in a walked folder is read, a link to a folder is not followed" sh -c "
  mkdir -p '$tmp/ln/in' '$tmp/ln/elsewhere' && cp fixtures/plain-resume/resume.txt '$tmp/ln/elsewhere/x.txt' &&
  ln -s '$tmp/ln/elsewhere/x.txt' '$tmp/ln/in/linked.txt' && ln -s '$tmp/ln/elsewhere' '$tmp/ln/in/dir' &&
  '$cvx' convert -q -f json -o '$tmp/ln/out' '$tmp/ln/in' && test \"\$(ls '$tmp/ln/out')\" = linked.json"
check "a re-run removes the .bib of a CV that no longer lists publications" sh -c "
  mkdir -p '$tmp/sb/in' && cp fixtures/pubs-ieee/cv.* '$tmp/sb/in/cv.md' &&
  '$cvx' convert -q -o '$tmp/sb/out' '$tmp/sb/in' && test -s '$tmp/sb/out/cv.bib' &&
  cp fixtures/plain-resume/resume.txt '$tmp/sb/in/cv.md' && '$cvx' convert -q -o '$tmp/sb/out' '$tmp/sb/in' &&
  test -f '$tmp/sb/out/cv.json' && test ! -e '$tmp/sb/out/cv.bib'"
check "an interrupt lets the file in hand finish, takes no new one, commits no CSV and exits 130" sh -c "
  mkdir -p '$tmp/int' && cp fixtures/plain-resume/resume.txt '$tmp/int/a.txt' && cp fixtures/prose-bio/*.md '$tmp/int/c.md' &&
  mkfifo '$tmp/int/go' && { { read x <'$tmp/int/go'; cat fixtures/plain-resume/resume.txt; } |
    '$cvx' convert -q -j1 -o '$tmp/int/out' '$tmp/int/a.txt' - '$tmp/int/c.md' 2>'$tmp/int/err' & pid=\$!; } &&
  for i in \$(seq 100); do test -f '$tmp/int/out/a.json' && break; sleep 0.1; done &&
  for i in \$(seq 100); do grep -qsE '^(0 0x0|7|271) ' /proc/\$pid/task/*/syscall && break; sleep 0.1; done && kill -INT \$pid &&
  echo go >'$tmp/int/go'; wait \$pid; s=\$?
  test \$s = 130 && test -f '$tmp/int/out/stdin.json' && test ! -e '$tmp/int/out/c.json' && test ! -e '$tmp/int/out/cvx.csv' &&
  test -z \"\$(ls -A '$tmp/int/out' | grep '^\\.cvx-tmp')\" && grep -q '^cvx: interrupted: converted 2 of 3 inputs' '$tmp/int/err'"
check "SIGTERM ends a batch whose input never comes within its grace second: exit 130, nothing partial" sh -c "
  mkdir -p '$tmp/term' && { sleep 10 | '$cvx' convert -j2 -o '$tmp/term/out' fixtures/plain-resume/resume.txt - \
    2>'$tmp/term/err' & pid=\$!; } &&
  for i in \$(seq 100); do test -f '$tmp/term/out/resume.json' && break; sleep 0.1; done && kill -TERM \$pid; wait \$pid; s=\$?
  test \$s = 130 && test ! -e '$tmp/term/out/stdin.json' && test ! -e '$tmp/term/out/cvx.csv' &&
  test -z \"\$(ls -A '$tmp/term/out' | grep '^\\.cvx-tmp')\" && grep -q '^cvx: interrupted' '$tmp/term/err'"
check "a named pipe given as input is refused (source.not-regular), never opened for reading; the batch goes on" sh -c "
  mkdir -p '$tmp/fifo' && mkfifo '$tmp/fifo/p.md' && cp fixtures/plain-resume/resume.txt '$tmp/fifo/a.txt' &&
  timeout -s KILL 20 '$cvx' convert -j1 -o '$tmp/fifo/out' '$tmp/fifo/a.txt' '$tmp/fifo/p.md' 2>'$tmp/fifo/err'; s=\$?
  test \$s = 1 && test -f '$tmp/fifo/out/a.json' && test ! -e '$tmp/fifo/out/p.json' &&
  grep -q 'p.md: error\\[source.not-regular\\]' '$tmp/fifo/err' &&
  timeout -s KILL 20 '$cvx' validate -j1 '$tmp/fifo/p.md' '$tmp/fifo/a.txt' 2>'$tmp/fifo/verr'; s=\$?
  test \$s = 1 && grep -q 'source.not-regular' '$tmp/fifo/verr'"
check "temp files of a killed run (dead pid) are removed by the next run into the folder; a live pid's are kept" sh -c "
  mkdir -p '$tmp/stale' && sh -c 'exit 0' & dead=\$!; wait \$dead;
  touch '$tmp/stale/.cvx-tmp-'\$dead'-0' '$tmp/stale/.cvx-tmp-'\$\$'-7' '$tmp/stale/.cvx-tmp-x-1' '$tmp/stale/old.json' &&
  '$cvx' convert -q -o '$tmp/stale' fixtures/plain-resume/resume.txt &&
  test ! -e '$tmp/stale/.cvx-tmp-'\$dead'-0' && test -e '$tmp/stale/.cvx-tmp-'\$\$'-7' &&
  test -e '$tmp/stale/.cvx-tmp-x-1' && test -e '$tmp/stale/old.json' && test -f '$tmp/stale/resume.json'"
check "a walked folder takes .html and .htm (read as HTML), not .css; -j1 and -j2 agree" sh -c "
  mkdir -p '$tmp/hw/in/sub' && cp fixtures/html-resume/resume.html '$tmp/hw/in/a.html' &&
  cp fixtures/html-academic/cv.htm '$tmp/hw/in/sub/b.HTM' && echo 'p { color: red }' >'$tmp/hw/in/site.css' &&
  '$cvx' convert -q -j1 -o '$tmp/hw/o1' '$tmp/hw/in' && '$cvx' convert -q -j2 -o '$tmp/hw/o2' '$tmp/hw/in' &&
  diff -r '$tmp/hw/o1' '$tmp/hw/o2' && test \"\$(cd '$tmp/hw/o1' && LC_ALL=C ls *.json | tr '\\n' ' ')\" = 'a.json b.json ' &&
  grep -q '\"html\"' '$tmp/hw/o1/a.json' && grep -q '\"html\"' '$tmp/hw/o1/b.json'"
check "HTML on standard input is read as HTML" sh -c "
  '$cvx' convert --stdout - < fixtures/html-resume/resume.html | grep -q '\"name\": \"Marta Kowalczyk\"'"
check "a Jekyll site inside a walked folder is one input" sh -c "
  '$cvx' convert -q -f json -o '$tmp/walk' fixtures/ && test -f '$tmp/walk/site.json' &&
  ! ls '$tmp/walk' | grep -q teaching"

echo "== validate: formats, rules, exit codes"
page=fixtures/validate-page/input/profile.md
rjson=fixtures/validate-resume-json/input/resume.json
check "validate --format bogus is a usage error (2)" sh -c "'$cvx' validate --format bogus '$page' 2>/dev/null; test \$? = 2"
check "validate --disable of an unknown code is a usage error (2)" sh -c "'$cvx' validate --disable no.such '$page' 2>/dev/null; test \$? = 2"
check "convert rejects validate options (2)" sh -c "'$cvx' convert --strict '$page' 2>/dev/null; test \$? = 2"
check "validate --rules lists codes with severity" sh -c "'$cvx' validate --rules | grep -Eq '^frontmatter.misspelled-key +warning +.'"
check "validate: warnings only exit 0" sh -c "'$cvx' validate -q '$page' 2>/dev/null"
check "validate --strict: warnings exit 1" sh -c "'$cvx' validate -q --strict '$page' 2>/dev/null; test \$? = 1"
check "validate: errors exit 1" sh -c "'$cvx' validate -q '$rjson' 2>/dev/null; test \$? = 1"
check "validate --disable drops a code and its count" sh -c "
  '$cvx' validate --no-progress --disable resume.schema-violation '$rjson' 2>'$tmp/dis.err' && ! grep -q schema-violation '$tmp/dis.err'"
check "validate: did-you-mean for layuot and Xlayout" sh -c "
  '$cvx' validate --no-progress '$page' 2>&1 | grep -F \"'layuot'; did you mean 'layout'\" >/dev/null &&
  '$cvx' validate --no-progress '$page' 2>&1 | grep -F \"'Xlayout'; did you mean 'layout'\" >/dev/null"
# Golden validate cases: fixtures/validate-<case>/input/<file> and expected/
# text.err (--format text, without the timing line) and github.out. After a
# reviewed change: run the two commands below with the output redirected into
# expected/ (the test prints them on failure).
for d in fixtures/validate-*/; do
  case_=$(basename "$d")
  f=$(find "$d/input" -type f | sort | head -n 1)
  [ -n "$f" ] || continue
  f=${f#./}
  f=$(echo "$f" | sed 's#//*#/#g')
  "$cvx" validate --no-progress "$f" 2>"$tmp/v.err" >/dev/null
  grep -v '^cvx: validated' "$tmp/v.err" >"$tmp/v.txt"
  if diff -u "$d/expected/text.err" "$tmp/v.txt" >"$tmp/d" 2>&1; then ok; else
    fail "validate golden $case_ (text): $cvx validate $f"; head -30 "$tmp/d"; fi
  "$cvx" validate --no-progress --format github "$f" 2>/dev/null >"$tmp/v.gh"
  if diff -u "$d/expected/github.out" "$tmp/v.gh" >"$tmp/d" 2>&1; then ok; else
    fail "validate golden $case_ (github): $cvx validate --format github $f"; head -30 "$tmp/d"; fi
done
check "validate --format json is one document with every diagnostic" sh -c "
  '$cvx' validate -q --format json '$page' '$rjson' >'$tmp/v.json'; test \$? = 1 &&
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
n=sum(len(f[\"diagnostics\"]) for f in d[\"files\"])
assert [f[\"file\"] for f in d[\"files\"]]==sys.argv[2:4], d[\"files\"]
assert d[\"summary\"][\"files\"]==2 and n>=10, n
for f in d[\"files\"]:
    for x in f[\"diagnostics\"]:
        assert x[\"severity\"] in (\"error\",\"warning\",\"note\") and x[\"code\"] and x[\"message\"]
' '$tmp/v.json' '$page' '$rjson'"
if [ -d tests/node_modules ]; then
  check "validate --format sarif is SARIF 2.1.0" sh -c "
    '$cvx' validate -q --format sarif fixtures/validate-*/input/* >'$tmp/v.sarif'; test \$? = 1 &&
    node tests/ext/check-sarif.js '$tmp/v.sarif'"
fi
# The README's GitHub workflow step, run as written on a broken profile:
# every line must be a workflow annotation GitHub understands.
check "README workflow step prints annotations" sh -c "
  grep -q 'cvx validate --format github' README.md &&
  '$cvx' validate --format github '$page' '$rjson' >'$tmp/gh.out' 2>/dev/null; test \$? = 1 &&
  grep -q '^::warning ' '$tmp/gh.out' && grep -q '^::error ' '$tmp/gh.out' &&
  ! grep -Ev '^::(error|warning|notice) file=[^,:]+(,line=[0-9]+,col=[0-9]+)?,title=[a-z0-9.-]+::[^%]*(%[0-9A-F]{2}[^%]*)*$' '$tmp/gh.out'"

echo "== streaming: NDJSON, --files-from, --ndjson-in, GNU parallel"
check "-f ndjson: one compact document per input, in input order" sh -c "
  '$cvx' convert -q -j 3 -f ndjson fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt fixtures/academic-cv/cv.md >'$tmp/nd.out' &&
  python3 -c 'import json,sys
ls=open(sys.argv[1]).read().split(\"\\n\")
assert ls[-1]==\"\" and len(ls)==4, len(ls)
src=[json.loads(l)[\"meta\"][\"cvx\"][\"source\"] for l in ls[:-1]]
assert src==sys.argv[2:], src' '$tmp/nd.out' fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt fixtures/academic-cv/cv.md"
check "-f ndjson combines with no other format (2)" sh -c "'$cvx' convert -f ndjson,csv x 2>/dev/null; test \$? = 2"
check "--files-from reads paths (newline and -0)" sh -c "
  printf '%s\n' fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt >'$tmp/list' &&
  '$cvx' convert -q -f ndjson --files-from '$tmp/list' >'$tmp/ff1' &&
  printf '%s\0' fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt | '$cvx' convert -q -f ndjson -0 --files-from - >'$tmp/ff2' &&
  test \$(wc -l <'$tmp/ff1') = 2 && cmp '$tmp/ff1' '$tmp/ff2'"
# an NDJSON input: the fixtures and the corpus (when present), as {id, text}
python3 -c 'import json,sys
for i,p in enumerate(sys.argv[1:]):
    print(json.dumps({"id": "r%04d" % i, "text": open(p, encoding="utf-8", errors="replace").read()}))
' $(find fixtures -path '*/expected' -prune -o -type f \( -name '*.md' -o -name '*.txt' \) -print | sort) \
  $(find "$shared/corpus" -type f -name '*.md' 2>/dev/null | sort | head -n 40) >"$tmp/in.ndjson"
check "--ndjson-in: one {id, resume} line per record, in order" sh -c "
  (cat '$tmp/in.ndjson'; echo; echo 'not json'; echo '{\"id\": 7}') | '$cvx' convert -q -j 3 --ndjson-in >'$tmp/nd1' 2>/dev/null; test \$? = 1 &&
  python3 -c 'import json,sys
ins=[json.loads(l)[\"id\"] for l in open(sys.argv[1])]
outs=[json.loads(l) for l in open(sys.argv[2])]
assert [o[\"id\"] for o in outs]==ins+[None,7], [o[\"id\"] for o in outs][-4:]
assert all(o[\"resume\"] for o in outs[:-2]) and outs[-1][\"resume\"] is None and outs[-2][\"error\"]
' '$tmp/in.ndjson' '$tmp/nd1'"
check "--ndjson-in is the same at -j1 and -j4" sh -c "
  '$cvx' convert -q -j 1 --ndjson-in <'$tmp/in.ndjson' >'$tmp/ndj1' && '$cvx' convert -q -j 4 --ndjson-in <'$tmp/in.ndjson' >'$tmp/ndj4' &&
  cmp '$tmp/ndj1' '$tmp/ndj4'"
if command -v parallel >/dev/null 2>&1; then
  # The README's GNU parallel recipe: records split across 2 jobs, output
  # merged in input order, byte-identical to a single run.
  check "GNU parallel --pipe over 2 jobs equals a single run" sh -c "
    parallel --will-cite --pipe --keep-order -j 2 -N 3 '$cvx' convert -q -j 1 --ndjson-in <'$tmp/in.ndjson' >'$tmp/ndpar' &&
    test -s '$tmp/ndpar' && cmp '$tmp/ndj1' '$tmp/ndpar'"
else
  fail "GNU parallel missing: run make deps"
fi

echo "== CSV for ATS import"
check "cvx.csv columns are the documented ones" sh -c "
  '$cvx' convert -q -f csv -o '$tmp/csv1' fixtures/resume-md/resume.md &&
  head -n 1 '$tmp/csv1/cvx.csv' | grep -qx 'source,name,email,phone,city,region,country,headline,current_position,current_organization,degree,degree_field,degree_institution,degree_year,linkedin,github,google_scholar,orcid,website,skills,languages,n_work,n_education,n_publications,n_awards,years_experience,status,warnings' &&
  head -n 1 '$tmp/csv1/entries.csv' | grep -qx 'source,section,entry,field,value,line'"
check "--excel: BOM and CRLF on every row" sh -c "
  '$cvx' convert -q -f csv --excel -o '$tmp/csv2' fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt &&
  python3 -c 'import sys
for n in (\"cvx.csv\",\"entries.csv\"):
    b=open(sys.argv[1]+\"/\"+n,\"rb\").read()
    assert b.startswith(b\"\\xef\\xbb\\xbf\") and b.endswith(b\"\\r\\n\")
    assert b.count(b\"\\n\")==b.count(b\"\\r\\n\") and b.count(b\"\\n\")>=3, n' '$tmp/csv2'"
check "re-running replaces cvx.csv whole, leaving no temporary file" sh -c "
  '$cvx' convert -q -f csv -o '$tmp/csv3' fixtures/resume-md/resume.md fixtures/plain-resume/resume.txt &&
  '$cvx' convert -q -f csv -o '$tmp/csv3' fixtures/plain-resume/resume.txt &&
  test \$(wc -l <'$tmp/csv3/cvx.csv') = 2 && ! ls -A '$tmp/csv3' | grep -q '^\.cvx-tmp'"
# a CV whose values a spreadsheet would run as formulas
mkdir -p "$tmp/inj"
printf '# =HYPERLINK("http://x.invalid","y")\n\n+1 555 0100\n\n## Skills\n\n- @SUM(A1:A2)\n- -2+3\n- =1+1\n' >"$tmp/inj/inject.md"
"$cvx" convert -q -f csv -o "$tmp/inj/out" "$tmp/inj/inject.md" 2>/dev/null
check "formula-looking cells are neutralised (csv module)" python3 -c '
import csv,sys
for n in ("cvx.csv","entries.csv"):
    for row in csv.reader(open(sys.argv[1]+"/"+n, newline="", encoding="utf-8")):
        for c in row:
            t=c.lstrip(" \"\x27")
            assert not (t[:1] in ("=","+","-","@","\t","\r","\n") and not c.startswith("\x27")), c
' "$tmp/inj/out"
if command -v soffice >/dev/null 2>&1; then
  check "LibreOffice reads cvx.csv and entries.csv with no formula cell" \
    sh tests/ext/check-csv-libreoffice.sh "$tmp/inj/out/cvx.csv" "$tmp/inj/out/entries.csv" "$tmp/csv2/cvx.csv"
else
  echo "  skip: LibreOffice spreadsheet test (soffice not installed; sh tests/ext/check-csv-libreoffice.sh installs it)"
fi

echo "== trained models: cvx train --entries"
printf 'tests/train/entry-train/resume.txt\ttests/train/entry-train/gold.json\n' >"$tmp/ep.tsv"
printf 'tests/train/entry-train/resume.txt\ttests/train/entry-train/annotations.jsonl\tresume\n' >"$tmp/ep2.tsv"
check "entry labels from a gold answer" sh -c "
  CVX_ENTRY_DEBUG=1 '$cvx' train --entries -o '$tmp/ep.model' '$tmp/ep.tsv' 2>&1 | grep '^align' | diff tests/train/entry-train/align.expected -"
check "entry labels from entity annotations" sh -c "
  CVX_ENTRY_DEBUG=1 '$cvx' train --entries -o '$tmp/ep2.model' '$tmp/ep2.tsv' 2>&1 | grep '^align' | diff tests/train/entry-train/align-annotations.expected -"
check "cvx train --entries gives the same bytes twice" sh -c "
  cat '$tmp/ep.tsv' '$tmp/ep2.tsv' >'$tmp/ep3.tsv' && '$cvx' train --entries -q -o '$tmp/e3a' '$tmp/ep3.tsv' &&
  '$cvx' train --entries -q -o '$tmp/e3b' '$tmp/ep3.tsv' && cmp -s '$tmp/e3a' '$tmp/e3b' && grep -q '^classes B H D' '$tmp/e3a'"
check "a trained entries model is used (CVX_ENTRY_MODEL) and off turns it off" sh -c "
  CVX_ENTRY_MODEL='$tmp/e3a' '$cvx' convert --stdout tests/train/entry-train/resume.txt | grep -q Brightwater &&
  CVX_ENTRY_MODEL=off '$cvx' convert --stdout tests/train/entry-train/resume.txt | grep -q Brightwater"
check "a broken entries model is an error naming it" sh -c "
  echo 'cvx-model 1 entries' >'$tmp/bad.model' &&
  CVX_ENTRY_MODEL='$tmp/bad.model' '$cvx' convert --stdout tests/train/entry-train/resume.txt 2>'$tmp/bad.err' >/dev/null;
  test \$? != 0 && grep -q 'bad.model' '$tmp/bad.err'"
check "a malformed pairs line is an error (1)" sh -c "
  echo 'no tab here' >'$tmp/ep4.tsv' && '$cvx' train --entries -o '$tmp/e4' '$tmp/ep4.tsv' 2>'$tmp/ep4.err'; test \$? = 1 &&
  grep -q 'ep4.tsv:1' '$tmp/ep4.err'"

echo "== cvx report"
check "cvx report --help" sh -c "'$cvx' report --help | grep -q 'review site'"
check "cvx report refuses convert-only options (2)" sh -c "'$cvx' report -f json -o '$tmp/rpu' fixtures/plain-resume/resume.txt 2>/dev/null; test \$? = 2"
check "cvx convert --report writes the outputs and the site; the site is the same as cvx report's" sh -c "
  mkdir -p '$tmp/rpc' && '$cvx' convert -q -o '$tmp/rpc/out' --report '$tmp/rpc/site' fixtures/plain-resume/resume.txt fixtures/resume-md/resume.md &&
  test -s '$tmp/rpc/out/resume.json' && test -s '$tmp/rpc/out/cvx.csv' && test -s '$tmp/rpc/site/index.html' &&
  '$cvx' report -q -j1 -o '$tmp/rpc/rep' fixtures/plain-resume/resume.txt fixtures/resume-md/resume.md &&
  diff -r '$tmp/rpc/site' '$tmp/rpc/rep' && test ! -e '$tmp/rpc/rep/resume.json' &&
  test -z \"\$(ls -A '$tmp/rpc/rep' '$tmp/rpc/rep/cv' | grep '^\\.cvx-tmp')\""
check "cvx report paginates the index (500 rows a page)" sh -c "
  mkdir -p '$tmp/rpp/in' && for i in \$(seq 1 501); do printf '# Name %s\\n' \$i >'$tmp/rpp/in/cv'\$i.md; done &&
  '$cvx' report -q -o '$tmp/rpp/site' '$tmp/rpp/in' &&
  test \"\$(grep -c '<tr class' '$tmp/rpp/site/index.html')\" = 500 &&
  test \"\$(grep -c '<tr class' '$tmp/rpp/site/index-2.html')\" = 1 && grep -q 'href=\"index-2.html\"' '$tmp/rpp/site/index.html'"
check "cvx report lists the binaries a folder walk skipped, and why" sh -c "
  mkdir -p '$tmp/rpb/in' && printf 'PK\\003\\004\\000bin' >'$tmp/rpb/in/a.md' && cp fixtures/plain-resume/resume.txt '$tmp/rpb/in/b.txt' &&
  '$cvx' report -q -o '$tmp/rpb/site' '$tmp/rpb/in' && grep -q 'in/a.md: binary file in a folder' '$tmp/rpb/site/index.html' &&
  test \"\$(grep -c '<tr class' '$tmp/rpb/site/index.html')\" = 1"
sh tests/ext/check-report-chromium.sh "$build" >"$tmp/chromium" 2>&1
cp_=$(grep -c '^ok ' "$tmp/chromium")
cf_=$(grep -c '^FAIL ' "$tmp/chromium")
passed=$((passed + cp_))
failed=$((failed + cf_))
grep -A10 '^FAIL ' "$tmp/chromium" | head -60
grep '^skip' "$tmp/chromium" | sed 's/^/  /'
echo "  chromium: $cp_ passed, $cf_ failed"

if [ -d "$shared/corpus" ]; then
  echo "== corpus smoke test"
  corpus_files=$(find "$shared/corpus" -type f \( -name '*.md' -o -name '*.markdown' -o -name '*.txt' \) | sort)
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 2 -o "$tmp/c1" $corpus_files 2>"$tmp/c1.err"
  s=$?
  if [ $s -le 1 ]; then ok; else fail "corpus conversion exited $s"; fi
  n_in=$(echo "$corpus_files" | wc -l)
  n_out=$(find "$tmp/c1" -name '*.json' | wc -l)
  if [ "$n_in" = "$n_out" ]; then ok; else fail "corpus: $n_in inputs but $n_out JSON outputs"; head -20 "$tmp/c1.err"; fi
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 1 -o "$tmp/c2" $corpus_files 2>/dev/null
  if diff -r "$tmp/c1" "$tmp/c2" >"$tmp/d" 2>&1; then ok; else fail "corpus: -j1 and -j2 outputs differ"; head -20 "$tmp/d"; fi
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 2 -o "$tmp/c3" $corpus_files 2>/dev/null
  if diff -r "$tmp/c1" "$tmp/c3" >"$tmp/d" 2>&1; then ok; else fail "corpus: a second run differs"; head -20 "$tmp/d"; fi
  if [ -d "$shared/corpus/gold" ] && [ -x "$shared/tools/cvscore" ] || [ -f "$shared/tools/cvscore" ]; then
    python3 "$shared/tools/cvscore" --pred-dir "$tmp/c1" --gold-dir "$shared/corpus/gold" | tail -n 2 | sed 's/^/  /'
  fi
fi

if [ -d tests/node_modules ]; then
  echo "== external validators"
  find "$tmp/c1" -name '*.json' 2>/dev/null >"$tmp/jsons"
  mkdir -p "$tmp/golden-out"
  for d in fixtures/*/expected; do cp "$d"/*.json "$tmp/golden-out/" 2>/dev/null; done
  if [ -s "$tmp/jsons" ] || ls "$tmp/golden-out"/*.json >/dev/null 2>&1; then
    # shellcheck disable=SC2046
    node tests/ext/validate-resume.js -q $(cat "$tmp/jsons") "$tmp"/golden-out/*.json >"$tmp/v" 2>&1
    vp=$(grep -c '^ok ' "$tmp/v")
    vf=$(grep -c '^FAIL ' "$tmp/v")
    if [ "$vf" = 0 ] && [ -z "$(grep -v '^ok ' "$tmp/v")" ]; then ok; else fail "JSON Resume official schemas ($vf invalid)"; grep -v '^ok ' "$tmp/v" | head -20; fi
    echo "  official JSON Resume schemas: $(($(wc -l <"$tmp/jsons") + $(ls "$tmp"/golden-out/*.json | wc -l))) documents checked"
  fi
  bibs=$(find "$tmp/c1" fixtures -name '*.bib' 2>/dev/null | sort)
  if [ -n "$bibs" ]; then
    # shellcheck disable=SC2086
    check "BibTeX parses with citation-js" node tests/ext/check-bib.js $bibs
    for b in $bibs; do
      check "bibtool reads $(basename "$b")" sh -c "bibtool -q -o /dev/null '$b' 2>&1 | (! grep -q .)"
    done
    # shellcheck disable=SC2086
    check "biber validates the data model" sh tests/ext/check-biber.sh $bibs
  fi
  if [ -f "$shared/refs/dev.jsonl" ]; then
    # the reference parser on the labelled references: a regression floor
    if CVX_REFS="$shared/refs/dev.jsonl" CVX_REFSCORE="$shared/tools/refscore" \
      sh tests/ext/refscore.sh "$build" 0.93 >"$tmp/refscore" 2>&1; then ok; else fail "reference parser below macro F1 0.93"; fi
    grep -iE 'macro|issued|type' "$tmp/refscore" | head -4 | sed 's/^/  refscore: /'
  fi
  if [ -d "$shared/corpus" ]; then
    # the BibTeX of every corpus file (YAML and JSON data too, not the gold
    # answers): biber's data model, and pandoc --citeproc renders every entry
    # with no author in a venue field and keys of name, year and title word
    all_files=$(find "$shared/corpus" -type f ! -path '*/gold/*' ! -name MANIFEST.tsv ! -name README.md | sort)
    # shellcheck disable=SC2086
    "$cvx" convert -q -j 2 -o "$tmp/cbib" $all_files 2>/dev/null
    cbibs=$(find "$tmp/cbib" -name '*.bib' -size +0 | sort)
    if [ -n "$cbibs" ]; then
      # shellcheck disable=SC2086
      check "corpus BibTeX: biber validates the data model" sh tests/ext/check-biber.sh $cbibs
      # shellcheck disable=SC2086
      check "corpus BibTeX: pandoc --citeproc renders every entry, venues and keys clean" \
        python3 tests/ext/check-citeproc.py $cbibs
    fi
  else
    echo "  skip: corpus BibTeX checks ($shared/corpus missing)"
  fi
  csvs=$(find "$tmp/c1" fixtures -name '*.csv' | sort)
  # shellcheck disable=SC2086
  [ -n "$csvs" ] && check "CSV reads with Python's csv module" python3 tests/ext/check-csv.py $csvs
else
  fail "tests/node_modules missing: run make deps"
fi

echo "== build on a machine without the libraries (tests/build.sh)"
sh tests/build.sh >"$tmp/build" 2>&1
bp=$(grep -c '^ok ' "$tmp/build")
bf=$(grep -c '^FAIL ' "$tmp/build")
grep -q '^build: done' "$tmp/build" || { bf=$((bf + 1)); echo "FAIL: tests/build.sh did not finish"; tail -5 "$tmp/build"; }
passed=$((passed + bp))
failed=$((failed + bf))
grep -A20 '^FAIL ' "$tmp/build" | head -60
grep '^skip ' "$tmp/build" | sed 's/^/  /'
echo "  build: $bp passed, $bf failed"

echo "== hostile inputs (tests/hostile/README.md)"
sh tests/hostile/run.sh "$build" >"$tmp/hostile" 2>&1
hp=$(grep -c '^ok ' "$tmp/hostile")
hf=$(grep -c '^FAIL ' "$tmp/hostile")
grep -q '^hostile: ' "$tmp/hostile" || { hf=$((hf + 1)); echo "FAIL: the hostile suite did not finish"; tail -5 "$tmp/hostile"; }
passed=$((passed + hp))
failed=$((failed + hf))
grep -A5 '^FAIL ' "$tmp/hostile" | head -60
grep '^skip ' "$tmp/hostile" | sed 's/^/  /'
echo "  hostile: $hp passed, $hf failed"

# a helper suite that prints "ok NAME" / "FAIL NAME: why" and a closing "LABEL: " line
suite() { # suite LABEL SCRIPT
  sh "$2" "$build" >"$tmp/suite" 2>&1
  sp=$(grep -c '^ok ' "$tmp/suite")
  sf=$(grep -c '^FAIL ' "$tmp/suite")
  grep -q "^$1: " "$tmp/suite" || { sf=$((sf + 1)); echo "FAIL: the $1 suite did not finish"; tail -5 "$tmp/suite"; }
  passed=$((passed + sp))
  failed=$((failed + sf))
  grep -A5 '^FAIL ' "$tmp/suite" | head -60
  grep '^skip ' "$tmp/suite" | sed 's/^/  /'
  echo "  $1: $sp passed, $sf failed"
}

echo "== pathological lines through convert and validate (tests/hostile/lines.sh)"
suite lines tests/hostile/lines.sh

echo "== one CV in many layouts: headings in no word list, every heading style, several entry shapes (tests/layouts/run.sh)"
suite variants tests/layouts/run.sh

echo "== the installed library: make install DESTDIR=, pkg-config, the embedding example (tests/embed/run.sh)"
suite embed tests/embed/run.sh

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
