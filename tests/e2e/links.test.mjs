// End-to-end test of issue 16's findings on damaged share links: a link of which nothing is
// usable ("#s=!!!") opens the page's own default comparison in the page's language (mainland
// offers in CNY in Chinese), with a notice saying why, not the file format's neutral example;
// an empty "#s=" is no link at all and says nothing. Runs on the release bundle in headless
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
