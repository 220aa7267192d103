// End-to-end tests of deployment (README "Deploy"): the release build served under a nested
// path, precompressed and cached the way scripts/serve.sh serves it (server.mjs); the installable
// parts (manifest, icons, description in the page's language); offline use through the service
// worker; and a newly deployed build picked up as a whole.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist, launchChromium, openApp, downloadFile, exportedScenario } from './harness.mjs';
import { fillWorker } from '../../scripts/precache.mjs';
import { compressDir } from '../../scripts/compress.mjs';

/** The repository's root (the decoder library is in its .tools, scripts/setup.sh). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST_DIR;
const BASE = '/some/nested/path/';

let server;
let browser;

before(async () => {
  server = await serveDist(DIST, { base: BASE });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the app at BASE in a fresh context (harness.mjs `openApp`). */
function open(options = {}) {
  return openApp(browser, server.origin, { path: BASE, ...options });
}

/** Every resource the page loaded: `[{ url, status }]` (Resource Timing, with the document). */
function loaded(page) {
  return page.evaluate(() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .map((e) => ({ url: e.name, status: e.responseStatus })));
}

/** Whether the cumulative chart has a drawn line (any SVG path or polyline in it). */
function chartDrawn(page) {
  return page.waitForFunction(() => document.querySelector('#chart svg')?.querySelectorAll('path, polyline').length > 0);
}

/** Resolves once a service worker controls the page. */
function controlled(page) {
  return page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Sets the months field to `n` and waits until the autosave stored it. */
async function setMonthsAndWaitForAutosave(page, n) {
  await page.fill('#months-number', String(n));
  await page.waitForFunction((want) => {
    try {
      return JSON.parse(localStorage.getItem('gpurent.state')).current.horizon_months === want;
    } catch { return false; }
  }, n);
}

/** GET `url` with `Accept-Encoding: br, gzip`: status, headers and the raw body's length. */
function head(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (b) => { bytes += b.length; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
    }).on('error', reject);
  });
}

