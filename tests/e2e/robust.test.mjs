// Robustness in the browser (issue 8), on the release bundle in headless Chromium (harness.mjs):
// nothing lost (reload, failed import, corrupt entry, newer version, full quota), hostile share
// links, a scripted run through every control with hostile values (no panic, still responding,
// no NaN/inf on the page, in downloads or in the URL), degenerate scenarios, and two UI fixes
// (the 10-option limit says so; a slider and its field agree).
//
// Share links are black-box: made by the app's own share button, or the checked-in golden
// fragments of tests/e2e/fixtures/hostile-links.json (checked against the native encoder by
// tests/hostile_imports.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { startApp, stopApp, openApp, exportedScenario, choosePreset } from './harness.mjs';

const DIST = process.env.DIST_DIR;
const STATE_KEY = 'gpurent.state';
const BACKUP_KEY = 'gpurent.state.backup';
const LINKS = JSON.parse(await readFile(new URL('./fixtures/hostile-links.json', import.meta.url), 'utf8')).cases;
/** What typed into a number field must never reach the scenario (issue 8's list, plus more). */
const HOSTILE = ['', 'abc', '-5', '0', '1e400', 'NaN', 'Infinity', '-Infinity', '1,5', '3.2 $/h',
  '1e15', '-1e308', '99999999999999999999', '0x10', '  ', '½'];
/** A non-finite number written out, as a word (quoted user text is removed first). */
const NON_FINITE = /\b(nan|inf|infinity)\b/i;
const OFFER = 'skypilot-lambda/gpu_1x_a10';
/**
 * The offer `OFFER` opens: a newer source superseded that id (`catalog::SUPERSEDED`), so links
 * and stored states that name it (as `fixtures/hostile-links.json` does) open this offer, and
 * the app writes the current id back.
 */
const OFFER_OPENED = 'gpurentalprices/lambda/1x a10';

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** The scenario the app holds, as its exported JSON (parsed). */
async function exported(page) {
  return (await exportedScenario(page)).json;
}

function stored(page, key = STATE_KEY) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Text with quoted user input ("NaN" is not a number) removed: only the app's own words. */
function ownWords(text) {
  return text.replace(/"[^"\n]*"|“[^”\n]*”|`[^`\n]*`/g, '""');
}

/** The page shows no NaN/inf/Infinity of its own; the share payload in the URL has none
 * (`url: false` when the URL is a hostile link the test opened, not one the app made). */
async function assertAllFinite(page, where, { url = true } = {}) {
  const text = ownWords(await page.evaluate(() => document.body.innerText));
  const m = text.match(NON_FINITE);
  assert.equal(m, null, `${where}: "${m?.[0]}" shown: …${m ? text.slice(Math.max(0, m.index - 80), m.index + 40) : ''}…`);
  if (url) assertUrlFinite(page.url(), where);
}

/** The URL outside the payload, and the payload inflated, hold no non-finite number. */
function assertUrlFinite(url, where) {
  const [base, hash = ''] = url.split('#');
  assert.doesNotMatch(base, NON_FINITE, `${where}: URL ${base}`);
  const payload = hash.match(/(?:^|&)s=([A-Za-z0-9_-]+)/)?.[1];
  if (!payload) return;
  const json = inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
  assert.doesNotMatch(json, NON_FINITE, `${where}: share payload ${json.slice(0, 200)}`);
  assert.doesNotMatch(json, /\bnull\b/, `${where}: a number written as null: ${json.slice(0, 200)}`);
}

/** No console error or page error of a Rust panic, and none at all otherwise. */
function assertNoPanic(problems, where) {
  const panics = problems.filter((p) => /panicked|RuntimeError|unreachable/i.test(p));
  assert.deepEqual(panics, [], `${where}: panic`);
  assert.deepEqual(problems, [], `${where}: console or page errors`);
}

async function notices(page) {
  return page.$$eval('.load-notice', (e) => e.map((x) => x.textContent));
}

async function savedNames(page) {
  return page.$$eval('.saved-name', (e) => e.map((x) => x.textContent));
}

/** The total of the first compared option, as shown. */
function firstTotal(page) {
  return page.textContent('#total-0');
}

// ---------------------------------------------------------------------------------------------
// Nothing lost

