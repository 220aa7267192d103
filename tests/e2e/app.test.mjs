// End-to-end test of the release bundle: serves DIST_DIR (built by `trunk build --release`,
// see scripts/test.sh) on a random loopback port, drives Debian's headless Chromium with
// playwright-core, and checks what a person sees and downloads. The server and the browser are
// started and stopped by this file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, downloadFile, openApp as open, bundleSizes, BUNDLE_BUDGET_GZIP_BYTES, offerColumn } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** Opens the app in a fresh context; see harness.mjs. */
async function openApp(options) {
  const app = await open(browser, origin, options);
  assert.ok(app.firstChartMs !== null, 'the app marks its first chart');
  app.firstChartMs = Math.round(app.firstChartMs);
  return app;
}

/**
 * Time from a typed value to the updated page, over `samples` inputs of the months field:
 * `script` ends when Yew's render and the chart redraw (queued as microtasks by the event) have
 * run; `task` ends at the next task, after the browser has also laid out and painted the frame
 * (software rasterisation here: headless Chromium without a GPU).
 */
async function measureSliderLatency(page, samples = 30) {
  return page.evaluate(async (n) => {
    const input = document.querySelector('#months-number');
    const script = [];
    const task = [];
    for (let i = 0; i < n; i += 1) {
      const t0 = performance.now();
      input.value = String(1 + ((i * 7) % 36));
      input.dispatchEvent(new InputEvent('input', { bubbles: true }));
      await new Promise((r) => queueMicrotask(r));
      await new Promise((r) => queueMicrotask(r));
      script.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 0));
      task.push(performance.now() - t0);
    }
    const stats = (xs) => {
      xs.sort((a, b) => a - b);
      return `median ${xs[Math.floor(xs.length / 2)].toFixed(1)} ms, max ${xs[xs.length - 1].toFixed(1)} ms`;
    };
    return { script: stats(script), task: stats(task) };
  }, samples);
}

/**
 * Fraction of a chart's pixels that differ from the top-left (background) pixel: the chart's
 * inline SVG (what the page shows) rasterised by the browser at its own size.
 */
function inkFraction(page, selector = '#chart') {
  return page.evaluate(async (sel) => {
    const svg = document.querySelector(sel).querySelector('svg');
    const xml = new XMLSerializer().serializeToString(svg);
    const url = URL.createObjectURL(new Blob([xml], { type: 'image/svg+xml' }));
    const img = new Image();
    img.src = url;
    await img.decode();
    URL.revokeObjectURL(url);
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) ink += 1;
    }
    return ink / (d.length / 4);
  }, selector);
}

const download = downloadFile;

test('the chart is drawn, sharp on HiDPI, and follows the window size', async () => {
  const { context, page, problems, firstChartMs, wallMs } = await openApp({ deviceScaleFactor: 2 });
  console.log(`# first chart drawn ${firstChartMs} ms after navigation start (${wallMs} ms wall clock incl. new tab); budget 500 ms`);
  const latency = await measureSliderLatency(page);
  console.log(`# months input -> re-render + chart redraw (4 offers, 1-36 months, DPR 2): ${latency.script}; to next task incl. paint: ${latency.task}; budget 16 ms`);
  // The chart is vector (inline SVG) drawn at its box's CSS width, so the browser renders it at
  // device resolution; the PNG export's device-pixel size is checked below.
  const svgWidth = () => page.evaluate(() => document.querySelector('#chart svg').width.baseVal.value);
  const size = await page.evaluate(() => {
    const c = document.querySelector('#chart');
    return { w: c.querySelector('svg').width.baseVal.value, cssW: c.getBoundingClientRect().width };
  });
  assert.equal(size.w, Math.round(size.cssW), 'the SVG is as wide as its box');
  const ink = await inkFraction(page);
  assert.ok(ink > 0.01, `chart looks blank (ink ${ink})`);

  // 600 px: one column (from 1,100 px the chart sits in the results column beside the plan).
  await page.setViewportSize({ width: 600, height: 900 });
  await page.waitForFunction((old) => document.querySelector('#chart svg').width.baseVal.value !== old, size.w);
  const resized = await svgWidth();
  assert.ok(resized < size.w, 'chart shrank with the window');
  assert.ok(await inkFraction(page) > 0.01, 'redrawn after resize');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a strict Content-Security-Policy is in force and nothing violates it', async () => {
  const { context, page, problems } = await openApp();
  const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  assert.match(policy, /default-src 'none'/);
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
  assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|\*/, 'no inline or eval scripts');
  // An injected inline script must be refused by the policy.
  const ran = await page.evaluate(() => {
    window.injected = false;
    const s = document.createElement('script');
    s.textContent = 'window.injected = true';
    document.body.appendChild(s);
    return window.injected;
  });
  assert.equal(ran, false, 'inline script blocked');
  // The app itself still works under the policy: chart drawn, downloads start.
  assert.ok(await inkFraction(page) > 0.01);
  await download(page, '#download-svg');
  await download(page, '#download-png');
  assert.deepEqual(problems.filter((p) => !p.includes('Content Security Policy')), []);
  assert.equal(problems.filter((p) => p.includes('Content Security Policy')).length, 1,
    'only the injected script was refused');
  await context.close();
});

test('PNG download is a valid PNG at device resolution', async () => {
  const { context, page, problems } = await openApp({ deviceScaleFactor: 2 });
  const deviceWidth = await page.evaluate(() => Math.round(document.querySelector('#chart').getBoundingClientRect().width * devicePixelRatio));
  assert.ok(deviceWidth > 1000, `DPR 2 width ${deviceWidth}`);
  const { name, bytes } = await download(page, '#download-png');
  assert.match(name, /\.png$/);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(bytes.subarray(12, 16).toString('ascii'), 'IHDR');
  assert.equal(bytes.readUInt32BE(16), deviceWidth, 'PNG width is the device-pixel width');
  assert.equal(bytes.subarray(bytes.length - 8, bytes.length - 4).toString('ascii'), 'IEND');
  assert.deepEqual(problems, []);
  await context.close();
});

