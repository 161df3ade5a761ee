#!/usr/bin/env node
// Validates JSON Resume documents against both official schemas: the current one
// (npm @jsonresume/schema, draft-07) and the legacy v1.0.0 one that resume-cli uses
// (npm resume-schema, draft-04, no unknown top-level keys).
//
// usage: node tests/ext/validate-resume.js [-q] [--dir DIR]... [FILE.json]...
//   prints "ok FILE" (unless -q) or "FAIL FILE: <schema>: <instancePath> <message>",
//   exits 1 if any file failed, 2 on a usage error.
//
// Each schema is checked twice, with ajv (the matching draft, ajv-formats in full
// mode) and with the validator the package itself ships (validator.js: jsonschema
// for the current package, z-schema for the legacy one), because their format
// checks differ and a document has to pass every consumer. Schemas are compiled once.
'use strict';

const fs = require('fs');
const path = require('path');

const Ajv07 = require('ajv').default;
const Ajv04 = require('ajv-draft-04');
const addFormats = require('ajv-formats');
const ZSchema = require('z-schema');
const JsonSchemaValidator = require('jsonschema').Validator;

function pkgInfo(name) {
  const dir = path.dirname(require.resolve(name + '/package.json'));
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schema.json'), 'utf8'));
  return { label: name + '@' + pkg.version, schema };
}

// "#/a/b", ["a", 0], "" -> "/a/b", "/a/0", "/" (root)
function pointer(p) {
  if (Array.isArray(p)) p = p.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
  else p = String(p || '').replace(/^#/, '');
  return p === '' ? '/' : p;
}

function ajvErrors(validate) {
  return (doc) => {
    if (validate(doc)) return [];
    return validate.errors.map((e) => {
      let msg = e.message;
      if (e.params && e.params.additionalProperty !== undefined) msg += ': ' + JSON.stringify(e.params.additionalProperty);
      return pointer(e.instancePath) + ' ' + msg;
    });
  };
}

function makeCheckers() {
  const current = pkgInfo('@jsonresume/schema');
  const legacy = pkgInfo('resume-schema');
  const checkers = [];

  // strict: false because the official schemas use additionalItems beside a
  // non-array items and an unknown $id host, which ajv's strict mode rejects.
  const a07 = new Ajv07({ allErrors: true, strict: false });
  addFormats(a07);
  checkers.push({ label: current.label + ' (ajv)', run: ajvErrors(a07.compile(current.schema)) });

  const jv = new JsonSchemaValidator();
  checkers.push({
    label: current.label + ' (jsonschema)',
    run: (doc) => jv.validate(doc, current.schema).errors.map((e) => pointer(e.path) + ' ' + e.message),
  });

  const a04 = new Ajv04({ allErrors: true, strict: false });
  addFormats(a04);
  checkers.push({ label: legacy.label + ' (ajv draft-04)', run: ajvErrors(a04.compile(legacy.schema)) });

  // Exactly as resume-schema's validator.js builds it: new ZSchema() with defaults.
  const zs = new ZSchema();
  if (!zs.validateSchema(legacy.schema)) throw new Error('z-schema rejects ' + legacy.label);
  const flatten = (errs, out) => {
    for (const e of errs || []) {
      if (e.inner && e.inner.length) flatten(e.inner, out);
      else out.push(pointer(e.path) + ' ' + e.message);
    }
    return out;
  };
  checkers.push({
    label: legacy.label + ' (z-schema)',
    run: (doc) => (zs.validate(doc, legacy.schema) ? [] : flatten(zs.getLastErrors(), [])),
  });
  return checkers;
}

function usage(msg) {
  process.stderr.write((msg ? 'validate-resume: ' + msg + '\n' : '') +
    'usage: node tests/ext/validate-resume.js [-q] [--dir DIR]... [FILE.json]...\n');
  process.exit(2);
}

function main(argv) {
  const files = [];
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '-h' || a === '--help') usage();
    else if (a === '--dir' || a.startsWith('--dir=')) {
      const dir = a === '--dir' ? argv[++i] : a.slice(6);
      if (!dir) usage('--dir needs a folder');
      let names;
      try {
        names = fs.readdirSync(dir);
      } catch (e) {
        usage('cannot read folder ' + dir + ': ' + e.message);
      }
      for (const n of names.filter((n) => n.endsWith('.json')).sort()) files.push(path.join(dir, n));
    } else if (a.startsWith('-') && a !== '-') usage('unknown option ' + a);
    else files.push(a);
  }
  if (files.length === 0) usage('no files given');

  const checkers = makeCheckers();
  let failed = 0;
  for (const file of files) {
    let doc;
    try {
      const text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
      try {
        doc = JSON.parse(text);
      } catch (e) {
        throw new Error('parse: ' + e.message);
      }
    } catch (e) {
      console.log('FAIL ' + file + ': ' + (e.code ? 'read: ' : '') + e.message);
      failed++;
      continue;
    }
    const lines = [];
    for (const c of checkers) {
      for (const err of c.run(doc)) lines.push('FAIL ' + file + ': ' + c.label + ': ' + err);
    }
    if (lines.length) {
      failed++;
      console.log(lines.join('\n'));
    } else if (!quiet) console.log('ok ' + file);
  }
  if (failed) console.log(failed + ' of ' + files.length + ' files failed');
  process.exitCode = failed ? 1 : 0;
}

main(process.argv.slice(2));
