// Security end-to-end test (issue 8): drives every control the app has today with hostile
// values and records every network request; fails if any request leaves the page's origin,
// if the Content-Security-Policy allows eval, inline scripts or remote origins, if hostile
// text from an imported price list becomes markup, or if NaN/Infinity reach the page.
// Tolerant of the UI being rebuilt: controls are found by the ids that exist today and
// skipped when absent; extra controls do not matter. DIST_DIR is set by scripts/test.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, clickForDownload, openApp } from './harness.mjs';

const DIST = process.env.DIST_DIR;
const NUMBER_FIELDS = ['#gpus-number', '#hours-per-day-number', '#months-number', '#usd-per-cny-number'];
const HOSTILE_NUMBERS = ['', 'abc', '-5', '0', '1e400', 'NaN', 'Infinity', '-Infinity', '1,5',
  '3.2 $/h', '99999999999', '0x10', '1e-400', ' 7 ', '<script>'];
const HOSTILE_TEXT = ['<script>window.__pwned=1</script>', '<img src=x onerror="window.__pwned=2">',
  '=HYPERLINK("http://evil.example")', '"; alert(1); "', '\u0000', 'ﬁ𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'a'.repeat(5000)];

let server;
let browser;

before(async () => ({ server, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** Every request of the page: `{ all, foreign }`; blob: and data: URLs stay in the page. */
function recordRequests(page, origin) {
  const all = [];
  const foreign = [];
  page.on('request', (r) => {
    const u = r.url();
    all.push(u);
    if (!u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:')) {
      foreign.push(u);
    }
  });
  return { all, foreign };
}

async function present(page, selector) {
  return (await page.$(selector)) !== null;
}

/**
 * No NaN, Infinity or "inf" as a word anywhere in the visible page, apart from the user's own
 * text quoted back in a message (`"NaN" is not a number`) and the value of the field itself.
 */
async function assertNoNonFinite(page, after) {
  const text = (await page.evaluate(() => document.body.innerText)).replace(/"[^"\n]*"/g, '""');
  assert.doesNotMatch(text, /\bNaN\b|\bInfinity\b|\binf\b/, `after ${after}`);
}

test('the Content-Security-Policy forbids eval, inline scripts and remote origins', async () => {
  const { context, page, problems } = await openApp(browser, server.origin);
  const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  const directives = Object.fromEntries(policy.split(';').map((d) => d.trim()).filter(Boolean)
    .map((d) => { const [name, ...values] = d.split(/\s+/); return [name, values]; }));
  for (const [name, values] of Object.entries(directives)) {
    assert.ok(!values.includes("'unsafe-eval'"), `${name} allows 'unsafe-eval'`);
    for (const v of values) {
      // Only keywords, hashes and the page's own data:/blob: URLs: no host, scheme or wildcard
      // that would let a request leave the origin.
      const local = /^'(self|none|wasm-unsafe-eval|unsafe-inline|sha(256|384|512)-[A-Za-z0-9+/=]+)'$/.test(v)
        || v === 'data:' || v === 'blob:';
      assert.ok(local, `${name} allows a remote origin or wildcard: ${v}`);
    }
  }
  assert.ok(directives['default-src'], 'default-src is set');
  const scriptSrc = directives['script-src'] ?? directives['default-src'];
  assert.ok(!scriptSrc.includes("'unsafe-inline'"), "script-src allows 'unsafe-inline'");
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile values in every control: no request leaves the origin, nothing injected', async () => {
  const { context, page, problems } = await openApp(browser, server.origin);
  const requests = recordRequests(page, server.origin);
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });

  let fields = 0;
  for (const id of NUMBER_FIELDS) {
    if (!(await present(page, id))) continue;
    fields += 1;
    for (const value of HOSTILE_NUMBERS) {
      await page.fill(id, value);
      await page.dispatchEvent(id, 'change');
      await assertNoNonFinite(page, `${id} = ${JSON.stringify(value)}`);
    }
    await page.fill(id, '2');
    await page.dispatchEvent(id, 'change');
  }
  assert.ok(fields > 0, 'at least one number field exists');

  if (await present(page, '#filter-text')) {
    for (const value of HOSTILE_TEXT) {
      await page.fill('#filter-text', value);
      await assertNoNonFinite(page, `#filter-text = ${value.slice(0, 20)}`);
    }
    await page.fill('#filter-text', '');
  }
  for (const id of ['#filter-provider', '#filter-gpu', '#filter-sort']) {
    if (!(await present(page, id))) continue;
    const values = await page.$$eval(`${id} option`, (os) => os.map((o) => o.value));
    for (const v of values.slice(0, 8)) {
      await page.selectOption(id, v);
    }
    if (values.length > 0) await page.selectOption(id, values[0]);
  }

  if (await present(page, '#import-prices')) {
    const header = 'provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour,note';
    const rows = HOSTILE_TEXT.slice(0, 4).map((t, i) =>
      `"${t.replaceAll('"', '""')}",x${i},L4,1,USD,${1 + i},"${t.replaceAll('"', '""')}"`);
    const csv = [header, ...rows, 'Acme,bad,H100,0,USD,NaN,'].join('\r\n');
    await page.setInputFiles('#import-prices',
      { name: '../../<script>evil.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.waitForFunction(() => document.querySelector('#import-loaded, #import-failure'));
    if (await present(page, '#filter-provider')) {
      const values = await page.$$eval('#filter-provider option', (os) => os.map((o) => o.value));
      for (const v of values) await page.selectOption('#filter-provider', v);
      await page.selectOption('#filter-provider', values[0]);
    }
    // A non-UTF-8 and an oversized file are refused with a message, not a crash.
    await page.setInputFiles('#import-prices',
      { name: 'binary.csv', mimeType: 'text/csv', buffer: Buffer.from([0xff, 0xfe, 0x00, 0x41]) });
    await page.waitForFunction(() => document.querySelector('#import-failure'));
    await page.setInputFiles('#import-prices',
      { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1024 * 1024 + 1, 0x61) });
    await page.waitForFunction(() => /1 MiB/.test(document.querySelector('#import-failure')?.textContent ?? ''));
  }

  for (const id of ['#download-png', '#download-svg']) {
    if (!(await present(page, id))) continue;
    const dl = await clickForDownload(page, id);
    const name = dl.suggestedFilename();
    assert.doesNotMatch(name, /[\\/]|\.\.|[\u0000-\u001f]/, `safe download name: ${name}`);
    if (id === '#download-svg') {
      const { readFile } = await import('node:fs/promises');
      const svg = await readFile(await dl.path(), 'utf8');
      assert.doesNotMatch(svg, /<script|<img|onerror=/i, 'SVG export carries no markup from user text');
    }
  }

  // Still responds: a valid value updates the first total.
  if (await present(page, '#months-number')) {
    const before = await page.textContent('#total-0');
    await page.fill('#months-number', '7');
    await page.dispatchEvent('#months-number', 'change');
    await page.waitForFunction((b) => document.querySelector('#total-0')?.textContent !== b, before);
  }
  await assertNoNonFinite(page, 'the whole run');
  const pwned = await page.evaluate(() => window.__pwned ?? null);
  assert.equal(pwned, null, 'hostile text ran as script');
  assert.equal(await page.$$eval('img[src="x"]', (e) => e.length), 0, 'hostile text became markup');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(requests.foreign, [], `requests left ${server.origin}`);
  assert.ok(requests.all.every((u) => !/^https?:/.test(u) || u.startsWith(`${server.origin}/`)));
  assert.deepEqual(problems, []);
  await context.close();
});
