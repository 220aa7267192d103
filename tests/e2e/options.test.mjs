// End-to-end test of issue 16's "what is computed is what is said" for options: an option is
// duplicated and renamed in the strategy panel (a refused name is explained beside the field
// in the page's language, and the typed text stays), and a reserved share typed before a
// reserved price is kept, with a note beside the price field, and applies once the price is
// typed. Runs on the release bundle in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, stopApp, openApp, choosePreset } from './harness.mjs';

const DIST = process.env.DIST_DIR;

let server;
let origin;
let browser;

before(async () => ({ server, origin, browser } = await startApp(DIST)));
after(() => stopApp({ server, browser }));

const names = (page) => page.$$eval('#comparison tbody th.option-label', (t) => t.map((x) => x.firstChild.textContent.trim()));

test('an option is duplicated and renamed; a bad name is explained beside the field and kept', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  const before = await names(page);
  await page.selectOption('#strategy-option', '0');
  await page.click('#duplicate-option');
  await page.waitForFunction((n) => document.querySelectorAll('#comparison tbody tr').length === n + 1, before.length);
  const after = await names(page);
  assert.equal(after[1], `${before[0]} (2)`);
  const totals = await page.$$eval('#comparison tbody td.cmp-total', (t) => t.map((x) => x.textContent));
  assert.equal(totals[0], totals[1], 'the copy costs the same');
  // The copy is now the chosen option: renaming at once renames the copy, not the original.
  assert.equal(await page.inputValue('#strategy-option'), '1');
  assert.equal(await page.inputValue('#option-name'), `${before[0]} (2)`);
  await page.fill('#option-name', '  AWS, my copy  ');
  await page.press('#option-name', 'Enter');
  await page.dispatchEvent('#option-name', 'change');
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody th.option-label')[1].firstChild.textContent.trim() === 'AWS, my copy');
  assert.equal((await names(page))[0], before[0], 'the original keeps its name');
  // Refused names: the message beside the field, the text kept, the scenario unchanged.
  for (const [bad, message] of [['   ', /^An option needs a name\.$/], ['x'.repeat(81), /^A name has at most 80 characters, not 81\.$/]]) {
    await page.fill('#option-name', bad);
    await page.dispatchEvent('#option-name', 'change');
    await page.waitForFunction(() => document.querySelector('#option-name-error').textContent !== '');
    assert.match(await page.textContent('#option-name-error'), message);
    assert.equal(await page.inputValue('#option-name'), bad, 'the typed text stays');
    assert.equal(await page.getAttribute('#option-name', 'aria-invalid'), 'true');
    assert.equal((await names(page))[1], 'AWS, my copy');
    assert.equal(await page.$('#notice'), null, 'not a refusal in the notice area');
  }
  // In Chinese the message is Chinese.
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => document.querySelector('#option-name-error').textContent.includes('名称'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a reserved share typed before a reserved price is kept and applies once the price is typed', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  // Option 2 (Azure ND96asr_v4) has no reservation in the catalog.
  await page.selectOption('#strategy-option', '1');
  await page.waitForSelector('#strategy-no-commitment');
  const totalBefore = await page.textContent('#total-1');
  await page.fill('#share-reserved-number', '100');
  await page.waitForSelector('#reserved-price-pending');
  assert.match(await page.textContent('#reserved-price-pending'), /^Needs a reserved price: the 100 % reserved share is kept/);
  assert.equal(await page.inputValue('#share-reserved-number'), '100', 'the share stays as typed');
  assert.equal(await page.$('#notice'), null, 'no refusal');
  assert.equal(await page.textContent('#total-1'), totalBefore, 'nothing applied yet');
  const onDemand = Number(await page.inputValue('#reserved-per-hour-number'));
  await page.fill('#reserved-per-hour-number', String(onDemand / 2));
  await page.waitForSelector('#reserved-price-pending', { state: 'detached' });
  await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr')[1].querySelectorAll('td')[5].textContent === '50.0 %');
  assert.equal(await page.inputValue('#share-reserved-number'), '100');
  assert.notEqual(await page.textContent('#total-1'), totalBefore, 'the reserved share applies');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a job that never finishes is explained beside the Work field, in words without a field path', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#workload-mode', 'job');
  await page.waitForSelector('#job-gpu-hours-number');
  // 1e9 GPU-hours on 8 GPUs: more than the 1,200 months a plan may run.
  await page.fill('#job-gpu-hours-number', '1000000000');
  await page.waitForFunction(() => /never finish|1,200 months/i.test(document.querySelector('#job-gpu-hours-error')?.textContent ?? ''));
  const text = await page.textContent('#job-gpu-hours-error');
  assert.doesNotMatch(text, /workload|\(|\)/, `no field path: ${text}`);
  await page.selectOption('#language', 'zh-CN');
  await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('#job-gpu-hours-error')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('#job-gpu-hours-error'), /workload|（|）/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a huge job for its deadline is warned beside the deadline field', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  await page.selectOption('#workload-mode', 'job');
  await page.selectOption('#job-size', 'deadline');
  await page.waitForSelector('#job-within-number');
  await page.fill('#job-within-number', '0.1');
  await page.fill('#job-gpu-hours-number', '1000000000');
  await page.waitForSelector('#job-within-warning');
  // 1e9 / (0.1 × 730 h × scaling efficiency): millions of GPUs, above the 100,000 modelled.
  assert.match(await page.textContent('#job-within-warning'), /needs about [0-9,]+ reference GPUs .* 100,000 GPUs/);
  // A modest job: no warning.
  await page.fill('#job-gpu-hours-number', '50000');
  await page.waitForSelector('#job-within-warning', { state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a catalog throughput is shown to 2 decimals in the Chinese-first page, never as a raw float', async () => {
  const { context, page, problems } = await openApp(browser, origin, { locale: 'zh-CN' });
  await page.selectOption('#workload-mode', 'job');
  const count = await page.$$eval('#strategy-option option', (o) => o.length);
  assert.ok(count >= 2);
  const shown = [];
  for (let i = 0; i < count; i++) {
    await page.selectOption('#strategy-option', String(i));
    await page.waitForSelector('#throughput-number');
    shown.push(await page.inputValue('#throughput-number'));
  }
  for (const v of shown) assert.match(v, /^\d+(\.\d{1,2})?$/, `throughput field ${v}`);
  assert.ok(shown.some((v) => v !== '1'), `the mainland offers' own figures: ${shown}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after compared options are removed, the strategy chooser shows the option its fields edit', async () => {
  const { context, page, problems } = await openApp(browser, origin);
  // Two options; the second picked by hand (so its <option> is one the user chose from).
  await choosePreset(page, 'offpeak-rendering');
  await page.selectOption('#strategy-option', '1');
  // Two more from the offer table.
  for (const type of ['p4d.24xlarge', 'Standard_ND96asr_v4']) {
    await page.fill('#filter-text', type);
    await page.waitForFunction((t) => [...document.querySelectorAll('#offers tbody tr[data-id]')].every((r) => r.dataset.id.toLowerCase().includes(t.toLowerCase())), type);
    await page.locator('#offers tbody tr[data-id] input[type=checkbox]').first().check();
  }
  await page.fill('#filter-text', '');
  assert.equal((await names(page)).length, 4);
  // Remove the first row twice: the options the chooser listed shift under it.
  for (const left of [3, 2]) {
    await page.locator('#comparison tbody tr').first().locator('button:has-text("remove")').click();
    await page.waitForFunction((n) => document.querySelectorAll('#comparison tbody tr').length === n, left);
  }
  const shown = await page.$eval('#strategy-option', (s) => s.options[s.selectedIndex].textContent);
  assert.equal(shown, await page.inputValue('#option-name'), 'the chooser shows the option named in the fields');
  assert.equal(shown, (await names(page))[Number(await page.inputValue('#strategy-option'))]);
  assert.deepEqual(problems, []);
  await context.close();
});

