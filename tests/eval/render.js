// render.js — renders JSON Resume documents with one JSON Resume theme (an npm
// package in tests/node_modules exporting render(resume), sync or async, CommonJS
// or ES module). Used by `make eval` (tests/eval/layouts.py).
// usage: node tests/eval/render.js THEME-PACKAGE < jobs
//   each stdin line "DOC.json<TAB>OUT.html"; writes OUT.html, or prints
//   "FAIL DOC.json: message" on stdout when the theme throws on that document.
'use strict';
const fs = require('fs');

const DOC_MS = 30000;


async function loadRender(pkg) {
  // import() takes CommonJS and ES-module packages alike, with the "import"
  // export condition (a theme's CommonJS build may require ES-only packages)
  const m = await import(pkg);
  const render = m.render || (m.default && m.default.render);
  if (typeof render !== 'function') throw new Error(pkg + ' exports no render()');
  return render;
}

async function main() {
  const pkg = process.argv[2];
  const render = await loadRender(pkg);
  const lines = fs.readFileSync(0, 'utf8').split('\n').filter(Boolean);
  for (const line of lines) {
    const [doc, out] = line.split('\t');
    try {
      const resume = JSON.parse(fs.readFileSync(doc, 'utf8'));
      // a render() that never settles fails that document, not the batch
      let timer;
      const html = await Promise.race([render(resume), new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`render() took over ${DOC_MS} ms`)), DOC_MS);
      })]).finally(() => clearTimeout(timer));
      if (typeof html !== 'string') throw new Error('render() returned ' + typeof html);
      fs.writeFileSync(out + '.tmp', html);
      fs.renameSync(out + '.tmp', out);
    } catch (e) {
      console.log('FAIL ' + doc + ': ' + String(e && e.message).split('\n')[0]);
    }
  }
}

main().catch((e) => {
  console.error('render.js: ' + ((e && e.stack) || e));
  process.exit(1);
});
