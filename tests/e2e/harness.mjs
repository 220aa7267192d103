// Shared by the end-to-end tests (app.test.mjs) and the browser benchmark (bench.mjs): serves a
// Trunk `dist` folder on a random loopback port the way scripts/serve.sh does (server.mjs:
// precompressed files, long-lived caching of hashed files) and launches Debian's headless
// Chromium with playwright-core. Callers start and stop both.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { precached } from '../../scripts/precache.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Serves `dist` on 127.0.0.1 at a free port, under `base` (default `/`); resolves to
 * `{ origin, url, serve(dist), requests(), close() }` (server.mjs: `url` is origin + base,
 * `serve` switches to another build at the same address, `requests` counts what arrived).
 */
export async function serveDist(dist, { base = '/' } = {}) {
  if (!dist) throw new Error('DIST_DIR must point at a trunk build');
  return startServer(dist, { base });
}

/** Headless Chromium (no GPU: software rasterisation). */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/**
 * Opens the app at `origin` in a fresh browser context (cold cache; `locale` sets the
 * browser's language, which the page follows until the user picks one) and waits for the first
 * chart. Records page errors, console errors and any request that leaves the origin in
 * `problems`, and in `requests` every URL the page and its workers requested (the packed wasm
 * is fetched by a worker: scripts/pack-wasm.mjs). `firstChartMs` is the app's `first-chart` User Timing mark (ms after navigation
 * start), `wallMs` the wall-clock time including opening the tab. `path` is the app's path on
 * the server (`/some/nested/path/` when served under a base path).
 */
export async function openApp(browser, origin, { deviceScaleFactor = 1, width = 1280, height = 900, locale, path = '/' } = {}) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor, acceptDownloads: true, ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('request', (r) => {
    const u = r.url();
    requests.push(u);
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) {
      problems.push(`request left the origin: ${u}`);
    }
  });
  const started = Date.now();
  await page.goto(origin + path);
  await page.waitForSelector('#total-0');
  await page.waitForFunction(() => {
    const c = document.querySelector('#chart');
    return c?.querySelector('svg') && performance.getEntriesByName('first-chart').length > 0;
  });
  // The page mounts its heavy parts in later browser tasks, one each (`Later` in
  // src/ui/startup.rs): tests start once every part is there.
  await page.waitForSelector('html[data-mounted="all"]');
  const firstChartMs = await page.evaluate(() => {
    const m = performance.getEntriesByName('first-chart')[0];
    return m ? m.startTime : null;
  });
  const wallMs = Date.now() - started;
  return { context, page, problems, requests, firstChartMs, wallMs };
}

/** docs/performance.md, "Budgets": the whole download stays under 400 KB gzip (1 KB = 1,000 bytes). */
export const BUNDLE_BUDGET_GZIP_BYTES = 400_000;

/**
 * Size of every file a visit downloads, raw and gzip level 9, in bytes, sorted by name:
 * `{ files: [{ name, raw, gzip }], raw, gzip }`. That is the page's files and the service
 * worker with everything it precaches (scripts/precache.mjs): not the precompressed `.gz`/`.br`
 * copies (other encodings of the same files) nor the PNG icons, which the browser fetches only
 * to install the app.
 */