test('saved scenarios survive a reload; a failed import changes neither them nor the current one', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await choosePreset(page, 'free-tier-to-paid');
  await page.fill('#save-name', 'first');
  await page.click('#save-as');
  await choosePreset(page, 'rtx4090-marketplace-vs-cloud');
  await page.fill('#save-name', 'second');
  await page.click('#save-as');
  await page.fill('#months-number', '9');
  const current = await exported(page);
  assert.equal(current.horizon_months, 9);
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).current.horizon_months === 9, STATE_KEY);
  await page.reload();
  await page.waitForSelector('#saved-list');
  assert.deepEqual(await savedNames(page), ['first', 'second']);
  assert.deepEqual(await exported(page), current);
  const before = await stored(page);

  const bad = [
    ['broken.json', '{"version": 1, "options": [ {"offer": '],
    ['array.json', '[1, 2, 3]'],
    ['number.json', '42'],
    ['wrong-types.json', JSON.stringify({ version: 'one', workload: 'lots', horizon_months: [], options: 'none' })],
    ['options-wrong.json', JSON.stringify({ version: 1, options: [{ offer: 17 }, 'x', { gpus_per_instance: 'eight' }] })],
    ['empty.json', ''],
    ['binary.json', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe])],
  ];
  for (const [name, body] of bad) {
    await page.setInputFiles('#import-scenario', { name, mimeType: 'application/json', buffer: Buffer.from(body) });
    await page.waitForFunction((n) => [...document.querySelectorAll('.load-notice')].some((e) => e.textContent.startsWith(n)), name);
    const shown = await notices(page);
    assert.ok(shown.some((n) => n.startsWith(name) && /not imported/.test(n) && /unchanged/.test(n)), `${name}: ${shown}`);
    assert.deepEqual(await exported(page), current, `${name}: the current scenario is unchanged`);
    assert.deepEqual(await savedNames(page), ['first', 'second'], name);
    assert.equal(await stored(page), before, `${name}: the stored state is unchanged`);
  }
  // Too large: refused before reading.
  await page.setInputFiles('#import-scenario', { name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(1024 * 1024 + 1, 32) });
  await page.waitForFunction(() => [...document.querySelectorAll('.load-notice')].some((e) => e.textContent.startsWith('huge.json')));
  assert.deepEqual(await exported(page), current);
  assert.equal(await stored(page), before);
  await assertAllFinite(page, 'after failed imports');
  assertNoPanic(problems, 'failed imports');
  await context.close();
});

test('an option on an imported price survives a reload with its prices (imported lists are not stored)', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const csv = 'provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour\nAcme,big,H100 SXM,8,USD,20\n';
  await page.setInputFiles('#import-prices', { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForSelector('#import-loaded');
  await page.fill('#filter-text', 'acme');
  await page.waitForFunction(() => document.querySelectorAll('#offers tbody tr input[type=checkbox]').length === 1);
  await page.check('#offers tbody tr input[type=checkbox]');
  const acmeRow = () => page.$$eval('#comparison tr', (trs) => {
    const tr = trs.find((r) => /Acme/.test(r.querySelector('th.option-label')?.textContent ?? ''));
    return tr ? [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()).filter((x) => /\d/.test(x)).slice(0, 2) : null;
  });
  await page.waitForFunction(() => [...document.querySelectorAll('#comparison th.option-label')].some((l) => /Acme/.test(l.textContent)));
  const before = await acmeRow();
  assert.ok(before && before.length === 2, `the imported option is compared: ${before}`);
  await page.waitForFunction((k) => /Acme/.test(localStorage.getItem(k) ?? ''), STATE_KEY);
  assert.ok(!/"user\//.test(await stored(page)), 'no id of an imported offer is stored');
  await page.reload();
  await page.waitForSelector('#comparison');
  assert.deepEqual(await acmeRow(), before, 'same option, same totals after the reload');
  assert.deepEqual((await notices(page)).filter((n) => /could not be loaded/.test(n)), []);
  assertNoPanic(problems, 'imported option reload');
  await context.close();
});

test('a corrupt saved entry next to good ones: the good ones load, a notice, the raw value kept aside and never overwritten', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const problems = [];
  const raw = JSON.stringify({
    version: 1,
    current: { version: 1, workload: { mode: 'fleet', gpus: 2, hours_per_day: 24 }, horizon_months: 4, options: [{ offer: OFFER }] },
    saved: [
      { name: 'good A', scenario: { version: 1, workload: { mode: 'fleet', gpus: 5, hours_per_day: 8 }, horizon_months: 6, options: [{ offer: OFFER }] } },
      { name: 'broken', scenario: 'NaN' },
      { nom: 'no name' },
      { name: 'good B', scenario: { version: 1, workload: { mode: 'fleet', gpus: 1, hours_per_day: 24 }, horizon_months: 2, options: [{ offer: OFFER }] } },
    ],
  });
  // Written before the app's first script runs, as a previous visit would have left it.
  await context.addInitScript(([k, v]) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(k, v);
    }
  }, [STATE_KEY, raw]);
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  await page.goto(`${origin}/`);
  await page.waitForSelector('#saved-list');
  const names = await savedNames(page);
  assert.ok(names.includes('good A') && names.includes('good B'), `${names}`);
  assert.ok(!names.includes('no name'), `${names}`);
  const shown = await notices(page);
  assert.ok(shown.some((n) => n.startsWith('saved[1]')), `the broken entry is named: ${shown}`);
  assert.ok(shown.some((n) => n.startsWith('saved[2]')), `the nameless entry is named: ${shown}`);
  assert.equal(await stored(page, BACKUP_KEY), raw, 'the raw value is kept under the backup key');
  // The good one opens exactly.
  await page.click('.saved-item:first-child .saved-open');
  const a = await exported(page);
  assert.equal(a.workload.gpus, 5);
  assert.equal(a.horizon_months, 6);
  // Work goes on, autosave writes the state, the backup stays; reloads keep it.
  await page.fill('#months-number', '11');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).current.horizon_months === 11, STATE_KEY);
  for (let i = 0; i < 2; i += 1) {
    await page.reload();
    await page.waitForSelector('#saved-list');
    assert.equal(await stored(page, BACKUP_KEY), raw, `reload ${i + 1}: the backup is never overwritten`);
  }
  assert.equal(await page.$('.load-notice'), null, 'the repaired state loads cleanly');
  await assertAllFinite(page, 'corrupt entry');
  assertNoPanic(problems, 'corrupt entry');
  await context.close();
});

