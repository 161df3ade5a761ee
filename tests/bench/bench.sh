#!/bin/sh
# bench.sh — the benchmark behind `make bench` (not a timed test): assembles
# a corpus of BENCH_FILES (default 20,000) CVs in a temp dir from
# ../shared/corpus and fixtures/ (assemble.py), converts it at -j1 and -jN,
# measures -j2 scaling against the same work split between two separate
# processes, times cmark alone on the same Markdown inputs, measures peak RSS
# for 1,000 files, all of them and 100,000 (hard links), the cost of a 10x
# larger file and of `cvx report` against `convert`, and prints each figure next to its target. Nothing is written
# into the tree.
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
bigshm=
# shm_free: free KB of a writable /dev/shm (0 when there is none)
shm_free() {
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then df -Pk /dev/shm | awk 'NR == 2 { print $4 }'; else echo 0; fi
}
trap 'rm -rf "$tmp" ${shm:+"$shm"} ${bigshm:+"$bigshm"}' EXIT INT TERM
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

# Every timed run writes into a folder of its own, and on disk the folders
# are only removed at the end: a file system such as ext4 allocates inodes
# slowly for a while after tens of thousands were deleted (it avoids reusing
# recently freed ones), which would charge one run for the last one's clean-up.
# fresh BASE: creates and prints a new, empty output folder under BASE; when
# BASE is on disk and the free space is short, the previous outputs are
# removed first instead (and the note below says so).
keep=1
if [ "$(df -Pk "$tmp" | awk 'NR == 2 { print $4 }')" -lt $((12 * 1024 * 1024)) ]; then
  keep=0
  echo "note: under 12 GB free beside $tmp: on-disk runs delete the previous outputs, which may slow the next run"
fi
fresh() {
  case $1 in
    "$tmp"*) [ "$keep" = 1 ] || rm -rf "$1"/o.* ;;
    *) rm -rf "$1"/o.* ;; # tmpfs: memory, and no such slowness
  esac
  mktemp -d "$1/o.XXXXXX"
}

# run NAME ARGS...: converts with /usr/bin/time into a fresh folder under
# $outbase (default $tmp), BENCH_REPEAT times (default 3); sets $wall (s, of
# the best run: a shared machine only ever adds time), $rss (KB, the largest
# of the runs) and $cpu (user + system s of the best run)
repeat=${BENCH_REPEAT:-3}
# better BEST NEW: true when NEW (s) beats BEST, or there is no BEST yet
better() { [ -z "$1" ] || awk -v a="$2" -v b="$1" 'BEGIN { exit !(a < b) }'; }
run() {
  name=$1
  shift
  wall= rss=0 cpu=
  k=0
  while [ $k -lt "$repeat" ]; do
    out=$(fresh "${outbase:-$tmp}")
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/time.$name" "$cvx" "${sub:-convert}" -q -o "$out" "$@" >/dev/null 2>"$tmp/err.$name"
    read -r w m u y <"$tmp/time.$name"
    c=$(awk -v u="$u" -v s="$y" 'BEGIN { printf "%.2f", u + s }')
    if better "$wall" "$w"; then
      wall=$w
      cpu=$c
    fi
    [ "$m" -gt "$rss" ] && rss=$m
    k=$((k + 1))
  done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }

# The headline runs: -j1, -j2, and the corpus split between two separate
# -j1 processes (nothing shared, nothing to coordinate: the most two cores of
# this machine give this workload), all from the same --files-from lists and
# interleaved BENCH_SCALE_REPEAT times (default 5), so that a slow spell of a
# shared machine hits all three alike; best wall time of each. scale DIR
# sets $b1 $b2 $bs (s), $c1 (CPU s of the best -j1 run), $r1 $r2 (largest
# RSS, KB).
srep=${BENCH_SCALE_REPEAT:-5}
split -n l/2 "$tmp/all" "$tmp/half."
scale() {
  base=$1
  b1= b2= bs= c1= r1=0 r2=0
  k=0
  while [ $k -lt "$srep" ]; do
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/t" "$cvx" convert -q -j 1 -o "$(fresh "$base")" --files-from "$tmp/all" >/dev/null 2>&1
    read -r w m u y <"$tmp/t"
    if better "$b1" "$w"; then
      b1=$w
      c1=$(awk -v u="$u" -v s="$y" 'BEGIN { printf "%.2f", u + s }')
    fi
    [ "$m" -gt "$r1" ] && r1=$m
    /usr/bin/time -f '%e %M' -o "$tmp/t" "$cvx" convert -q -j 2 -o "$(fresh "$base")" --files-from "$tmp/all" >/dev/null 2>&1
    read -r w m <"$tmp/t"
    better "$b2" "$w" && b2=$w
    [ "$m" -gt "$r2" ] && r2=$m
    o=$(fresh "$base")
    /usr/bin/time -f %e -o "$tmp/t" sh -c '"$1" convert -q -j 1 -o "$2/a" --files-from "$3" & "$1" convert -q -j 1 -o "$2/b" --files-from "$4"; wait' \
      sh "$cvx" "$o" "$tmp/half.aa" "$tmp/half.ab" >/dev/null 2>&1
    t=$(cat "$tmp/t")
    better "$bs" "$t" && bs=$t
    k=$((k + 1))
  done
}

