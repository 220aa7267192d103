// End-to-end tests of start-up, persistence, share links, scenario files, presets and the
// language switch (issue 6), on the release bundle in headless Chromium (see harness.mjs).
// Every scenario comparison goes through the app's own JSON export, i.e. what it holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startApp, stopApp, openApp, exportedScenario, choosePreset } from './harness.mjs';

const DIST = process.env.DIST_DIR;
const PRESETS = ['a100-training-reserved-mix', 'rtx4090-marketplace-vs-cloud', 'offpeak-rendering', 'free-tier-to-paid'];
const STATE_KEY = 'gpurent.state';
const BACKUP_KEY = 'gpurent.state.backup';

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

const exported = exportedScenario;

/** JSON text with object keys sorted (the stored state and the export order keys differently). */
function canonical(value) {
  const sort = (v) => (Array.isArray(v) ? v.map(sort)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v);
  return JSON.stringify(sort(value));
}

/** Waits until the stored state's current scenario equals `json` (the autosave ran). */
async function storedCurrentIs(page, json) {
  await page.waitForFunction(([key, want]) => {
    const sort = (v) => (Array.isArray(v) ? v.map(sort)
      : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v);
    try {
      return JSON.stringify(sort(JSON.parse(localStorage.getItem(key)).current)) === want;
    } catch { return false; }
  }, [STATE_KEY, canonical(json)]);
}