test('state written by a newer app version is not overwritten until the user saves, and a notice says so', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const raw = JSON.stringify({
    version: 2,
    theme: 'dark',
    current: { version: 1, workload: { mode: 'fleet', gpus: 6, hours_per_day: 24 }, horizon_months: 8, options: [{ offer: OFFER }] },
    saved: [{ name: 'from the future', scenario: { version: 1, workload: { mode: 'fleet', gpus: 3, hours_per_day: 24 }, horizon_months: 2, options: [{ offer: OFFER }] } }],
    workspaces: [{ id: 1 }],
  });
  await context.addInitScript(([k, v]) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(k, v);
    }
  }, [STATE_KEY, raw]);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  await page.goto(`${origin}/`);
  await page.waitForSelector('.load-notice');
  const shown = await notices(page);
  assert.ok(shown.some((n) => /newer version/.test(n) && /version 2/.test(n) && /unchanged/.test(n)), `${shown}`);
  // What this version understands was loaded.
  assert.deepEqual(await savedNames(page), ['from the future']);
  assert.equal((await exported(page)).workload.gpus, 6);
  // Editing does not overwrite the newer state; a copy is kept aside as well.
  await page.fill('#months-number', '3');
  await page.waitForFunction(() => document.querySelector('#months-range').value === '3');
  await page.waitForTimeout(300);
  assert.equal(await stored(page), raw, 'the newer state is left as it was');
  assert.equal(await stored(page, BACKUP_KEY), raw, 'and a copy is kept under the backup key');
  await page.reload();
  await page.waitForSelector('.load-notice');
  assert.equal(await stored(page), raw, 'a reload still finds the newer state');
  // An explicit save writes this version's state; the backup keeps the newer one.
  await page.fill('#save-name', 'mine');
  await page.click('#save-as');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).version === 1, STATE_KEY);
  const now = JSON.parse(await stored(page));
  assert.deepEqual(now.saved.map((s) => s.name), ['from the future', 'mine']);
  assert.equal(await stored(page, BACKUP_KEY), raw);
  assertNoPanic(problems, 'newer version');
  await context.close();
});