# the file system first gets time to settle: ext4 allocates inodes slowly for
# about 30 s after many were deleted (by an earlier bench, say)
sync
sleep "${BENCH_SETTLE:-30}"
scale "$tmp"
w1=$b1 d2=$b2 ds=$bs cpu1=$c1 rss1=$r1 rss2=$r2
if [ "$jobs" != 2 ]; then
  run jN -j "$jobs" "$tmp/corpus"
  wn=$wall
  rn=$rss
else
  wn=$d2
  rn=$rss2
fi
# shellcheck disable=SC2046
run k1 -j 1 $(cat "$tmp/k1")
rk=$rss

# cvx report against cvx convert on the same inputs at -j1 (the review site
# is written at the pace of the conversion: target 1.5x), interleaved
rc= rr=
k=0
r=$repeat
repeat=1
while [ $k -lt "$r" ]; do
  run rconv -j 1 --files-from "$tmp/all"
  better "$rc" "$wall" && rc=$wall
  sub=report
  run rrep -j 1 --files-from "$tmp/all"
  sub=
  better "$rr" "$wall" && rr=$wall
  k=$((k + 1))
done
repeat=$r

# what the learned stages cost: the same inputs with every model on, with
# the field labeller off (CVX_FIELD_MODEL=off) and with it and the entry
# segmenter off (the rules alone), interleaved; CPU user+sys of the best run
# of each, as files/s on a shared machine is best compared by CPU
lon= loff= lrule=
k=0
r=$repeat
repeat=1
while [ $k -lt "$r" ]; do
  run lon -j 1 --files-from "$tmp/all"
  better "$lon" "$cpu" && lon=$cpu
  export CVX_FIELD_MODEL=off
  run loff -j 1 --files-from "$tmp/all"
  better "$loff" "$cpu" && loff=$cpu
  export CVX_ENTRY_MODEL=off
  run lrule -j 1 --files-from "$tmp/all"
  better "$lrule" "$cpu" && lrule=$cpu
  unset CVX_FIELD_MODEL CVX_ENTRY_MODEL
  k=$((k + 1))
done
repeat=$r

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
  if better "$wcm" "$w"; then
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
if [ "$(shm_free)" -gt 0 ]; then
  shm=$(mktemp -d /dev/shm/cvx-bench.XXXXXX)
  outbase=$shm
  scale "$shm"
  m1=$b1 m2=$b2 ms=$bs
  outbase=
  rm -rf "$shm"
fi

# memory with a long batch: BENCH_BIG_FILES (default 100,000) inputs, the
# corpus over again as hard links in sibling folders (no copy of the data),
# walked as one folder, one run at -jN, last (its 300,000 outputs are many
# deletions for the disk at the end: on tmpfs when it has 4 GB free); against
# the 1,000-file run it shows what each input costs to hold (its path and
# output stem)
big=${BENCH_BIG_FILES:-100000}
copies=$(((big + n - 1) / n))
mkdir -p "$tmp/big"
i=1
while [ $i -le "$copies" ]; do
  cp -al "$tmp/corpus" "$tmp/big/$i" || exit 1
  i=$((i + 1))
done
nbig=$((copies * n))
r=$repeat
repeat=1
if [ "$(shm_free)" -ge $((4 * 1024 * 1024)) ]; then
  bigshm=$(mktemp -d /dev/shm/cvx-bench.XXXXXX)
  outbase=$bigshm
fi
run big -j "$jobs" "$tmp/big"
outbase=
[ -n "$bigshm" ] && rm -rf "$bigshm"
repeat=$r
rbig=$rss

fps1=$(awk -v n="$n" -v w="$w1" 'BEGIN { printf "%.0f", n / w }')
fpsn=$(awk -v n="$n" -v w="$wn" 'BEGIN { printf "%.0f", n / w }')
mbs1=$(awk -v b="$bytes" -v w="$w1" 'BEGIN { printf "%.2f", b / 1e6 / w }')
mbsn=$(awk -v b="$bytes" -v w="$wn" 'BEGIN { printf "%.2f", b / 1e6 / w }')
verdict() { awk -v v="$1" -v t="$2" -v d="$3" 'BEGIN { ok = d == "ge" ? v >= t : v <= t; print ok ? "ok" : "MISSED" }'; }

