#!/bin/sh
# bench.sh — the benchmark behind `make bench` (not a timed test): assembles
# a corpus of BENCH_FILES (default 20,000) CVs in a temp dir from
# ../shared/corpus and fixtures/ (assemble.py), converts it at -j1 and -jN,
# times cmark alone on the same Markdown inputs, measures peak RSS for 1,000
# vs all files and the cost of a 10x larger file, and prints each figure next
# to its target. Nothing is written into the tree.
# usage: sh tests/bench/bench.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
cvx=$here/$build/cvx
shared=${CVX_SHARED:-$here/../shared}
n=${BENCH_FILES:-20000}
jobs=${BENCH_JOBS:-$(nproc)}
tmp=$(mktemp -d)
shm=
trap 'rm -rf "$tmp" ${shm:+"$shm"}' EXIT INT TERM
export SOURCE_DATE_EPOCH=1790000000

srcs=fixtures
[ -d "$shared/corpus" ] && srcs="$shared/corpus fixtures"
# shellcheck disable=SC2086
python3 tests/bench/assemble.py "$tmp" "$n" $srcs >"$tmp/info" || exit 1
bytes=$(cut -d' ' -f2 "$tmp/info")
find "$tmp/corpus" -type f | sort >"$tmp/all"
find "$tmp/corpus" -type f -name '*.md' | sort >"$tmp/md"
head -n 1000 "$tmp/all" >"$tmp/k1"
echo "corpus: $n files, $(echo "$bytes" | awk '{printf "%.1f MB", $1 / 1e6}'), $(wc -l <"$tmp/md") Markdown; $jobs CPUs"