test('under a nested path: every file loads from that path, the chart draws, the slider redraws, a share link opens, downloads and autosave work', async () => {
  const { context, page, problems, requests } = await open();
  await chartDrawn(page);
  const files = await loaded(page);
  for (const f of files) {
    assert.ok(f.url.startsWith(server.origin + BASE), `loaded from outside the base path: ${f.url}`);
    assert.ok(f.status > 0 && f.status < 400, `${f.url}: HTTP ${f.status}`);
  }
  // The packed wasm is fetched by the decoder worker (scripts/pack-wasm.mjs), so it is not in
  // the page's Resource Timing: the requests Playwright saw include the worker's.
  for (const url of requests) assert.ok(url.startsWith(server.origin + BASE), `requested outside the base path: ${url}`);
  assert.ok(files.some((f) => /\/wasm-xz-[0-9a-f]{16}\.js$/.test(f.url)), 'the decoder worker came from the base path');
  assert.ok(requests.some((url) => url.endsWith('_bg.wasmxz')), 'the packed wasm came from the base path');

  // Moving the slider redraws the chart (on screen: charts off screen wait until shown).
  await page.$eval('#chart', (c) => c.scrollIntoView());
  const before = await page.$eval('#chart svg', (s) => s.outerHTML);
  await page.$eval('#months-range', (r) => {
    r.value = String(Number(r.value) + 1);
    r.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction((old) => document.querySelector('#chart svg')?.outerHTML !== old, before);
  await chartDrawn(page);

  // A share link keeps the base path, and opens the same scenario in another tab.
  await page.fill('#months-number', '19');
  const scenario = (await exportedScenario(page)).json;
  await page.click('#copy-share-link');
  await page.waitForSelector('#share-link');
  const link = await page.inputValue('#share-link');
  assert.ok(link.startsWith(`${server.origin}${BASE}#s=`), `share link under the base path: ${link}`);
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('#copy-share-link');
  await chartDrawn(other);
  assert.deepEqual((await exportedScenario(other)).json, scenario, 'the link opens its scenario');
  await other.close();

  // Downloads are made in the page, whatever its path.
  const csv = await downloadFile(page, '#download-csv');
  assert.match(csv.name, /^gpu-cost-cumulative-\d{4}-\d{2}-\d{2}\.csv$/);
  assert.ok(csv.text.split('\n').length > 3, 'the CSV has rows');

  // The autosave is read back at this path.
  await setMonthsAndWaitForAutosave(page, 23);
  await page.goto(server.origin + BASE);
  await page.waitForSelector('#months-number');
  assert.equal(await page.inputValue('#months-number'), '23');
  assert.deepEqual(problems, []);
  await context.close();
});

test('served compressed, hashed files cached for a year, the rest revalidated; the base path without its slash is redirected', async () => {
  const index = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const packed = index.match(/\.\/([\w-]+_bg\.wasmxz)'/)[1];
  const worker = index.match(/\.\/(wasm-xz-[0-9a-f]{16}\.js)'/)[1];
  const root = await head(server.origin + BASE);
  assert.equal(root.status, 200);
  assert.equal(root.headers['content-encoding'], 'br');
  assert.equal(root.headers['cache-control'], 'no-cache');
  assert.match(root.headers.vary, /Accept-Encoding/);
  // The wasm travels as an xz stream, sent as it is (no host compression would shrink it), and
  // decodes to the module the glue instantiates (with the same decoder the page's worker runs).
  const w = await head(server.origin + BASE + packed);
  assert.equal(w.status, 200);
  assert.equal(w.headers['content-encoding'], undefined);
  assert.equal(w.headers['cache-control'], 'public, max-age=31536000, immutable');
  const xz = await readFile(path.join(DIST, packed));
  assert.equal(w.bytes, xz.length);
  assert.deepEqual([...xz.subarray(0, 6)], [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an .xz stream');
  const { XzReadableStream } = createRequire(path.join(ROOT, '.tools/xz-decompress/'))('xz-decompress');
  const wasm = new Uint8Array(await new Response(new XzReadableStream(new Blob([xz]).stream())).arrayBuffer());
  assert.ok(WebAssembly.validate(wasm), 'the packed file decodes to a valid wasm module');
  assert.ok(wasm.length > 3 * xz.length, `xz shrinks the wasm (${xz.length} of ${wasm.length} B)`);
  const exports = WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((e) => e.name);
  assert.ok(exports.includes('memory'), 'the decoded module exports its memory');
  const wk = await head(server.origin + BASE + worker);
  assert.equal(wk.headers['content-encoding'], 'br');
  assert.equal(wk.headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const name of ['sw.js', 'manifest.webmanifest']) {
    assert.equal((await head(server.origin + BASE + name)).headers['cache-control'], 'no-cache', name);
  }
  const bare = await head(server.origin + BASE.slice(0, -1));
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.location, BASE);
  // Every file of the build (the PNGs and the xz stream aside, where compression gains little or
  // nothing: scripts/compress.mjs writes no copy that is not smaller) has both copies.
  for (const name of await readdir(DIST)) {
    if (/\.(gz|br|png|wasmxz)$/.test(name)) continue;
    const names = await readdir(DIST);
    assert.ok(names.includes(`${name}.gz`) && names.includes(`${name}.br`), `${name} has .gz and .br copies`);
  }
});

/** `id = text` of crates/app/locales/<locale>.ftl (a one-line message). */
async function ftlMessage(locale, id) {
  const ftl = await readFile(new URL(`../../crates/app/locales/${locale}.ftl`, import.meta.url), 'utf8');
  return ftl.match(new RegExp(`^${id} = (.*)$`, 'm'))[1];
}

test('a wasm that cannot be fetched or arrives damaged: the page says so and asks for a reload, and a reload then works', async () => {
  const packed = (await readFile(path.join(DIST, 'index.html'), 'utf8')).match(/\.\/([\w-]+_bg\.wasmxz)'/)[1];
  const xz = await readFile(path.join(DIST, packed));
  const changed = Buffer.from(xz);
  changed.fill(0x55, 1000, 1100);
  // A truncated stream (an upload cut short), bytes changed in the middle (the LZMA stream and
  // its CRC32 catch it) and a missing file, each in a copy of the build served at BASE.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gpu-cost-planner-damaged-'));
  try {
    for (const [what, bytes] of [['truncated', xz.subarray(0, 2000)], ['changed', changed], ['missing', null]]) {
      const build = path.join(dir, what);
      await cp(DIST, build, { recursive: true });
      if (bytes) await writeFile(path.join(build, packed), bytes);
      else await rm(path.join(build, packed));
      server.serve(build);
      // A context of its own: the service worker the last case's good build installed would
      // serve this one from its cache.
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.name));
      await page.goto(server.origin + BASE);
      const notice = await page.waitForSelector('#start-failed-notice', { timeout: 20000 });
      assert.match(await notice.textContent(), /could not be loaded.*reload the page.*未能加载/, what);
      assert.equal(await notice.getAttribute('role'), 'alert', what);
      assert.equal(await page.$('#panic-notice'), null, `${what}: not the panic notice`);
      assert.equal(await page.$('#total-0'), null, `${what}: no app`);
      assert.equal(await page.$eval('#boot [role=status]', (s) => s.hidden), true, `${what}: the loading line is hidden`);
      assert.deepEqual(errors, ['WasmLoadError'], what);
      // The file fixed on the host: a reload starts the app, also where the damaged copy
      // reached the HTTP cache (the worker tries once more past it).
      server.serve(DIST);
      await page.reload();
      await page.waitForSelector('#total-0');
      assert.equal(await page.$('#start-failed-notice'), null, `${what}: the reload started the app`);
      await context.close();
    }
  } finally {
    server.serve(DIST);
    await rm(dir, { recursive: true, force: true });
  }
});

test('before the wasm arrives, the page shows its header and a loading line in the language the app starts in; the app replaces them', async () => {
  /** Opens BASE with the wasm held back; returns the page, the held wasm request's release and the boot view's texts. */
  async function openHeld(context) {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    let release;
    const released = new Promise((r) => { release = r; });
    await page.route('**/*.wasmxz', async (route) => { await released; await route.continue(); });
    await page.goto(server.origin + BASE);
    await page.waitForSelector('#boot h1');
    const boot = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.querySelector('#boot h1').textContent,
      intro: document.querySelector('#boot .intro').textContent,
      status: document.querySelector('#boot [role=status]').textContent,
      visible: document.querySelector('#boot h1').getBoundingClientRect().height > 0,
      app: document.querySelector('#total-0') !== null,
    }));
    const introTop = await page.$eval('#boot .intro', (p) => p.getBoundingClientRect().top);
    return { page, problems, release, boot, introTop };
  }
  const expected = {
    en: { title: await ftlMessage('en', 'ui-app-title'), intro: await ftlMessage('en', 'ui-app-intro'), status: 'Loading the planner…' },
    'zh-CN': { title: await ftlMessage('zh-CN', 'ui-app-title'), intro: await ftlMessage('zh-CN', 'ui-app-intro'), status: '正在加载规划器…' },
  };
  // The wasm is fetched by the start-up script once the first view is painted, not preloaded
  // while the HTML is parsed (scripts/minify.mjs says why); the glue keeps its checked preload.
  const html = await (await fetch(server.origin + BASE)).text();
  assert.doesNotMatch(html, /<link[^>]*_bg\.wasm/, 'no <link> fetches the wasm early');
  assert.match(html, /<link rel="modulepreload"[^>]*integrity="sha384-/, 'the glue is preloaded with its hash');
  async function check(context, want) {
    const { page, problems, release, boot, introTop } = await openHeld(context);
    assert.deepEqual(boot, { lang: want, ...expected[want], visible: true, app: false }, `boot view for ${want}`);
    release();
    await page.waitForSelector('html[data-mounted="all"]');
    assert.equal(await page.$('#boot'), null, 'the app removed the boot view');
    const appIntroTop = await page.$eval('header .intro', (p) => p.getBoundingClientRect().top);
    assert.ok(Math.abs(appIntroTop - introTop) < 0.5, `the intro stays where it was (${introTop} -> ${appIntroTop})`);
    assert.deepEqual(await page.$$eval('h1', (hs) => hs.map((h) => h.textContent)), [expected[want].title], 'one header, the app\'s');
    assert.equal(await page.evaluate(() => document.documentElement.lang), want, 'the app started in the boot view\'s language');
    assert.deepEqual(problems, []);
    await page.close();
  }
  // The browser's language, when nothing is stored (a zh-TW browser gets English, as in the app).
  // At desktop and phone widths (where the language switch wraps under the title).
  for (const [locale, want, width] of [['en-US', 'en', 1280], ['zh-CN', 'zh-CN', 1280], ['zh-TW', 'en', 1280], ['en-US', 'en', 375], ['zh-CN', 'zh-CN', 375]]) {
    const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
    await check(context, want);
    await context.close();
  }
  // The stored choice wins over the browser's language: chosen in one visit, autosaved, then a
  // new visit (a fresh context with that storage, so no service worker serves the wasm).
  const first = await browser.newContext({ locale: 'en-US' });
  const page = await first.newPage();
  await page.goto(server.origin + BASE);
  await page.waitForSelector('html[data-mounted="all"]');
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => {
    try { return JSON.parse(localStorage.getItem('gpurent.state')).language === 'zh-CN'; } catch { return false; }
  });
  const storageState = await first.storageState();
  await first.close();
  const context = await browser.newContext({ locale: 'en-US', storageState });
  await check(context, 'zh-CN');
  await context.close();
});

test('installable: manifest with relative start_url and scope, icons that load, theme colours, a description in the page language', async () => {
  const { context, page, problems } = await open();
  const href = await page.$eval('link[rel=manifest]', (l) => l.href);
  assert.equal(href, `${server.origin}${BASE}manifest.webmanifest`);
  const manifest = await page.evaluate(async (u) => (await fetch(u)).json(), href);
  assert.equal(new URL(manifest.start_url, href).href, server.origin + BASE, 'start_url is the base path');
  assert.equal(new URL(manifest.scope, href).href, server.origin + BASE, 'scope is the base path');
  assert.ok(manifest.name && manifest.short_name && manifest.description);
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
  for (const want of ['192x192', '512x512']) {
    assert.ok(manifest.icons.some((i) => i.sizes === want && i.type === 'image/png' && i.purpose.includes('any')), `${want} PNG icon`);
  }
  assert.ok(manifest.icons.some((i) => i.purpose.includes('maskable')), 'a maskable icon');
  assert.ok(manifest.icons.some((i) => i.type === 'image/svg+xml'), 'the SVG icon');
  for (const icon of manifest.icons) {
    const size = await page.evaluate(async (u) => {
      const img = new Image();
      img.src = u;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, new URL(icon.src, href).href);
    if (icon.sizes !== 'any') assert.equal(size, icon.sizes, icon.src);
  }
  const themes = await page.$$eval('meta[name=theme-color]', (ms) => ms.map((m) => [m.media, m.content]));
  assert.deepEqual(themes.map(([m]) => m), ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);

  const description = () => page.$eval('meta[name=description]', (m) => m.content);
  const english = await description();
  assert.match(english, /on-demand, reserved, savings plan and spot/);
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await description(), /按需.*预留.*竞价.*包月/);
  assert.equal(await page.title(), 'GPU 租用成本规划器');
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await description(), english, 'index.html and en.ftl give the same description');
  assert.equal(await page.title(), 'GPU rental cost planner');
  assert.deepEqual(problems, []);
  await context.close();
});