test('a share link wins over different stored state and shows exactly its scenario', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'offpeak-rendering');
  const linked = (await exported(page)).json;
  await page.click('#copy-share-link');
  await page.waitForSelector('#share-link');
  const link = await page.inputValue('#share-link');
  assert.match(link, /#s=[A-Za-z0-9_-]+$/);
  assert.equal(await page.evaluate(() => location.hash), link.slice(link.indexOf('#')));
  await page.waitForSelector('#share-status');

  // Different stored state: another preset, autosaved (and the link leaves the address bar).
  await choosePreset(page, 'a100-training-reserved-mix');
  const stored = (await exported(page)).json;
  assert.notDeepEqual(stored, linked);
  await storedCurrentIs(page, stored);
  assert.equal(await page.evaluate(() => location.hash), '');

  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('#copy-share-link');
  assert.deepEqual((await exported(other)).json, linked, 'the link scenario, no leftovers');
  // A clean link gives no notice about itself; the only one says where the different autosaved
  // scenario was kept (links.test.mjs checks that it opens again).
  assert.deepEqual(await other.$$eval('.load-notice', (e) => e.map((x) => x.textContent.replace(/“.*”/, '“…”'))),
    ['The scenario you had before this link was kept in your saved scenarios as “…”']);
  // The link's scenario is now the autosaved one.
  await storedCurrentIs(other, linked);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link written natively (checked in) opens in the page over stored state, and the page writes its own', async () => {
  // tests/golden/share-link-native.txt: the golden off-peak scenario in zh-CN, compressed by
  // miniz_oxide (a native test keeps it equal to what `share::encode` writes); the page
  // inflates it with the browser's DecompressionStream.
  const golden = (name) => readFile(new URL(`../golden/${name}`, import.meta.url), 'utf8');
  const link = (await golden('share-link-native.txt')).trim();
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'a100-training-reserved-mix');
  const stored = (await exported(page)).json;
  await storedCurrentIs(page, stored);

  const other = await context.newPage();
  other.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // Every scenario the page autosaves, from its first script on: the stored one must never be
  // written back once the link is being opened.
  await other.addInitScript((key) => {
    window.__saved = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === key) window.__saved.push(JSON.parse(v).current);
      return setItem.call(this, k, v);
    };
  }, STATE_KEY);
  await other.goto(`${origin}/${link}`);
  await other.waitForSelector('#copy-share-link');
  assert.equal(await other.textContent('#copy-share-link'), '复制分享链接', "the link's language");
  // A clean link gives no notice about itself; the only one says where the different autosaved
  // scenario was kept.
  assert.deepEqual(await other.$$eval('.load-notice', (e) => e.map((x) => x.textContent.replace(/“.*”/, '“…”'))),
    ['打开此链接之前的方案已保存在“…”']);
  const shown = (await exported(other)).json;
  const want = JSON.parse(await golden('offpeak-render.json'));
  // The export writes every field; the golden file leaves out those at their defaults.
  const dropDefaults = (v) => (Array.isArray(v) ? v.map(dropDefaults)
    : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v)
      .filter(([k, x]) => x !== 0 && x !== false && !(k === 'month' && x === '730h'))
      .map(([k, x]) => [k, dropDefaults(x)])) : v);
  // The golden file is format version 1; the page reads it as version 2 unchanged and writes
  // version 2 (docs/scenario-format.md, "Versions").
  assert.equal(want.version, 1);
  assert.equal(canonical(dropDefaults(shown)), canonical({ ...want, version: 2 }), "exactly the link's scenario");
  await storedCurrentIs(other, shown);
  const saved = await other.evaluate(() => window.__saved);
  assert.ok(saved.length >= 1);
  for (const s of saved) assert.equal(canonical(s), canonical(shown), 'only the link scenario is autosaved');

  // The page compresses with CompressionStream: its link opens the same scenario again.
  await other.click('#copy-share-link');
  await other.waitForSelector('#share-link');
  const own = await other.inputValue('#share-link');
  assert.match(own, /#s=[A-Za-z0-9_-]+$/);
  const third = await context.newPage();
  await third.goto(own);
  await third.waitForSelector('#copy-share-link');
  assert.deepEqual((await exported(third)).json, shown);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a damaged share link still opens: notices, defaults, never a blank page', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  // A fresh load of the link (a fragment change alone is a link pasted into the open page:
  // robust.test.mjs covers that).
  await page.goto('about:blank');
  await page.goto(`${origin}/#s=not-a-valid-payload`);
  await page.waitForSelector('.load-notice');
  assert.match(await page.textContent('.load-notice'), /link is damaged/);
  await page.click('#dismiss-load-notices');
  assert.equal(await page.$('.load-notice'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the autosaved scenario survives a reload', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.fill('#months-number', '7');
  await page.fill('#gpus-number', '3');
  await page.waitForFunction(() => document.querySelector('#gpus-range').value === '3');
  const before = (await exported(page)).json;
  assert.equal(before.horizon_months, 7);
  assert.equal(before.workload.gpus, 3);
  await storedCurrentIs(page, before);
  await page.reload();
  await page.waitForSelector('#copy-share-link');
  assert.deepEqual((await exported(page)).json, before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a change made just before the page is left is saved: the delayed autosave is flushed on pagehide', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const start = (await exported(page)).json;
  await storedCurrentIs(page, start);
  // Change the horizon and leave in the next task: the autosave's 200 ms delay has not run out,
  // so the stored state is still the old one when the reload starts (checked), and only the
  // pagehide flush can save the change.
  const storedAtReload = await page.evaluate(async (key) => {
    const f = document.querySelector('#months-number');
    f.value = '9';
    f.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    const months = JSON.parse(localStorage.getItem(key)).current.horizon_months;
    setTimeout(() => location.reload(), 0);
    return months;
  }, STATE_KEY);
  assert.equal(storedAtReload, start.horizon_months, 'the write was still pending at the reload');
  await page.waitForSelector('#copy-share-link');
  await page.waitForSelector('#total-0');
  assert.equal((await exported(page)).json.horizon_months, 9);
  assert.deepEqual(problems, []);
  await context.close();
});

test('named saved scenarios: save as, open, delete, kept across reloads', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'free-tier-to-paid');
  const saved = (await exported(page)).json;
  await page.fill('#save-name', 'prototype');
  await page.click('#save-as');
  await page.fill('#save-name', 'prototype');
  await page.click('#save-as');
  await page.waitForSelector('.load-notice');
  assert.match(await page.textContent('.load-notice'), /prototype \(2\)/);
  await choosePreset(page, 'offpeak-rendering');
  await page.reload();
  await page.waitForSelector('#saved-list');
  assert.deepEqual(await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent)), ['prototype', 'prototype (2)']);
  await page.click('.saved-item:first-child .saved-open');
  assert.deepEqual((await exported(page)).json, saved);
  await page.click('.saved-item:last-child .saved-delete');
  assert.deepEqual(await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent)), ['prototype']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a corrupt stored value next to good saved scenarios: notice, backup kept, saved list intact', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'free-tier-to-paid');
  const good = (await exported(page)).json;
  // The preset's autosave lands first (it is written once the scenario is still), so the
  // corrupt value below is what the reload reads.
  await storedCurrentIs(page, good);
  const raw = JSON.stringify({ version: 1, current: 'not a scenario', saved: [{ name: 'good one', scenario: good }] });
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STATE_KEY, raw]);
  await page.reload();
  await page.waitForSelector('#copy-share-link');
  const notices = await page.$$eval('.load-notice', (e) => e.map((x) => x.textContent));
  assert.ok(notices.some((n) => n.startsWith('current')), `a notice names the field: ${notices}`);
  assert.deepEqual(await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent)), ['good one']);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), BACKUP_KEY), raw, 'the raw value is kept aside');
  // Autosave replaced the state but never the backup; another reload does not touch it.
  await page.fill('#months-number', '5');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).current.horizon_months === 5, STATE_KEY);
  await page.reload();
  await page.waitForSelector('#copy-share-link');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), BACKUP_KEY), raw);
  assert.equal(await page.$('.load-notice'), null);
  await page.click('.saved-item:first-child .saved-open');
  assert.deepEqual((await exported(page)).json, good);
  await storedCurrentIs(page, good);

  // Not JSON at all: defaults with a notice, raw text kept under the next free backup key.
  await page.evaluate((k) => localStorage.setItem(k, '{{{ broken'), STATE_KEY);
  await page.reload();
  await page.waitForSelector('.load-notice');
  assert.equal(await page.evaluate(() => localStorage.getItem('gpurent.state.backup.2')), '{{{ broken');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), BACKUP_KEY), raw);
  assert.deepEqual(problems, []);
  await context.close();
});

