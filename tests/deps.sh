#!/bin/sh
# Installs what cvx needs to build and test, when missing: Debian packages through
# apt-get, then the pinned npm validators and JSON Resume themes (tests/package-lock.json)
# into tests/node_modules.
# Idempotent; prints one line per action and nothing when all is present.
# `deps.sh --check-build MODULE...` installs nothing: it is the Makefile's
# pkg-check, one clear error naming the missing packages instead of a compiler's.
set -eu

cd "$(dirname "$0")/.."

# build: compiler, pkg-config and the libraries the Makefile links (btparse has
# no pkg-config file: the Makefile links -lbtparse itself); iso-codes and
# utf8proc for the build-time place gazetteer (pipeline/gen/places_gen.c);
# geonames for the build-time city list (pipeline/gen/cities_gen.c)
BUILD_PKGS="gcc make pkg-config libpcre2-dev libjansson-dev libyaml-dev libcmark-dev libxml2-dev libbtparse-dev iso-codes libutf8proc-dev libpoppler-glib-dev libzip-dev libgeonames-dev"

# The Debian package that gives a pkg-config module.
deb_of() {
  case $1 in
    libcmark) echo libcmark-dev ;;
    yaml-0.1) echo libyaml-dev ;;
    libpcre2-8) echo libpcre2-dev ;;
    jansson) echo libjansson-dev ;;
    libxml-2.0) echo libxml2-dev ;;
    libutf8proc) echo libutf8proc-dev ;;
    poppler-glib) echo libpoppler-glib-dev ;;
    libzip) echo libzip-dev ;;
    geonames) echo libgeonames-dev ;;
    *) echo "$1" ;;
  esac
}

if [ "${1:-}" = "--check-build" ]; then
  shift
  pc=${PKG_CONFIG:-pkg-config}
  missing=""
  why=""
  if ! command -v "$pc" >/dev/null 2>&1; then
    missing="pkg-config"
    why="no $pc command"
    # without pkg-config the libraries cannot be asked: dpkg tells which are absent
    for m in "$@"; do
      d=$(deb_of "$m")
      dpkg-query -W -f='${Status}\n' "$d" 2>/dev/null | grep -q ' installed$' || missing="$missing $d"
    done
  else
    for m in "$@"; do
      "$pc" --exists "$m" 2>/dev/null && continue
      missing="$missing $(deb_of "$m")"
      why="$why${why:+, }$m"
    done
    [ -z "$why" ] || why="$pc finds no $why"
  fi
  if ! printf '#include <btparse.h>\n' | ${CC:-cc} -E -x c - >/dev/null 2>&1; then
    missing="$missing libbtparse-dev"
    why="$why${why:+; }no btparse.h"
  fi
  missing=${missing# }
  [ -z "$missing" ] && exit 0
  printf 'cvx: cannot build: missing %s (%s)\n  run `make deps` (installs what the build and tests need), or: apt-get install %s\n' \
    "$missing" "$why" "$missing" >&2
  exit 1
fi
# tests: JSON-Schema-Test-Suite for our validator, python3 for helper scripts,
# bibtool and biber to read our BibTeX, clang + its runtime for sanitizers and
# fuzzing, GNU parallel for batch runs, and LibreOffice Calc (headless) as the
# real spreadsheet engine that checks cvx.csv holds no formula cell; w3m and pandoc
# turn theme-rendered CVs into copied text and Markdown for `make eval`; headless
# Chromium opens a `cvx report` site and checks its DOM.
TEST_PKGS="json-schema-test-suite python3 bibtool biber clang libclang-rt-14-dev parallel libreoffice-calc-nogui w3m pandoc chromium"

# node and npm: a Node.js from elsewhere (e.g. a nodejs package that bundles npm)
# conflicts with Debian's npm package, so ask Debian only for the commands missing.
NODE_PKGS=""
command -v node >/dev/null 2>&1 || NODE_PKGS="nodejs"
command -v npm >/dev/null 2>&1 || NODE_PKGS="$NODE_PKGS npm"

log() { printf 'deps: %s\n' "$*"; }
die() { printf 'deps: error: %s\n' "$*" >&2; exit 1; }

# One dpkg-query for all: packages it does not know are simply absent from its output.
wanted="$BUILD_PKGS $TEST_PKGS $NODE_PKGS"
# shellcheck disable=SC2086
installed=$(dpkg-query -W -f='${Package} ${Status}\n' $wanted 2>/dev/null |
  awk '$NF == "installed" { sub(/:.*/, "", $1); printf " %s", $1 }') || true
missing=""
for p in $wanted; do
  case "$installed " in
    *" $p "*) ;;
    *) missing="$missing $p" ;;
  esac
done
missing=${missing# }

if [ -n "$missing" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo"
  else
    die "missing Debian packages: $missing
  run as root (or with password-less sudo): apt-get install $missing"
  fi
  aptlog=$(mktemp)
  trap 'rm -f "$aptlog"' EXIT
  log "apt-get update"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -q update >"$aptlog" 2>&1 ||
    { tail -n 20 "$aptlog" >&2; die "apt-get update failed"; }
  log "apt-get install $missing"
  # shellcheck disable=SC2086
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -q -y --no-install-recommends install $missing \
    >"$aptlog" 2>&1 || { tail -n 20 "$aptlog" >&2; die "apt-get install failed: $missing"; }
fi

# npm ci when node_modules is absent or older than the lock (npm writes
# node_modules/.package-lock.json on every install).
stamp=tests/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ -n "$(find tests/package-lock.json tests/package.json -newer "$stamp" 2>/dev/null)" ]; then
  command -v npm >/dev/null 2>&1 || die "npm not found after installing Debian packages"
  log "npm ci in tests/"
  npmlog=$(mktemp)
  (cd tests && npm ci --no-audit --no-fund --loglevel=error) >"$npmlog" 2>&1 ||
    { tail -n 20 "$npmlog" >&2; rm -f "$npmlog"; die "npm ci failed in tests/ (needs the npm registry)"; }
  rm -f "$npmlog"
  touch "$stamp"
fi