test('a write refused with QuotaExceededError says so at the save action and keeps the previous save', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  // The quota is "full" once the page sets window.__quotaFull (a real full disk cannot be made
  // reliably in a test profile): setItem then throws the DOMException browsers throw.
  await context.addInitScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function setItem(k, v) {
      if (window.__quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${origin}/`);
  await page.waitForSelector('#total-0');
  await choosePreset(page, 'free-tier-to-paid');
  await page.fill('#save-name', 'kept');
  await page.click('#save-as');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).saved.length === 1, STATE_KEY);
  const previous = await stored(page);
  const previousScenario = await exported(page);

  await page.evaluate(() => { window.__quotaFull = true; });
  await page.fill('#save-name', 'lost');
  await page.click('#save-as');
  await page.waitForSelector('#save-error');
  const message = await page.textContent('#save-error');
  assert.match(message, /storage is full/);
  assert.match(message, /previous save is kept/);
  // Beside the save action: inside the same block as the Save button.
  assert.ok(await page.$eval('#save-error', (e) => !!e.closest('.saved-scenarios')?.querySelector('#save-as')));
  assert.equal(await stored(page), previous, 'the previous save is intact');
  await page.fill('#months-number', '13');
  await page.waitForFunction(() => document.querySelector('#months-range').value === '13');
  assert.equal(await stored(page), previous, 'every later write is refused too, nothing half-written');
  assert.ok(await page.$('#save-error'));

  // Space again: the next change saves and the message goes.
  await page.evaluate(() => { window.__quotaFull = false; });
  await page.fill('#months-number', '14');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).current.horizon_months === 14, STATE_KEY);
  await page.waitForSelector('#save-error', { state: 'detached' });

  // A reload while full shows the previous save.
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STATE_KEY, previous]);
  await page.reload();
  await page.waitForSelector('#saved-list');
  assert.deepEqual(await savedNames(page), ['kept']);
  assert.deepEqual(await exported(page), previousScenario);
  assert.deepEqual(problems, []);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// Share links

/** Opens `url` in a fresh page of `context` and waits for the app (never a blank page). */
async function openLink(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector('#copy-share-link');
  await page.waitForSelector('#results-heading');
  return { page, problems };
}

/** Opens the app in a new page of `context`, loads `preset` and copies its share link: the
 * page, the scenario sent (exported JSON) and the link. */
async function shareLinkOf(context, preset) {
  const maker = await context.newPage();
  await maker.goto(`${origin}/`);
  await maker.waitForSelector('#total-0');
  await choosePreset(maker, preset);
  const sent = await exported(maker);
  await maker.click('#copy-share-link');
  await maker.waitForSelector('#share-link');
  return { maker, sent, link: await maker.inputValue('#share-link') };
}

test('hostile share links open: valid parts load, each rejected field is named, nothing non-finite shown', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const { maker, sent, link } = await shareLinkOf(context, 'a100-training-reserved-mix');
  const fragment = link.slice(link.indexOf('#') + 1);
  assert.match(fragment, /^s=[A-Za-z0-9_-]+$/);
  await maker.close();

  const cases = [
    // [name, url, what the notices must say, check of the loaded scenario]
    ['the app\'s own link', `${origin}/#${fragment}`, [], (s) => assert.deepEqual(s, sent)],
    ['double-percent-encoded', `${origin}/#${encodeURIComponent(encodeURIComponent(fragment))}`, [],
      (s) => assert.deepEqual(s, sent)],
    ['percent-encoded once', `${origin}/#${encodeURIComponent(fragment)}`, [], (s) => assert.deepEqual(s, sent)],
    ['truncated', `${origin}/#${fragment.slice(0, Math.floor(fragment.length * 0.6))}`, [/cut short/], null],
    ['truncated to a few characters', `${origin}/#${fragment.slice(0, 9)}`, [/cut short|damaged/], null],
    ['garbage base64', `${origin}/#s=!!!***%%%@@@`, [/damaged/], null],
    ['valid base64, not deflate', `${origin}/#s=${Buffer.from('hello world, not deflate').toString('base64url')}`, [/damaged/], null],
    ['a 100 KB link', `${origin}/#s=${'A'.repeat(100 * 1024)}`, [/too long/], null],
    ['a 100 KB link of the real payload repeated', `${origin}/#s=${fragment.slice(2).repeat(Math.ceil(110000 / (fragment.length - 2)))}`, [/too long/], null],
  ];
  for (const c of LINKS) {
    const fields = [...new Set(c.fields)];
    cases.push([`golden ${c.name}`, `${origin}/${c.fragment}`, fields.length
      ? fields.map((f) => new RegExp(`^${f.replace(/[[\]().]/g, '\\$&')}:`))
      : [/damaged/], null]);
  }
  for (const [name, url, want, check] of cases) {
    const { page, problems } = await openLink(context, url);
    const shown = await notices(page);
    for (const w of want) assert.ok(shown.some((n) => w.test(n)), `${name}: no notice ${w} in ${JSON.stringify(shown)}`);
    assert.ok(shown.length >= want.length, name);
    if (want.length === 0) assert.deepEqual(shown, [], name);
    const s = await exported(page);
    assert.ok(Array.isArray(s.options) && s.options.length >= 1, `${name}: something to compare`);
    if (check) check(s);
    await page.waitForSelector('#total-0');
    await assertAllFinite(page, name, { url: false });
    // The link the app makes from what it loaded is clean.
    await page.click('#copy-share-link');
    await page.waitForSelector('#share-link');
    assertUrlFinite(await page.inputValue('#share-link'), `${name}: shared again`);
    assertNoPanic(problems, name);
    await page.close();
  }

  // The golden cases keep what was valid.
  const byName = Object.fromEntries(LINKS.map((c) => [c.name, c]));
  const older = await openLink(context, `${origin}/${byName['older-version'].fragment}`);
  const o = await exported(older.page);
  assert.equal(o.workload.gpus, 3);
  assert.equal(o.horizon_months, 5);
  assert.deepEqual(o.options.map((x) => x.offer), [OFFER_OPENED]);
  await older.page.close();
  const unknown = await openLink(context, `${origin}/${byName['unknown-fields'].fragment}`);
  assert.equal((await exported(unknown.page)).workload.gpus, 2);
  await unknown.page.close();
  const absurd = await openLink(context, `${origin}/${byName['absurd-values'].fragment}`);
  const a = await exported(absurd.page);
  assert.deepEqual(a.options.map((x) => x.offer ?? x.name), [OFFER_OPENED], 'the one sound option is kept');
  assert.ok(a.storage_gb <= 1e15 && a.contingency_pct <= 100, JSON.stringify(a));
  await absurd.page.close();
  const overflow = await openLink(context, `${origin}/${byName['overflowing-literal'].fragment}`);
  // A literal past f64 is refused on its own field, like the other absurd values; the sound
  // option is kept (numbers stay text until the field reads them: serde_json arbitrary_precision).
  assert.ok((await notices(overflow.page)).some((n) => /^storage_gb:/.test(n)));
  const ov = await exported(overflow.page);
  assert.deepEqual(ov.options.map((x) => x.offer ?? x.name), [OFFER_OPENED]);
  await overflow.page.close();
  await context.close();
});