export async function bundleSizes(dist) {
  const { readdir, readFile, stat } = await import('node:fs/promises');
  const { gzipSync } = await import('node:zlib');
  const path = await import('node:path');
  const files = [];
  for (const name of (await readdir(dist)).sort()) {
    const p = path.join(dist, name);
    if (!(await stat(p)).isFile() || !(name === 'sw.js' || precached(name))) continue;
    const b = await readFile(p);
    files.push({ name, raw: b.length, gzip: gzipSync(b, { level: 9 }).length });
  }
  const sum = (k) => files.reduce((a, f) => a + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip') };
}

/**
 * Serves `dist` and launches Chromium, for a test file's `before` hook:
 * `{ server, origin, browser }`. Stop both with [`stopApp`] in its `after` hook.
 */
export async function startApp(dist) {
  const server = await serveDist(dist);
  return { server, origin: server.origin, browser: await launchChromium() };
}

/** Closes what [`startApp`] started (either may be missing if starting failed). */
export async function stopApp({ server, browser }) {
  await browser?.close();
  await server?.close();
}

/**
 * Clicks `selector` and returns the download it starts. Chromium drops the 11th download of a
 * quick burst (docs/robustness.md, "Not covered here"), which these long runs can make, and a
 * later click works. So a click that starts nothing within 10 s is logged as a TAP comment and
 * repeated once; no file after that fails the test.
 */
export async function clickForDownload(page, selector) {
  const once = (timeout) => Promise.all([
    page.waitForEvent('download', { timeout }).catch(() => null),
    page.click(selector),
  ]);
  let [dl] = await once(10_000);
  if (!dl) {
    console.log(`# ${selector}: no file on the first click, clicked again (Chromium's download burst limit, docs/robustness.md)`);
    [dl] = await once(30_000);
  }
  if (!dl) throw new Error(`${selector}: no file came, twice`);
  return dl;
}

/** Downloads from `selector` (through [`clickForDownload`]): the file's suggested name, its
 * bytes and its text (UTF-8). */
export async function downloadFile(page, selector) {
  const dl = await clickForDownload(page, selector);
  const bytes = await readFile(await dl.path());
  return { name: dl.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

/** The scenario the app holds, through "Export scenario JSON": the file's name, its text and
 * the parsed JSON. */
export async function exportedScenario(page) {
  const file = await downloadFile(page, '#export-scenario');
  return { ...file, json: JSON.parse(file.text) };
}

/** Loads preset `id` through the menu and waits until it was handled (the menu goes back to
 * its prompt). */
export async function choosePreset(page, id) {
  await page.selectOption('#preset', id);
  await page.waitForFunction(() => document.querySelector('#preset').value === '');
}

/** The app compares at most this many options (`scenario::MAX_COMPARED`); an 11th tick is
 * refused with a notice. */
export const MAX_COMPARED = 10;

/** Sets 36 months and ticks offers until `n` options are compared (or no unticked box is
 * left): the scenario of the benchmark and the diagnostics (bench.mjs, trace-slider.mjs,
 * profile-slider.mjs). */
export async function compare(page, n) {
  await page.fill('#months-number', '36');
  const rows = () => page.$$eval('#comparison tbody tr', (xs) => xs.length);
  for (let had = await rows(); had < n; had += 1) {
    const box = await page.$('#offers tbody input[type=checkbox]:not(:checked):not(:disabled)');
    if (!box) break;
    await box.click();
    await page.waitForFunction((k) => document.querySelectorAll('#comparison tbody tr').length === k, had + 1);
  }
}

/**
 * The text of the cell `cell` (a selector within a row) of the offer table's first `n` rows (or
 * all, when fewer), in table order. The table renders only the rows in view (src/ui/
 * virtual_list.rs), so this scrolls it from the top, half a view at a time, reading each row
 * once by its aria-rowindex, and scrolls it back to the top.
 */
export async function offerColumn(page, cell, n) {
  return page.evaluate(async ({ cell, n }) => {
    const region = document.querySelector('#offers').closest('.virtual-scroll');
    const seen = new Map();
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    for (let top = 0; ; top += Math.max(1, Math.floor(region.clientHeight / 2))) {
      region.scrollTop = top;
      region.dispatchEvent(new Event('scroll'));
      await frame();
      for (const tr of document.querySelectorAll('#offers tbody tr[aria-rowindex]')) {
        seen.set(Number(tr.getAttribute('aria-rowindex')), tr.querySelector(cell).textContent.trim());
      }
      if (seen.size >= n || region.scrollTop + region.clientHeight >= region.scrollHeight - 1) break;
    }
    region.scrollTop = 0;
    region.dispatchEvent(new Event('scroll'));
    await frame();
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).slice(0, n).map(([, text]) => text);
  }, { cell, n });
}
