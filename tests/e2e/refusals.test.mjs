// End-to-end test of issue 14's "errors and notices as data": with the page in Chinese (the
// browser's language), every refusal, error and load notice a user can reach is shown in
// Chinese. It drives every numeric field of the editor, the strategy panel and the owned-server
// form with bad text, every refusal of the reducer (interruption rate without a spot option,
// an offer with no committed-use price, a spot share without a spot price, a free reserved
// term, an eleventh option, a bad calendar month), an engine error in the comparison, job
// mode on an offer whose GPU has no throughput figure, damaged share links, bad scenario
// imports (bad JSON, wrong types, reserved + spot above 100 %, unknown and wrong versions,
// unknown offers, too many options, too large), bad price lists (CSV and JSON with bad rows,
// refused files, more rows than the page keeps) and damaged stored state; and it finds no
// English sentence in any message shown (`englishSentences`). Runs on the release bundle in
// headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { startApp, stopApp, openApp, MAX_COMPARED } from './harness.mjs';

const DIST = process.env.DIST_DIR;
const STATE_KEY = 'gpurent.state';
const OFFER = 'skypilot-aws/p4d.24xlarge';
/** An offer whose GPU has no throughput figure in the catalog (data/gpu-specs.csv). */
const NO_THROUGHPUT_OFFER = 'skypilot-aws/g7e.48xlarge';
const NO_THROUGHPUT_GPU = 'RTX PRO 6000 Blackwell Server Edition';

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

/**
 * ASCII words that may stand in a Chinese message: units and abbreviations written the same in
 * both languages.
 */
const ALLOWED_WORDS = new Set([
  'GPU', 'GPUs', 'USD', 'CNY', 'GB', 'GiB', 'KB', 'KiB', 'MiB', 'JSON', 'CSV', 'PUE', 'kW', 'kWh',
  'ID', 'UTF',
]);

/**
 * The English sentences in `text`: runs of three or more ASCII words made only of letters
 * (apostrophes and hyphens inside a word allowed), once every data string in `data` (option
 * and offer names, GPU models, file names, what the user typed) is taken out and the words of
 * `ALLOWED_WORDS` are treated as data. Words in a run are separated by white space or ASCII
 * punctuation (quotes, brackets, commas, colons); any other character (Chinese text or
 * punctuation, a data string) ends a run. Identifiers such as `options[1].portfolio`,
 * `on_demand_per_hour` or `p4d.24xlarge` are not words (they hold `.`, `[`, `_` or digits) and
 * end a run too.
 */