test('scenario JSON export then import gives the same scenario; a bad field is named', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'rtx4090-marketplace-vs-cloud');
  const out = await exported(page);
  assert.match(out.name, /^gpu-cost-scenario-\d{4}-\d{2}-\d{2}\.json$/);
  await choosePreset(page, 'offpeak-rendering');
  const offpeak = (await exported(page)).json;
  assert.notDeepEqual(offpeak, out.json);
  await page.setInputFiles('#import-scenario', { name: 'plan.json', mimeType: 'application/json', buffer: Buffer.from(out.text) });
  // The file is read asynchronously; the autosave shows when its scenario is in place.
  await storedCurrentIs(page, out.json);
  const back = (await exported(page)).json;
  assert.deepEqual(back, out.json);
  // The work it replaced is kept first in the saved list, and one notice says so.
  assert.deepEqual(await page.$$eval('.load-notice', (e) => e.map((x) => x.textContent)),
    [`The scenario you had before importing “plan.json” was kept in your saved scenarios as “${await page.textContent('.saved-item:first-child .saved-name')}”`]);
  assert.match(await page.textContent('.saved-item:first-child .saved-name'), /^Autosaved before an import, \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await page.click('.saved-item:first-child .saved-open');
  await storedCurrentIs(page, offpeak);
  assert.deepEqual((await exported(page)).json, offpeak, 'the replaced work opens again');

  const bad = { ...out.json, contingency_pct: 'lots', colour: 'red' };
  await page.setInputFiles('#import-scenario', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await page.waitForSelector('.load-notice');
  const notices = await page.$$eval('.load-notice', (e) => e.map((x) => x.textContent));
  assert.ok(notices.some((n) => n.startsWith('contingency_pct')), `${notices}`);
  assert.ok(notices.some((n) => n.startsWith('colour')), `${notices}`);
  assert.equal((await exported(page)).json.contingency_pct, 0);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Every field of `want` (recursively; arrays element by element, same length) equals `got`'s. */
function assertGives(got, want, path) {
  if (Array.isArray(want)) {
    assert.ok(Array.isArray(got) && got.length === want.length, `${path}: ${JSON.stringify(got)}`);
    want.forEach((w, i) => assertGives(got[i], w, `${path}[${i}]`));
  } else if (want && typeof want === 'object') {
    assert.ok(got && typeof got === 'object', `${path}: ${JSON.stringify(got)}`);
    for (const [k, v] of Object.entries(want)) assertGives(got[k], v, `${path}.${k}`);
  } else {
    assert.deepEqual(got, want, path);
  }
}

test('each preset loads its scenario with its translated name', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  for (const id of PRESETS) {
    const file = JSON.parse(await readFile(new URL(`../../crates/app/presets/${id}.json`, import.meta.url), 'utf8'));
    await choosePreset(page, id);
    const got = (await exported(page)).json;
    // The export also writes the fields the file leaves at their defaults: every field the
    // file gives must come back with its value.
    assertGives(got, file, id);
    const label = await page.$eval(`#preset option[value="${id}"]`, (o) => o.textContent);
    assert.ok(label.length > 3 && !label.startsWith('preset-'), label);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the language switch keeps the scenario, is stored, and travels in the share link', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'a100-training-reserved-mix');
  const before = (await exported(page)).json;
  assert.equal(await page.textContent('#copy-share-link'), 'Copy share link');
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('#copy-share-link').textContent === '复制分享链接');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.deepEqual((await exported(page)).json, before);
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).language === 'zh-CN', STATE_KEY);
  await page.reload();
  await page.waitForSelector('#copy-share-link');
  assert.equal(await page.inputValue('#language'), 'zh-CN');
  assert.deepEqual((await exported(page)).json, before);
  await page.click('#copy-share-link');
  await page.waitForSelector('#share-link');
  const link = await page.inputValue('#share-link');
  // A receiver whose browser prefers English still gets the link's language.
  const fresh = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
  const other = await fresh.newPage();
  await other.goto(link);
  await other.waitForSelector('#copy-share-link');
  assert.equal(await other.inputValue('#language'), 'zh-CN');
  assert.deepEqual((await exported(other)).json, before);
  await fresh.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the initial language follows the browser', async () => {
  const zh = await browser.newContext({ locale: 'zh-CN' });
  const page = await zh.newPage();
  await page.goto(`${origin}/`);
  await page.waitForSelector('#copy-share-link');
  assert.equal(await page.inputValue('#language'), 'zh-CN');
  assert.equal(await page.textContent('#copy-share-link'), '复制分享链接');
  await zh.close();
});