test('offline: after one visit the planner reloads without a network, with the autosaved scenario and its charts', async () => {
  const { context, page, problems } = await open();
  await controlled(page);
  await setMonthsAndWaitForAutosave(page, 29);
  await context.setOffline(true);
  const served = server.requests();
  await page.reload();
  await page.waitForSelector('#total-0');
  await page.waitForFunction(() => performance.getEntriesByName('first-chart').length > 0);
  await chartDrawn(page);
  assert.equal(await page.inputValue('#months-number'), '29', 'the autosaved scenario');
  for (const id of ['#chart-ranking', '#chart-breakdown']) {
    await page.$eval(id, (c) => c.scrollIntoView());
    await page.waitForFunction((sel) => document.querySelector(`${sel} svg`)?.querySelectorAll('path, polyline, rect').length > 0, id);
  }
  assert.equal(await page.$('#update-notice'), null, 'no new version while offline');
  assert.equal(server.requests(), served, 'no request reached the server');
  assert.deepEqual(problems, []);
  // The network really is off, for the worker too: a file the build does not have fails (and
  // the browser logs that failure, so this comes after the check above).
  const probe = await page.evaluate(() => fetch('./not-in-the-build.txt').then((r) => `HTTP ${r.status}`, () => 'failed'));
  assert.equal(probe, 'failed');
  await context.close();
});

