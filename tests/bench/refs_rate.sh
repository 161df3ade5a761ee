#!/bin/sh
# refs_rate.sh — references per second of `cvx bib` on one core: the shared
# benchmark's texts (../shared/refs/dev.jsonl, read at run time) repeated to
# ~13,600 references, parsed to BibTeX and to CSL-JSON, best of 3 runs,
# rate by CPU time (user + sys: what one core does) and by wall time.
# usage: sh tests/bench/refs_rate.sh [BUILD_DIR] [COPIES]
set -eu
build=${1:-build}
copies=${2:-30}
refs=${CVX_REFS:-../shared/refs/dev.jsonl}
[ -f "$refs" ] || { echo "skip: $refs missing"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
i=0
while [ "$i" -lt "$copies" ]; do cat "$refs"; i=$((i + 1)); done >"$tmp/in.jsonl"
n=$(wc -l <"$tmp/in.jsonl")
for mode in bib csl; do
  flag=; [ "$mode" = csl ] && flag=--csl
  best_cpu=; best_wall=
  for run in 1 2 3; do
    /usr/bin/time -f '%U %S %e' -o "$tmp/t" "$build/cvx" bib $flag "$tmp/in.jsonl" >/dev/null
    read -r u s e <"$tmp/t"
    cpu=$(echo "$u + $s" | bc -l)
    if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc -l)" = 1 ]; then best_cpu=$cpu; fi
    if [ -z "$best_wall" ] || [ "$(echo "$e < $best_wall" | bc -l)" = 1 ]; then best_wall=$e; fi
  done
  printf 'cvx bib %-5s %6d references: %7.0f refs/s by CPU time (%.2f s), %7.0f refs/s by wall time (%.2f s)\n' \
    "${flag:-}" "$n" "$(echo "$n / $best_cpu" | bc -l)" "$best_cpu" "$(echo "$n / $best_wall" | bc -l)" "$best_wall"
done
