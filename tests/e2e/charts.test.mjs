// End-to-end test of issue 16's "charts that say what they mean" on the cumulative chart: the
// log-scale switch redraws the cost axis in decades (and the SVG download follows it), the
// hover readout lists the options highest first and opens under the plot, beside the month it
// reads on the side away from the plot's middle (so it covers no line), and a job's line ends
// where the job finishes, marked there. Runs on the release bundle in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, openApp, downloadFile } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** The text of every `<text>` of the cumulative chart's SVG. */
const chartTexts = (page) => page.$$eval('#chart svg text', (t) => t.map((x) => x.textContent.trim()));

/** A money amount as written on the page ("$1,234.56") as a number. */
const money = (s) => Number(s.replace(/[^0-9.]/g, ''));

test('the log-scale switch draws the cost axis in decades, and the SVG download follows it', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const linear = await chartTexts(page);
  assert.ok(!linear.some((t) => /log scale/.test(t)), 'linear by default');
  await page.check('#log-scale');
  await page.waitForFunction(() => [...document.querySelectorAll('#chart svg text')].some((t) => /log scale/.test(t.textContent)));
  const log = await chartTexts(page);
  // Every cost label on a log axis is a power of ten (month labels stay under 100).
  const numbers = (texts) => texts.filter((t) => /^[0-9,]+$/.test(t)).map((t) => Number(t.replace(/,/g, ''))).filter((n) => n >= 100);
  assert.ok(numbers(linear).some((n) => !/^10+$/.test(String(n))), `linear labels: ${numbers(linear)}`);
  const decades = numbers(log);
  assert.ok(decades.length >= 2, `decade labels: ${log.join(' | ')}`);
  for (const d of decades) assert.match(String(d), /^10+$/, `${d}`);
  const svg = (await downloadFile(page, '#download-svg')).bytes.toString('utf8');
  assert.match(svg, /log scale/, 'the download draws what the page shows');
  await page.uncheck('#log-scale');
  await page.waitForFunction(() => ![...document.querySelectorAll('#chart svg text')].some((t) => /log scale/.test(t.textContent)));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the hover readout is sorted highest first, in a strip under the chart inside its card and the viewport', async () => {
  for (const width of [1440, 375]) {
    const { context, page, problems } = await openApp(browser, origin, { width, height: 900 });
    await page.locator('#chart').scrollIntoViewIfNeeded();
    const box = await page.locator('#chart').boundingBox();
    for (const at of [0.85, 0.3]) {
      const x = box.x + box.width * at;
      await page.mouse.move(x, box.y + 150);
      await page.waitForSelector('.chart-tooltip');
      assert.equal(await page.getAttribute('.chart-tooltip', 'data-order'), 'highest-first');
      assert.match(await page.textContent('.chart-tooltip .tooltip-head'), /highest first/);
      const values = (await page.$$eval('.chart-tooltip .tooltip-row strong', (r) => r.map((x) => x.textContent))).map(money);
      assert.ok(values.length >= 2, `${values}`);
      for (let i = 1; i < values.length; i += 1) assert.ok(values[i - 1] >= values[i], `highest first: ${values}`);
      const month = Number(await page.getAttribute('.chart-tooltip', 'data-month'));
      assert.ok(month >= 0, `month ${month}`);
      // Inside the chart's card and the viewport (every row whole), and under the drawing:
      // over no line, no legend entry and no axis title (all inside the SVG).
      const tip = await page.locator('.chart-tooltip').boundingBox();
      const card = await page.locator('.chart-card:has(#chart)').boundingBox();
      const svg = await page.locator('#chart svg').boundingBox();
      const where = `${width}px at ${at}: tip ${JSON.stringify(tip)} card ${JSON.stringify(card)}`;
      assert.ok(tip.x >= card.x - 0.5 && tip.x + tip.width <= card.x + card.width + 0.5, `inside the card: ${where}`);
      assert.ok(tip.x >= 0 && tip.x + tip.width <= width, `inside the viewport: ${where}`);
      assert.ok(tip.y >= svg.y + svg.height - 0.5, `under the drawing: ${where} svg ${JSON.stringify(svg)}`);
      const clipped = await page.$$eval('.chart-tooltip .tooltip-row', (rows) => rows.filter((r) => r.scrollWidth > r.clientWidth + 1 || r.getBoundingClientRect().right > document.documentElement.clientWidth).length);
      assert.equal(clipped, 0, `no row cut: ${where}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a job\'s line ends where the job finishes, marked with its finish month', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  await page.fill('#job-gpu-hours-number', '50000');
  await page.fill('#scaling-efficiency-number', '0.9');
  // AWS p4d: 6,944 h = 9.51 months of 730 h, drawn to 9.51, not to month 10 (the default's
  // other A100 options end then too: one label for them all).
  await page.waitForFunction(() => [...document.querySelectorAll('#chart svg text')].some((t) => /^(ends|\d+ options end): month 9\.51$/.test(t.textContent.trim())));
  assert.deepEqual(problems, []);
  await context.close();
});

test('job-end labels never print over each other (equal ends share one label)', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#workload-mode', 'job');
  await page.waitForFunction(() => [...document.querySelectorAll('#chart svg text')].some((t) => /end/.test(t.textContent)));
  const boxes = await page.$$eval('#chart svg text', (ts) => ts.filter((t) => /ends?: month/.test(t.textContent))
    .map((t) => { const r = t.getBoundingClientRect(); return { text: t.textContent.trim(), l: r.left, r: r.right, t: r.top, b: r.bottom }; }));
  assert.ok(boxes.length >= 1, 'the default comparison in job mode marks its ends');
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [p, q] = [boxes[i], boxes[j]];
      const overlap = p.l < q.r && q.l < p.r && p.t < q.b && q.t < p.b;
      assert.ok(!overlap, `overlapping end labels: ${JSON.stringify(p)} ${JSON.stringify(q)}`);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});