# run NAME ARGS...: converts with /usr/bin/time into $outdir (default
# $tmp/out), BENCH_REPEAT times (default 3); sets $wall (s, of the best run:
# a shared machine only ever adds time), $rss (KB, the largest of the runs)
# and $cpu (user + system s of the best run)
repeat=${BENCH_REPEAT:-3}
run() {
  name=$1
  shift
  wall= rss=0 cpu=
  k=0
  while [ $k -lt "$repeat" ]; do
    rm -rf "${outdir:-$tmp/out}"
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/time.$name" "$cvx" convert -q -o "${outdir:-$tmp/out}" "$@" >/dev/null 2>"$tmp/err.$name"
    read -r w m u y <"$tmp/time.$name"
    c=$(awk -v u="$u" -v s="$y" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then
      wall=$w
      cpu=$c
    fi
    [ "$m" -gt "$rss" ] && rss=$m
    k=$((k + 1))
  done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }

run j1 -j 1 "$tmp/corpus"
w1=$wall
r1=$rss
c1=$cpu
run jN -j "$jobs" "$tmp/corpus"
wn=$wall
rn=$rss
run j2 -j 2 "$tmp/corpus"
w2=$wall
# shellcheck disable=SC2046
run k1 -j 1 $(cat "$tmp/k1")
rk=$rss
# the Markdown inputs alone, cvx and cmark, each writing its output to
# /dev/null (cvx as NDJSON on stdout), so the file system is out of the
# comparison; cmark reads the same files in batches of 500 per process so
# process start-up stays negligible. Best of BENCH_REPEAT runs for both.
run md -j 1 --no-progress -f ndjson $(cat "$tmp/md")
wmd=$wall
cmd=$cpu
wcm=
k=0
while [ $k -lt "$repeat" ]; do
  /usr/bin/time -f '%e %U %S' -o "$tmp/time.cmark" xargs -n 500 cmark <"$tmp/md" >/dev/null
  read -r w u y <"$tmp/time.cmark"
  if [ -z "$wcm" ] || awk -v a="$w" -v b="$wcm" 'BEGIN { exit !(a < b) }'; then
    wcm=$w
    ccm=$(awk -v u="$u" -v s="$y" 'BEGIN { printf "%.2f", u + s }')
  fi
  k=$((k + 1))
done

# linearity: one typical CV and the same CV grown 10x, each converted 200 times
mkdir -p "$tmp/l1" "$tmp/l10"
i=0
while [ $i -lt 200 ]; do
  cp "$tmp/lin/x1.md" "$tmp/l1/$i.md"
  cp "$tmp/lin/x10.md" "$tmp/l10/$i.md"
  i=$((i + 1))
done
run l1 -j 1 "$tmp/l1"
wl1=$wall
run l10 -j 1 "$tmp/l10"
wl10=$wall

# the same on a tmpfs output folder when there is one: CPU cost without the
# file system's directory locking (many files created in one folder)
shm=
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  shm=$(mktemp -d /dev/shm/cvx-bench.XXXXXX)
  outdir=$shm/out
  run shm1 -j 1 "$tmp/corpus"
  ws1=$wall
  run shm2 -j 2 "$tmp/corpus"
  ws2=$wall
  outdir=
  rm -rf "$shm"
fi

fps1=$(awk -v n="$n" -v w="$w1" 'BEGIN { printf "%.0f", n / w }')
fpsn=$(awk -v n="$n" -v w="$wn" 'BEGIN { printf "%.0f", n / w }')
mbs1=$(awk -v b="$bytes" -v w="$w1" 'BEGIN { printf "%.2f", b / 1e6 / w }')
mbsn=$(awk -v b="$bytes" -v w="$wn" 'BEGIN { printf "%.2f", b / 1e6 / w }')
verdict() { awk -v v="$1" -v t="$2" -v d="$3" 'BEGIN { ok = d == "ge" ? v >= t : v <= t; print ok ? "ok" : "MISSED" }'; }

printf '\n%-44s %14s %14s %s\n' figure value target verdict
printf '%-44s %14s %14s %s\n' "-j1 files/s ($w1 s)" "$fps1" ">= 5000" "$(verdict "$fps1" 5000 ge)"
printf '%-44s %14s %14s\n' "-j1 MB/s" "$mbs1" ""
cpf=$(awk -v n="$n" -v c="$c1" 'BEGIN { printf "%.0f", c * 1e6 / n }')
printf '%-44s %14s %14s\n' "-j1 CPU per file, user+sys (us)" "$cpf" "<= 200"
printf '%-44s %14s %14s\n' "-j$jobs files/s ($wn s)" "$fpsn" ""
printf '%-44s %14s %14s\n' "-j$jobs MB/s" "$mbsn" ""
s21=$(ratio "$w1" "$w2")
printf '%-44s %14s %14s %s\n' "scaling -j2 / -j1" "${s21}x" ">= 1.8x" "$(verdict "$s21" 1.8 ge)"
rmd=$(ratio "$wmd" "$wcm")
printf '%-44s %14s %14s %s\n' "Markdown: cvx -j1 $wmd s / cmark $wcm s" "${rmd}x" "<= 3x" "$(verdict "$rmd" 3 le)"
rcm=$(ratio "$cmd" "$ccm")
printf '%-44s %14s %14s %s\n' "Markdown CPU: cvx $cmd s / cmark $ccm s" "${rcm}x" "<= 3x" "$(verdict "$rcm" 3 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, $n files -j1 (KB)" "$r1" "<= 32768" "$(verdict "$r1" 32768 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, $n files -j$jobs (KB)" "$rn" "<= 32768" "$(verdict "$rn" 32768 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, 1000 files -j1 (KB)" "$rk" "<= 32768" "$(verdict "$rk" 32768 le)"
if [ -n "$shm" ]; then
  f1=$(awk -v n="$n" -v w="$ws1" 'BEGIN { printf "%.0f", n / w }')
  f2=$(awk -v n="$n" -v w="$ws2" 'BEGIN { printf "%.0f", n / w }')
  sc=$(ratio "$ws1" "$ws2")
  printf '%-44s %14s %14s %s\n' "tmpfs output: -j1 files/s ($ws1 s)" "$f1" ">= 5000" "$(verdict "$f1" 5000 ge)"
  printf '%-44s %14s %14s\n' "tmpfs output: -j2 files/s ($ws2 s)" "$f2" ""
  printf '%-44s %14s %14s %s\n' "tmpfs output: scaling -j2 / -j1" "${sc}x" ">= 1.8x" "$(verdict "$sc" 1.8 ge)"
fi
lin=$(ratio "$wl10" "$wl1")
printf '%-44s %14s %14s %s\n' "10x larger file: time ratio ($wl10 / $wl1 s)" "${lin}x" "<= 12x" "$(verdict "$lin" 12 le)"