/**
 * A new build of DIST in a temporary folder, made the way a deployment changes: one changed
 * stylesheet (new content, so a new hashed name, with index.html pointing at it and its SRI
 * hash updated), then the build's own hook scripts regenerate the worker's file list and build
 * id (scripts/precache.mjs, from assets/sw.js) and the .gz/.br copies (scripts/compress.mjs).
 * The wasm and JS are the same files: the test is about the worker taking a new set of files,
 * which a real rebuild would give too, at the cost of another release build.
 * Resolves to `{ dir, css, id }`: the folder, the new stylesheet's name and the new build id.
 */
async function newBuild() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gpu-cost-planner-build2-'));
  await cp(DIST, dir, { recursive: true });
  for (const name of await readdir(dir)) if (/\.(gz|br)$/.test(name)) await rm(path.join(dir, name));
  const indexPath = path.join(dir, 'index.html');
  let index = await readFile(indexPath, 'utf8');
  const old = index.match(/\.\/(style-[0-9a-f]+\.css)/)[1];
  const text = `${await readFile(path.join(dir, old), 'utf8')}\n:root { --build-marker: 2; }\n`;
  const css = `style-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.css`;
  await writeFile(path.join(dir, css), text);
  await rm(path.join(dir, old));
  const sri = `sha384-${createHash('sha384').update(text).digest('base64')}`;
  index = index.replace(new RegExp(`\\./${old}" integrity="[^"]+"`), `./${css}" integrity="${sri}"`);
  assert.ok(index.includes(css), 'index.html points at the new stylesheet');
  await writeFile(indexPath, index);
  await rename(path.join(dir, 'sw.js'), path.join(dir, 'sw.previous.js'));
  await cp(new URL('../../assets/sw.js', import.meta.url), path.join(dir, 'sw.js'));
  await rm(path.join(dir, 'sw.previous.js'));
  const { id } = await fillWorker(dir);
  await compressDir(dir);
  return { dir, css, id };
}