test('SVG download is well-formed and carries the legend, units and dates', async () => {
  const { context, page, problems } = await openApp();
  const legendOffer = await page.$eval('#results tbody tr .option-label', (t) => t.firstChild.textContent.trim());
  const { name, bytes } = await download(page, '#download-svg');
  assert.match(name, /\.svg$/);
  const svg = bytes.toString('utf8');
  assert.match(svg, /^<svg[\s\S]*<\/svg>\s*$/);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.getElementsByTagName('parsererror').length,
      text: doc.documentElement.textContent,
      lines: doc.getElementsByTagName('polyline').length,
    };
  }, svg);
  assert.equal(parsed.error, 0, 'SVG parses as XML');
  assert.ok(parsed.lines >= 1, 'at least one cost line');
  assert.ok(parsed.text.includes(legendOffer), `legend names ${legendOffer}`);
  assert.ok(parsed.text.includes('1 month = 730 h'), 'month convention on the axis');
  assert.ok(parsed.text.includes('(USD)'), 'currency unit on the axis');
  assert.ok(parsed.text.includes('Prices as of'), 'as-of dates in the footer');
  assert.deepEqual(problems, []);
  await context.close();
});

test('real catalog offers are listed with prices, currency and dates', async () => {
  const { context, page, problems } = await openApp();
  const providers = await page.$$eval('#filter-provider option', (os) => os.map((o) => o.value));
  for (const p of ['AWS', 'Azure', 'Google Cloud', 'Alibaba Cloud', 'Tencent Cloud', 'Lambda',
    'Paperspace', 'Vast.ai']) {
    assert.ok(providers.includes(p), `provider ${p} in the catalog`);
  }
  await page.selectOption('#filter-provider', 'Alibaba Cloud');
  const row = await page.$eval('#offers tbody tr:first-child', (tr) => {
    const cell = (sel) => tr.querySelector(sel).textContent.trim();
    return {
      provider: tr.children[1].textContent,
      instance: cell('td.od-instance'),
      gpu: cell('td.od-gpu'),
      currency: cell('td.currency'),
      asOf: cell('td.as-of'),
    };
  });
  assert.equal(row.provider, 'Alibaba Cloud');
  assert.match(row.instance, /^CN¥[\d,]+\.\d{4}$/, 'per instance-hour in CNY, as the charts write it in English');
  assert.match(row.gpu, /^CN¥[\d,]+\.\d{4}$/, 'per GPU-hour in CNY');
  assert.equal(row.currency, 'CNY');
  // The Alibaba fetcher's snapshot has no known data date: said so, and marked stale.
  assert.equal(row.asOf, 'date unknown stale', 'as-of date');
  await page.selectOption('#filter-provider', 'Azure');
  await page.waitForFunction(() => [...document.querySelectorAll('#offers tbody tr td:nth-child(2)')]
    .every((td) => td.textContent.startsWith('Azure')));
  const azureAsOf = await page.$eval('#offers tbody tr:first-child td.as-of', (td) => td.textContent.trim());
  assert.match(azureAsOf, /^\d{4}-\d{2}-\d{2}$/, 'a dated source shows its date');
  // One GPU, many spellings: the family filter groups them.
  const a100 = await page.$$eval('#filter-gpu option', (os) => os.filter((o) => o.value === 'A100').length);
  assert.equal(a100, 1, 'a single A100 entry in the GPU filter');
  await page.fill('#filter-text', 'no-such-gpu-anywhere');
  await page.waitForSelector('#no-offers');
  assert.deepEqual(problems, []);
  await context.close();
});

test('bad input is reported next to the field and never breaks the page', async () => {
  const { context, page, problems } = await openApp();
  const before = await page.textContent('#total-0');
  const inkBefore = await inkFraction(page);
  for (const bad of ['', 'abc', '-5', '1e400', '1,5']) {
    await page.fill('#months-number', bad);
    await page.waitForFunction(() => document.querySelector('#months-error').textContent !== '');
    assert.equal(await page.textContent('#total-0'), before, `total kept after ${JSON.stringify(bad)}`);
  }
  assert.ok(await inkFraction(page) > inkBefore * 0.5, 'last valid chart kept');
  await page.fill('#months-number', '3');
  await page.waitForFunction(() => document.querySelector('#months-error').textContent === '');
  assert.notEqual(await page.textContent('#total-0'), before);
  const body = await page.textContent('body');
  assert.ok(!/NaN|Infinity/.test(body), 'no NaN or Infinity on screen');
  assert.deepEqual(problems, []);
  await context.close();
});

test('every numeric field survives hostile values: message beside it, last result kept, no panic', async () => {
  const { context, page, problems } = await openApp();
  // Values people paste from invoices and chats, plus values past each field's bounds
  // (full-width digits alone are read as digits, i18n.test.mjs; with letters they are refused).
  const common = ['', ' ', 'abc', '-5', '1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', 'inf',
    '1,5', '3.2 $/h', '0x10', '１２ａｂｃ', '－5', '<img src=x onerror=alert(1)>', '9'.repeat(400), '1..2', '--1', '+'];
  const fields = [
    { id: 'gpus', extra: ['0', '1.5', '100001', '1e9'] },
    { id: 'hours-per-day', extra: ['24.01', '25', '-0.5'] },
    { id: 'months', extra: ['0', '121', '2.5'] },
    { id: 'usd-per-cny', extra: ['0', '0.0001', '11'] },
  ];
  let tried = 0;
  for (const { id, extra } of fields) {
    const valid = await page.inputValue(`#${id}-number`);
    const before = await page.textContent('#results');
    for (const bad of [...common, ...extra]) {
      await page.fill(`#${id}-number`, bad);
      await page.waitForFunction((i) => document.querySelector(`#${i}-error`).textContent !== '', id);
      const message = await page.textContent(`#${id}-error`);
      assert.ok(message.length < 200, `short message for ${JSON.stringify(bad)} in #${id}: ${message}`);
      assert.equal(await page.textContent('#results'), before, `results kept after ${JSON.stringify(bad)} in #${id}`);
      tried += 1;
    }
    // The field still works: the valid value comes back and the error goes.
    await page.fill(`#${id}-number`, valid);
    await page.waitForFunction((i) => document.querySelector(`#${i}-error`).textContent === '', id);
  }
  // The app still responds to a real change after all of that.
  const before = await page.textContent('#total-0');
  await page.fill('#months-number', '7');
  await page.waitForFunction((b) => document.querySelector('#total-0').textContent !== b, before);
  const body = await page.textContent('body');
  assert.ok(!/NaN|Infinity|\binf\b/.test(body), 'no NaN or infinity on screen');
  assert.equal(await page.$('img[src=x]'), null, 'typed markup is never rendered');
  console.log(`# hostile values tried: ${tried} across ${fields.length} numeric fields`);
  assert.deepEqual(problems, [], 'no panic, page error or console error');
  await context.close();
});

