// End-to-end test of the Chinese interface (issue 6, "Languages"): switched to zh-CN, the whole
// page (every chart panel with its controls, the strategy editor, the owned-server form, the
// advisor, presets, saved list, share bar, offer table) shows no English words outside data
// (provider names, instance types, GPU models, regions, option names, numbers, currency codes
// and technical abbreviations); the SVG and CSV downloads carry Chinese titles and headers;
// switching never changes the scenario. Runs on the release bundle in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, openApp, downloadFile, exportedScenario } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/**
 * Words of three or more ASCII letters allowed in Chinese text: units, abbreviations and
 * names that are the same in Chinese (GPU, NVLink, CSV…), file formats and the CLI's name.
 */
const ALLOWED = new Set([
  'GPU', 'GPUs', 'GiB', 'USD', 'CNY', 'CSV', 'JSON', 'PNG', 'SVG', 'PUE', 'kWh', 'NVLink', 'SLA',
  'TFLOPS', 'BF16', 'FP16', 'FP32', 'SXM', 'PCIe', 'Young', 'KiB', 'vCPU', 'ID',
  // The import help names the price-list schema's fields, which are typed as is.
  'gpurent', 'catalog', 'provider', 'instance_type', 'gpu_model', 'gpu_count', 'currency',
  'on_demand_per_hour', 'as_of', 'region', 'spot_per_hour', 'gpu_memory_gib',
  // The footer names the provenance file.
  'data', 'catalog', 'sources', 'PROVENANCE', 'md',
]);

/** The ASCII words in `text` after removing every data string in `data`. */
function englishWords(text, data) {
  let rest = text;
  for (const d of data) {
    if (d.length >= 2) rest = rest.split(d).join(' ');
  }
  return (rest.match(/[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9]/g) || [])
    .flatMap((w) => w.split(/[.\-]/))
    .filter((w) => /[A-Za-z]{3,}/.test(w) && !/\d/.test(w) && !ALLOWED.has(w));
}