test('a share link pasted into a tab that already has the app open replaces its scenario', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const { sent, link } = await shareLinkOf(context, 'a100-training-reserved-mix');
  await context.close();

  // Another browser (its own storage): the app open with a scenario of its own.
  const other = await browser.newContext({ acceptDownloads: true });
  const { page, problems } = await openLink(other, `${origin}/`);
  await page.fill('#months-number', '30');
  await page.waitForFunction(() => document.querySelector('#months-number').value === '30');
  const before = await exported(page);
  assert.notDeepEqual(before, sent);
  // Same document, new fragment: what pasting the link into the address bar does.
  await page.evaluate((h) => { location.hash = h; }, link.slice(link.indexOf('#')));
  // The link is decoded asynchronously (DecompressionStream): poll the scenario for up to 5 s.
  let now = before;
  for (let i = 0; i < 50 && JSON.stringify(now) !== JSON.stringify(sent); i += 1) {
    await page.waitForTimeout(100);
    now = await exported(page);
  }
  assert.deepEqual(now, sent);
  // The opened link is autosaved, and leaves the address bar as after a start-up from a link.
  await page.waitForFunction(() => !location.hash.startsWith('#s'));
  await page.reload();
  await page.waitForSelector('#total-0');
  assert.deepEqual(await exported(page), sent);
  // A damaged link pasted the same way only says so (and that it was not opened): the scenario
  // on screen stays.
  await page.evaluate(() => { location.hash = '#s=!!!not-a-link'; });
  await page.waitForFunction(() => [...document.querySelectorAll('.load-notice')].some((n) => /damaged.*it was not opened/.test(n.textContent)));
  assert.deepEqual(await exported(page), sent);
  assertNoPanic(problems, 'hash change');
  await other.close();
});

// ---------------------------------------------------------------------------------------------
// Panic check: every control with hostile values

/** Ids of the slider fields on the page now. */
function sliderIds(page) {
  return page.$$eval('.slider input.number', (e) => e.map((x) => x.id.replace(/-number$/, '')));
}

/** Types every hostile value into every slider field, checks the message and that the value
 * shown stays the last valid one; then moves each range with the keyboard. */
async function hostileSliders(page, where) {
  // Open every collapsed group (advanced controls), as a user would to reach them.
  await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
  const ids = await sliderIds(page);
  assert.ok(ids.length > 0, where);
  for (const id of ids) {
    const field = `#${id}-number`;
    if (!(await page.$(field))) continue;
    const valid = await page.inputValue(`#${id}-range`);
    for (const v of HOSTILE) {
      await page.fill(field, v);
      const error = await page.textContent(`#${id}-error`);
      const invalid = await page.getAttribute(field, 'aria-invalid');
      if (invalid === 'true') {
        assert.ok(error.length > 0, `${where} ${id} "${v}": a message beside the field`);
        assert.doesNotMatch(ownWords(error), NON_FINITE, `${where} ${id} "${v}": ${error}`);
      }
    }
    await page.fill(field, valid);
    const range = `#${id}-range`;
    for (const key of ['End', 'ArrowLeft', 'Home', 'ArrowRight', 'PageUp']) {
      await page.focus(range);
      await page.keyboard.press(key);
    }
  }
  return ids;
}

async function everySelectOption(page, selector) {
  const el = await page.$(selector);
  if (!el) return 0;
  const values = await page.$$eval(`${selector} option`, (o) => o.map((x) => x.value));
  for (const v of values) {
    if (await page.$(selector)) await page.selectOption(selector, v);
  }
  return values.length;
}

/** Downloads from `button` and returns the file's text. */
const missedDownloads = [];
async function download(page, button) {
  const once = () => Promise.all([page.waitForEvent('download', { timeout: 15000 }).catch(() => null), page.click(button)]);
  let [dl] = await once();
  if (!dl) {
    // Chromium drops the 11th download of a quick burst (docs/robustness.md, "Not covered
    // here"), which this run makes: a second click gives the file. Recorded, and the file's
    // content still checked.
    missedDownloads.push(button);
    [dl] = await once();
  }
  assert.ok(dl, `${button}: no file came, twice`);
  return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
}

