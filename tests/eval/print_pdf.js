// print_pdf.js — prints HTML pages to PDF with one headless Chromium for the
// whole batch (the DevTools protocol over --remote-debugging-pipe: no network
// port, no extra package), as `chromium --print-to-pdf` does page by page but
// without a browser start per page. Reads "page.html<TAB>out.pdf" lines on
// stdin (file:// pages; no network is reached); writes each PDF atomically (out.pdf.tmp, then renamed) and prints
// "FAIL page: reason" for a page it cannot print. No header or footer.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

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
const waiting = new Map(), listeners = [];
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
      for (const l of listeners.slice()) l(msg);
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  const m = { id, method, params };
  if (sessionId) m.sessionId = sessionId;
  toChrome.write(JSON.stringify(m) + "\0");
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
function once(method, sessionId, ms) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => { listeners.splice(listeners.indexOf(f), 1); reject(new Error(`no ${method} in ${ms} ms`)); }, ms);
    const f = (msg) => {
      if (msg.method === method && msg.sessionId === sessionId) {
        clearTimeout(t);
        listeners.splice(listeners.indexOf(f), 1);
        resolve(msg.params);
      }
    };
    listeners.push(f);
  });
}

(async () => {
  let failed = 0;
  try {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    await send("Page.enable", {}, sessionId);
    for (const [page, out] of jobs) {
      try {
        const loaded = once("Page.loadEventFired", sessionId, 30000);
        await send("Page.navigate", { url: "file://" + path.resolve(page) }, sessionId);
        await loaded;
        const { data } = await send("Page.printToPDF", { displayHeaderFooter: false, printBackground: false }, sessionId);
        fs.writeFileSync(out + ".tmp", Buffer.from(data, "base64"));
        fs.renameSync(out + ".tmp", out);
      } catch (e) {
        failed++;
        console.log(`FAIL ${page}: ${e.message}`);
      }
    }
  } finally {
    // the profile goes once the browser has left it
    const gone = new Promise((resolve) => chrome.once("exit", resolve));
    chrome.kill();
    await gone;
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    } catch (e) {
      console.error(`print_pdf: cannot remove ${profile}: ${e.message}`);
    }
  }
  process.exitCode = failed === jobs.length && jobs.length ? 1 : 0;
})();
