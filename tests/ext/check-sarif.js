#!/usr/bin/env node
// check-sarif.js — checks cvx's SARIF output: the SARIF 2.1.0 JSON schema
// (from @microsoft/jest-sarif, when installed in tests/node_modules) and the
// structure code-scanning uploaders rely on (rules, ruleIndex, locations).
// usage: node tests/ext/check-sarif.js FILE.sarif...   (exit 1 on a problem)
'use strict';
const fs = require('fs');
const path = require('path');

let validate = null;
let schemaNote = 'structure only (SARIF schema package not installed)';
try {
  const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', {
    paths: [path.join(__dirname, '..')],
  });
  const Ajv4 = require(path.join(__dirname, '..', 'node_modules', 'ajv-draft-04'));
  // the schema's language-tag pattern is not valid under the u flag
  const ajv = new Ajv4({ allErrors: true, strict: false, unicodeRegExp: false });
  require(path.join(__dirname, '..', 'node_modules', 'ajv-formats'))(ajv);
  validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
  schemaNote = 'SARIF 2.1.0 schema + structure';
} catch (e) {
  /* structure only */
}

let bad = 0;
function fail(file, msg) {
  bad++;
  console.log(`FAIL ${file}: ${msg}`);
}

for (const file of process.argv.slice(2)) {
  let log;
  try {
    log = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(file, `not JSON: ${e.message}`);
    continue;
  }
  if (validate && !validate(log)) fail(file, `schema: ${JSON.stringify(validate.errors.slice(0, 3))}`);
  if (log.version !== '2.1.0') fail(file, 'version is not 2.1.0');
  if (!Array.isArray(log.runs) || log.runs.length !== 1) {
    fail(file, 'runs must hold one run');
    continue;
  }
  const run = log.runs[0];
  const rules = (run.tool && run.tool.driver && run.tool.driver.rules) || [];
  if (!run.tool || !run.tool.driver || run.tool.driver.name !== 'cvx') fail(file, 'tool.driver.name is not cvx');
  const ids = new Set();
  for (const r of rules) {
    if (typeof r.id !== 'string' || !r.id) fail(file, 'a rule without id');
    if (ids.has(r.id)) fail(file, `rule ${r.id} listed twice`);
    ids.add(r.id);
    if (!r.shortDescription || !r.shortDescription.text) fail(file, `rule ${r.id} without shortDescription`);
  }
  for (const [i, res] of (run.results || []).entries()) {
    const where = `results[${i}]`;
    if (!ids.has(res.ruleId)) fail(file, `${where}: ruleId ${res.ruleId} not in rules`);
    if (rules[res.ruleIndex] === undefined || rules[res.ruleIndex].id !== res.ruleId)
      fail(file, `${where}: ruleIndex does not point at ${res.ruleId}`);
    if (!['error', 'warning', 'note'].includes(res.level)) fail(file, `${where}: level ${res.level}`);
    if (!res.message || !res.message.text) fail(file, `${where}: no message text`);
    const loc = res.locations && res.locations[0] && res.locations[0].physicalLocation;
    if (!loc || !loc.artifactLocation || !loc.artifactLocation.uri) fail(file, `${where}: no artifactLocation.uri`);
    else if (/[ <>"\\]/.test(loc.artifactLocation.uri)) fail(file, `${where}: uri is not encoded`);
    if (loc && loc.region) {
      const { startLine, startColumn } = loc.region;
      if (!(Number.isInteger(startLine) && startLine >= 1)) fail(file, `${where}: startLine ${startLine}`);
      if (!(Number.isInteger(startColumn) && startColumn >= 1)) fail(file, `${where}: startColumn ${startColumn}`);
    }
  }
  if (!bad) console.log(`ok ${file} (${(run.results || []).length} results; ${schemaNote})`);
}
process.exit(bad ? 1 : 0);