test('a run through every control with hostile values: no panic, still responding, nothing non-finite', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const visited = new Set();
  const see = (ids) => ids.forEach((i) => visited.add(i));

  // The panic hook is installed: a panic would be logged as "panicked" and leave #panic-notice.
  assert.equal(await page.$('#panic-notice'), null);

  // Fleet sliders, spot risk, storage, contingency, exchange rate, strategy of option 1.
  see(await hostileSliders(page, 'fleet'));
  await page.click('#use-young').catch(() => {});
  // Every select of the scenario editor and the table, each option in turn.
  for (const s of ['#month-convention', '#display-currency', '#strategy-option', '#reserved-term', '#breakdown-option',
    '#filter-provider', '#filter-gpu', '#filter-memory', '#filter-count', '#filter-sort']) {
    await everySelectOption(page, s);
  }
  await page.selectOption('#month-convention', 'calendar').catch(() => {});
  if (await page.$('#calendar-start')) {
    for (const v of ['', '0000-01', '2026-13', '9999-12', '2026-02']) await page.fill('#calendar-start', v).catch(() => {});
  }
  await page.selectOption('#month-convention', '730 h');
  await page.selectOption('#display-currency', 'USD');
  // Filters with hostile text, then cleared.
  for (const v of ['<script>alert(1)</script>', 'NaN', '%00', '\u202e', 'a'.repeat(5000), '']) {
    await page.fill('#filter-text', v);
    await page.fill('#filter-region', v);
  }
  await page.selectOption('#filter-provider', '');
  await page.selectOption('#filter-gpu', '');
  await page.selectOption('#filter-memory', '0');
  await page.selectOption('#filter-count', '0');

  // Add options up to and past the limit, variants, remove.
  await tickUntilRefused(page);
  for (let i = 0; i < 3; i += 1) {
    const spot = await page.$('#comparison button:has-text("+ spot variant")');
    if (spot) await spot.click();
    const reserved = await page.$('#comparison .reserved-variant');
    if (reserved) await reserved.click();
  }
  for (let i = 0; i < 4; i += 1) {
    const remove = await page.$('#comparison button:has-text("remove")');
    if (remove) await remove.click();
  }
  await everySelectOption(page, '#strategy-option');
  await everySelectOption(page, '#reserved-term');
  see(await hostileSliders(page, 'strategy'));

  // Billing details: the savings plan, every support plan and one's own, packages.
  await everySelectOption(page, '#savings-plan-option');
  await everySelectOption(page, '#support-plan');
  await page.selectOption('#support-plan', 'own');
  see(await hostileSliders(page, 'billing details'));

  // Buy vs rent form.
  await page.check('#buy-enabled');
  see(await hostileSliders(page, 'buy'));
  await page.uncheck('#buy-enabled');

  // Job mode, both sizings.
  await page.selectOption('#workload-mode', 'job');
  see(await hostileSliders(page, 'job by GPU count'));
  await page.selectOption('#job-size', 'deadline');
  see(await hostileSliders(page, 'job by deadline'));
  await page.selectOption('#workload-mode', 'fleet');

  // Presets, advisor, language.
  for (const id of await page.$$eval('#preset option', (o) => o.map((x) => x.value).filter(Boolean))) {
    await choosePreset(page, id);
    see(await sliderIds(page));
  }
  await everySelectOption(page, '#advisor-gpu');
  await everySelectOption(page, '#advisor-location');
  for (const c of ['#advisor-nvlink', '#advisor-budget', '#advisor-ops', '#advisor-interruptible']) {
    await page.click(c);
    await page.click(c);
  }
  for (const v of HOSTILE) {
    await page.fill('#advisor-memory', v);
    await page.press('#advisor-memory', 'Enter');
    await page.dispatchEvent('#advisor-memory', 'change');
  }
  await page.fill('#advisor-memory', '40');
  await page.dispatchEvent('#advisor-memory', 'change');
  await page.selectOption('#advisor-gpu', { index: 1 });
  if (await page.$('#advisor-compare')) await page.click('#advisor-compare');
  await page.selectOption('#language', 'zh-CN');
  await page.selectOption('#language', 'en');

  // Share, export, import (hostile files), price-list import.
  await page.click('#copy-share-link');
  await page.waitForSelector('#share-link');
  assertUrlFinite(await page.inputValue('#share-link'), 'share link');
  await exported(page);
  for (const [name, body] of [['x.json', '{"version":1,"horizon_months":"NaN","options":[{"offer":"' + OFFER + '","on_demand_per_hour":1e308}]}'],
    ['y.json', 'not json'], ['z.json', '{"contingency_pct": -1e308, "options": [{"offer": "' + OFFER + '"}]}']]) {
    await page.setInputFiles('#import-scenario', { name, mimeType: 'application/json', buffer: Buffer.from(body) });
    await page.waitForSelector('.load-notice');
  }
  await page.setInputFiles('#import-prices', {
    name: 'prices.csv', mimeType: 'text/csv',
    buffer: Buffer.from('provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour\nAcme,x1,H100,1,USD,NaN\nAcme,x2,H100,1,USD,1e308\nAcme,x3,H100,1,USD,2.5\n=cmd,x4,H100,1,USD,3\n'),
  });
  await page.waitForSelector('#import-report');

  // Downloads: comparison CSV, every chart's CSV and SVG (and PNG: a file comes). With buying
  // compared, so the rent-vs-buy chart has lines (without, its SVG button gives no file).
  await page.check('#buy-enabled');
  const files = [await download(page, '#download-comparison-csv')];
  for (const kind of ['csv', 'svg', 'png']) {
    for (const id of await page.$$eval(`button[id$="${kind}"]`, (b) => b.map((x) => x.id))) {
      if (id === 'download-comparison-csv') continue;
      const f = await download(page, `#${id}`);
      if (kind !== 'png') files.push(f);
    }
  }
  assert.ok(files.length >= 9, `${files.length} text downloads`);
  if (missedDownloads.length) console.log(`# downloads that needed a second click: ${missedDownloads.join(', ')}`);
  assert.ok(missedDownloads.length <= 2, `${missedDownloads}`);
  for (const f of files) {
    assert.doesNotMatch(ownWords(f.text), NON_FINITE, `${f.name}`);
    assert.doesNotMatch(f.name, NON_FINITE);
  }

  // Everything visited: all slider fields of every mode and form.
  for (const id of ['gpus', 'hours-per-day', 'days-per-week', 'months', 'spot-interruptions', 'checkpoint-interval',
    'checkpoint-write', 'restart', 'storage-gb', 'storage-price', 'egress-gb', 'egress-price', 'contingency',
    'usd-per-cny', 'share-reserved', 'share-spot', 'throughput', 'buy-purchase', 'buy-life', 'buy-residual', 'buy-kw',
    'buy-pue', 'buy-kwh', 'buy-ops', 'job-gpu-hours', 'job-within', 'scaling-efficiency',
    'savings-plan-commitment', 'savings-plan-rate', 'savings-plan-term', 'support-minimum', 'support-pct',
    'package-day', 'package-week', 'package-month', 'package-year', 'settlement-unit']) {
    assert.ok(visited.has(id), `slider ${id} was exercised (${[...visited]})`);
  }

  // No panic, the hook's notice absent, and the app still responds.
  assertNoPanic(problems, 'hostile run');
  assert.equal(await page.$('#panic-notice'), null);
  await choosePreset(page, 'rtx4090-marketplace-vs-cloud');
  await page.fill('#gpus-number', '8');
  await page.waitForFunction(() => document.querySelector('#gpus-range').value === '8');
  const before = await firstTotal(page);
  await page.focus('#gpus-range');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector('#total-0').textContent !== b, before);
  assert.equal(await page.inputValue('#gpus-number'), '9');
  await assertAllFinite(page, 'after the hostile run');
  await context.close();
});