printf '\n%-44s %14s %14s %s\n' figure value target verdict
printf '%-44s %14s %14s %s\n' "-j1 files/s ($w1 s)" "$fps1" ">= 5000" "$(verdict "$fps1" 5000 ge)"
printf '%-44s %14s %14s\n' "-j1 MB/s" "$mbs1" ""
cpf=$(awk -v n="$n" -v c="$cpu1" 'BEGIN { printf "%.0f", c * 1e6 / n }')
printf '%-44s %14s %14s\n' "-j1 CPU per file, user+sys (us)" "$cpf" "<= 200"
printf '%-44s %14s %14s\n' "-j$jobs files/s ($wn s)" "$fpsn" ""
printf '%-44s %14s %14s\n' "-j$jobs MB/s" "$mbsn" ""
s21=$(ratio "$w1" "$d2")
printf '%-44s %14s %14s %s\n' "scaling -j2 / -j1 ($w1 / $d2 s)" "${s21}x" ">= 1.8x" "$(verdict "$s21" 1.8 ge)"
sc=$(ratio "$w1" "$ds")
printf '%-44s %14s %14s\n' "  machine: 2 processes / -j1 ($ds s)" "${sc}x" ""
printf '%-44s %14s %14s\n' "  -j2 against 2 processes" "$(awk -v a="$ds" -v b="$d2" 'BEGIN { printf "%.0f%%", 100 * a / b }')" ""
rmd=$(ratio "$wmd" "$wcm")
printf '%-44s %14s %14s %s\n' "Markdown: cvx -j1 $wmd s / cmark $wcm s" "${rmd}x" "<= 3x" "$(verdict "$rmd" 3 le)"
rcm=$(ratio "$cmd" "$ccm")
printf '%-44s %14s %14s %s\n' "Markdown CPU: cvx $cmd s / cmark $ccm s" "${rcm}x" "<= 3x" "$(verdict "$rcm" 3 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, $n files -j1 (KB)" "$rss1" "<= 32768" "$(verdict "$rss1" 32768 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, $n files -j$jobs (KB)" "$rn" "<= 32768" "$(verdict "$rn" 32768 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, 1000 files -j1 (KB)" "$rk" "<= 32768" "$(verdict "$rk" 32768 le)"
printf '%-44s %14s %14s %s\n' "peak RSS, $nbig files -j$jobs (KB)" "$rbig" "<= 32768" "$(verdict "$rbig" 32768 le)"
if [ -n "$shm" ]; then
  f1=$(awk -v n="$n" -v w="$m1" 'BEGIN { printf "%.0f", n / w }')
  f2=$(awk -v n="$n" -v w="$m2" 'BEGIN { printf "%.0f", n / w }')
  printf '%-44s %14s %14s %s\n' "tmpfs output: -j1 files/s ($m1 s)" "$f1" ">= 5000" "$(verdict "$f1" 5000 ge)"
  printf '%-44s %14s %14s\n' "tmpfs output: -j2 files/s ($m2 s)" "$f2" ""
  sc=$(ratio "$m1" "$m2")
  printf '%-44s %14s %14s %s\n' "tmpfs output: scaling -j2 / -j1" "${sc}x" ">= 1.8x" "$(verdict "$sc" 1.8 ge)"
  sc=$(ratio "$m1" "$ms")
  printf '%-44s %14s %14s\n' "  machine: 2 processes / -j1 ($ms s)" "${sc}x" ""
  printf '%-44s %14s %14s\n' "  -j2 against 2 processes" "$(awk -v a="$ms" -v b="$m2" 'BEGIN { printf "%.0f%%", 100 * a / b }')" ""
fi
# files/s with the models against without: the inverse of the CPU times
lfo=$(ratio "$loff" "$lon")
lro=$(ratio "$lrule" "$lon")
printf '%-44s %14s %14s %s\n' "field labeller on / off, files/s (CPU)" "$lfo" ">= 0.90" "$(verdict "$lfo" 0.90 ge)"
printf '%-44s %14s %14s\n' "all models / rules alone, files/s (CPU)" "$lro" ""
lin=$(ratio "$wl10" "$wl1")
rrc=$(ratio "$rr" "$rc")
printf '%-44s %14s %14s %s\n' "cvx report / convert -j1 ($rr / $rc s)" "${rrc}x" "<= 1.5x" "$(verdict "$rrc" 1.5 le)"
printf '%-44s %14s %14s %s\n' "10x larger file: time ratio ($wl10 / $wl1 s)" "${lin}x" "<= 12x" "$(verdict "$lin" 12 le)"
