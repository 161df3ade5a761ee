#!/bin/sh
# run.sh — the hostile-input suite: generates every hostile input at run time
# (gen.py) into a temp dir, converts each alone and then all of them in one
# batch with good files, and checks the results written in README.md: the
# budget (CPU seconds, and ten times as many wall-clock seconds), the exit
# code, the diagnostic code per file, the good files converted, no partial
# file, every JSON parses.
# Prints "ok NAME" or "FAIL NAME: why" per case, then "hostile: N passed, N failed".
# usage: sh tests/hostile/run.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
cvx=$here/$build/cvx
case $build in /*) cvx=$build/cvx ;; esac
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }
TAB=$(printf '\t')

in=$tmp/in
python3 tests/hostile/gen.py "$in" fixtures/plain-resume/resume.txt >"$tmp/table" || { echo "FAIL gen.py"; exit 1; }

# budgeted SECONDS CMD...: runs CMD with SECONDS of CPU time (ulimit -t: a
# runaway loop is stopped however loaded the machine is) and ten times that
# of wall-clock time (a process blocked on I/O uses no CPU); exit 137 or 152
# (killed, or SIGXCPU) means over budget.
budgeted() {
  b=$1
  shift
  (ulimit -t "$b" && exec timeout -s KILL "$((b * 10))" "$@")
}
over_budget() { [ "$1" = 137 ] || [ "$1" = 152 ]; }

# ---- each case alone
mkdir -p "$tmp/single"
nyes=0
nno=0
while IFS=$TAB read -r name file want codes json budget; do
  f=$(printf '%b' "$file")
  out=$tmp/single/$name
  (cd "$in" && budgeted "$budget" "$cvx" convert -j 1 -o "$out" -- "./$f") >/dev/null 2>"$tmp/err"
  got=$?
  why=
  if over_budget "$got"; then why="over its ${budget}s budget"
  elif [ "$got" != "$want" ]; then why="exit $got, expected $want"
  fi
  if [ -z "$why" ] && [ "$codes" != - ]; then
    for c in $(echo "$codes" | tr ',' ' '); do
      grep -q "\[$c\]" "$tmp/err" || why="no $c diagnostic"
    done
  fi
  if [ -z "$why" ] && [ "$want" = 1 ] && ! grep -qF "./$(printf '%s' "$f" | head -n 1)" "$tmp/err"; then
    why="the error does not name the file"
  fi
  if [ "$json" = yes ]; then n=1; nyes=$((nyes + 1)); else n=0; nno=$((nno + 1)); fi
  if [ -z "$why" ]; then why=$(python3 tests/hostile/check.py "$out" "$n" 1 2>&1) || true; fi
  if [ -z "$why" ]; then ok "$name"; else fail "$name" "$why"; sed 's/^/    /' "$tmp/err" | head -5; fi
done <"$tmp/table"

# ---- all of them in one batch with good files, a stale output to remove
mkdir -p "$tmp/good" "$tmp/batch"
ngood=0
for g in fixtures/*/*.md fixtures/*/*.txt; do
  ngood=$((ngood + 1))
  cp "$g" "$tmp/good/good$ngood-$(basename "$g")"
done
echo '{"stale": true}' >"$tmp/batch/nul.json"
(cd "$in" && budgeted 120 "$cvx" convert -j 2 -o "$tmp/batch" -- ./* "$tmp/good") >/dev/null 2>"$tmp/berr"
got=$?
why=
if over_budget "$got"; then why="over its 120s budget"
elif [ "$got" != 1 ]; then why="exit $got, expected 1"
fi
if [ -z "$why" ]; then
  i=0
  while [ $i -lt $ngood ]; do
    i=$((i + 1))
    ls "$tmp/batch/good$i-"*.json >/dev/null 2>&1 || why="good file $i not converted"
  done
fi
[ -z "$why" ] && [ -e "$tmp/batch/nul.json" ] && why="stale nul.json of a failed input left in place"
while IFS=$TAB read -r name file want codes json budget; do
  [ -n "$why" ] && break
  [ "$want" = 1 ] || continue
  f=$(printf '%b' "$file")
  for c in $(echo "$codes" | tr ',' ' '); do
    grep -F "./$f" "$tmp/berr" | grep -q "\[$c\]" || why="batch: no $c for $name"
  done
done <"$tmp/table"
ntotal=$((nyes + nno + ngood))
[ -z "$why" ] && why=$(python3 tests/hostile/check.py "$tmp/batch" $((nyes + ngood)) $ntotal 2>&1)
if [ -z "$why" ]; then ok "batch-mixed ($ntotal inputs)"; else fail "batch-mixed" "$why"; head -5 "$tmp/berr"; fi

# ---- a 20 MB single line under --max-size 32M: converted within budget
(cd "$in" && budgeted 60 "$cvx" convert -q -j 1 --max-size 32M -o "$tmp/big" ./big-line.txt) 2>"$tmp/err"
got=$?
why=
over_budget "$got" && why="over its 60s budget"
[ -z "$why" ] && [ "$got" != 0 ] && why="exit $got, expected 0"
[ -z "$why" ] && why=$(python3 tests/hostile/check.py "$tmp/big" 1 1 2>&1)
if [ -z "$why" ]; then ok "line-20MB-max-size-32M"; else fail "line-20MB-max-size-32M" "$why"; fi

# ---- a 1 GiB sparse file (all NUL) under --max-size 1G: refused as binary
# from its first block, never read whole nor held in memory. Where an
# address-space limit can be set (not under AddressSanitizer, which reserves
# terabytes), cvx runs under 256 MB of it: reading the file whole would need
# a 1 GiB buffer and end in "out of memory" (exit 134).
truncate -s 1G "$tmp/sparse.txt"
lim=
(ulimit -v 262144 && "$cvx" --version) >/dev/null 2>&1 && lim=262144
for cmd in "convert -o $tmp/sparse-out" validate; do
  # shellcheck disable=SC2086 # the command and its -o
  (if [ -n "$lim" ]; then ulimit -v "$lim"; fi
   exec timeout -s KILL 60 "$cvx" $cmd --max-size 1G -j 1 "$tmp/sparse.txt") \
    >/dev/null 2>"$tmp/err"
  got=$?
  why=
  [ "$got" != 1 ] && why="exit $got, expected 1: $(head -2 "$tmp/err")"
  [ -z "$why" ] && ! grep -q "sparse.txt: error\[source.binary\]: binary file: NUL byte at offset 0" "$tmp/err" &&
    why="no source.binary diagnostic: $(head -2 "$tmp/err")"
  [ -z "$why" ] && [ -e "$tmp/sparse-out/sparse.json" ] && why="sparse.json written"
  c=${cmd%% *}
  if [ -z "$why" ]; then ok "sparse-1G-$c${lim:+ (ulimit -v $lim)}"; else fail "sparse-1G-$c" "$why"; fi
done
rm -f "$tmp/sparse.txt"

# ---- a leading-dash name without ./ after --, and as an option it is not
mkdir -p "$tmp/dash"
cp fixtures/plain-resume/resume.txt "$tmp/dash/-o"
(cd "$tmp/dash" && timeout 20 "$cvx" convert -q -o out -- -o) 2>"$tmp/err"
if [ $? = 0 ] && [ -f "$tmp/dash/out/-o.json" ]; then ok "name-dash-after-double-dash"; else fail "name-dash-after-double-dash" "$(head -3 "$tmp/err")"; fi

# ---- an output folder that is a symlink: written through it, atomically
mkdir -p "$tmp/real"
ln -s "$tmp/real" "$tmp/link"
timeout 20 "$cvx" convert -q -o "$tmp/link" fixtures/plain-resume/resume.txt 2>"$tmp/err"
got=$?
why=
[ "$got" != 0 ] && why="exit $got, expected 0: $(head -2 "$tmp/err")"
[ -z "$why" ] && [ ! -L "$tmp/link" ] && why="the symlink was replaced"
[ -z "$why" ] && why=$(python3 tests/hostile/check.py "$tmp/real" 1 1 2>&1)
if [ -z "$why" ]; then ok "outdir-symlink"; else fail "outdir-symlink" "$why"; fi

# ---- a read-only output folder: every write fails with output.write, exit 1.
# Permissions do not bind root, so as root cvx runs as nobody (setpriv), from
# a copy it can reach.
as=
ro_cvx=$cvx
ro_in=fixtures/plain-resume/resume.txt
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  as="setpriv --reuid=65534 --regid=65534 --clear-groups --"
  chmod 755 "$tmp"
  cp "$cvx" "$tmp/cvx-ro" && cp "$ro_in" "$tmp/ro-in.txt" && chmod 644 "$tmp/ro-in.txt"
  ro_cvx=$tmp/cvx-ro
  ro_in=$tmp/ro-in.txt
fi
if [ "$(id -u)" = 0 ] && [ -z "$as" ]; then
  echo "skip outdir-read-only (running as root without setpriv: permissions do not apply)"
else
  mkdir -p "$tmp/ro"
  chmod 555 "$tmp/ro"
  # shellcheck disable=SC2086
  timeout 20 $as "$ro_cvx" convert -q -o "$tmp/ro" "$ro_in" 2>"$tmp/err"
  got=$?
  why=
  [ "$got" != 1 ] && why="exit $got, expected 1"
  [ -z "$why" ] && ! grep -q 'output.write' "$tmp/err" && why="no output.write diagnostic"
  [ -z "$why" ] && why=$(python3 tests/hostile/check.py "$tmp/ro" 0 -1 2>&1)
  if [ -z "$why" ]; then ok "outdir-read-only"; else fail "outdir-read-only" "$why"; fi
fi

# ---- fuzz regressions through the CLI: no crash, exit 0 or 1
if ls tests/fuzz/regress/*/* >/dev/null 2>&1; then
  timeout -s KILL 60 "$cvx" convert -q -j 2 -o "$tmp/regress" -- tests/fuzz/regress/*/* >/dev/null 2>&1
  got=$?
  if [ "$got" -le 1 ]; then ok "fuzz-regressions"; else fail "fuzz-regressions" "exit $got"; fi
fi

echo "hostile: $passed passed, $failed failed"
[ "$failed" = 0 ]