/** Data strings shown on the page: providers, GPUs, instance types, regions, option names. */
async function dataStrings(page) {
  return page.evaluate(() => {
    // An element's own text (without the note mark or the "+2 regions" of a cell).
    const own = (e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    const texts = (sel) => [...document.querySelectorAll(sel)].flatMap((e) => [e.textContent.trim(), own(e)]);
    const out = [
      ...[...document.querySelectorAll('#filter-provider option, #filter-gpu option')].map((o) => o.value),
      ...texts('#filter-gpu option'),
      ...texts('#offers td.mono, #offers td.gpus, #offers td.region, #offers td:nth-child(2)'),
      ...texts('#comparison th.option-label'),
      ...texts('#totals th.option-label, #sticky-summary .summary-option'),
      ...texts('#strategy-option option, #breakdown-option option, #savings-plan-option option'),
      // Published support plans: their names and sources (their dates are worded by the page).
      ...[...document.querySelectorAll('#support-plan option[data-name]')].flatMap((o) => [o.dataset.name, o.title]),
      // The SLA and stopped-billing rules' sources, services and dates (Billing details).
      ...[...document.querySelectorAll('#sla-result, #stopped-rule')].flatMap((e) => [e.title, e.dataset.service, e.dataset.asOf].filter(Boolean)),
      ...texts('.advisor-pick strong, .advisor-pick .offer-name'),
      ...texts('#advisor-gpu option'),
      ...texts('.saved-name'),
      // The language menu names each language in itself.
      ...texts('#language option'),
      // What the user typed, quoted back in a field's message.
      'abc',
      // Region codes as the filter's example.
      'us-east',
    ];
    for (const th of document.querySelectorAll('#comparison th.option-label')) {
      const name = th.firstChild && th.firstChild.textContent;
      if (name) out.push(name.trim());
    }
    return [...new Set(out.filter((s) => s.length >= 2))].sort((a, b) => b.length - a.length);
  });
}

/**
 * Every element's own text (its text nodes), title, aria-label and placeholder. The texts inside
 * the charts' SVG are checked per chart below (with wrapped lines joined back), not here.
 */
async function pageTexts(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('script, style') || el.parentElement?.closest('.chart-svg')) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ').trim();
      const where = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${el.className}`;
      if (own) out.push({ where, text: own });
      // Offer rows' tooltips and note marks quote the sources (provider notes, datasheets):
      // data in the sources' language.
      const dataRow = el.closest('#offers tbody');
      if (el.classList.contains('note-mark')) continue;
      for (const a of ['aria-label', 'placeholder', ...(dataRow ? [] : ['title'])]) {
        const v = el.getAttribute(a);
        if (v) out.push({ where: `${where}[${a}]`, text: v });
      }
    }
    return out;
  });
}

const download = downloadFile;

async function exported(page) {
  return (await exportedScenario(page)).json;
}

test('in Chinese the page, the charts and their downloads carry no English words', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  // Fill every panel: a spot and a reserved variant (reserved chart), buying (rent vs buy),
  // a decision-helper shortlist, a saved scenario.
  await page.click('#comparison tbody tr:first-child button.link:first-of-type');
  await page.waitForSelector('#total-3');
  await page.click('#comparison .reserved-variant');
  await page.waitForSelector('#total-4');
  await page.check('#buy-enabled');
  await page.waitForSelector('#buy-purchase-number');
  await page.fill('#save-name', 'plan');
  await page.click('#save-as');
  await page.waitForSelector('#saved-list');
  await page.selectOption('#advisor-gpu', 'A100');
  await page.check('#advisor-interruptible');
  await page.waitForSelector('#advisor-list');
  // An error beside a field (it must be translated too).
  await page.fill('#gpus-number', 'abc');
  await page.waitForFunction(() => document.querySelector('#gpus-error').textContent !== '');
  const before = await exported(page);

  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
  await page.waitForSelector('#offers tbody tr');
  assert.deepEqual(await exported(page), before, 'switching the language keeps the scenario');
  assert.match(await page.textContent('#gpus-error'), /不是数字/);

  const data = await dataStrings(page);
  const texts = await pageTexts(page);
  assert.ok(texts.length > 300, `walked the page: ${texts.length} texts`);
  const english = texts
    .map((t) => ({ ...t, words: englishWords(t.text, data) }))
    .filter((t) => t.words.length > 0);
  assert.deepEqual(english.map((t) => `${t.where}: ${t.text}`), [], 'English left in the Chinese page');

  // The support-plan select, opened plan by plan (issue 18: "（截至 after the 2025-12
  // announcement; checked 2026-10-04）"): every published plan's date is worded in Chinese;
  // only the plan's name (data) may be English.
  const wasOpen = await page.$eval('#billing-extras', (d) => d.open);
  if (!wasOpen) await page.click('#billing-extras > summary');
  await page.waitForSelector('#support-plan', { state: 'visible' });
  const original = await page.$eval('#support-plan', (s) => s.value);
  const plans = await page.$$eval('#support-plan option[data-name]', (os) =>
    os.map((o) => ({ value: o.value, text: o.textContent.trim(), name: o.dataset.name })));
  assert.ok(plans.length >= 10, `${plans.length} published support plans`);
  for (const p of plans) {
    await page.selectOption('#support-plan', p.value);
    const shown = await page.$eval('#support-plan', (s) => [...s.options].map((o) => o.textContent.trim()));
    assert.ok(shown.includes(p.text), `${p.value} listed as ${p.text}`);
    assert.deepEqual(englishWords(p.text, [p.name]), [], `support plan ${p.value}: ${p.text}`);
    assert.doesNotMatch(p.text, /unknown|undated|announcement|checked|as of/, p.text);
  }
  await page.selectOption('#support-plan', original);
  if (!wasOpen) await page.click('#billing-extras > summary');

  // Every chart: the chart's label is the Chinese title; the SVG's texts and the CSV's header
  // are Chinese.
  const charts = [
    ['', 'chart', '累计成本'],
    ['chart-breakdown-', 'chart-breakdown', '按组成部分的月度成本'],
    ['chart-ranking-', 'chart-ranking', '从低到高'],
    ['chart-reserved-', 'chart-reserved', '按利用率比较预留与按需'],
    ['chart-buy-', 'chart-buy', '租用与购买'],
  ];
  for (const [prefix, chart, title] of charts) {
    const label = await page.getAttribute(`#${chart}`, 'aria-label');
    assert.ok(label.includes(title), `${chart} label: ${label}`);
    const svg = await download(page, `#${prefix}download-svg`);
    assert.ok(svg.text.includes(title), `${chart} SVG title`);
    const svgTexts = [...svg.text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
      .map((m) => m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    assert.ok(svgTexts.length > 5, `${chart} SVG has texts`);
    // The chart on the page (redrawn once it comes near the viewport) shows the same texts.
    await page.locator(`#${chart}`).scrollIntoViewIfNeeded();
    await page.waitForFunction(({ id, t }) => document.querySelector(`#${id} svg`)?.textContent.includes(t), { id: chart, t: title });
    const shown = await page.$$eval(`#${chart} svg text`, (ts) => ts.map((t) => t.textContent));
    assert.deepEqual(shown, svgTexts, `${chart}: the page shows the downloaded SVG's texts`);
    // A name cut to fit ends with "…" (after the ranking's "2. "): data if an option's name
    // starts with it.
    const cutName = (t) => {
      const m = t.trim().replace(/^\d+\.\s*/, '');
      return m.endsWith('…') && data.some((d) => d.startsWith(m.slice(0, -1)));
    };
    // Legends and footers wrap at spaces and hyphens: join the lines back before looking.
    const joined = svgTexts.map((t) => t.trim()).filter((t) => t && !cutName(t))
      .reduce((acc, l) => (acc.endsWith('-') ? acc + l : `${acc} ${l}`), '');
    assert.deepEqual(englishWords(joined, data), [], `${chart} SVG in Chinese: ${joined}`);
    const csv = await download(page, `#${prefix}download-csv`);
    const header = csv.text.split('\n')[0];
    assert.match(header, /[\u4e00-\u9fff]/, `${chart} CSV header in Chinese: ${header}`);
    assert.deepEqual(englishWords(header, data), [], `${chart} CSV header: ${header}`);
  }
  const cmp = await download(page, '#download-comparison-csv');
  const header = cmp.text.split('\n')[0];
  assert.ok(header.startsWith('选项,报价 ID,价格截至,规划期内总额（USD）'), header);

  // Back to English: same scenario, English again.
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU rental cost planner');
  assert.deepEqual(await exported(page), before, 'switching back keeps the scenario');
  assert.equal((await download(page, '#download-comparison-csv')).text.split('\n')[0].split(',')[3], 'total_usd');
  // Full-width digits, as a Chinese input method types them in full-width mode, are read as
  // digits: the error goes and the slider follows.
  await page.fill('#gpus-number', '１２');
  await page.waitForFunction(() => document.querySelector('#gpus-range').value === '12');
  assert.equal(await page.textContent('#gpus-error'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an empty chart downloads a CSV that says why it has no data', async () => {
  const { context, page } = await openApp(browser, origin);
  // Nothing reserved by default: the reserved-vs-on-demand chart is empty.
  const csv = await download(page, '#chart-reserved-download-csv');
  const rows = csv.text.trim().split('\n');
  assert.equal(rows.length, 2, csv.text);
  assert.match(rows[1], /^"?Add a reserved variant/);
  await context.close();
});

test('Chinese first: a fresh page in zh-CN opens on mainland offers in CNY; the rate is typed either way, dated, and warned when far from the default', async () => {
  const { context, page, problems } = await openApp(browser, origin, { locale: 'zh-CN', width: 1440, height: 900 });
  try {
    await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
    assert.equal(await page.inputValue('#display-currency'), 'CNY');
    const rows = await page.$$eval('#comparison tbody tr', (rs) => rs.map((r) => r.dataset.offerId ?? ''));
    for (const p of ['autodl', 'alicloud', 'tencentcloud']) assert.ok(rows.some((id) => id.includes(p)), `${p} in ${rows}`);
    assert.match(await page.textContent('#total-0'), /¥/);
    // Both directions, labelled; the default's date.
    assert.match(await page.textContent('label[for=cny-per-usd-number]'), /1 美元兑人民币/);
    assert.match(await page.textContent('label[for=usd-per-cny-number]'), /1 人民币兑美元/);
    assert.match(await page.textContent('#rate-note'), /2026-09-24/);
    assert.equal(await page.$('#rate-warning'), null);
    await page.fill('#cny-per-usd-number', '7');
    await page.waitForFunction(() => Math.abs(Number(document.querySelector('#usd-per-cny-number').value) - 1 / 7) < 1e-6);
    assert.equal(await page.$('#rate-warning'), null, '7 CNY per USD is near the default');
    // 7.2 typed into the other direction: 52 times the default, warned beside the field.
    await page.fill('#usd-per-cny-number', '7.2');
    await page.waitForSelector('#rate-warning');
    assert.match(await page.textContent('#rate-warning'), /2026-09-24.*相差/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('saving with an empty name names the scenario in the page\'s language: 场景, then 场景 (2); in English "scenario"', async () => {
  const { context, page, problems } = await openApp(browser, origin, { locale: 'zh-CN' });
  try {
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.fill('#save-name', '   ');
    await page.click('#save-as');
    await page.waitForSelector('#saved-list');
    await page.click('#save-as');
    await page.waitForFunction(() => document.querySelectorAll('.saved-name').length === 2);
    assert.deepEqual(await page.$$eval('.saved-name', (e) => e.map((x) => x.textContent)), ['场景', '场景 (2)']);
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.click('#save-as');
    await page.waitForFunction(() => document.querySelectorAll('.saved-name').length === 3);
    assert.equal(await page.textContent('.saved-item:last-child .saved-name'), 'scenario');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('variants added on the Chinese page are named in Chinese, and keep their names in English', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
  const rows = () => page.$$eval('#comparison tbody tr', (r) => r.length);
  const had = await rows();
  // A reserved variant of the first option that has one, then a spot variant of the first
  // option that has one (each is inserted under its option).
  await page.click('#comparison .reserved-variant');
  await page.waitForFunction((n) => document.querySelectorAll('#comparison tbody tr').length === n, had + 1);
  await page.click('#comparison .spot-variant');
  await page.waitForFunction((n) => document.querySelectorAll('#comparison tbody tr').length === n, had + 2);
  const names = (await exported(page)).options.map((o) => o.name).filter(Boolean);
  assert.equal(names.length, 2, JSON.stringify(names));
  assert.ok(names.some((n) => /，预留 60\/按需 40，\d+ 个月(无预付|部分预付|全部预付)$/.test(n)), JSON.stringify(names));
  assert.ok(names.some((n) => /，竞价$/.test(n)), JSON.stringify(names));
  for (const n of names) assert.doesNotMatch(n, /reserved|spot|upfront|on-demand/);
  // A name once made is the option's name: switching the language keeps it.
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.querySelector('h1').textContent !== 'GPU 租用成本规划器');
  assert.deepEqual((await exported(page)).options.map((o) => o.name).filter(Boolean), names);
  assert.deepEqual(problems, []);
  await context.close();
});
