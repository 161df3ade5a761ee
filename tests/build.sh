#!/bin/sh
# build.sh — the Makefile on a machine without its libraries (issue 15): a
# missing pkg-config or library stops the build with one message naming the
# Debian packages and `make deps`, never a compiler error; demo and check run
# deps before any compile, and a first `make demo` whose deps step installs
# the libraries builds with their flags. Prints "ok NAME" / "FAIL NAME" lines.
# usage: sh tests/build.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# a make of its own, not a part of the make that runs the suite
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
pc=$(command -v pkg-config) || pc=""

# expect_message NAME LOG STATUS PACKAGE...: the build failed with the one
# message naming each PACKAGE and `make deps`, and no compiler ran
expect_message() {
  name=$1 log=$2 st=$3
  shift 3
  good=1
  [ "$st" != 0 ] || good=0
  grep -q '^cvx: cannot build: missing ' "$log" || good=0
  grep -q 'run `make deps`' "$log" || good=0
  for p in "$@"; do grep -q "^cvx: cannot build: missing .*$p" "$log" || good=0; done
  ! grep -qE ' -c [^ ]+\.c|error:|undefined reference' "$log" || good=0
  if [ $good = 1 ]; then
    echo "ok $name"
  else
    echo "FAIL $name"
    sed 's/^/    /' "$log" | tail -20
  fi
}

# no pkg-config on PATH: every command but pkg-config, through symlinks
mkdir -p "$tmp/bin"
for f in /usr/local/bin/* /usr/bin/* /bin/*; do
  b=${f##*/}
  case $b in *pkg-config* | *pkgconf*) continue ;; esac
  [ -e "$tmp/bin/$b" ] || ln -s "$f" "$tmp/bin/$b" 2>/dev/null
done
PATH="$tmp/bin" make -j2 BUILD="$tmp/b1" all >"$tmp/m1" 2>&1
expect_message "no pkg-config on PATH: one message naming pkg-config and make deps" "$tmp/m1" $? pkg-config

# PKG_CONFIG naming a command that does not exist
make -j2 PKG_CONFIG="$tmp/none/pkg-config" BUILD="$tmp/b2" all >"$tmp/m2" 2>&1
expect_message "PKG_CONFIG absent: one message naming pkg-config and make deps" "$tmp/m2" $? pkg-config

# a pkg-config that knows every library but libxml2
if [ -n "$pc" ]; then
  cat >"$tmp/pc-noxml" <<STUB
#!/bin/sh
for a in "\$@"; do case \$a in libxml-2.0) exit 1 ;; esac; done
exec '$pc' "\$@"
STUB
  chmod +x "$tmp/pc-noxml"
  make -j2 PKG_CONFIG="$tmp/pc-noxml" BUILD="$tmp/b3" all >"$tmp/m3" 2>&1
  st=$?
  grep -q 'libjansson-dev' "$tmp/m3" && st=0 # only the missing one is named
  expect_message "one library missing: the message names its package (libxml2-dev) only" "$tmp/m3" $st libxml2-dev
else
  echo "skip one library missing: no pkg-config here"
fi

# make -n demo: the deps step comes before the first compile
for goal in demo check; do
  make -n "$goal" BUILD="$tmp/b4" >"$tmp/n-$goal" 2>&1
  d=$(grep -n 'tests/deps.sh$' "$tmp/n-$goal" | head -n 1 | cut -d: -f1)
  c=$(grep -nE ' -c [^ ]+\.c ' "$tmp/n-$goal" | head -n 1 | cut -d: -f1)
  if [ -n "$d" ] && [ -n "$c" ] && [ "$d" -lt "$c" ]; then
    echo "ok make -n $goal runs deps (line $d) before the first compile (line $c)"
  else
    echo "FAIL make -n $goal runs deps before the first compile (deps: ${d:-none}, compile: ${c:-none})"
    head -n 5 "$tmp/n-$goal" | sed 's/^/    /'
  fi
done

# A first `make -j2 demo` on a fresh machine: pkg-config knows no library
# until the deps step has "installed" them; the build must still link them.
if [ -n "$pc" ]; then
  mkdir -p "$tmp/repo/tests"
  cp -r Makefile pipeline extractors schemas fixtures "$tmp/repo/"
  cp tests/deps.sh "$tmp/repo/tests/"
  cat >"$tmp/pc-fresh" <<STUB
#!/bin/sh
[ -f '$tmp/installed' ] || exit 1
exec '$pc' "\$@"
STUB
  chmod +x "$tmp/pc-fresh"
  if (cd "$tmp/repo" && make -j2 PKG_CONFIG="$tmp/pc-fresh" DEPS_SH="touch '$tmp/installed'" demo) >"$tmp/m5" 2>&1 &&
    ls "$tmp/repo/out/"*.json >/dev/null 2>&1; then
    echo "ok a first make -j2 demo builds after its deps step installed the libraries"
  else
    echo "FAIL a first make -j2 demo builds after its deps step installed the libraries"
    tail -20 "$tmp/m5" | sed 's/^/    /'
  fi
else
  echo "skip first make demo: no pkg-config here"
fi
echo "build: done"
