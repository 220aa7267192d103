// End-to-end test of the workspace layout (issue 16, deliverable 1): at 1440×900 and 1920×1080
// the plan and the results share the screen, so moving any workload control (and controls
// further down the plan column) leaves the totals and the cumulative chart fully inside the
// window; at 390×844 the sticky summary stays in the window and shows the current cheapest
// total (the smallest "Total in horizon" of the comparison table) after each move. Controls are
// moved the way a keyboard user moves them: focus the slider (the browser scrolls it into view)
// and press an arrow key. Runs on the release bundle in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, openApp, offerColumn, downloadFile } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/** Fleet mode's workload sliders (each changes every total), then sliders lower in the plan
 * column (risk, storage, budget; some change no total of the default options). */
const FLEET = ['gpus', 'hours-per-day', 'days-per-week', 'months'];
const LOWER = ['spot-interruptions', 'storage-gb', 'egress-gb', 'contingency'];
/** Job mode's workload sliders (GPU count first, then with a deadline instead); only the work
 * surely changes the totals (more GPUs finish sooner for about the same GPU-hours). */
const JOB = ['job-gpu-hours', 'gpus', 'scaling-efficiency'];
const JOB_DEADLINE = ['job-within'];

/** Amount of a money string as the page formats it (`"$23,922.10"`, `"¥1,234.50"`). */
const amount = (s) => Number(s.replace(/[^0-9.\-]/g, ''));

/** Texts of the comparison table's "Total in horizon" cells and of the totals column. */
async function snapshot(page) {
  return page.evaluate(() => ({
    totals: [...document.querySelectorAll('#comparison td.total')].map((c) => c.textContent.trim()),
    ranked: [...document.querySelectorAll('#totals tbody td.total')].map((c) => c.textContent.trim()),
    sticky: document.querySelector('#sticky-total')?.textContent.trim() ?? null,
  }));
}

/**
 * Moves slider `id` one step up with the keyboard (one step down when already at its top) and
 * waits until the page has rendered the move (the range's value changed and two frames passed).
 * Returns the totals before and after.
 */
async function move(page, id) {
  const before = await snapshot(page);
  const range = page.locator(`#${id}-range`);
  const was = await range.inputValue();
  await range.focus();
  await page.keyboard.press('ArrowRight');
  if ((await range.inputValue()) === was) await page.keyboard.press('ArrowLeft');
  assert.notEqual(await range.inputValue(), was, `${id}: the slider moved`);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return { before, after: await snapshot(page) };
}

/** Adds a spot variant of the first option, so the interruption rate (in LOWER) applies: with
 * no spot option the page refuses a move of it and its thumb stays at the value in force. */
async function addSpotVariant(page) {
  const n = await page.locator('#comparison tbody tr').count();
  await page.click('#comparison tbody tr:first-child button.spot-variant');
  await page.waitForFunction((k) => document.querySelectorAll('#comparison tbody tr').length === k, n + 1);
}

/** Whether `selector`'s bounding box lies fully inside the window (a 1 px rounding allowance). */
async function inView(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box, `${selector} is rendered`);
  const ok = box.x >= -1 && box.y >= -1 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
  return { ok, box: `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}` };
}

/** The ranked totals agree with the comparison table: same amounts, cheapest first. */
function assertRanked({ totals, ranked }, what) {
  const sorted = [...totals].sort((a, b) => amount(a) - amount(b));
  assert.deepEqual(ranked, sorted, `${what}: the totals column ranks the comparison's totals, cheapest first`);
}

