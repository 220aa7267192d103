// End-to-end test of issue 16's findings on damaged share links: a link of which nothing is
// usable ("#s=!!!") replaces nothing: a first visit shows the page's own default comparison in
// the page's language (mainland offers in CNY in Chinese), with a notice saying why, not the
// file format's neutral example; stored work stays on screen. An empty "#s=" is no link at all
// and says nothing. Runs on the release bundle in headless
// Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, openApp } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** The compared options' offer ids, as the comparison table lists them. */
const offers = (page) => page.$$eval('#comparison tbody tr', (r) => r.map((x) => x.dataset.offerId));

test('a damaged link opens the page\'s default in its language, with a notice; an empty one says nothing', async () => {
  for (const locale of ['en-US', 'zh-CN']) {
    const plain = await openApp(browser, origin, { locale });
    const want = await offers(plain.page);
    const currency = await plain.page.inputValue('#display-currency');
    await plain.context.close();
    assert.ok(want.length >= 2, `${locale}: the page's default compares offers`);

    const damaged = await openApp(browser, origin, { locale, path: '/#s=!!!' });
    assert.deepEqual(await offers(damaged.page), want, `${locale}: the page's default, not the file format's`);
    assert.equal(await damaged.page.inputValue('#display-currency'), currency);
    await damaged.page.waitForSelector('.load-notice');
    assert.deepEqual(damaged.problems, []);
    await damaged.context.close();

    const empty = await openApp(browser, origin, { locale, path: '/#s=' });
    assert.deepEqual(await offers(empty.page), want, `${locale}: an empty link is no link`);
    assert.equal(await empty.page.$('.load-notice'), null, `${locale}: and says nothing`);
    assert.deepEqual(empty.problems, []);
    await empty.context.close();
  }
});

/**
 * In a page just opened on a link: the one saved scenario the link's opening kept (named
 * "Autosaved before opening a link, <date time>", with its notice), once autosaved; its names.
 */
async function keptBeforeLink(page) {
  const names = await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent));
  assert.equal(names.length, 1);
  assert.match(names[0], /^Autosaved before opening a link, \d{4}-\d\d-\d\d \d\d:\d\d$/);
  assert.match(await page.textContent('#load-notices'), new RegExp(`kept in your saved scenarios as “${names[0]}”`));
  await page.waitForFunction((n) => {
    try { return JSON.parse(localStorage.getItem('gpurent.state')).saved[0]?.name === n; } catch { return false; }
  }, names[0]);
  return names;
}

test('a damaged link opened in a second tab, or reloaded, replaces nothing: the autosaved work stays on screen, with a notice once', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.fill('#months-number', '19');
  await page.waitForFunction(() => {
    try { return JSON.parse(localStorage.getItem('gpurent.state')).current.horizon_months === 19; } catch { return false; }
  });
  const other = await context.newPage();
  await other.goto(`${origin}/#s=%%%garbage`);
  await other.waitForSelector('#copy-share-link');
  assert.equal(await other.inputValue('#months-number'), '19', 'the work on screen, not the default');
  assert.match(await other.textContent('#load-notices'), /damaged/);
  assert.deepEqual(await other.$$eval('.saved-name', (e) => e.length), 0, 'nothing copied into the saved list');
  assert.equal(await other.evaluate(() => location.hash), '', 'the link left the address bar');
  // Reloading shows the work again, without the notice; the stored work is unchanged.
  await other.reload();
  await other.waitForSelector('#copy-share-link');
  assert.equal(await other.inputValue('#months-number'), '19');
  assert.equal(await other.$('.load-notice'), null);
  assert.deepEqual(await other.$$eval('.saved-name', (e) => e.length), 0);
  assert.equal(await other.evaluate(() => JSON.parse(localStorage.getItem('gpurent.state')).current.horizon_months), 19);
  await other.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link opened in a second tab keeps the first tab\'s autosaved work as a saved scenario, with a notice', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  // The default comparison's link, then work that differs from it (autosaved).
  await page.click('#copy-share-link');
  await page.waitForSelector('#share-link');
  const link = await page.inputValue('#share-link');
  await page.fill('#gpus-number', '16');
  await page.waitForFunction(() => {
    try { return JSON.parse(localStorage.getItem('gpurent.state')).current.workload.gpus === 16; } catch { return false; }
  });

  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('#copy-share-link');
  assert.notEqual(await other.inputValue('#gpus-number'), '16', "tab B shows the link's scenario");
  const names = await keptBeforeLink(other);
  await other.close();

  // Tab A reloaded: its work is in the saved list, and opens again.
  await page.reload();
  await page.waitForSelector('#total-0');
  assert.deepEqual(await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent)), names);
  await page.click('.saved-item:first-child .saved-open');
  await page.waitForFunction(() => document.querySelector('#gpus-number').value === '16');
  assert.deepEqual(problems, []);
  await context.close();
});
