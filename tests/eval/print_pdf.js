// print_pdf.js — prints HTML pages to PDF with one headless Chromium for the
// whole batch (the DevTools protocol over --remote-debugging-pipe: no network
// port, no extra package), as `chromium --print-to-pdf` does page by page but
// without a browser start per page, and with several tabs printing at once.
// usage: node tests/eval/print_pdf.js [TABS] < jobs
//   each stdin line "page.html<TAB>out.pdf" (file:// pages; no network is
//   reached); writes each PDF atomically (out.pdf.tmp, then renamed) and prints
//   "FAIL page: reason" for a page it cannot print (a page that does not load or
//   print within PAGE_MS fails alone: its tab is closed and a fresh one takes
//   the next page). Should the browser itself die, each page left is named in a
//   line "LOST page: reason" (not the page's fault: tried again next run).
//   TABS (default 2) pages are printed at once. No header or footer.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const PAGE_MS = 30000;
const tabs = Math.max(1, parseInt(process.argv[2] || "2", 10) || 1);
const jobs = fs.readFileSync(0, "utf8").split("\n").filter(Boolean).map((l) => l.split("\t"));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "cvx-print-"));
const chrome = spawn(process.env.CHROMIUM || "chromium",
  // no network: a theme's web fonts and CDN style sheets fail at once, so every
  // run prints the same pages, and none waits on a host that does not answer
  ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--remote-debugging-pipe",
   "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
   `--user-data-dir=${profile}`, "about:blank"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const toChrome = chrome.stdio[3], fromChrome = chrome.stdio[4];
let nextId = 1;
let gone = null; // why the browser can no longer be used, once it cannot
const waiting = new Map(), listeners = new Set();
let buf = Buffer.alloc(0);
fromChrome.on("data", (d) => {
  buf = Buffer.concat([buf, d]);
  let z;
  while ((z = buf.indexOf(0)) >= 0) {
    const msg = JSON.parse(buf.subarray(0, z).toString("utf8"));
    buf = buf.subarray(z + 1);
    if (msg.id && waiting.has(msg.id)) {
      const { resolve, reject } = waiting.get(msg.id);
      waiting.delete(msg.id);
      msg.error ? reject(new Error(msg.error.message)) : resolve(msg.result);
    } else if (msg.method) {
      for (const l of [...listeners]) l(msg);
    }
  }
});
function browserGone(why) {
  if (gone) return;
  gone = why;
  for (const { reject } of waiting.values()) reject(new Error(why));
  waiting.clear();
}
chrome.on("exit", (code, sig) => browserGone(`chromium exited (${sig || code})`));
chrome.on("error", (e) => browserGone(`chromium: ${e.message}`));
toChrome.on("error", (e) => browserGone(`chromium pipe: ${e.message}`));

// one protocol call; rejected after ms (the page is then given up)
function send(method, params = {}, sessionId, ms = PAGE_MS) {
  if (gone) return Promise.reject(new Error(gone));
  const id = nextId++;
  const m = { id, method, params };
  if (sessionId) m.sessionId = sessionId;
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`no answer to ${method} in ${ms} ms`));
    }, ms);
    waiting.set(id, {
      resolve: (r) => { clearTimeout(t); resolve(r); },
      reject: (e) => { clearTimeout(t); reject(e); },
    });
    toChrome.write(JSON.stringify(m) + "\0");
  });
}
function once(method, sessionId, ms) {
  let f, t;
  const p = new Promise((resolve, reject) => {
    t = setTimeout(() => { listeners.delete(f); reject(new Error(`no ${method} in ${ms} ms`)); }, ms);
    f = (msg) => {
      if (msg.method === method && msg.sessionId === sessionId) {
        clearTimeout(t);
        listeners.delete(f);
        resolve(msg.params);
      }
    };
    listeners.add(f);
  });
  p.cancel = () => { clearTimeout(t); listeners.delete(f); };
  return p;
}

async function openTab() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  await send("Page.enable", {}, sessionId);
  return { targetId, sessionId };
}

async function printOne(tab, page, out) {
  const loaded = once("Page.loadEventFired", tab.sessionId, PAGE_MS);
  try {
    const nav = await send("Page.navigate", { url: "file://" + path.resolve(page) }, tab.sessionId);
    if (nav.errorText) throw new Error(nav.errorText); // not an error page printed as the page
    await loaded;
  } catch (e) {
    loaded.cancel();
    loaded.catch(() => {});
    throw e;
  }
  const { data } = await send("Page.printToPDF", { displayHeaderFooter: false, printBackground: false },
    tab.sessionId);
  fs.writeFileSync(out + ".tmp", Buffer.from(data, "base64"));
  fs.renameSync(out + ".tmp", out);
}

(async () => {
  let failed = 0, next = 0;
  // each worker takes the next page from the shared list, in its own tab
  async function worker() {
    let tab = null;
    while (next < jobs.length) {
      const [page, out] = jobs[next++];
      try {
        if (!tab) tab = await openTab();
        await printOne(tab, page, out);
      } catch (e) {
        failed++;
        if (gone) {
          console.log(`LOST ${page}: ${gone}`);
          continue;
        }
        console.log(`FAIL ${page}: ${e.message}`);
        // the tab may be stuck on that page: the next page gets a fresh one
        if (tab && !gone) send("Target.closeTarget", { targetId: tab.targetId }, undefined, 5000).catch(() => {});
        tab = null;
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(tabs, jobs.length) }, worker));
  } finally {
    // the profile goes once the browser has left it
    // (closed through the protocol, the browser waits for its own processes)
    const exited = chrome.exitCode !== null || chrome.signalCode !== null
      ? Promise.resolve() : new Promise((resolve) => chrome.once("exit", resolve));
    await send("Browser.close", {}, undefined, 5000).catch(() => {});
    const killer = setTimeout(() => chrome.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(killer);
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    } catch (e) {
      console.error(`print_pdf: cannot remove ${profile}: ${e.message}`);
    }
  }
  process.exitCode = failed === jobs.length && jobs.length ? 1 : 0;
})();