export function englishSentences(text, data = []) {
  let rest = text;
  for (const d of [...data].sort((a, b) => b.length - a.length)) {
    if (d.length >= 2) rest = rest.split(d).join('\u220e');
  }
  const runs = [];
  let run = [];
  const end = () => {
    if (run.length >= 3) runs.push(run.join(' '));
    run = [];
  };
  // Tokens: identifier-like runs of ASCII, neutral separators, or any other single character.
  for (const [token] of rest.matchAll(/[A-Za-z0-9_.\[\]\/'’-]+|[\s,;:!?(){}"“”‘`«»<>…]+|[^]/gu)) {
    if (/^[\s,;:!?(){}"“”‘`«»<>…]+$/u.test(token)) continue;
    const word = token.replace(/^['’-]+/, '').replace(/[.'’-]+$/, '');
    if (/^[A-Za-z]+(?:['’-][A-Za-z]+)*$/.test(word)) {
      if (ALLOWED_WORDS.has(word)) end();
      else run.push(word);
    } else {
      end();
    }
  }
  end();
  return runs;
}

test('englishSentences finds English sentences and only them', () => {
  assert.deepEqual(englishSentences('the interruption rate applies to spot capacity'), ['the interruption rate applies to spot capacity']);
  assert.deepEqual(englishSentences('options[1].portfolio: reserved + spot shares sum to 120 %, above 100 %'), ['spot shares sum to']);
  assert.deepEqual(englishSentences('“abc”不是数字——仍使用 8'), []);
  assert.deepEqual(englishSentences('GPU 数（workload.gpus）：必须是 1 到 100,000 之间的整数'), []);
  assert.deepEqual(englishSentences('prices.csv：未导入：the file is empty', ['prices.csv']), ['the file is empty']);
  assert.deepEqual(englishSentences('方案 “AWS p4d Super Large Box” 已添加', ['AWS p4d Super Large Box']), []);
  assert.deepEqual(englishSentences('(not a number)'), ['not a number']);
  assert.deepEqual(englishSentences('USD CNY GPU'), []);
  assert.deepEqual(englishSentences('第 3 行：`gpu_count`: "0" is not a whole number'), ['is not a whole number']);
  assert.deepEqual(englishSentences('需要 spot 和 on 选项'), []);
});

/** A share link's fragment for `payload` (JSON text or a value): raw deflate, base64url. */
function link(payload) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `#s=${deflateRawSync(Buffer.from(text), { level: 9 }).toString('base64url')}`;
}

/** A valid scenario file on the AWS offer, with `extra` fields merged in. */
function scenario(extra = {}) {
  return {
    version: 1,
    horizon_months: 6,
    workload: { mode: 'fleet', gpus: 8, hours_per_day: 12 },
    options: [{ offer: OFFER }],
    ...extra,
  };
}

/** Collects every message the page shows, with what was done to get it. */
class Seen {
  constructor(page) {
    this.page = page;
    this.messages = [];
  }

  add(what, text) {
    assert.ok(text && text.trim(), `${what}: a message is shown`);
    this.messages.push({ what, text: text.trim() });
  }

  /** Types each of `values` into slider `id`'s number field and records the field's message. */
  async field(id, values) {
    const { page } = this;
    for (const v of values) {
      const before = await page.textContent(`#${id}-error`);
      await page.fill(`#${id}-number`, v);
      await page.waitForFunction(([sel, b]) => {
        const t = document.querySelector(sel)?.textContent ?? '';
        return t !== '' && t !== b;
      }, [`#${id}-error`, before]);
      this.add(`#${id} = ${JSON.stringify(v)}`, await page.textContent(`#${id}-error`));
    }
  }

  /**
   * Runs `act` after dismissing the refusal notice, and records the new one: beside `field`
   * (its `#{field}-error` line, the notice area staying empty) when the refused change came
   * from that field, else in the notice area (`#notice`).
   */
  async refusal(what, act, field = null) {
    const { page } = this;
    if (await page.$('#notice')) {
      await page.click('#notice button');
      await page.waitForSelector('#notice', { state: 'detached' });
    }
    await act();
    if (field) {
      await page.waitForFunction((id) => document.querySelector(`#${id}-error`)?.textContent !== '', field);
      assert.equal(await page.$('#notice'), null, `${what}: beside the field, not in the notice area`);
      this.add(what, await page.textContent(`#${field}-error`));
      return;
    }
    await page.waitForSelector('#notice');
    this.add(what, await page.textContent('#notice'));
  }

  /** Runs `act` after dismissing the load notices, and records each new one. */
  async loadNotices(what, act, { count = 1 } = {}) {
    const { page } = this;
    if (await page.$('#dismiss-load-notices')) {
      await page.click('#dismiss-load-notices');
      await page.waitForSelector('#load-notices', { state: 'detached' });
    }
    await act();
    await page.waitForFunction((n) => document.querySelectorAll('#load-notices li').length >= n, count);
    for (const t of await page.$$eval('#load-notices li', (xs) => xs.map((x) => x.textContent))) {
      this.add(what, t);
    }
  }

  /** Imports a price list and records the report (why the file was refused, or each bad row). */
  async priceList(name, body, { rows = 0 } = {}) {
    const { page } = this;
    await page.setInputFiles('#import-prices', { name, mimeType: 'text/plain', buffer: Buffer.from(body) });
    await page.waitForFunction((n) => document.querySelector('#import-report')?.textContent.includes(n), name);
    if (rows > 0) {
      await page.waitForFunction((k) => document.querySelectorAll('#import-errors li').length >= k, rows);
    }
    const failure = await page.$('#import-failure');
    if (failure) this.add(`price list ${name}`, await failure.textContent());
    for (const t of await page.$$eval('#import-errors li', (xs) => xs.map((x) => x.textContent))) {
      this.add(`price list ${name}`, t);
    }
    return { refused: Boolean(failure), rows: await page.$$eval('#import-errors li', (xs) => xs.length) };
  }

  /** Imports a scenario file; records the load notices or the refusal it gives. */
  async scenarioFile(name, body, { refusal = false } = {}) {
    const put = () => this.page.setInputFiles('#import-scenario', { name, mimeType: 'application/json', buffer: Buffer.from(body) });
    if (refusal) await this.refusal(`scenario file ${name}`, put);
    else await this.loadNotices(`scenario file ${name}`, put);
  }
}

/** Data shown on the page: option names, offer names, GPU models. */
async function dataStrings(page) {
  return page.evaluate(() => {
    const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim());
    return [
      ...texts('#comparison th.option-label'),
      ...[...document.querySelectorAll('#comparison th.option-label')].map((th) => th.firstChild?.textContent.trim() ?? ''),
      ...texts('#strategy-option option'),
      ...[...document.querySelectorAll('#filter-gpu option')].map((o) => o.value),
    ].filter((s) => s.length >= 2);
  });
}

/** Fails if any message in `seen` holds an English sentence or no Chinese at all. */
function assertChinese(seen, data) {
  // SHOW_MESSAGES=1 prints every message checked, for reading them.
  if (process.env.SHOW_MESSAGES) for (const m of seen.messages) console.log(`# ${m.what}: ${m.text}`);
  const english = seen.messages
    .map((m) => ({ ...m, sentences: englishSentences(m.text, data) }))
    .filter((m) => m.sentences.length > 0 || !/[\u4e00-\u9fff]/.test(m.text));
  assert.deepEqual(
    english.map((m) => `${m.what}: ${m.text}${m.sentences.length ? ` [${m.sentences.join(' | ')}]` : ' [no Chinese]'}`),
    [],
    'messages not in Chinese',
  );
}

/** Bad text for every numeric field: empty, not a number, negative, overflowing, a decimal
 * comma, thousands separators, a subnormal number and above every field's maximum. */
const BAD = ['', 'abc', '-5', '1e400', '1,5', '1,000', '1e-320', '1e12'];
/** And for fields of whole numbers, a fraction. */
const BAD_WHOLE = [...BAD, '1.5'];

test('in Chinese, every refusal and bad value in the editor, strategy panel and owned-server form is shown in Chinese', async () => {
  // Opened in English and switched, so the page keeps the global default comparison (a fresh
  // page in zh-CN opens on mainland offers instead; i18n.test.mjs covers that).
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
  const seen = new Seen(page);

  // The reducer's refusals first, on the default scenario (four 8-GPU offers, no spot option).
  await seen.refusal('interruption rate without a spot option', () => page.fill('#spot-interruptions-number', '0.05'), 'spot-interruptions');
  // The strategy panel on the second option (Azure ND96asr_v4: no committed-use price in the
  // catalog; the first, AWS p4d, has a 1-year reserved instance).
  await page.selectOption('#strategy-option', '1');
  // A reserved share typed before a reserved price is kept, with a note beside the price
  // fields (not a refusal that loses the input: issue 16).
  await page.fill('#share-reserved-number', '50');
  await page.waitForSelector('#reserved-price-pending');
  seen.add('reserved share before a reserved price', await page.textContent('#reserved-price-pending'));
  // A name refused beside its field.
  await page.fill('#option-name', ' ');
  await page.dispatchEvent('#option-name', 'change');
  await page.waitForFunction(() => document.querySelector('#option-name-error').textContent !== '');
  seen.add('an empty option name', await page.textContent('#option-name-error'));
  // Typed reserved prices that cost nothing.
  await page.fill('#reserved-upfront-number', '0');
  await seen.refusal('a reserved term with no upfront and no price', () => page.fill('#reserved-per-hour-number', '0'), 'reserved-per-hour');
  // An offer that lists no spot price (Lambda, the fourth default option) offers no spot
  // variant (one with a spot price does), and a spot share typed for it is refused.
  const lambda = await page.$$eval('#comparison tbody tr', (rows) => rows.findIndex((r) => r.dataset.offerId?.includes('lambda')));
  assert.ok(lambda >= 0, 'the Lambda offer is compared');
  assert.equal(await page.$$eval(`#comparison tbody tr:nth-child(${lambda + 1}) button.spot-variant`, (b) => b.length), 0, 'no "+ spot variant" without a spot price');
  assert.ok(await page.$('#comparison tbody tr:first-child button.spot-variant'), 'AWS lists a spot price: its row has "+ spot variant"');
  await page.selectOption('#strategy-option', String(lambda));
  await seen.refusal('a spot share on an offer without a spot price', () => page.fill('#share-spot-number', '40'));
  // A calendar start month outside 1900–2200.
  await page.selectOption('#month-convention', 'calendar');
  await page.waitForSelector('#calendar-start');
  await seen.refusal('a calendar month before 1900', () => page.fill('#calendar-start', '1800-01'));
  await page.selectOption('#month-convention', '730 h');
  // An eleventh option, from the A100 offers (every one has a throughput figure, so the job
  // below reaches the engine's own refusal).
  await page.fill('#months-number', '12');
  await page.selectOption('#filter-gpu', 'A100');
  for (let n = await page.$$eval('#comparison tbody tr', (xs) => xs.length); n < MAX_COMPARED; n += 1) {
    await page.click('#offers tbody input[type=checkbox]:not(:checked):not(:disabled)');
    await page.waitForFunction((k) => document.querySelectorAll('#comparison tbody tr').length === k, n + 1);
  }
  await seen.refusal('an eleventh option', () => page.click('#offers tbody input[type=checkbox]:not(:checked):not(:disabled)'));

  // Every numeric field of the fleet editor.
  for (const id of ['gpus', 'months']) await seen.field(id, BAD_WHOLE);
  await seen.field('hours-per-day', [...BAD, '0.0001']);
  for (const id of ['days-per-week', 'spot-interruptions', 'checkpoint-interval', 'checkpoint-write', 'restart',
    'storage-gb', 'storage-price', 'egress-gb', 'egress-price', 'contingency', 'usd-per-cny']) {
    await seen.field(id, BAD);
  }
  // The strategy panel (an option without catalog commitments shows the typed reserved prices).
  await page.selectOption('#strategy-option', '1');
  for (const id of ['share-reserved', 'share-spot', 'throughput', 'reserved-upfront', 'reserved-per-hour']) {
    await seen.field(id, BAD);
  }
  await seen.field('reserved-term-months', BAD_WHOLE);
  // The owned-server form.
  await page.check('#buy-enabled');
  await page.waitForSelector('#buy-purchase-number');
  for (const id of ['buy-purchase', 'buy-life', 'buy-residual', 'buy-kw', 'buy-pue', 'buy-kwh', 'buy-ops']) {
    await seen.field(id, BAD);
  }
  // Job mode: its fields, and a job that cannot finish within the engine's longest plan.
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  await seen.field('job-gpu-hours', BAD);
  await seen.field('scaling-efficiency', BAD);
  await page.fill('#gpus-number', '1');
  await page.fill('#job-gpu-hours-number', '1000000000');
  // Refused beside the field; the comparison keeps the last results.
  await page.waitForFunction(() => /个月内无法完成/.test(document.querySelector('#job-gpu-hours-error')?.textContent ?? ''));
  const neverFinishes = await page.textContent('#job-gpu-hours-error');
  assert.equal(await page.$('#comparison-error'), null, 'the last results stay');
  seen.add('a job that never finishes', neverFinishes);
  await page.selectOption('#job-size', 'deadline');
  await page.waitForSelector('#job-within-number');
  await seen.field('job-within', BAD);
  const data = [...await dataStrings(page), 'abc', '1,5', '1e400', '1e12', '1800-01'];
  console.log(`# editor, strategy panel, owned-server form: ${seen.messages.length} messages checked`);
  assertChinese(seen, data);
  assert.deepEqual(problems, []);
  await context.close();
});

test('in Chinese, damaged share links, bad scenario files and bad price lists are explained in Chinese', async () => {
  const { context, page, problems } = await openApp(browser, origin, { locale: 'zh-CN' });
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
  const seen = new Seen(page);
  const hash = (h) => () => page.evaluate((x) => { location.hash = x; }, h);

  // Share links.
  await seen.loadNotices('link: not base64url', hash('#s=!!!***@@@'));
  await seen.loadNotices('link: base64url but not deflate', hash(`#s=${Buffer.from('hello world, not deflate').toString('base64url')}`));
  await seen.loadNotices('link: too long', hash(`#s=${'A'.repeat(100 * 1024 + 16)}`));
  await seen.loadNotices('link: not JSON inside', hash(link('this is not JSON at all')));
  const big = { v: 1, lang: 'zh-CN', scenario: scenario({ name: 'x'.repeat(400), options: Array.from({ length: 6 }, (_, i) => ({ offer: OFFER, name: `option ${i}` })) }) };
  const full = link(big);
  await seen.loadNotices('link: cut short', hash(full.slice(0, Math.floor(full.length * 0.7))));
  await seen.loadNotices('link: newer version, unknown language', hash(link({ v: 9, lang: 'xx-YY', scenario: scenario() })), { count: 2 });
  await seen.loadNotices('link: envelope without a version', hash(link({ lang: 'zh-CN', scenario: scenario({ horizon_months: 7 }) })));
  await seen.loadNotices('link: bad fields', hash(link({
    v: 1,
    lang: 'zh-CN',
    scenario: {
      version: 1,
      horizon_months: 0,
      contingency_pct: -3,
      colour: 'red',
      month: 'weekly',
      currency: 'EUR',
      workload: { mode: 'fleet', gpus: 'eight', hours_per_day: 30, days_per_week: 9 },
      checkpoint: { interval_hours: 0, write_hours: -1 },
      buy: { gpus: 0, purchase: 1000, life_years: 3 },
      options: [
        { offer: 'nowhere/no-such-offer' },
        { gpus_per_instance: 8, on_demand_per_hour: 10, portfolio: { reserved: 0.7, spot: 0.5 }, reserved: { term_months: 12, recurring_per_hour: 5 }, spot: { per_hour: 3 } },
        { gpus_per_instance: 1.5, on_demand_per_hour: 'a lot', spot_price: 3 },
        { offer: OFFER, reserved: { term_months: 0 }, schedule: { hourly: [1, 2] } },
      ],
    },
  })), { count: 8 });

  // Scenario files.
  await seen.scenarioFile('broken.json', '{ "version": 1, "options": [');
  await seen.scenarioFile('list.json', '[1, 2, 3]');
  await seen.scenarioFile('wrong-types.json', JSON.stringify(scenario({
    horizon_months: 'twelve',
    storage_gb: [],
    workload: { mode: 'weekly', gpus: 8, hours_per_day: 24 },
    options: [{ offer: OFFER, shiftable: 'yes', throughput_factor: {} }, { gpus_per_instance: 1, on_demand_per_hour: 2, currency: 'EUR' }],
  })));
  await seen.scenarioFile('shares-above-100.json', JSON.stringify(scenario({
    options: [{ offer: OFFER, portfolio: { reserved: 0.7, spot: 0.5 }, reserved: { term_months: 12, recurring_per_hour: 10 }, spot: {} }],
  })));
  await seen.scenarioFile('newer.json', JSON.stringify(scenario({ version: 7 })));
  await seen.scenarioFile('version-text.json', JSON.stringify(scenario({ version: 'one' })));
  await seen.scenarioFile('no-version.json', JSON.stringify({ ...scenario(), version: undefined }));
  await seen.scenarioFile('calendar.json', JSON.stringify(scenario({ month: 'calendar', start: '1800-01' })));
  await seen.scenarioFile('unknown-offer.json', JSON.stringify(scenario({ options: [{ offer: 'nowhere/no-such-offer' }, { offer: OFFER }] })));
  await seen.scenarioFile('job.json', JSON.stringify(scenario({ horizon_months: undefined, workload: { mode: 'job', gpu_hours: 100, hours_per_day: 3, gpus: 2, within_months: 3 } })));
  await seen.scenarioFile('no-options.json', JSON.stringify(scenario({ options: [] })));
  await seen.scenarioFile('bad-options.json', JSON.stringify(scenario({ options: [{ offer: 'nowhere/none' }, { on_demand_per_hour: -1 }] })));
  await seen.scenarioFile('eleven.json', JSON.stringify(scenario({ options: Array.from({ length: 11 }, () => ({ offer: OFFER })) })), { refusal: true });
  await seen.scenarioFile('huge.json', ' '.repeat(1024 * 1024 + 1));
  // Job mode on an offer whose GPU has no throughput figure: the comparison asks for the
  // option's own rather than assume the reference GPU's speed.
  await page.setInputFiles('#import-scenario', {
    name: 'no-throughput.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario({
      horizon_months: undefined,
      workload: { mode: 'job', gpu_hours: 1000, gpus: 8 },
      options: [{ offer: NO_THROUGHPUT_OFFER }],
    }))),
  });
  await page.waitForFunction((gpu) => document.querySelector('#comparison-error')?.textContent.includes(gpu), NO_THROUGHPUT_GPU);
  seen.add('job mode on an offer with no throughput figure', await page.textContent('#comparison-error'));

  // Price lists.
  const header = 'provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour,spot_per_hour,gpu_memory_gib,vcpus,as_of';
  const csv = await seen.priceList('bad-rows.csv', [
    header,
    'Acme,ok-1,H100,8,USD,20,,,,2026-10-01',
    'Acme,zero-gpus,H100,0,USD,20,,,,',
    'Acme,comma,H100,1,USD,"1,5",,,,',
    'Acme,euro,H100,1,EUR,2,,,,',
    'Acme,bad-date,H100,1,USD,2,,,,2026-13',
    'Acme,too-dear,H100,1,USD,20000,,,,',
    'Acme,spot-dear,H100,1,USD,2,20000,,,',
    'Acme,no-memory,H100,1,USD,2,,-1,,',
    'Acme,no-cpus,H100,1,USD,2,,,abc,',
    ',no-provider,H100,1,USD,2,,,,',
    'Acme,short,H100',
  ].join('\n'), { rows: 10 });
  assert.equal(csv.rows, 10, 'every bad CSV row is reported');
  const json = await seen.priceList('bad-rows.json', JSON.stringify([
    { provider: 'Acme', instance_type: 'j-ok', gpu_model: 'H100', gpu_count: 1, currency: 'USD', on_demand_per_hour: 3 },
    { provider: 'Acme', instance_type: 'j-count', gpu_model: 'H100', gpu_count: 'eight', currency: 'USD', on_demand_per_hour: 3 },
    5,
    { provider: true, instance_type: 'j-bool', gpu_model: 'H100', gpu_count: 1, currency: 'USD', on_demand_per_hour: 3 },
    { provider: 'Acme', instance_type: 'j-missing' },
    { provider: 'Acme', instance_type: 'j-price', gpu_model: 'H100', gpu_count: 1, currency: 'USD', on_demand_per_hour: -3 },
  ], null, 1), { rows: 5 });
  assert.equal(json.rows, 5, 'every bad JSON row is reported');
  for (const [name, body] of [
    ['missing-columns.csv', 'provider,instance_type\nAcme,x\n'],
    ['empty.csv', ' \n'],
    ['broken.json', '[{"provider": "Acme",'],
    ['not-a-list.json', '{"provider": "Acme"}'],
    ['trailing.json', '[] and more'],
    ['too-many-rows.csv', [header, ...Array.from({ length: 5001 }, (_, i) => `Acme,r${i},H100,1,USD,2,,,,`)].join('\n')],
    ['huge.csv', `${header}\n${'Acme,x,H100,1,USD,2,,,,\n'.repeat(50_000)}`],
  ]) {
    const r = await seen.priceList(name, body);
    assert.ok(r.refused, `${name} is refused`);
  }
  await page.setInputFiles('#import-prices', { name: 'latin1.csv', mimeType: 'text/plain', buffer: Buffer.from([0x70, 0xe9, 0xff, 0xfe, 0x0a]) });
  await page.waitForFunction(() => document.querySelector('#import-report')?.textContent.includes('latin1.csv'));
  seen.add('price list latin1.csv', await page.textContent('#import-report'));
  // More valid rows than the page keeps in all (5,000): the rest is reported.
  await seen.priceList('full-a.csv', [header, ...Array.from({ length: 4995 }, (_, i) => `Acme,a${i},H100,1,USD,2,,,,`)].join('\n'));
  await seen.priceList('full-b.csv', [header, ...Array.from({ length: 20 }, (_, i) => `Acme,b${i},H100,1,USD,2,,,,`)].join('\n'), { rows: 1 });

  const data = [...await dataStrings(page), 'a lot', 'twelve', 'weekly', 'nowhere/no-such-offer', 'nowhere/none',
    'spot_price', 'colour', 'red', 'xx-YY', 'one', 'eight', 'EUR', '1800-01', 'abc', '1,5', NO_THROUGHPUT_GPU];
  console.log(`# links, scenario files, price lists: ${seen.messages.length} messages checked`);
  assertChinese(seen, data);
  assert.deepEqual(problems, []);
  await context.close();
});