test('a new deployment: the open page says a new version is ready, never mixes builds, and Reload switches to the new files', async () => {
  const { context, page, problems } = await open();
  await controlled(page);
  await setMonthsAndWaitForAutosave(page, 31);
  const oldCss = await page.$eval('link[rel=stylesheet]', (l) => l.getAttribute('href'));
  const oldKeys = await page.evaluate(() => caches.keys());
  assert.equal(oldKeys.length, 1, `one cache: ${oldKeys}`);

  const build = await newBuild();
  try {
    server.serve(build.dir);
    // Navigating makes the browser check sw.js: the page comes from the old build's cache, the
    // new worker installs beside it, and the page says so.
    await page.reload();
    await page.waitForSelector('#update-notice', { timeout: 60_000 });
    assert.match(await page.textContent('#update-notice'), /new version/);
    assert.equal(await page.$eval('link[rel=stylesheet]', (l) => l.getAttribute('href')), oldCss, 'still the old build');
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--build-marker')), '');

    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('#total-0');
    await chartDrawn(page);
    assert.equal(await page.$eval('link[rel=stylesheet]', (l) => l.getAttribute('href')), `./${build.css}`, 'the new build');
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--build-marker').trim()), '2');
    assert.equal(await page.inputValue('#months-number'), '31', 'the scenario is kept');
    assert.equal(await page.$('#update-notice'), null);
    const keys = await page.evaluate(() => caches.keys());
    assert.equal(keys.length, 1, `the old build's cache is deleted: ${keys}`);
    assert.ok(keys[0].endsWith(` ${build.id}`), `the cache is the new build's (${keys[0]})`);
    assert.notDeepEqual(keys, oldKeys);
    // And the new build is what opens offline now.
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#total-0');
    assert.equal(await page.$eval('link[rel=stylesheet]', (l) => l.getAttribute('href')), `./${build.css}`);
    assert.deepEqual(problems, []);
  } finally {
    server.serve(DIST);
    await context.close();
    await rm(build.dir, { recursive: true, force: true });
  }
});
