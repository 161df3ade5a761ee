#!/bin/bash
# kill9.sh — SIGKILL at a random moment of a 20,000-file batch, 10 times: after
# the next run into the same folder no .cvx-tmp-* file remains and every
# output present parses (JSON and CSV). A measurement for the hardening
# issue, run by hand (about two minutes): sh tests/hostile/kill9.sh [BUILD]
set -u
cvx=${1:-build}/cvx
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
in=$work/in out=$work/out
mkdir -p "$in"
set -- fixtures/*/*.md fixtures/*/*.txt
n=0
while [ $n -lt 20000 ]; do
  for f in "$@"; do
    n=$((n + 1)); [ $n -gt 20000 ] && break
    ln "$f" "$in/$n-$(basename "$f")" 2>/dev/null || cp "$f" "$in/$n-$(basename "$f")"
  done
done
bad=0
for i in $(seq 10); do
  "$cvx" convert -q -j2 -o "$out" "$in" >/dev/null 2>&1 &
  pid=$!
  sleep "0.$((RANDOM % 9 + 1))"; sleep $((RANDOM % 3))
  kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
  left=$(ls -A "$out" 2>/dev/null | grep -c '^\.cvx-tmp')
  "$cvx" convert -q -j1 -o "$out" fixtures/plain-resume/resume.txt >/dev/null 2>&1
  after=$(ls -A "$out" | grep -c '^\.cvx-tmp')
  parsed=$(python3 - "$out" <<'PY'
import csv, json, os, sys
d, n = sys.argv[1], 0
for f in os.listdir(d):
    p = os.path.join(d, f)
    if f.endswith('.json'):
        json.load(open(p, encoding='utf-8')); n += 1
    elif f.endswith('.csv'):
        list(csv.reader(open(p, encoding='utf-8', newline='')))
print(n)
PY
  ) || bad=1
  echo "kill $i: $left temp files at the kill, $after after the next run; $parsed JSON outputs parse"
  [ "$after" = 0 ] || bad=1
done
[ $bad = 0 ] && echo "kill9: ok" || { echo "kill9: FAIL"; exit 1; }