test('own prices import: a good file loads and compares, bad rows are listed by line', async () => {
  const { context, page, problems } = await openApp();
  const good = [
    'provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour,as_of,note',
    'Acme Quote,acme-8xh100,H100 SXM,8,USD,16.00,2026-11-01,<b>sales quote</b>',
    'Acme Quote,acme-1xa100,A100-80GB,1,USD,1.10,2026-11-01,',
  ].join('\r\n');
  await page.setInputFiles('#import-prices',
    { name: 'acme-quote.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${good}\r\n`) });
  await page.waitForSelector('#import-loaded');
  assert.match(await page.textContent('#import-loaded'), /acme-quote\.csv: 2 offers loaded/);
  assert.equal(await page.$('#import-errors'), null, 'no row errors for the good file');
  const providers = await page.$$eval('#filter-provider option', (os) => os.map((o) => o.value));
  assert.ok(providers.includes('Acme Quote'), 'imported provider in the provider filter');
  await page.fill('#filter-text', 'acme');
  await page.waitForFunction(() => document.querySelectorAll('#offers tbody tr').length === 2);
  const rows = await page.$$eval('#offers tbody tr', (trs) => trs.map((tr) => ({
    provider: tr.children[1].textContent,
    gpu: tr.querySelector('td.od-gpu').textContent.trim(),
    currency: tr.querySelector('td.currency').textContent.trim(),
    asOf: tr.querySelector('td.as-of').textContent.trim(),
  })));
  assert.ok(rows.every((r) => r.provider.includes('your price')), 'marked as your price');
  assert.deepEqual(rows.map((r) => r.gpu).sort(), ['$1.1000', '$2.0000'], 'per GPU-hour');
  assert.ok(rows.every((r) => r.currency === 'USD' && r.asOf.startsWith('2026-11-01')));
  // The note is shown as text, never as markup.
  assert.equal(await page.$('#offers b'), null);
  // Imported offers are compared like catalog offers.
  const labelsBefore = await page.$$eval('#results .option-label', (ls) => ls.length);
  await page.check('#offers tbody tr:first-child input[type=checkbox]');
  await page.waitForFunction((n) => document.querySelectorAll('#results .option-label').length === n + 1,
    labelsBefore);
  const labels = await page.$$eval('#results .option-label', (ls) => ls.map((l) => l.textContent));
  assert.ok(labels.some((l) => l.includes('Acme Quote')), 'the imported offer is compared');

  const bad = [
    'provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour,extra',
    'Beta Cloud,beta-ok,L4,1,USD,0.70,ignored',
    'Beta Cloud,beta-zero,L4,0,USD,0.70,',
    'Beta Cloud,beta-comma,L4,1,USD,"0,70",',
    'Beta Cloud,beta-eur,L4,1,EUR,0.70,',
  ].join('\n');
  await page.setInputFiles('#import-prices',
    { name: 'beta.csv', mimeType: 'text/csv', buffer: Buffer.from(`${bad}\n`) });
  await page.waitForFunction(() => document.querySelector('#import-loaded')?.textContent.includes('beta.csv'));
  assert.match(await page.textContent('#import-loaded'), /1 offer loaded.*3 rows not loaded/);
  const errors = await page.$$eval('#import-errors li', (ls) => ls.map((l) => l.textContent));
  assert.equal(errors.length, 3);
  assert.match(errors[0], /^line 3: .*gpu_count/);
  assert.match(errors[1], /^line 4: .*comma/);
  assert.match(errors[2], /^line 5: .*EUR/);
  await page.fill('#filter-text', 'beta');
  await page.waitForFunction(() => document.querySelectorAll('#offers tbody tr').length === 1);
  const betaDate = await page.textContent('#offers tbody tr td.as-of');
  assert.match(betaDate.trim(), /^undated stale$/, 'a price without a date is flagged, not presented as fresh');

  const notCsv = Buffer.from('[{"provider": "X",');
  await page.setInputFiles('#import-prices', { name: 'broken.json', mimeType: 'application/json', buffer: notCsv });
  await page.waitForSelector('#import-failure');
  assert.match(await page.textContent('#import-failure'), /broken\.json: not imported: line 1/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the offer browser filters by memory, GPUs per instance and region, and stays usable at 375 px', async () => {
  const { context, page, problems } = await openApp({ width: 375, height: 800 });
  await page.selectOption('#filter-memory', '80');
  await page.selectOption('#filter-count', '8');
  await page.fill('#filter-region', 'us-east');
  await page.selectOption('#filter-sort', 'work');
  await page.waitForFunction(() => document.querySelector('#offer-count').textContent.match(/^(\d+) of/)?.[1] !== undefined);
  const gpus = await page.$$eval('#offers tbody tr td.gpus', (ts) => ts.map((t) => t.textContent));
  assert.ok(gpus.length > 0);
  assert.ok(gpus.every((g) => g.startsWith('8× ')), 'eight GPUs per instance');
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 375, `page does not scroll sideways (width ${pageWidth})`);
  assert.ok(await page.isVisible('#import-prices'), 'import control reachable on a phone');
  // The raw spread and the committed-use terms are kept behind the price.
  await page.fill('#filter-region', '');
  await page.selectOption('#filter-provider', 'Google Cloud');
  await page.waitForFunction(() => [...document.querySelectorAll('#offers tbody tr td:nth-child(2)')]
    .every((td) => td.textContent.startsWith('Google Cloud')));
  const title = await page.getAttribute('#offers tbody tr:first-child td.od-instance', 'title');
  assert.match(title, /min \$[\d,.]+, median \$[\d,.]+, max \$[\d,.]+/);
  assert.match(title, /12-month commitment, no upfront: \$[\d,.]+ per instance-hour effective/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the whole download stays within the 400 KB gzip budget', async () => {
  const { files, raw, gzip } = await bundleSizes(DIST);
  for (const f of files) console.log(`#   ${f.name}: ${f.raw} B raw, ${f.gzip} B gzip`);
  console.log(`# bundle: ${raw} B raw, ${gzip} B gzip (${(gzip / 1000).toFixed(1)} KB); budget ${BUNDLE_BUDGET_GZIP_BYTES / 1000} KB, headroom ${BUNDLE_BUDGET_GZIP_BYTES - gzip} B`);
  assert.ok(gzip <= BUNDLE_BUDGET_GZIP_BYTES, `gzip size ${gzip} B exceeds the ${BUNDLE_BUDGET_GZIP_BYTES / 1000} KB budget (docs/performance.md "Budgets")`);
});

test('compare three options: comparison table, both charts, and every download format match the screen', async () => {
  const { context, page, problems } = await openApp({ deviceScaleFactor: 2 });
  // Keep the first three default offers: untick the fourth in the comparison.
  const removeButtons = page.locator('#comparison tbody tr button', { hasText: 'remove' });
  await removeButtons.nth(3).click();
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr').length === 3);
  const names = await page.$$eval('#comparison tbody th.option-label', (ths) => ths.map((t) => t.firstChild.textContent.trim()));
  assert.equal(names.length, 3);
  const totals = await page.$$eval('#comparison tbody td.cmp-total', (tds) => tds.map((t) => Number(t.textContent.replace(/[^0-9.]/g, ''))));

  // Both charts are drawn and not blank.
  assert.ok(await inkFraction(page, '#chart') > 0.01, 'cumulative chart has ink');
  assert.ok(await inkFraction(page, '#chart-ranking') > 0.01, 'ranking chart has ink');
  assert.ok(await inkFraction(page, '#chart-breakdown') > 0.01, 'breakdown chart has ink');
  // The breakdown follows the option chosen above it.
  await page.selectOption('#breakdown-option', '1');
  await page.waitForFunction((n) => document.querySelector('#chart-breakdown').getAttribute('aria-label').includes(n), names[1]);

  const today = new Date();
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  for (const [prefix, what] of [['', 'cumulative'], ['chart-ranking-', 'ranking'], ['chart-breakdown-', 'breakdown']]) {
    const chartId = prefix === '' ? '#chart' : `#chart-${what}`;
    const png = await download(page, `#${prefix}download-png`);
    assert.equal(png.name, `gpu-cost-${what}-${date}.png`);
    assert.equal(png.bytes.subarray(1, 4).toString('ascii'), 'PNG');
    const width = await page.evaluate((sel) => Math.round(document.querySelector(sel).getBoundingClientRect().width * devicePixelRatio), chartId);
    assert.equal(png.bytes.readUInt32BE(16), width, `${what} PNG at device resolution`);
    const svg = await download(page, `#${prefix}download-svg`);
    assert.equal(svg.name, `gpu-cost-${what}-${date}.svg`);
    const text = svg.bytes.toString('utf8');
    for (const n of what === 'breakdown' ? [names[1]] : names) {
      const escaped = n.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      assert.ok(text.includes(escaped), `${what} SVG names ${n}`);
    }
    assert.ok(text.includes('Prices as of'), `${what} SVG footer has dates`);
    const csv = await download(page, `#${prefix}download-csv`);
    assert.equal(csv.name, `gpu-cost-${what}-${date}.csv`);
    const rows = csv.bytes.toString('utf8').trim().split('\n');
    if (what === 'breakdown') {
      assert.ok(text.includes('On-demand'), 'breakdown legend names the component');
      assert.match(rows[0], /^option,month_730h,reserved_upfront_usd_per_month_730h,.*,total_usd_per_month_730h$/);
      assert.equal(rows.length, 1 + 12);
      // Every row names the option broken down; amounts are written to the cent.
      const quoted = names[1].includes(',') ? `"${names[1]}"` : names[1];
      assert.ok(rows.slice(1).every((r) => r.startsWith(`${quoted},`)), rows[1]);
      assert.ok(rows.slice(1).every((r) => /,\d+\.\d{2}$/.test(r)), rows[1]);
      // Each month is rounded to the cent, so the months add up to the option's total within
      // half a cent per month.
      const sum = rows.slice(1).reduce((a, r) => a + Number(r.split(',').pop()), 0);
      assert.ok(Math.abs(sum - totals[1]) <= 0.005 * 13 + 1e-9, `months add up to the option total: ${sum} vs ${totals[1]}`);
    } else if (what === 'cumulative') {
      assert.equal(rows[0], 'option,month_730h,cumulative_usd');
      assert.equal(rows.length, 1 + 3 * 13, 'three options x months 0..12');
    } else {
      assert.equal(rows[0], 'rank,option,total_usd,total_with_commitment_usd');
      const values = rows.slice(1).map((r) => Number(r.split(',')[2]));
      // All on demand: the commitment is the total.
      assert.deepEqual(rows.slice(1).map((r) => r.split(',')[3]), rows.slice(1).map((r) => r.split(',')[2]));
      assert.deepEqual(values, [...values].sort((a, b) => a - b), 'cheapest first');
      assert.deepEqual(values.map((v) => v.toFixed(2)), [...totals].sort((a, b) => a - b).map((v) => v.toFixed(2)));
    }
  }

  // The comparison CSV matches the table: same options, same totals to the cent.
  const cmp = await download(page, '#download-comparison-csv');
  assert.equal(cmp.name, `gpu-cost-comparison-${date}.csv`);
  const lines = cmp.bytes.toString('utf8').trim().split('\n');
  assert.match(lines[0], /^option,offer_id,prices_as_of,total_usd,total_with_commitment_usd,usd_per_used_gpu_hour/);
  assert.equal(lines.length, 4);
  lines.slice(1).forEach((line, i) => {
    assert.ok(line.includes(names[i]), `row ${i} is ${names[i]}`);
    const total = Number(line.split(',')[names[i].includes(',') ? 4 : 3]);
    assert.equal(total.toFixed(2), totals[i].toFixed(2));
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test('sliders work from the keyboard: arrow keys on the range, typing in the field', async () => {
  const { context, page, problems } = await openApp();
  const before = await page.textContent('#comparison tbody td.cmp-total');
  await page.focus('#contingency-range');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((old) => document.querySelector('#comparison tbody td.cmp-total').textContent !== old, before);
  assert.equal(await page.inputValue('#contingency-number'), '1');
  const withOneText = await page.textContent('#comparison tbody td.cmp-total');
  const withOne = Number(withOneText.replace(/[^0-9.]/g, ''));
  const base = Number(before.replace(/[^0-9.]/g, ''));
  assert.ok(Math.abs(withOne - base * 1.01) < 0.02, `1 % contingency: ${withOne} vs ${base}`);
  await page.fill('#days-per-week-number', '3.5');
  await page.waitForFunction((old) => document.querySelector('#comparison tbody td.cmp-total').textContent !== old, withOneText);
  const halfWeek = Number((await page.textContent('#comparison tbody td.cmp-total')).replace(/[^0-9.]/g, ''));
  assert.ok(halfWeek < withOne * 0.6, `3.5 days a week costs about half: ${halfWeek}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the offer table costs every offer under the scenario and sorts by it', async () => {
  const { context, page, problems } = await openApp({ width: 1440 });
  // At 1440 px the scenario-total column is on screen without scrolling the table sideways.
  const reach = await page.evaluate(() => {
    const th = [...document.querySelectorAll('#offers thead th')].find((t) => t.textContent.startsWith('Scenario total'));
    return { right: th.getBoundingClientRect().right, width: document.documentElement.clientWidth };
  });
  assert.ok(reach.right <= reach.width, `scenario total ends at ${reach.right} px of ${reach.width}`);
  const money = (t) => Number(t.replace(/[^0-9.]/g, ''));
  // A compared offer's scenario total is its engine total in the comparison.
  const firstId = await page.getAttribute('#results tbody tr', 'data-offer-id');
  const cmpTotal = money(await page.textContent('#comparison tbody td.cmp-total'));
  const row = page.locator(`#offers tbody tr:has(input:checked)`).first();
  await page.selectOption('#filter-sort', 'total');
  // The first 20 rows ascending (the table renders the rows in view: offerColumn scrolls it).
  for (const end = Date.now() + 30_000; ;) {
    const v = (await offerColumn(page, 'td.scenario-total', 20)).map(money);
    if (v.length === 20 && v.every((x, i) => i === 0 || v[i - 1] <= x)) break;
    assert.ok(Date.now() < end, `first 20 scenario totals ascending: ${v}`);
    await page.waitForTimeout(100);
  }
  // Changing the plan updates the column once the sliders settle.
  await page.fill('#filter-text', firstId.split('/').pop());
  await page.waitForFunction(() => document.querySelectorAll('#offers tbody tr').length >= 1);
  const before = money(await row.locator('td.scenario-total').textContent());
  assert.equal(before.toFixed(2), cmpTotal.toFixed(2), `${firstId}: table ${before} vs comparison ${cmpTotal}`);
  await page.fill('#contingency-number', '10');
  await page.waitForFunction((b) => {
    const c = document.querySelector('#offers tbody tr:has(input:checked) td.scenario-total');
    return c && Number(c.textContent.replace(/[^0-9.]/g, '')) > b;
  }, before);
  const after = money(await row.locator('td.scenario-total').textContent());
  assert.ok(Math.abs(after - before * 1.1) < 0.02, `10 % contingency: ${after} vs ${before}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hovering the cumulative chart shows every option at the month under the pointer', async () => {
  const { context, page, problems } = await openApp();
  await page.locator('#chart').scrollIntoViewIfNeeded();
  const box = await page.locator('#chart').boundingBox();
  await page.mouse.move(box.x + box.width * 0.6, box.y + 150);
  await page.waitForSelector('.chart-tooltip');
  const rows = await page.$$eval('.chart-tooltip .tooltip-row', (r) => r.map((x) => x.textContent));
  const options = await page.$$eval('#comparison tbody tr', (r) => r.length);
  assert.equal(rows.length, options, 'one value per option');
  const month = Number(await page.getAttribute('.chart-tooltip', 'data-month'));
  assert.ok(month >= 1 && month <= 12, `month ${month}`);
  await page.mouse.move(box.x + box.width - 14, box.y + 150);
  await page.waitForFunction(() => document.querySelector('.chart-tooltip')?.dataset.month === '12');
  // At the last month the values are the options' totals, written as the table writes them
  // (currency sign included; the readout lists them highest first: charts.test.mjs).
  const values = await page.$$eval('.chart-tooltip .tooltip-row strong', (r) => r.map((x) => x.textContent));
  const total = (await page.textContent('#comparison tbody td.cmp-total')).trim();
  for (const v of values) assert.match(v, /^\$[0-9,]+\.[0-9]{2}$/);
  assert.ok(values.includes(total), `${total} in ${values}`);
  await page.mouse.move(box.x + 2, box.y + 2);
  await page.waitForSelector('.chart-tooltip', { state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a spot variant compares one offer under two strategies, with Young\'s checkpoint interval one click away', async () => {
  const { context, page, problems } = await openApp();
  const row = page.locator('#comparison tbody tr', { hasText: 'Google Cloud' });
  await row.locator('button', { hasText: 'spot variant' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr').length === 5);
  const names = await page.$$eval('#comparison tbody th.option-label', (t) => t.map((x) => x.firstChild.textContent.trim()));
  assert.ok(names[3].startsWith('Google Cloud') && names[3].endsWith(', spot'), names.join(' | '));
  const money = (t) => Number(t.replace(/[^0-9.]/g, ''));
  const spotTotal = () => page.$$eval('#comparison tbody td.cmp-total', (t) => t[3].textContent);
  await page.fill('#checkpoint-write-number', '0.1');
  await page.fill('#restart-number', '0.25');
  await page.waitForFunction(() => /Young's optimum/.test(document.querySelector('#checkpoint-suggested')?.textContent ?? ''));
  const young = await spotTotal();
  await page.fill('#checkpoint-interval-number', '12');
  await page.waitForSelector('#use-young');
  await page.waitForFunction((y) => document.querySelectorAll('#comparison tbody td.cmp-total')[3].textContent !== y, young);
  assert.ok(money(await spotTotal()) > money(young), 'a 12 h interval costs more than the optimum');
  await page.click('#use-young');
  await page.waitForSelector('#checkpoint-suggested');
  assert.equal(await spotTotal(), young);
  // The spot variant carries interruption risk: its P10–P90 band is shaded under its line
  // once computed (after the lines are painted).
  await page.waitForSelector('#chart[data-bands-pending="0"]');
  const banded = (await download(page, '#download-svg')).bytes.toString('utf8');
  assert.equal((banded.match(/<polygon/g) || []).length, 1, 'one band, for the spot variant only');
  assert.ok(banded.includes('Shaded: P10–P90'), 'the footer explains the band');
  const bandCsv = (await download(page, '#download-csv')).bytes.toString('utf8').trim().split('\n');
  assert.equal(bandCsv[0], 'option,month_730h,cumulative_usd,p10_cumulative_usd,p90_cumulative_usd');
  const spotRows = bandCsv.filter((r) => r.includes(', spot'));
  assert.equal(spotRows.length, 13, 'the spot variant, months 0..12');
  const [p10, p90] = spotRows[12].split(',').slice(-2).map(Number);
  assert.ok(p10 > 0 && p90 >= p10, `band of the last month: ${p10}..${p90}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('reserved variant and rent vs buy: both charts drawn with their markers, legends match, every download', async () => {
  const { context, page, problems } = await openApp();
  const today = new Date();
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Google Cloud's a2-highgpu-8g lists committed-use prices in the catalog.
  // From the keyboard: Tab from "+ spot variant" reaches "+ 60/40 reserved", which shows its
  // focus ring, and Enter adds the variant.
  const row = page.locator('#comparison tbody tr', { hasText: 'Google Cloud' });
  await row.locator('button', { hasText: '+ spot variant' }).focus();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const b = document.activeElement;
    const style = getComputedStyle(b);
    return { text: b.textContent, outline: style.outlineStyle, width: style.outlineWidth };
  });
  assert.equal(focused.text, '+ 60/40 reserved');
  assert.ok(focused.outline !== 'none' && focused.width !== '0px', `visible focus: ${JSON.stringify(focused)}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr').length === 5);
  const names = await page.$$eval('#comparison tbody th.option-label', (t) => t.map((x) => x.firstChild.textContent.trim()));
  const variant = names[3];
  assert.ok(variant.startsWith('Google Cloud') && variant.includes('60/40 reserved'), names.join(' | '));
  const cells = await page.$$eval('#comparison tbody tr', (rows) => [...rows[3].querySelectorAll('td')].map((td) => td.textContent));
  assert.match(cells[5], /%$/, `break-even utilisation shown: ${cells[5]}`);
  // A term with no upfront pays off from the first hour: said in words, not a bare "0.0".
  assert.match(cells[6], /^([1-9][0-9.]*|0\.[0-9]*[1-9][0-9]*|0 \(no upfront: cheaper from the first hour\))$/, `break-even months shown: ${cells[6]}`);

  assert.ok(await inkFraction(page, '#chart-reserved') > 0.01, 'reserved chart has ink');
  const svg = (await download(page, '#chart-reserved-download-svg'));
  assert.equal(svg.name, `gpu-cost-reserved-vs-on-demand-${date}.svg`);
  // Legend and footer lines are wrapped to the width: read the SVG's text runs as one string.
  const words = (x) => [...x.matchAll(/<text[^>]*>\s*([^<]*?)\s*<\/text>/g)].map((m) => m[1]).join(' ');
  const text = words(svg.bytes.toString('utf8'));
  assert.ok(text.includes(esc(`${variant}: reserved`)), `legend names the variant: ${text}`);
  assert.ok(text.includes(`break-even at ${cells[5].replace(' %', '')} % utilisation`), 'marker at the table\'s break-even');
  assert.ok(text.includes('Prices as of') && text.includes('(%)'), 'footer dates and axis unit');
  const csv = (await download(page, '#chart-reserved-download-csv')).bytes.toString('utf8').trim().split('\n');
  assert.equal(csv[0], 'series,utilisation_pct,usd_per_instance_hour_of_term');
  assert.ok(csv.some((r) => r.includes('marker:') && r.includes('break-even')), 'marker row in the CSV');
  const png = await download(page, '#chart-reserved-download-png');
  assert.equal(png.bytes.subarray(1, 4).toString('ascii'), 'PNG');

  // Rent vs buy: off until switched on, then one rent line per option and the owned server.
  await page.fill('#months-number', '36');
  await page.check('#buy-enabled');
  await page.waitForSelector('#buy-purchase-number');
  assert.equal(await page.inputValue('#buy-purchase-number'), '250000');
  assert.equal(await page.inputValue('#buy-pue-number'), '1.3');
  assert.ok(await inkFraction(page, '#chart-buy') > 0.01, 'rent-vs-buy chart has ink');
  const buySvg = words((await download(page, '#chart-buy-download-svg')).bytes.toString('utf8'));
  for (const n of names) assert.ok(buySvg.includes(esc(`Rent: ${n}`)), `rent line for ${n}`);
  assert.ok(buySvg.includes('Buy: 1 × 8-GPU server'), 'owned server in the legend');
  assert.match(buySvg, /buying is cheaper from month \d+/, 'crossover marked');
  const buyCsv = (await download(page, '#chart-buy-download-csv'));
  assert.equal(buyCsv.name, `gpu-cost-rent-vs-buy-${date}.csv`);
  const buyRows = buyCsv.bytes.toString('utf8').trim().split('\n');
  assert.equal(buyRows[0], 'series,month_730h,cumulative_usd');
  assert.ok(buyRows.some((r) => r.startsWith('marker:')), 'crossover row');
  // A dearer server moves the crossover later; bad input keeps the last chart.
  const crossover = () => page.evaluate(() => document.querySelector('#chart-buy').innerHTML);
  const before = await crossover();
  await page.fill('#buy-purchase-number', '-1');
  await page.waitForFunction(() => document.querySelector('#buy-purchase-error').textContent !== '');
  assert.equal(await crossover(), before, 'bad purchase price keeps the last chart');
  await page.fill('#buy-purchase-number', '600000');
  await page.waitForFunction((b) => document.querySelector('#chart-buy').innerHTML !== b, before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('storage, egress, shares and calendar months change the result; bad input keeps the last result', async () => {
  const { context, page, problems } = await openApp();
  const total = () => page.$$eval('#comparison tbody td.cmp-total', (t) => t[0].textContent);
  const money = (t) => Number(t.replace(/[^0-9.]/g, ''));
  const base = await total();
  await page.fill('#storage-price-number', '0.02');
  await page.fill('#storage-gb-number', '1000');
  await page.fill('#egress-price-number', '0.09');
  await page.fill('#egress-gb-number', '500');
  await page.waitForFunction((b) => document.querySelectorAll('#comparison tbody td.cmp-total')[0].textContent !== b, base);
  // 12 × (1,000 × 0.02 + 500 × 0.09) = 780 more.
  assert.equal((money(await total()) - money(base)).toFixed(2), '780.00');
  const withStorage = await total();
  for (const [id, bad] of [['storage-gb', '-5'], ['egress-gb', 'abc'], ['storage-price', '11'], ['egress-price', '1,5']]) {
    await page.fill(`#${id}-number`, bad);
    await page.waitForFunction((i) => document.querySelector(`#${i}-error`).textContent !== '', id);
    assert.equal(await total(), withStorage, `total kept after ${bad} in #${id}`);
  }
  await page.fill('#storage-gb-number', '1000');

  // Shares: Google Cloud (option 2) has committed-use prices; reserved + spot + on-demand = 100 %.
  await page.selectOption('#strategy-option', '2');
  await page.waitForSelector('#reserved-term');
  await page.fill('#share-reserved-number', '70');
  // 70 % of 8 GPUs on an 8-GPU instance rounds to the whole instance: the on-demand rest is
  // said after that rounding, beside what the typed shares leave.
  const rest = /^On-demand: 0(\.0)? % after whole-instance rounding \(the typed shares leave 30 %\)/;
  await page.waitForFunction((r) => new RegExp(r).test(document.querySelector('#share-on-demand').textContent), rest.source);
  await page.fill('#share-reserved-number', '120');
  await page.waitForFunction(() => document.querySelector('#share-reserved-error').textContent !== '');
  assert.match(await page.textContent('#share-on-demand'), rest);
  // Spot 50 % with 70 % reserved: the reserved share makes room, and a note says so (a new user
  // found it changed silently).
  await page.fill('#share-spot-number', '50');
  await page.waitForFunction(() => /^Reserved lowered from 70 % to 50 % so that reserved \+ spot stay within 100 %/.test(document.querySelector('#share-lowered')?.textContent ?? ''));
  assert.equal(await page.inputValue('#share-reserved-number'), '50');
  await page.fill('#share-reserved-number', '40');
  await page.waitForSelector('#share-lowered', { state: 'detached' });
  // Whole instances: 40 % reserved of the one 8-GPU instance rounds up to all of it, so the
  // typed 50 % spot gets none of it, and the page says so.
  const spotRounding = (r) => page.waitForFunction((x) => new RegExp(x).test(document.querySelector('#spot-rounding')?.textContent ?? ''), r.source);
  await spotRounding(/^50 % of 8 GPUs → 0 spot 8-GPU instance\(s\) = 0(\.0)? % spot: instances are rented whole/);
  // Without the reserved share, half of the one instance rounds to the whole instance on spot
  // (billed once, not as one spot and one on-demand instance), and no GPU is left on demand.
  await page.fill('#share-reserved-number', '0');
  await spotRounding(/^50 % of 8 GPUs → 1 spot 8-GPU instance\(s\) = 100(\.0)? % spot/);
  assert.match(await page.textContent('#share-on-demand'), /^On-demand: 0(\.0)? % after whole-instance rounding \(the typed shares leave 50 %\)/);
  assert.equal(await page.$('#reserved-rounding'), null, 'no reserved share, nothing to say of it');
  await page.fill('#share-spot-number', '0');
  await page.waitForFunction(() => document.querySelector('#share-spot-range').value === '0');
  const terms = await page.$$eval('#reserved-term option', (o) => o.map((x) => x.textContent));
  assert.ok(terms.some((t) => /\d+ months, .*upfront/.test(t)), terms.join(' | '));

  // Calendar months from a start month.
  await page.selectOption('#month-convention', 'calendar');
  await page.waitForSelector('#calendar-start');
  await page.fill('#calendar-start', '2027-02');
  await page.dispatchEvent('#calendar-start', 'change');
  await page.waitForFunction(() => document.querySelector('#calendar-start').value === '2027-02');
  const csv = await download(page, '#download-csv');
  assert.equal(csv.bytes.toString('utf8').split('\n')[0], 'option,month_calendar,cumulative_usd');
  const svg = (await download(page, '#download-svg')).bytes.toString('utf8');
  assert.ok(svg.includes('calendar month from 2027-02'), 'axis names the calendar start');
  assert.deepEqual(problems, []);
  await context.close();
});

test('job mode: work until finished at each GPU\'s throughput; a deadline or a GPU count sizes it; bad input keeps the result', async () => {
  const { context, page, problems } = await openApp();
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  assert.equal(await page.$('#hours-per-day-number'), null, 'fleet fields hidden in job mode');
  assert.match(await page.textContent('#scenario-heading'), /job/);
  await page.fill('#job-gpu-hours-number', '50000');
  await page.fill('#scaling-efficiency-number', '0.9');
  const finish = () => page.$$eval('#comparison tbody tr', (rows) => rows.map((r) => r.querySelectorAll('td')[4].textContent));
  // AWS p4d: 50,000 / 0.9 reference GPU-hours on 8 A100s = 6,944 h = 9.51 months of 730 h.
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr')[0].querySelectorAll('td')[4].textContent === '9.51');
  const before = await page.textContent('#results');
  for (const bad of ['0', '-3', 'abc', '1e400']) {
    await page.fill('#job-gpu-hours-number', bad);
    await page.waitForFunction(() => document.querySelector('#job-gpu-hours-error').textContent !== '');
    assert.equal(await page.textContent('#results'), before, `result kept after ${bad}`);
  }
  await page.fill('#job-gpu-hours-number', '50000');
  // The chart spans the job: 10 months plus month 0 per option in the CSV.
  const csv = (await download(page, '#download-csv')).bytes.toString('utf8').trim().split('\n');
  assert.equal(csv.filter((r) => r.startsWith('AWS')).length, 11);
  // A throughput override (twice the reference) halves the run.
  await page.selectOption('#strategy-option', '0');
  await page.fill('#throughput-number', '2');
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr')[0].querySelectorAll('td')[4].textContent === '4.76');
  // A deadline instead of a GPU count.
  await page.selectOption('#job-size', 'deadline');
  await page.waitForSelector('#job-within-number');
  await page.fill('#job-within-number', '2');
  await page.waitForFunction(() => Number(document.querySelectorAll('#comparison tbody tr')[0].querySelectorAll('td')[4].textContent) <= 2);
  assert.ok((await finish()).every((f) => Number(f) <= 2), (await finish()).join(' '));
  assert.deepEqual(problems, []);
  await context.close();
});

test('typed reserved prices give an offer without catalog commitments a reserved share and its break-even', async () => {
  const { context, page, problems } = await openApp();
  // Option 2 (Azure ND96asr_v4) has no reservation in the catalog (option 1, AWS p4d, has a
  // 1-year RI since issue 15).
  await page.selectOption('#strategy-option', '1');
  await page.waitForSelector('#strategy-no-commitment');
  const onDemand = Number(await page.inputValue('#reserved-per-hour-number'));
  assert.ok(onDemand > 0, 'starts at the on-demand price');
  await page.fill('#reserved-per-hour-number', String(onDemand / 2));
  await page.fill('#share-reserved-number', '100');
  const cell = () => page.$$eval('#comparison tbody tr', (rows) => rows[1].querySelectorAll('td')[5].textContent);
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr')[1].querySelectorAll('td')[5].textContent === '50.0 %');
  const before = await page.textContent('#results');
  for (const [id, bad] of [['reserved-term-months', '1.5'], ['reserved-per-hour', '-1'], ['reserved-upfront', 'abc']]) {
    await page.fill(`#${id}-number`, bad);
    await page.waitForFunction((i) => document.querySelector(`#${i}-error`).textContent !== '', id);
    assert.equal(await page.textContent('#results'), before, `result kept after ${bad} in #${id}`);
  }
  assert.equal(await cell(), '50.0 %');
  assert.ok(await inkFraction(page, '#chart-reserved') > 0.01, 'the reserved chart draws the option');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a savings plan whose commitment exceeds what it can save says it never breaks even, not a utilisation above 100 %', async () => {
  const { context, page, problems } = await openApp();
  await page.click('#billing-extras > summary');
  await page.fill('#savings-plan-commitment-number', '10');
  await page.waitForSelector('#savings-plan-result');
  assert.match(await page.textContent('#savings-plan-result'), /Break-even utilisation \d[\d.,]* %/);
  await page.fill('#savings-plan-commitment-number', '1000');
  await page.waitForFunction(() => /Never breaks even/.test(document.querySelector('#savings-plan-result')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('#savings-plan-result'), /utilisation [\d,]+\.\d %/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an AutoDL weekly package from the page: pick an AutoDL offer, its provider\'s defaults are said, type the week price', async () => {
  const { context, page, problems } = await openApp();
  await page.selectOption('#filter-provider', 'AutoDL');
  await page.waitForFunction(() => [...document.querySelectorAll('#offers tbody tr td:nth-child(2)')]
    .every((td) => td.textContent.startsWith('AutoDL')));
  await page.check('#offers tbody tr:first-child input[type=checkbox]');
  await page.click('#billing-extras > summary');
  const n = await page.$$eval('#savings-plan-option option', (o) => o.length);
  await page.selectOption('#savings-plan-option', String(n - 1));
  // The storage default comes from AutoDL's sourced rule, said beside the checkbox.
  await page.waitForFunction(() => /AutoDL's billing rule/.test(document.querySelector('#stopped-rule')?.textContent ?? ''));
  assert.ok(await page.isChecked('#storage-while-stopped'), 'AutoDL bills paid disks while off');
  // With storage, the closed group's summary says it; turned off against the rule, it says that.
  await page.fill('#storage-gb-number', '500');
  await page.waitForFunction(() => /storage billed while stopped on AutoDL/.test(document.querySelector('#billing-extras-summary').textContent));
  await page.uncheck('#storage-while-stopped');
  await page.waitForFunction(() => /storage not billed while stopped on AutoDL[^;]*\(its provider bills it\)/.test(document.querySelector('#billing-extras-summary').textContent));
  assert.match(await page.textContent('#sla-result'), /none known/);
  await page.fill('#package-week-number', '120');
  await page.waitForSelector('#packages-result');
  assert.match(await page.textContent('#billing-extras-summary'), /packages/i);
  assert.doesNotMatch(await page.textContent('#packages-result'), /NaN/);
  // The default AWS option shows its SLA beside the expected downtime cost.
  await page.selectOption('#savings-plan-option', '0');
  await page.waitForFunction(() => /SLA of AWS/.test(document.querySelector('#sla-result')?.textContent ?? ''));
  assert.match(await page.textContent('#sla-result'), /99\.5 % availability committed/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('deadline-safe spot: a job deadline shows the spot bands beside all-spot and all-on-demand; bad deadlines keep the result', async () => {
  const { context, page, problems } = await openApp();
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  await page.fill('#job-gpu-hours-number', '8000');
  await page.click('#billing-extras > summary');
  await page.waitForSelector('#deadline-spot-hours-number');
  await page.fill('#deadline-spot-hours-number', '5000');
  await page.waitForFunction(() => /deadline-safe spot within/.test(document.querySelector('#billing-extras-summary').textContent));
  // The chosen option must have a spot price: try each compared option. One without a spot
  // (or on-demand) price says so beside the field instead of showing nothing (issue 18).
  const n = await page.$$eval('#savings-plan-option option', (o) => o.length);
  let text = null;
  let priced = null;
  for (let i = 0; i < n; i++) {
    await page.selectOption('#savings-plan-option', String(i));
    const el = await page.$('#deadline-spot-result');
    const note = await page.$('#deadline-spot-unpriced');
    assert.ok(!el !== !note, `option ${i}: either the result or the no-spot-price note`);
    if (note) assert.match(await note.textContent(), /no spot price .*deadline-safe spot needs both/);
    if (el && text === null) {
      text = await el.textContent();
      priced = i;
    }
  }
  assert.ok(text !== null, 'some default option has a spot price');
  await page.selectOption('#savings-plan-option', String(priced));
  assert.match(text, /P10 .*median .*P90 .*All-spot without interruption .*all-on-demand/);
  assert.doesNotMatch(text, /NaN|inf/);
  // The chart under the field: the three policies' cost and finish bands, the deadline line,
  // and its PNG, SVG and CSV downloads.
  await page.waitForSelector('#deadline-chart svg');
  const svgText = await page.$eval('#deadline-chart', (e) => e.innerHTML);
  // Row labels may wrap onto two lines in the chart's gutter: read the texts joined back.
  const svgWords = await page.$eval('#deadline-chart svg', (s) =>
    [...s.querySelectorAll('text')].map((t) => t.textContent.trim()).join(' '));
  for (const s of ['All spot (no interruption)', 'Deadline-safe spot', 'All on-demand']) {
    assert.ok(svgWords.includes(s), `chart shows ${s}: ${svgWords}`);
  }
  assert.match(svgText, /Deadline 5,?000(\.0)? h/);
  assert.doesNotMatch(svgText, /NaN/);
  const svgFile = await download(page, '#deadline-chart-download-svg');
  assert.match(svgFile.name, /^gpu-cost-deadline-spot-\d{4}-\d{2}-\d{2}\.svg$/);
  assert.ok(svgFile.text.includes('Deadline-safe spot'));
  const png = await download(page, '#deadline-chart-download-png');
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  const csv = (await download(page, '#deadline-chart-download-csv')).text.trim().split('\n');
  assert.equal(csv[0], 'policy,cost_P10_usd,cost_P50_usd,cost_P90_usd,finish_P10_hours,finish_P50_hours,finish_P90_hours');
  assert.equal(csv.length, 4);
  for (const row of csv.slice(1)) {
    const [, c10, c50, c90, , , f90] = row.split(',').slice(-7).map(Number);
    assert.ok(c10 <= c50 && c50 <= c90, row);
    assert.ok(f90 <= 5000, `finishes by the deadline: ${row}`);
  }
  // Too short a deadline (on-demand from the start cannot make it) is refused by the engine:
  // the message sits beside the deadline field and names the hours needed. A negative or
  // non-numeric one is refused by the field itself. The result stays.
  const before = await page.textContent('#deadline-spot-result');
  await page.fill('#deadline-spot-hours-number', '1');
  await page.waitForFunction(() => /at least .* hours/.test(document.querySelector('#billing-refusal-deadline')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('#billing-refusal-deadline'), /deadline_spot/, 'no field path as text');
  assert.equal(await page.$('#notice'), null, 'not in the notice area');
  assert.equal(await page.textContent('#deadline-spot-result'), before, 'result kept after 1');
  for (const bad of ['-5', 'abc']) {
    await page.fill('#deadline-spot-hours-number', bad);
    await page.waitForFunction(() => document.querySelector('#deadline-spot-hours-error')?.textContent !== '');
    assert.equal(await page.textContent('#deadline-spot-result'), before, `result kept after ${bad}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