test('in Chinese, damaged stored state is explained in Chinese', async () => {
  const messages = new Seen(null);
  const stored = [
    ['not JSON', '{"version": 1, "current": '],
    ['not an object', '[1, 2]'],
    ['unknown version', JSON.stringify({ version: 'x', current: scenario() })],
    ['newer version', JSON.stringify({ version: 9, current: scenario(), saved: [] })],
    ['bad entries', JSON.stringify({
      version: 1,
      language: 'fr',
      theme: 'dark',
      current: scenario({ contingency_pct: 500 }),
      saved: [
        { name: 'plan', scenario: scenario() },
        { name: 'plan', scenario: scenario({ horizon_months: -1 }) },
        { scenario: scenario() },
      ],
    })],
    ['saved is not a list', JSON.stringify({ version: 1, current: scenario(), saved: 'none' })],
    ['version 0', JSON.stringify({ selected: ['nowhere/none', OFFER], gpus: 'eight', hours_per_day: 24, months: 12, month: 'weekly' })],
  ];
  for (const [what, raw] of stored) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addInitScript(([k, v]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(k, v);
      }
    }, [STATE_KEY, raw]);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForSelector('.load-notice');
    await page.waitForFunction(() => document.querySelector('h1').textContent === 'GPU 租用成本规划器');
    for (const t of await page.$$eval('.load-notice', (xs) => xs.map((x) => x.textContent))) {
      messages.add(`stored state: ${what}`, t);
    }
    await context.close();
  }
  console.log(`# stored state: ${messages.messages.length} messages checked`);
  assertChinese(messages, ['plan', 'fr', 'x', 'eight', 'weekly', 'nowhere/none']);
});

