#!/bin/sh
# run.sh — the installed library (issue 15): `make install DESTDIR=…` puts
# libcvx.a, libcvx.so (with its soname), <cvx.h> and cvx.pc in place; the
# embedding example (tests/embed/example.c, the one in README.md) builds with
# nothing but `pkg-config --cflags --libs cvx`, against the shared and the
# static library, and gives what `cvx convert --stdout` gives; the shared
# library exports the public API and nothing else.
# Prints "ok NAME" / "FAIL NAME" lines and a closing "embed: done".
# usage: sh tests/embed/run.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1790000000}
cc=${CC:-cc}
root=$tmp/root
lib=$root/usr/local/lib

result() { # result NAME STATUS LOG
  if [ "$2" = 0 ]; then echo "ok $1"; else echo "FAIL $1"; sed 's/^/    /' "$3" | tail -20; fi
}

make -s --no-print-directory install BUILD="$build" PREFIX=/usr/local DESTDIR="$root" >"$tmp/install" 2>&1
result "make install DESTDIR= succeeds" $? "$tmp/install"

{
  for f in bin/cvx share/man/man1/cvx.1 lib/libcvx.a lib/libcvx.so.0 lib/libcvx.so include/cvx.h lib/pkgconfig/cvx.pc; do
    test -e "$root/usr/local/$f" || echo "missing $f"
  done
  test -L "$lib/libcvx.so" && test -L "$lib/libcvx.so.0" || echo "libcvx.so and libcvx.so.0 are not links"
  real=$(readlink -f "$lib/libcvx.so")
  case ${real##*/} in libcvx.so.0.*.*) ;; *) echo "libcvx.so leads to ${real##*/}, not libcvx.so.0.N.M" ;; esac
  readelf -d "$real" | grep -q 'SONAME.*\[libcvx\.so\.0\]' || echo "soname is not libcvx.so.0"
} >"$tmp/files" 2>&1
test ! -s "$tmp/files"
result "installed: libcvx.a, libcvx.so.0.N.M with soname libcvx.so.0 and its links, cvx.h, cvx.pc" $? "$tmp/files"

# the exported names are exactly the CVX_API declarations of the public header
sed -n 's/^CVX_API [^(]*[ *]\(cvx_[a-z_]*\)(.*/\1/p' pipeline/cvx_public.h | sort >"$tmp/api"
nm -D --defined-only "$lib/libcvx.so" | awk '{print $NF}' | sort >"$tmp/exported"
{ test "$(wc -l <"$tmp/api")" -ge 8 && diff "$tmp/api" "$tmp/exported"; } >"$tmp/nm" 2>&1
result "libcvx.so exports the public API and nothing else (nm -D --defined-only)" $? "$tmp/nm"

# the public header stands alone, pedantic C99
printf '#include <cvx.h>\nint main(void) { return cvx_version() == 0; }\n' >"$tmp/h.c"
"$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$root/usr/local/include" "$tmp/h.c" >"$tmp/hdr" 2>&1
result "cvx.h compiles alone under -std=c99 -Wpedantic -Werror" $? "$tmp/hdr"

export PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
san=""
nm "$build/cvx" 2>/dev/null | grep -q __asan_init && san="-fsanitize=address,undefined"
# shellcheck disable=SC2046,SC2086
"$cc" $san -o "$tmp/app" tests/embed/example.c $(pkg-config --cflags --libs cvx) >"$tmp/cc" 2>&1 &&
  readelf -d "$tmp/app" | grep -q 'NEEDED.*\[libcvx\.so\.0\]' >>"$tmp/cc" 2>&1
result "the example builds with \`cc example.c \$(pkg-config --cflags --libs cvx)\` and needs libcvx.so.0" $? "$tmp/cc"
# the static library: libcvx.a linked in, the libraries it needs (cvx.pc's
# Requires.private and Libs.private) linked as shared ones: btparse comes only
# as a shared library in Debian, and `pkg-config --static` would ask for the
# static forms of every library under those (liblzma, ICU…), which a machine
# set up by `make deps` has no reason to hold
# shellcheck disable=SC2046,SC2086
"$cc" $san -o "$tmp/app-static" tests/embed/example.c $(pkg-config --cflags cvx) -Wl,-Bstatic -lcvx -Wl,-Bdynamic \
  -L"$lib" $(pkg-config --libs $(pkg-config --print-requires-private cvx)) \
  $(sed -n 's/^Libs.private: //p' "$lib/pkgconfig/cvx.pc") >"$tmp/ccs" 2>&1 &&
  ! readelf -d "$tmp/app-static" | grep -q 'NEEDED.*libcvx' >>"$tmp/ccs" 2>&1
result "the example links libcvx.a statically (the libraries under it shared)" $? "$tmp/ccs"

# same JSON and same diagnostics as the command line, for both links
for app in app app-static; do
  for f in fixtures/validate-page/input/profile.md fixtures/academic-cv/cv.md fixtures/html-resume/resume.html; do
    [ -f "$f" ] || continue
    LD_LIBRARY_PATH="$lib" "$tmp/$app" "$f" >"$tmp/lib.json" 2>"$tmp/lib.err"
    ls=$?
    "$build/cvx" convert --stdout "$f" >"$tmp/cli.json" 2>"$tmp/cli.err"
    cs=$?
    grep "^$f:[0-9]*:[0-9]*: " "$tmp/cli.err" >"$tmp/cli.diag"
    {
      test -s "$tmp/lib.json" || echo "no JSON from the library"
      cmp "$tmp/cli.json" "$tmp/lib.json" || diff "$tmp/cli.json" "$tmp/lib.json" | head -20
      diff "$tmp/cli.diag" "$tmp/lib.err"
      test "$ls" = "$cs" || echo "exit $ls, cvx convert exits $cs"
    } >"$tmp/cmp" 2>&1
    test ! -s "$tmp/cmp"
    result "$app on $f: the JSON and diagnostics of cvx convert --stdout" $? "$tmp/cmp"
  done
done

# an input it cannot read: no JSON, one error, exit 1
printf '\177ELF\002\001\001\000\000\000\000binary' >"$tmp/cv.bin"
LD_LIBRARY_PATH="$lib" "$tmp/app" "$tmp/cv.bin" >"$tmp/bin.out" 2>"$tmp/bin.err"
s=$?
{ test $s = 1 && test ! -s "$tmp/bin.out" && grep -q ':0:0: error\[source.binary\]' "$tmp/bin.err"; } >"$tmp/b" 2>&1
result "a binary input gives no JSON, a source.binary error and exit 1" $? "$tmp/bin.err"

# the README shows this very example
awk '/^## Embedding cvx/ {s = 1} s && /^```c$/ {c = 1; next} c && /^```$/ {exit} c' README.md >"$tmp/readme.c"
cmp "$tmp/readme.c" tests/embed/example.c >"$tmp/rd" 2>&1
result "README.md's embedding example is tests/embed/example.c" $? "$tmp/rd"

echo "embed: done"
