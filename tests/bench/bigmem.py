#!/usr/bin/env python3
"""bigmem.py — writes one large input of a given shape for the memory
benchmark (tests/bench/bigmem.sh): deterministic words, no data of ../shared.

usage: bigmem.py SHAPE MEGABYTES OUT [CV]
  line   one paragraph on one line, under a heading
  short  short lines of one to four words, no blank line (one paragraph)
  list   a Markdown list of two to eight words an item, under two headings
  cv     the text CV given as CV, over and over
"""
import random
import sys


def main():
    shape, mb, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    target = int(mb * 1e6)
    rnd = random.Random(17)
    words = ("design build lead team project data system analysis research software "
             "model test user service network report").split()

    def para(n):
        return " ".join(rnd.choice(words) for _ in range(n))

    size = 0
    with open(out, "w", encoding="utf-8") as f:
        if shape == "line":
            f.write("# Jane Doe\n\n")
            chunk = para(2000) + " "
            while size < target:
                f.write(chunk)
                size += len(chunk)
            f.write("\n")
        elif shape in ("short", "list"):
            if shape == "list":
                f.write("# Jane Doe\n\n## Skills\n\n")
            lines = [("- " + para(rnd.randint(2, 8)) if shape == "list" else para(rnd.randint(1, 4))) + "\n"
                     for _ in range(1000)]
            i = 0
            while size < target:
                f.write(lines[i % 1000])
                size += len(lines[i % 1000])
                i += 1
        elif shape == "cv":
            with open(sys.argv[4], encoding="utf-8") as g:
                cv = g.read() + "\n"
            while size < target:
                f.write(cv)
                size += len(cv)
        else:
            sys.exit("bigmem.py: unknown shape " + shape)


if __name__ == "__main__":
    main()
