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

test('the hover readout is sorted highest first and opens beside the month, away from the plot\'s middle', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.locator('#chart').scrollIntoViewIfNeeded();
  const box = await page.locator('#chart').boundingBox();
  for (const at of [0.8, 0.3]) {
    const x = box.x + box.width * at;
    await page.mouse.move(x, box.y + 150);
    await page.waitForSelector('.chart-tooltip');
    await page.waitForFunction((flip) => (document.querySelector('.chart-tooltip')?.dataset.flip === 'true') === flip, at > 0.5);
    assert.equal(await page.getAttribute('.chart-tooltip', 'data-order'), 'highest-first');
    assert.match(await page.textContent('.chart-tooltip .tooltip-head'), /highest first/);
    const values = (await page.$$eval('.chart-tooltip .tooltip-row strong', (r) => r.map((x) => x.textContent))).map(money);
    assert.ok(values.length >= 2, `${values}`);
    for (let i = 1; i < values.length; i += 1) assert.ok(values[i - 1] >= values[i], `highest first: ${values}`);
    // The readout stays clear of the month it reads (the pointer snaps to the nearest month
    // end, at most half a month from the pointer) and inside the chart.
    const tip = await page.locator('.chart-tooltip').boundingBox();
    const month = Number(await page.getAttribute('.chart-tooltip', 'data-month'));
    const frame = await page.locator('.chart-wrap').first().boundingBox();
    assert.ok(month >= 0, `month ${month}`);
    if (at > 0.5) assert.ok(tip.x + tip.width < x - 4, `left of the pointer: ${JSON.stringify(tip)} x ${x}`);
    else assert.ok(tip.x > x - box.width / 24, `right of the month: ${JSON.stringify(tip)} x ${x}`);
    assert.ok(tip.x >= frame.x - 1 && tip.x + tip.width <= frame.x + frame.width + 1, 'inside the chart');
    // Under the plot's data area: the lines are all above the x axis's labels.
    const axisLabels = await page.$$eval('#chart svg text', (t) => t.filter((x) => x.textContent.trim() === '0').map((x) => x.getBoundingClientRect().bottom));
    assert.ok(tip.y >= Math.max(...axisLabels) - 1, `below the axis: ${tip.y} vs ${axisLabels}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a job\'s line ends where the job finishes, marked with its finish month', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  await page.fill('#job-gpu-hours-number', '50000');
  await page.fill('#scaling-efficiency-number', '0.9');
  // AWS p4d: 6,944 h = 9.51 months of 730 h, drawn to 9.51, not to month 10.
  await page.waitForFunction(() => [...document.querySelectorAll('#chart svg text')].some((t) => t.textContent.trim() === 'ends: month 9.51'));
  assert.deepEqual(problems, []);
  await context.close();
});