test('marketplace picks carry their failure allowance into the added options', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#advisor-gpu', 'RTX 4090');
  await page.check('#advisor-ops');
  await page.check('#advisor-budget');
  await page.waitForSelector('#advisor-list');
  assert.match(await page.textContent('#advisor-list'), /12 % added for host failures/);
  await page.click('#advisor-compare');
  await page.waitForSelector('#advisor-added');
  const note = await page.textContent('#advisor-added');
  assert.match(note, /its 12 % failure allowance is carried in as [0-9.]+ host failures per instance-hour/);
  const rate = Number(note.match(/carried in as ([0-9.]+) host failures/)[1]);
  const added = (await exported(page)).json.options.filter((o) => (o.failures_per_hour ?? 0) > 0);
  assert.ok(added.some((o) => Math.abs(o.failures_per_hour - rate) < 1e-9), JSON.stringify(added));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the decision helper ranks offers for the scenario with reasons and adds the top picks beside the user\'s options, with Undo', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const mine = (await exported(page)).json.options.map((o) => o.offer);
  assert.ok(mine.length >= 1, 'the page opens with options');
  await page.selectOption('#advisor-gpu', 'A100');
  await page.check('#advisor-interruptible');
  await page.check('#advisor-budget');
  await page.waitForSelector('#advisor-list');
  // Sized for the scenario's 8 GPUs, priced in the page's currency.
  assert.match(await page.textContent('#advisor-sized'), /8 GPUs; prices in USD/);
  // The shortlist follows the scenario's GPUs once the scenario is still (not at every step
  // of a slider), and back.
  await page.fill('#gpus-number', '16');
  await page.waitForFunction(() => /16 GPUs; prices in USD/.test(document.querySelector('#advisor-sized').textContent));
  await page.fill('#gpus-number', '8');
  await page.waitForFunction(() => /8 GPUs; prices in USD/.test(document.querySelector('#advisor-sized').textContent));
  const picks = await page.$$eval('.advisor-pick', (e) => e.map((x) => ({ id: x.dataset.offer, text: x.textContent })));
  assert.ok(picks.length >= 1 && picks.length <= 5);
  for (const p of picks) assert.match(p.text, /A100/);
  assert.match(picks[0].text, /Has the GPU asked for/);
  assert.match(picks[0].text, /The budget is tight: ranked on price alone/);
  await page.click('#advisor-compare');
  await page.waitForSelector('#advisor-added');
  const ids = (await exported(page)).json.options.map((o) => o.offer);
  assert.deepEqual(ids.slice(0, mine.length), mine, 'the user\'s options stay, first');
  const fresh = picks.slice(0, 3).map((p) => p.id).filter((id) => !mine.includes(id));
  assert.deepEqual(ids.slice(mine.length), fresh.slice(0, 10 - mine.length), 'the picks follow them');
  assert.match(await page.textContent('#advisor-added'), new RegExp(`^Added ${Math.min(fresh.length, 10 - mine.length)} option`));
  await page.click('#advisor-undo');
  await page.waitForSelector('#advisor-added', { state: 'detached' });
  assert.deepEqual((await exported(page)).json.options.map((o) => o.offer), mine, 'Undo restores the options');
  // The memory question: a number of GiB or nothing; anything else is refused beside it and
  // the minimum in force stays.
  const memory = async (v) => {
    await page.fill('#advisor-memory', v);
    await page.dispatchEvent('#advisor-memory', 'change');
    return (await page.textContent('#advisor-memory-error')).trim();
  };
  const before = await page.$$eval('.advisor-pick', (e) => e.map((x) => x.dataset.offer));
  assert.equal(await memory('abc'), '"abc" is not a number');
  assert.equal(await page.getAttribute('#advisor-memory', 'aria-invalid'), 'true');
  assert.equal(await memory('-1'), 'must be at least 0');
  assert.deepEqual(await page.$$eval('.advisor-pick', (e) => e.map((x) => x.dataset.offer)), before, 'a refusal changes nothing');
  assert.equal(await memory('80'), '');
  assert.equal(await memory('1e308'), 'must be at most 1,024 — still using 80');
  for (const p of await page.$$eval('.advisor-pick', (e) => e.map((x) => x.textContent))) assert.match(p, /A100 80GB/);
  assert.equal(await memory(''), '', 'empty: no minimum');
  assert.equal(await memory('5,5'), 'use a dot for decimals, e.g. 5.5');
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('#advisor-heading').textContent === '决策助手');
  assert.doesNotMatch(await page.textContent('.advisor-pick'), /Has the GPU asked for/);
  assert.equal(await memory('abc'), '“abc”不是数字');
  assert.deepEqual(problems, []);
  await context.close();
});