test('a trap of the wasm (how a panic ends) shows the reload notice; other errors do not', async () => {
  // A panic cannot be caused from the page (that is the point). The release wasm traps at once
  // on a panic (panic=immediate-abort, scripts/build.sh) and the trap reaches the page as an
  // uncaught WebAssembly.RuntimeError: thrown here the same way, from a task of its own, after
  // an ordinary error that must not show the notice. The trap is a page error ("unreachable"),
  // so assertNoPanic's pattern would catch a real one in the tests above.
  const { context, page, problems } = await openApp(browser, origin);
  const saved = await stored(page);
  await page.evaluate(() => setTimeout(() => { throw new TypeError('not the wasm'); }));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  assert.equal(await page.$('#panic-notice'), null, 'an ordinary error shows no notice');
  // A trap in async code (wasm-bindgen-futures) reaches the page as an unhandled rejection.
  await page.evaluate(() => { Promise.reject(new WebAssembly.RuntimeError('unreachable')); });
  await page.waitForSelector('#panic-notice[role="alert"]');
  await page.evaluate(() => document.getElementById('panic-notice').remove());
  // A trap in an event handler or a timer: an uncaught error.
  await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable'); }));
  await page.waitForSelector('#panic-notice[role="alert"]');
  assert.match(await page.textContent('#panic-notice'), /reload the page to continue.*请刷新页面继续/);
  await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable'); }));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  assert.equal(await page.locator('#panic-notice').count(), 1, 'one notice, however many traps');
  assert.equal(await stored(page), saved, 'the autosaved state is untouched');
  assert.ok(problems.some((p) => /^page error: unreachable$/.test(p)), `the trap is a page error: ${problems}`);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// Degenerate scenarios

test('degenerate scenarios each get a clear message and no panic', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const total = await firstTotal(page);

  // A filter that matches nothing.
  await page.fill('#filter-text', 'no-such-gpu-anywhere');
  await page.waitForSelector('#no-offers');
  assert.match(await page.textContent('#no-offers'), /No offer matches this filter/);
  await page.fill('#filter-text', '');
  await page.waitForSelector('#offers');

  // GPU count 0 and zero months: refused beside the field, the last result stays.
  await page.fill('#gpus-number', '0');
  assert.match(await page.textContent('#gpus-error'), /at least 1/);
  await page.fill('#months-number', '0');
  assert.match(await page.textContent('#months-error'), /at least 1/);
  assert.equal(await firstTotal(page), total, 'the last valid result stays');
  await page.fill('#gpus-number', '1');
  await page.fill('#months-number', '1');

  // A reserved term longer than the horizon: the commitment owed after it is stated.
  await page.fill('#months-number', '2');
  await page.waitForSelector('#comparison .reserved-variant');
  await page.click('#comparison .reserved-variant');
  await page.waitForFunction(() => /committed after the horizon/.test(document.querySelector('#comparison').textContent));

  // A currency without a rate: an exchange rate of 0 is refused beside the field; a file with
  // a currency the app has no rate for and a zero rate names both fields.
  await page.fill('#usd-per-cny-number', '0');
  assert.ok((await page.textContent('#usd-per-cny-error')).length > 0);
  await page.fill('#usd-per-cny-number', '0.138');
  const file = {
    version: 1, workload: { mode: 'fleet', gpus: 1, hours_per_day: 24 }, horizon_months: 3, usd_per_cny: 0,
    options: [{ name: 'euro cloud', currency: 'EUR', gpus_per_instance: 1, on_demand_per_hour: 2 },
      { name: 'yuan cloud', currency: 'CNY', gpus_per_instance: 1, on_demand_per_hour: 9 }],
  };
  await page.setInputFiles('#import-scenario', { name: 'rates.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForSelector('.load-notice');
  const shown = await notices(page);
  assert.ok(shown.some((n) => n.startsWith('usd_per_cny')), `${shown}`);
  assert.ok(shown.some((n) => n.startsWith('options[0]')), `${shown}`);
  const s = await exported(page);
  assert.deepEqual(s.options.map((o) => o.name), ['yuan cloud']);
  assert.ok(s.usd_per_cny === undefined || s.usd_per_cny > 0, `${s.usd_per_cny}`);
  assert.ok(Number(await page.inputValue('#usd-per-cny-number')) > 0);
  await assertAllFinite(page, 'degenerate');
  assertNoPanic(problems, 'degenerate');
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// UI leftovers

/** Ticks unticked offers until the app refuses one (the comparison holds 10); returns the
 * refused box. */
async function tickUntilRefused(page) {
  if (await page.$('#notice')) {
    await page.click('#notice button');
    await page.waitForSelector('#notice', { state: 'detached' });
  }
  for (const b of await page.$$('#offers tbody input[type=checkbox]:not(:checked)')) {
    await b.click();
    const refused = await page.waitForFunction(
      (box) => (document.querySelector('#notice') ? 'refused' : box.checked ? 'ticked' : null), b,
    ).then((h) => h.jsonValue());
    if (refused === 'refused') return b;
  }
  throw new Error('never refused');
}

test('ticking an eleventh offer is refused with a notice, the box stays unticked', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const before = await page.$$eval('#offers tbody input[type=checkbox]', (b) => b.filter((x) => x.checked).length);
  const box = await tickUntilRefused(page);
  assert.equal(await box.isDisabled(), false, 'not a silent disabled box');
  assert.match(await page.textContent('#notice'), /at most 10 options/);
  assert.equal(await box.isChecked(), false);
  assert.equal((await exported(page)).options.length, 10);
  const after = await page.$$eval('#offers tbody input[type=checkbox]', (b) => b.filter((x) => x.checked).length);
  assert.ok(after > before, `${before} → ${after}`);
  // Unticking one makes room again and the notice goes.
  await page.click('#offers tbody input[type=checkbox]:checked');
  await page.waitForSelector('#notice', { state: 'detached' });
  await box.click();
  await page.waitForFunction((b) => b.checked, box);
  assert.equal((await exported(page)).options.length, 10);
  assertNoPanic(problems, 'limit');
  await context.close();
});

test('variants count toward the ten options: with nine offers and a duplicate, a tenth offer is refused and its box stays unticked', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await tickUntilRefused(page);
  await page.click('#notice button');
  await page.waitForSelector('#notice', { state: 'detached' });
  // Untick one offer (nine left, nine options), then duplicate an option: ten options.
  await page.click('#offers tbody input[type=checkbox]:checked');
  await page.waitForFunction(() => /\b9\/10 options/.test(document.querySelector('#offer-count').textContent));
  await page.click('#duplicate-option');
  await page.waitForFunction(() => /9 ticked; 10\/10 options compared/.test(document.querySelector('#offer-count').textContent));
  const box = await page.$('#offers tbody input[type=checkbox]:not(:checked)');
  await box.click();
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /at most 10 options/);
  assert.equal(await box.isChecked(), false, 'the refused box is unticked again');
  assert.match(await box.getAttribute('title'), /At most 10 options can be compared \(offers and their variants\)/);
  assert.equal((await exported(page)).options.length, 10);
  assertNoPanic(problems, 'variants at the limit');
  await context.close();
});

test('a slider and its field agree on a value between two slider steps', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  for (const [id, value] of [['storage-gb', '10001'], ['storage-gb', '250'], ['egress-gb', '1234.5'], ['contingency', '7.5'],
    ['checkpoint-write', '0.333']]) {
    await page.fill(`#${id}-number`, value);
    await page.locator(`#${id}-number`).blur();
    await page.waitForFunction(([i, v]) => document.querySelector(`#${i}-range`).value === v, [id, value]);
    assert.equal(await page.inputValue(`#${id}-number`), value, id);
    assert.equal(Number(await page.inputValue(`#${id}-range`)), Number(value), `${id}: the thumb sits at ${value}`);
  }
  // Dragging from there snaps back onto the slider's steps, and the field follows.
  await page.fill('#storage-gb-number', '10001');
  await page.focus('#storage-gb-range');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#storage-gb-number').value === '0');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#storage-gb-number').value === '100');
  assert.equal(await page.inputValue('#storage-gb-range'), '100');
  assert.equal((await exported(page)).storage_gb, 100);
  assertNoPanic(problems, 'slider');
  await context.close();
});
