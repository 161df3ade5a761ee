#!/usr/bin/env python3
"""lines.py — writes the pathological single-line inputs that lines.sh runs
through convert and validate: about 1 MB each, one case per file.
usage: python3 tests/hostile/lines.py DIR   (prints one file name per line)"""
import os
import sys

N = 1 << 20  # bytes per line, about


def rep(unit):
    return (unit * (N // len(unit) + 1))[:N]


CASES = {
    "open-brackets": rep("["),
    "open-parens": rep("("),
    "open-angles": rep("<"),
    "backticks": rep("`"),
    "stars": rep("*"),
    "underscores": rep("_"),
    "empty-links": rep("[]("),
    "closed-empty-links": rep("[]()"),
    "nested-brackets": "[" * (N // 2) + "]" * (N // 2),
    "nested-links": "[" * (N // 4) + "](x)" * (N // 4),
    "long-word": rep("abcdefghij"),
    "list-100k": "".join("- item %d\n" % i for i in range(100000)),
    "flow-map": "---\nx: {" + ", ".join("k%d: v" % i for i in range(N // 10)) + "}\n---\n\ntext\n",
    "flow-deep": "---\nx: " + "[" * 50000 + "]" * 50000 + "\n---\n\ntext\n",
    "experience-long-line": "Experience\n" + rep("A")[:600] + "\n",
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, text in CASES.items():
        with open(os.path.join(out, name + ".md"), "w", encoding="ascii") as f:
            f.write(text if text.endswith("\n") else text + "\n")
        print(name + ".md")


if __name__ == "__main__":
    main()
