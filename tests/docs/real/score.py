"""score.py — converts the real-producer fixtures (made by make.sh) and scores
each against the JSON Resume written by hand for it (gold/), field by field
with cvscore, as the benchmark does.
usage: python3 tests/docs/real/score.py [BUILD]"""
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "eval"))
from common import cvscore_many, cvx_convert  # noqa: E402

CASES = [("pdf-moderncv-classic", "cv.pdf", "moderncv-classic"), ("pdf-moderncv-banking", "cv.pdf", "moderncv-banking"),
         ("pdf-curve", "cv.pdf", "curve"), ("pdf-writer", "cv.pdf", "writer-cv"), ("docx-writer", "cv.docx", "writer-cv"),
         ("odt-writer", "cv.odt", "writer-cv")]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    build = args[0] if args else os.path.join(ROOT, "build")
    cvx = os.path.join(build, "cvx")
    rows = []
    for case, name, gold in CASES:
        with tempfile.TemporaryDirectory(prefix="cvx-real-") as tmp:
            src = os.path.join(tmp, gold + os.path.splitext(name)[1])
            os.symlink(os.path.join(ROOT, "fixtures", case, name), src)
            out = os.path.join(tmp, "out")
            cvx_convert(cvx, [src], out)
            fig = cvscore_many(out, [{gold: os.path.join(HERE, "gold", gold + ".json")}])[0]
            rows.append((case, fig))
    for case, fig in rows:
        st = fig["structured"]
        secs = " ".join(f"{k} {v['f1']:.2f}" for k, v in sorted(fig.get("sections", {}).items()))
        print(f"{case:22s} F1 {st['f1']:.3f} (P {st['precision']:.3f} R {st['recall']:.3f})  {secs}")
    print(f"{'mean':22s} F1 {sum(f['structured']['f1'] for _, f in rows) / len(rows):.3f}")

if __name__ == "__main__":
    main()
