#!/bin/sh
# make.sh — typesets the real-producer fixtures from the sources here and
# copies them into fixtures/: pdflatex with the LaTeX CV classes most CVs
# are made with (moderncv classic and banking, curve) and LibreOffice
# Writer (one flat OpenDocument text saved as PDF, DOCX and ODT).
#
# Needs TeX Live (Debian: texlive-latex-extra texlive-fonts-recommended
# lmodern) and LibreOffice Writer (libreoffice-writer-nogui). These are no
# dependencies of cvx, and `make check` does not run this script: the
# produced files are committed. After running it, review the diff and
# `sh tests/golden.sh BUILD --update pdf-moderncv-classic pdf-moderncv-banking
# pdf-curve pdf-writer docx-writer odt-writer`.
#
# The CVs, their people, employers, places and works are made up; the
# sources and the files made from them are part of cvx and under its
# licence (LICENSE). fontawesome5.sty is a stand-in for the Font Awesome
# package (texlive-fonts-extra), so moderncv loads without it; the icons it
# would draw are moderncv's marvosym set, as many moderncv CVs have them.
# The TeX CVs use the standard PostScript fonts without embedding them
# (pdftex_ndl14.map) to keep the files small; the text, ligatures, kerning
# and line breaks are pdflatex's own. gold/ holds the JSON Resume each CV
# should give, written by hand.
#
# usage: sh tests/docs/real/make.sh [ROOT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$here/../../..}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$here"/*.tex "$here"/*.sty "$here"/*.fodt "$tmp"/
cd "$tmp"
export SOURCE_DATE_EPOCH=1790000000 FORCE_SOURCE_DATE=1
for cv in moderncv-classic moderncv-banking curve; do
  # twice: curve's rubrics and page references settle on the second run
  pdflatex -interaction=batchmode "$cv.tex" >/dev/null || { cat "$cv.log" >&2; exit 1; }
  pdflatex -interaction=batchmode "$cv.tex" >/dev/null
done
# LibreOffice wants a profile it can write: a private one, under $tmp
export HOME="$tmp/home"
mkdir -p "$HOME"
for fmt in pdf docx odt; do
  soffice -env:UserInstallation="file://$tmp/profile" --headless --convert-to "$fmt" writer-cv.fodt >/dev/null 2>&1
  [ -s "writer-cv.$fmt" ] || { echo "make.sh: LibreOffice made no writer-cv.$fmt" >&2; exit 1; }
done
put() { mkdir -p "$root/fixtures/$2" && cp "$1" "$root/fixtures/$2/$3" && echo "fixtures/$2/$3"; }
put moderncv-classic.pdf pdf-moderncv-classic cv.pdf
put moderncv-banking.pdf pdf-moderncv-banking cv.pdf
put curve.pdf pdf-curve cv.pdf
put writer-cv.pdf pdf-writer cv.pdf
put writer-cv.docx docx-writer cv.docx
put writer-cv.odt odt-writer cv.odt