for (const [width, height] of [[1440, 900], [1920, 1080]]) {
  test(`at ${width}×${height} the totals and the cumulative chart stay in view while any control moves`, async () => {
    const { context, page, problems } = await openApp(browser, origin, { width, height });
    try {
      assert.equal(await page.locator('#sticky-summary').isVisible(), false, 'the results column replaces the phone summary');
      const check = async (id, changes) => {
        const { before, after } = await move(page, id);
        assertRanked(after, id);
        if (changes) {
          assert.notDeepEqual(after.totals, before.totals, `${id}: the totals follow the control`);
        }
        for (const sel of ['#totals-card', '#chart']) {
          const { ok, box } = await inView(page, sel);
          assert.ok(ok, `${id} at ${width}×${height}: ${sel} (${box}) is inside the window`);
        }
        const chartSvg = await page.locator('#chart svg').count();
        assert.equal(chartSvg, 1, `${id}: the cumulative chart is drawn`);
      };
      for (const id of FLEET) await check(id, true);
      await addSpotVariant(page);
      for (const id of LOWER) await check(id, false);
      await page.selectOption('#workload-mode', 'job');
      for (const id of JOB) await check(id, id === 'job-gpu-hours');
      await page.selectOption('#job-size', 'deadline');
      for (const id of JOB_DEADLINE) await check(id, false);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('at 390×844 the sticky summary shows the current cheapest total after each move', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 390, height: 844 });
  try {
    const check = async (id, changes) => {
      const { before, after } = await move(page, id);
      const cheapest = after.totals.reduce((a, b) => (amount(b) < amount(a) ? b : a));
      assert.equal(after.sticky, cheapest, `${id}: the summary shows the cheapest total`);
      if (changes) {
        assert.notEqual(after.sticky, before.sticky, `${id}: the summary follows the control`);
      }
      const { ok, box } = await inView(page, '#sticky-summary');
      assert.ok(ok, `${id}: the sticky summary (${box}) is inside the window`);
      // Both totals when the cheapest option commits beyond the horizon.
      const both = await page.evaluate(() => {
        const row = document.querySelector('#totals tbody tr');
        const total = row?.querySelector('td.total')?.textContent.trim();
        const commitment = row?.querySelector('td.commitment')?.firstChild?.textContent.trim();
        return { differs: total !== commitment, shown: !!document.querySelector('#sticky-commitment') };
      });
      assert.equal(both.shown, both.differs, `${id}: the commitment is in the summary exactly when it exceeds the total`);
    };
    for (const id of FLEET) await check(id, true);
    await addSpotVariant(page);
    for (const id of LOWER) await check(id, false);
    await page.selectOption('#workload-mode', 'job');
    for (const id of JOB) await check(id, id === 'job-gpu-hours');
    // "The rest one tap away": the summary's link leads to the ranked totals.
    await page.click('#sticky-summary .summary-more');
    const { ok } = await inView(page, '#totals-heading');
    assert.ok(ok, 'the summary link shows the totals');
    // ... below the sticky summary, not under it (h2's scroll-margin-top in assets/style.css).
    const under = await page.evaluate(() => {
      const bar = document.querySelector('#sticky-summary').getBoundingClientRect();
      const heading = document.querySelector('#totals-heading').getBoundingClientRect();
      return heading.top < bar.bottom - 1 ? `heading top ${heading.top} < summary bottom ${bar.bottom}` : null;
    });
    assert.equal(under, null, 'the totals heading is not hidden under the sticky summary');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[1440, 900], [390, 844]]) {
  test(`at ${width}×${height} the offer table renders only the rows in view, numbered out of all offers`, async () => {
    const { context, page, problems } = await openApp(browser, origin, { width, height });
    try {
      await page.waitForSelector('#offers tbody tr[aria-rowindex]');
      const total = Number((await page.textContent('#offer-count')).match(/of (\d+) offers/)[1]);
      assert.ok(total > 500, `the catalog has ${total} offers`);
      assert.equal(await page.getAttribute('#offers', 'aria-rowcount'), String(total + 1), 'all offers and the header row');
      const window = () => page.$$eval('#offers tbody tr[aria-rowindex]', (xs) => xs.map((r) => Number(r.getAttribute('aria-rowindex'))));
      let rows = await window();
      assert.ok(rows.length >= 5 && rows.length <= 40, `${rows.length} offer rows in the DOM`);
      assert.deepEqual(rows, rows.map((_, i) => i + 2), 'the first rows, numbered after the header');
      // Keyboard: tab reaches the scroll region, then the first row's checkbox.
      await page.focus('#filter-region');
      for (let i = 0; i < 8 && !(await page.evaluate(() => document.activeElement?.closest('#offers tbody'))); i += 1) {
        await page.keyboard.press('Tab');
      }
      assert.ok(await page.evaluate(() => document.activeElement?.closest('#offers tbody tr[aria-rowindex="2"]') !== null), 'tab reaches the first row');
      // Scrolled to the end: the last offers, still a few dozen rows.
      await page.$eval('.virtual-scroll', (r) => { r.scrollTop = r.scrollHeight; });
      await page.waitForFunction((n) => [...document.querySelectorAll('#offers tbody tr[aria-rowindex]')]
        .some((r) => r.getAttribute('aria-rowindex') === String(n)), total + 1);
      rows = await window();
      assert.ok(rows.length <= 40, `${rows.length} offer rows in the DOM at the end`);
      assert.equal(rows.at(-1), total + 1, 'the last offer');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[1440, 900], [390, 844]]) {
  test(`at ${width}×${height} the offer table fits its width and finds offers by billing mode with their commitment`, async () => {
    const { context, page, problems } = await openApp(browser, origin, { width, height });
    try {
      const fits = () => page.evaluate(() => {
        const table = document.querySelector('#offers');
        const wrap = table.closest('.table-wrap');
        return { table: table.scrollWidth, wrap: wrap.clientWidth };
      });
      let m = await fits();
      assert.ok(m.table <= m.wrap, `the offer table (${m.table} px) fits its box (${m.wrap} px)`);
      // Every row shows its cheapest commitment (or "—"); offers sold on a reserved term show one.
      await page.selectOption('#filter-billing', 'reserved');
      await page.waitForFunction(() => document.querySelectorAll('#offers tbody tr').length > 0
        && [...document.querySelectorAll('#offers tbody td.commitment')].every((c) => c.textContent.trim() !== '—'));
      // Data rows (the virtualised table's spacer rows stand for the rows out of view).
      const rows = await page.$$eval('#offers tbody tr[aria-rowindex]', (xs) => xs.map((r) => r.querySelector('td.commitment').textContent.trim()));
      assert.ok(rows.length > 0 && rows.every((c) => /·/.test(c)), 'reserved offers show a committed price and its term');
      assert.ok(await page.locator('#offers tbody td.commitment').first().isVisible(), 'the commitment is visible');
      m = await fits();
      assert.ok(m.table <= m.wrap, `filtered, the offer table (${m.table} px) fits its box (${m.wrap} px)`);
      // Cheapest first: the default sort is the on-demand price per GPU-hour, ascending.
      await page.selectOption('#filter-billing', 'on_demand');
      await page.waitForFunction(() => [...document.querySelectorAll('#offers tbody td.commitment')].some((c) => c.textContent.trim() === '—'));
      // Prices in USD (CNY offers interleave at the exchange rate), in the order shown.
      // The first 150 rows (the table renders those in view: offerColumn scrolls through it).
      const prices = await offerColumn(page, 'td.od-gpu', 150);
      const nums = prices.filter((p) => p.startsWith('$')).map(amount);
      assert.ok(nums.length > 10);
      assert.deepEqual(nums, [...nums].sort((a, b) => a - b), 'cheapest first');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('the commitment is never hidden: totals and ranking show what a reserved term owes after the horizon', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    await page.fill('#months-number', '3');
    await page.click('#comparison tbody tr:first-child .reserved-variant');
    await page.waitForFunction(() => document.querySelector('#totals tbody .owed'));
    const row = await page.evaluate(() => {
      const r = document.querySelector('#totals tbody .owed').closest('tr');
      return {
        total: r.querySelector('td.total').textContent.trim(),
        commitment: r.querySelector('td.commitment').firstChild.textContent.trim(),
        owed: r.querySelector('.owed').textContent.trim(),
        used: r.querySelector('.term-used')?.textContent.trim(),
      };
    });
    // Five options, one with a long name: the totals and the cumulative chart still fit.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const sel of ['#totals-card', '#chart']) {
      const { ok, box } = await inView(page, sel);
      assert.ok(ok, `five options: ${sel} (${box}) is inside the window`);
    }
    const n = (s) => Number(s.replace(/[^0-9.]/g, ''));
    assert.ok(n(row.commitment) > n(row.total), `total commitment ${row.commitment} above the horizon total ${row.total}`);
    const owed = n(row.owed.replace(/^[^$¥]*/, ''));
    assert.ok(Math.abs(n(row.total) + owed - n(row.commitment)) < 0.02, `${row.total} + ${row.owed} = ${row.commitment}`);
    assert.match(row.used ?? '', /^uses 3 of its \d+-month reserved term$/);
    // The ranking chart continues the bar through the commitment and says so (scrolled into
    // view in the results column: a chart far from the window is redrawn when it comes near).
    await page.locator('#chart-ranking').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#chart-ranking svg')?.textContent.includes('commits'));
    const svg = await page.$eval('#chart-ranking svg', (s) => s.textContent);
    assert.match(svg, /Pale part of a bar: reserved or savings-plan commitment owed after the horizon/);
    assert.ok(svg.includes(`commits ${row.commitment}`), 'the bar is labelled with its total commitment');
    // The cumulative chart runs on, dashed, to the end of the reserved term.
    const cumulative = await page.$eval('#chart svg', (s) => ({ text: s.textContent, lines: s.querySelectorAll('polyline').length }));
    assert.match(cumulative.text, /Dashed: reserved or savings-plan commitment owed after the horizon/);
    const term = Number(row.used.match(/of its (\d+)-month/)[1]);
    assert.ok(cumulative.text.includes(String(term)), `the month axis reaches month ${term}`);
    assert.ok(cumulative.lines >= 5 + 24, 'five lines and the 24 dashes of the owed part');
    // The comparison table's break-even says how much of the term the plan uses, and a
    // no-upfront term pays off from the first hour rather than reading a bare "0.0".
    const cell = await page.$eval('#comparison tbody tr:nth-child(2) td.break-even-months', (c) => c.textContent.trim());
    assert.match(cell, new RegExp(`uses 3 of ${term} months$`));
    // Variants do not stack: the reserved variant offers no further reserved variant.
    assert.equal(await page.$('#comparison tbody tr:nth-child(2) .reserved-variant'), null);
    assert.ok(await page.$('#comparison tbody tr:nth-child(1) .reserved-variant'));
    // Whole instances: the 60 % share of 8 GPUs on an 8-GPU instance is said as 100 %.
    await page.selectOption('#strategy-option', '1');
    await page.waitForSelector('#reserved-rounding');
    assert.match(await page.textContent('#reserved-rounding'), /^60 % of 8 GPUs → 1 reserved 8-GPU instance\(s\) = 100(\.0)? % reserved/);
    // ... and the on-demand rest is said after that rounding, as the engine bills it.
    assert.match(await page.textContent('#share-on-demand'), /^On-demand: 0(\.0)? % after whole-instance rounding \(the typed shares leave 40 %\)/);
    if (cell.startsWith('0')) assert.match(cell, /^0 \(no upfront: cheaper from the first hour\)/);
    else assert.match(cell, /^\d+(\.\d)?/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a savings plan\'s commitment owed after the horizon counts where a reserved term\'s does: totals, ranking bar and CSV, cumulative tail', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    // Session 5's new-user case on the AWS p4d option (option 1): 15.00/h for 12 months at
    // 14.00 under the plan, 1 month, 10 % contingency: 730 × 15 × 1.1 = 12,045.00 within the
    // horizon, 11 × 730 × 15 = 120,450.00 after it (docs/cost-model.md, "Savings plans").
    await page.click('#billing-extras > summary');
    await page.selectOption('#savings-plan-option', '0');
    await page.fill('#savings-plan-commitment-number', '15');
    await page.fill('#savings-plan-rate-number', '14');
    await page.fill('#savings-plan-term-number', '12');
    await page.fill('#months-number', '1');
    await page.fill('#contingency-number', '10');
    await page.waitForFunction(() => /\$132,495\.00/.test(document.querySelector('#totals')?.textContent ?? ''));
    const row = await page.evaluate(() => {
      const r = document.querySelector('#totals tbody .owed').closest('tr');
      return {
        name: r.querySelector('.option-label').textContent.trim(),
        total: r.querySelector('td.total').textContent.trim(),
        commitment: r.querySelector('td.commitment').firstChild.textContent.trim(),
        owed: r.querySelector('.owed').textContent.trim(),
      };
    });
    assert.match(row.name, /^AWS p4d/);
    assert.deepEqual([row.total, row.commitment, row.owed],
      ['$12,045.00', '$132,495.00', 'incl. $120,450.00 owed after the horizon']);
    await page.locator('#chart-ranking').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#chart-ranking svg')?.textContent.includes('commits $132,495.00'));
    const svg = await page.$eval('#chart-ranking svg', (s) => s.textContent);
    assert.match(svg, /\$12,045\.00 \(commits \$132,495\.00\)/);
    assert.match(svg, /Pale part of a bar: reserved or savings-plan commitment owed after the horizon/);
    const csv = (await downloadFile(page, '#chart-ranking-download-csv')).text;
    assert.match(csv, /\n1,AWS p4d[^\n]*,12045\.00,132495\.00\r?\n/, csv);
    // The cumulative chart runs on, dashed, to the end of the 12-month term.
    await page.locator('#chart').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => /Dashed: reserved or savings-plan commitment/.test(document.querySelector('#chart svg')?.textContent ?? ''));
    const cumulative = await page.$eval('#chart svg', (s) => ({ text: s.textContent, lines: s.querySelectorAll('polyline').length }));
    assert.ok(cumulative.lines >= 4 + 24, `four lines and the 24 dashes of the owed part: ${cumulative.lines}`);
    // The same in Chinese.
    await page.selectOption('#language', 'zh-CN');
    await page.waitForFunction(() => /规划期后仍需支付/.test(document.querySelector('#totals .owed')?.textContent ?? ''));
    assert.match(await page.textContent('#totals .owed'), /120,450\.00/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('host failures are set per option in the strategy panel: the option costs more, a bad value is explained beside the field', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    const total = () => page.$eval('#total-0', (c) => c.textContent.trim());
    const before = await total();
    // A collapsed group that names its values when closed.
    assert.match(await page.textContent('#strategy-advanced-values'), /0 failures per instance-hour; one price all day/);
    await page.click('#strategy-advanced > summary');
    await page.fill('#host-failures-number', '0.002');
    await page.waitForFunction((b) => document.querySelector('#total-0').textContent.trim() !== b, before);
    assert.ok(amount(await total()) > amount(before), `${await total()} > ${before}`);
    const exported = await page.evaluate(() => document.querySelector('#host-failures-range').value);
    assert.equal(Number(exported), 0.002);
    const kept = await total();
    await page.fill('#host-failures-number', '11');
    await page.waitForFunction(() => document.querySelector('#host-failures-error').textContent.trim() !== '');
    assert.match(await page.textContent('#host-failures-error'), /at most 10 — still using 0\.002/);
    assert.equal(await total(), kept, 'the last result stays');
    await page.selectOption('#language', 'zh-CN');
    await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('#host-failures-error').textContent));
    assert.match(await page.textContent('label[for=host-failures-number]'), /主机故障/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('an off-peak job in the page: an off-peak price, then shiftable work, each lowers the option\'s total; bad values are explained beside the field', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    const total = () => page.$eval('#total-0', (c) => c.textContent.trim());
    const changed = (b) => page.waitForFunction((b) => document.querySelector('#total-0').textContent.trim() !== b, b);
    await page.selectOption('#workload-mode', 'job');
    await page.waitForSelector('#job-gpu-hours-number');
    const flat = await total();
    await page.click('#strategy-advanced > summary');
    // Option 1 is on demand at its offer's price: that is the peak price, 8 to 22 o'clock.
    assert.match(await page.textContent('#off-peak-note'), /\d+(\.\d+)? USD per instance-hour/);
    await page.fill('#off-peak-price-number', '1');
    await changed(flat);
    const atOnce = await total();
    assert.ok(amount(atOnce) < amount(flat), `${atOnce} < ${flat}`);
    await page.check('#shiftable');
    await changed(atOnce);
    const shifted = await total();
    assert.ok(amount(shifted) < amount(atOnce), `${shifted} < ${atOnce}`);
    // Closed again, the group still says what it holds.
    await page.click('#strategy-advanced > summary');
    assert.match(await page.textContent('#strategy-advanced-values'), /off-peak 1 outside 8–22 o'clock, shiftable/);
    await page.click('#strategy-advanced > summary');
    // Peak hours move the boundary: a peak from 0 to 23 leaves one off-peak hour.
    await page.fill('#peak-from-number', '0');
    await page.fill('#peak-to-number', '23');
    await page.waitForFunction(() => document.querySelector('#peak-to-range').value === '23');
    // Bad values stay beside their field; the last result stays.
    const kept = await total();
    await page.fill('#off-peak-price-number', '-1');
    await page.waitForFunction(() => document.querySelector('#off-peak-price-error').textContent.trim() !== '');
    await page.fill('#peak-to-number', '24');
    await page.waitForFunction(() => document.querySelector('#peak-to-error').textContent.trim() !== '');
    assert.match(await page.textContent('#peak-to-error'), /at most 23/);
    assert.equal(await total(), kept, 'the last result stays');
    await page.selectOption('#language', 'zh-CN');
    await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('#peak-to-error').textContent));
    assert.match(await page.textContent('label[for=off-peak-price-number]'), /闲时价格/);
    assert.match(await page.textContent('label:has(#shiftable)'), /可调度/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Monte-Carlo trials and seed are set in the page and named under the cumulative chart', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    await page.click('#strategy-advanced > summary');
    await page.fill('#host-failures-number', '0.005');
    assert.match(await page.textContent('#montecarlo-values'), /10,000 trials per option, seed 1/);
    await page.click('#montecarlo-group > summary');
    await page.waitForFunction(() => /10,000 Monte-Carlo trials.*seed 1\)/.test(document.querySelector('.results-column').textContent));
    await page.fill('#mc-trials-number', '2000');
    await page.fill('#mc-seed-number', '42');
    await page.waitForFunction(() => /2,000 Monte-Carlo trials.*seed 42\)/.test(document.querySelector('.results-column').textContent));
    assert.match(await page.textContent('#montecarlo-values'), /2,000 trials per option, seed 42/);
    await page.fill('#mc-trials-number', '50');
    await page.waitForFunction(() => document.querySelector('#mc-trials-error').textContent.trim() !== '');
    assert.match(await page.textContent('#mc-trials-error'), /at least 100 — still using 2,?000/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('free allowances lower an option\'s total; the closed group names them; a bad value is explained beside the field', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    const total = () => page.$eval('#total-0', (c) => c.textContent.trim());
    const before = await total();
    assert.match(await page.textContent('#strategy-allowances-values'), /free per month 0 GPU-h.*bid cap none/);
    await page.click('#strategy-allowances > summary');
    await page.fill('#free-gpu-hours-number', '500');
    await page.waitForFunction((b) => document.querySelector('#total-0').textContent.trim() !== b, before);
    assert.ok(amount(await total()) < amount(before), `${await total()} < ${before}`);
    assert.match(await page.textContent('#strategy-allowances-values'), /free per month 500 GPU-h/);
    // The bid cap applies to spot capacity: no field for an all-on-demand option.
    assert.equal(await page.$('#bid-cap-number'), null);
    await page.fill('#free-egress-once-number', '-5');
    await page.waitForFunction(() => document.querySelector('#free-egress-once-error').textContent.trim() !== '');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('at 375 px the totals stack one block per option: full names, no horizontal scroll', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 375, height: 800 });
  await page.waitForSelector('#totals tbody tr');
  const scroll = await page.$eval('#totals-card .table-scroll', (e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
  assert.ok(scroll.sw <= scroll.cw + 1, `no horizontal scroll inside the totals: ${JSON.stringify(scroll)}`);
  const names = await page.$$eval('#totals th.option-label', (ts) => ts.map((t) => ({ text: t.textContent, title: t.title, sw: t.scrollWidth, cw: t.clientWidth })));
  assert.ok(names.length >= 2);
  for (const n of names) {
    assert.equal(n.text, n.title);
    assert.ok(n.sw <= n.cw + 1, `name shown whole: ${JSON.stringify(n)}`);
  }
  // Each amount says which column it is.
  const labelled = await page.$$eval('#totals td.commitment', (ts) => ts.map((t) => getComputedStyle(t, '::before').content));
  assert.ok(labelled.every((c) => /Total/.test(c) || c.length > 4), `${labelled}`);
  assert.deepEqual(problems, []);
  await context.close();
});

// A compact offer block names each value's column on one line above it (`td::before`, cut at
// the cell's edge so every row keeps one height): each name must fit its cell whole, in either
// language, in the plan column at 1440×900 and on a 375 px phone.
for (const [width, height] of [[1440, 900], [375, 812]]) {
  test(`at ${width}×${height} every column name of a compact offer block is shown whole, in English and Chinese`, async () => {
    const { context, page, problems } = await openApp(browser, origin, { width, height });
    try {
      for (const lang of ['en', 'zh-CN']) {
        await page.selectOption('#language', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        await page.waitForSelector('#offers tbody tr[aria-rowindex] td.commitment');
        const cut = await page.$$eval('#offers tbody tr[aria-rowindex] td[data-label]', (tds) => {
          const ctx = document.createElement('canvas').getContext('2d');
          const out = { checked: 0, cut: [] };
          for (const td of tds) {
            const before = getComputedStyle(td, '::before');
            if (getComputedStyle(td).display === 'none' || before.content === 'none' || before.display !== 'block') continue;
            ctx.font = `${before.fontStyle} ${before.fontWeight} ${before.fontSize} ${before.fontFamily}`;
            const text = `${td.dataset.label}: `.trimEnd();
            const need = ctx.measureText(text).width;
            out.checked += 1;
            if (need > td.clientWidth + 0.5) out.cut.push(`${text} (${need.toFixed(1)} px in ${td.clientWidth} px)`);
          }
          return out;
        });
        assert.ok(cut.checked > 0, `${lang}: compact offer blocks at ${width} px`);
        assert.deepEqual([...new Set(cut.cut)], [], `${lang}: column names cut at ${width} px`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('the offer table keeps the row at the top of its view when a resize changes the row height', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  const region = '.offers-card .virtual-scroll';
  await page.locator(region).scrollIntoViewIfNeeded();
  /** The id of the first row whose top is in the region's view, and the rows' height. */
  const top = () => page.$eval(region, (r) => {
    const edge = r.getBoundingClientRect().top;
    const rows = [...r.querySelectorAll('tbody tr[data-id]')];
    const row = rows.find((x) => x.getBoundingClientRect().bottom > edge + 1);
    return { id: row.dataset.id, index: Number(row.getAttribute('aria-rowindex')), height: Math.round(row.getBoundingClientRect().height) };
  });
  await page.$eval(region, (r) => { r.scrollTop = 50000; });
  await page.waitForTimeout(300);
  const wide = await top();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForFunction(([sel, h]) => {
    const row = document.querySelector(`${sel} tbody tr[data-id]`);
    return row && Math.round(row.getBoundingClientRect().height) !== h;
  }, [region, wide.height]);
  await page.waitForTimeout(300);
  const narrow = await top();
  assert.notEqual(narrow.height, wide.height, 'the narrow layout has rows of another height');
  assert.ok(Math.abs(narrow.index - wide.index) <= 1, `row ${wide.index} (${wide.id}) stays at the top, not row ${narrow.index} (${narrow.id})`);
  assert.deepEqual(problems, []);
  await context.close();
});
