#!/usr/bin/env node
// Parses BibTeX files with citation-js (@citation-js/plugin-bibtex) as an
// independent reader of what cvx writes.
//
// usage: node tests/ext/check-bib.js [-q] [--strict] FILE.bib...
//   prints "ok FILE (N entries)" (unless -q) or "FAIL FILE: why"; exits 1 if any failed.
// A file fails on a syntax error, on any warning or error citation-js logs while
// reading it, on a duplicate citation key, and on zero entries when it holds
// anything besides blank lines and % comments. --strict also checks entry types and
// required fields against the plugin's BibTeX table (e.g. @article needs author,
// title, journal, year); the plugin's own strict mode is not used because its table
// lacks @misc, @manual and @conference.
'use strict';

const fs = require('fs');
const { plugins, logger } = require('@citation-js/core');
require('@citation-js/plugin-bibtex');
const { parse: parseBibtexFile } = require('@citation-js/plugin-bibtex/lib/input/file.js');
const REQUIRED = Object.assign(
  { misc: [], manual: ['title'] },
  require('@citation-js/plugin-bibtex/lib/input/required.json').bibtex,
);
REQUIRED.conference = REQUIRED.inproceedings;
let strict = false;

// Collect what the library reports instead of letting it print (or stay silent).
let reported = [];
for (const level of ['warn', 'error']) {
  logger[level] = (scope, ...msg) => reported.push(level + ' ' + [scope].concat(msg).join(' '));
}

function check(file, text) {
  reported = [];
  let raw;
  try {
    raw = parseBibtexFile(text); // [{type, label, properties}], throws SyntaxError with line:col
  } catch (e) {
    return { why: 'parse error: ' + String(e.message).replace(/\s*\n\s*/g, ' | ') };
  }
  const seen = new Map();
  for (const entry of raw) {
    if (seen.has(entry.label)) return { why: 'duplicate key ' + JSON.stringify(entry.label) };
    seen.set(entry.label, true);
    if (Object.keys(entry.properties).length === 0) return { why: 'entry ' + JSON.stringify(entry.label) + ' has no fields' };
    if (strict) {
      const need = REQUIRED[entry.type];
      if (!need) return { why: 'entry ' + JSON.stringify(entry.label) + ' has unknown BibTeX type @' + entry.type };
      const missing = need
        .filter((f) => !(Array.isArray(f) ? f : [f]).some((k) => entry.properties[k] !== undefined && entry.properties[k] !== ''))
        .map((f) => (Array.isArray(f) ? f.join('/') : f));
      if (missing.length) return { why: 'entry ' + JSON.stringify(entry.label) + ' (@' + entry.type + ') lacks ' + missing.join(', ') };
    }
  }
  let items;
  try {
    // Full conversion to CSL: exercises value parsing (names, dates, LaTeX) and the type mapping.
    items = plugins.input.chain(raw, { forceType: '@bibtex/entries+list', generateGraph: false });
  } catch (e) {
    return { why: 'conversion error: ' + String(e.message).replace(/\s*\n\s*/g, ' | ') };
  }
  if (reported.length) return { why: reported.join('; ') };
  const meaningful = text.split('\n').some((l) => l.trim() !== '' && !/^\s*%/.test(l));
  if (meaningful && items.length === 0) return { why: 'no entries found' };
  if (items.length !== raw.length) return { why: raw.length + ' entries parsed but ' + items.length + ' converted' };
  return { n: items.length };
}

function main(argv) {
  let quiet = false;
  const files = [];
  for (const a of argv) {
    if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '--strict') strict = true;
    else if (a.startsWith('-') && a !== '-') {
      process.stderr.write('check-bib: unknown option ' + a + '\nusage: node tests/ext/check-bib.js [-q] [--strict] FILE.bib...\n');
      process.exit(2);
    } else files.push(a);
  }
  if (files.length === 0) {
    process.stderr.write('usage: node tests/ext/check-bib.js [-q] [--strict] FILE.bib...\n');
    process.exit(2);
  }
  let failed = 0;
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
    } catch (e) {
      console.log('FAIL ' + file + ': ' + e.message);
      failed++;
      continue;
    }
    const r = check(file, text);
    if (r.why) {
      console.log('FAIL ' + file + ': ' + r.why);
      failed++;
    } else if (!quiet) console.log('ok ' + file + ' (' + r.n + (r.n === 1 ? ' entry)' : ' entries)'));
  }
  if (failed) console.log(failed + ' of ' + files.length + ' files failed');
  process.exitCode = failed ? 1 : 0;
}

main(process.argv.slice(2));