test('a refused slider move leaves its thumb at the value in force and says why beside the field, in either language', async () => {
  const { context, page, problems } = await openApp(browser, origin, { width: 1440, height: 900 });
  try {
    /** Presses `key` on `id`'s range; waits for a message matching `why` at `error`; returns
     * the range's value, the field's value and the message. */
    const press = async (id, key, error, why) => {
      const before = await page.inputValue(`#${id}-number`);
      await page.focus(`#${id}-range`);
      await page.keyboard.press(key);
      await page.waitForFunction(([e, w]) => new RegExp(w).test(document.querySelector(e)?.textContent ?? ''), [error, why.source]);
      const state = { range: await page.inputValue(`#${id}-range`), field: await page.inputValue(`#${id}-number`), message: (await page.textContent(error)).trim() };
      assert.equal(state.field, before, `${id}: the field keeps the value in force`);
      assert.equal(Number(state.range), Number(state.field), `${id}: the thumb shows the value in force (${JSON.stringify(state)})`);
      return state;
    };
    // The interruption rate without a spot option (the default comparison has none).
    let s = await press('spot-interruptions', 'ArrowRight', '#spot-interruptions-error', /spot variant/);
    // Peak hours while the off-peak price is 0: they have no effect, so a move is refused.
    await page.click('#strategy-advanced > summary');
    assert.equal(await page.inputValue('#off-peak-price-number'), '0');
    s = await press('peak-from', 'ArrowRight', '#peak-from-error', /“Peak from” has no effect while “Off-peak price” is 0/);
    assert.equal(s.field, '8');
    await press('peak-to', 'ArrowLeft', '#peak-to-error', /“Peak until” has no effect/);
    // Typed, the value stays in the field with the reason beside it; the thumb stays.
    await page.fill('#peak-from-number', '10');
    await page.waitForFunction(() => /Peak from/.test(document.querySelector('#peak-from-error').textContent));
    assert.equal(await page.inputValue('#peak-from-range'), '8');
    // The message says which value is used meanwhile.
    assert.match(await page.textContent('#peak-from-error'), /has no effect while “Off-peak price” is 0 — still using 8$/);
    // Leaving the field keeps the refused text beside its reason.
    await page.locator('#peak-from-number').blur();
    assert.equal(await page.inputValue('#peak-from-number'), '10');
    // With an off-peak price the refusal is gone, and the field shows the value in force
    // again (not the refused 10, which nothing uses); then the hours move.
    await page.fill('#off-peak-price-number', '1');
    await page.waitForFunction(() => document.querySelector('#peak-from-number').value === '8');
    assert.equal((await page.textContent('#peak-from-error')).trim(), '');
    await page.focus('#peak-from-range');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#peak-from-number').value === '9');
    assert.equal(await page.inputValue('#peak-from-range'), '9');
    assert.equal((await page.textContent('#peak-from-error')).trim(), '');
    // A savings plan's price and term without a commitment: refused, saying why.
    await page.click('#billing-extras > summary');
    assert.equal(await page.inputValue('#savings-plan-commitment-number'), '0');
    await press('savings-plan-rate', 'ArrowRight', '#billing-refusal-savings-plan',
      /“Price under the savings plan per instance-hour” has no effect while “Savings-plan commitment per hour” is 0/);
    s = await press('savings-plan-term', 'ArrowRight', '#billing-refusal-savings-plan', /“Savings-plan term” has no effect/);
    assert.equal(s.field, '12');
    // In Chinese, the same reasons.
    await page.selectOption('#language', 'zh-CN');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.match(await page.textContent('#billing-refusal-savings-plan'), /“节省计划每小时承诺消费”为 0 时，“节省计划期限”不起作用/);
    await page.fill('#off-peak-price-number', '0');
    await page.waitForFunction(() => document.querySelector('#peak-from-number').value === '8');
    await press('peak-to', 'ArrowRight', '#peak-to-error', /“闲时价格”为 0 时，“高峰结束”不起作用/);
    // With a commitment the term moves.
    await page.fill('#savings-plan-commitment-number', '5');
    await page.focus('#savings-plan-term-range');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#savings-plan-term-number').value !== '12');
    const term = await page.inputValue('#savings-plan-term-number');
    assert.ok(Number(term) > 12, term);
    assert.equal(await page.inputValue('#savings-plan-term-range'), term);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
