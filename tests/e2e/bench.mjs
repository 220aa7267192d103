// Browser benchmark of the release bundle (not a test: it asserts nothing and is not run by
// `node --test`). Run it with scripts/bench-browser.sh, which builds the bundle first.
//
// It serves DIST_DIR, opens the app in headless Chromium BENCH_LOADS times (cold cache) to time
// load-to-first-chart. Then two scenarios, each with the cumulative chart scrolled into view
// (as when watched while dragging; charts far from the viewport are not redrawn):
// - "lines": as many catalog offers as the app compares (10), all on demand, over 36 months,
//   and BENCH_MOVES slider moves (GPUs and hours per day, alternating), back to back;
// - "bands": 5 offers and their all-spot variants (P10–P90 bands from Monte Carlo), and
//   BENCH_BAND_MOVES moves of the same sequence, each waiting for the `bands-drawn` mark
//   (builds before the bands were deferred draw them within the move and set no mark).
// - "allowance": the same options, each spot variant with a one-off free allowance (its bands
//   price every trial's months), and BENCH_BAND_MOVES moves waiting for the bands.
// It reads the app's own User Timing measures (`recompute`, `chart-series`, `draw-chart`,
// `risk-band`).
//
// Output (stable, tab-separated; documented in README "Performance"):
//   # comment lines (what was run)
//   metric <TAB> n <TAB> median_ms <TAB> p95_ms <TAB> max_ms
//     (metrics of the "bands" and "allowance" scenarios are prefixed `bands:` and `allowance:`;
//     a metric with no sample prints n = 0 and "-", e.g. `bands:slider_input_to_bands_drawn` for a build without the mark)
//   file <TAB> raw_bytes <TAB> gzip_bytes            (one row per file, then a "total" row)
import {
  serveDist, launchChromium, openApp, bundleSizes, compare, BUNDLE_BUDGET_GZIP_BYTES, MAX_COMPARED,
} from './harness.mjs';

const DIST = process.env.DIST_DIR;
const LOADS = Number(process.env.BENCH_LOADS || 10);
const MOVES = Number(process.env.BENCH_MOVES || 60);
const DPR = Number(process.env.BENCH_DPR || 2);
const BAND_MOVES = Number(process.env.BENCH_BAND_MOVES || 20);

/** Nearest-rank percentile of `xs` (ms), `q` in [0, 1]. */
function percentile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

function row(metric, xs) {
  if (xs.length === 0) return `${metric}\t0\t-\t-\t-`;
  const f = (x) => x.toFixed(2);
  return `${metric}\t${xs.length}\t${f(percentile(xs, 0.5))}\t${f(percentile(xs, 0.95))}\t${f(Math.max(...xs))}`;
}

/** Sets 36 months and compares exactly `n` catalog offers that list a spot price. */
async function spotCapable(page, n) {
  await page.fill('#months-number', '36');
  const rows = () => page.$$eval('#comparison tbody tr', (xs) => xs.length);
  for (let had = await rows(); had > 0; had -= 1) {
    await page.click('#comparison tbody tr:nth-child(1) td.actions button >> nth=-1');
    await page.waitForFunction((k) => document.querySelectorAll('#comparison tbody tr').length === k, had - 1);
  }
  // The offer table renders only the rows in view: list the offers sold spot, so the rows in
  // view are ones with a spot price (the selector below still checks each row's spot cell).
  await page.selectOption('#filter-billing', 'spot');
  for (let had = 0; had < n; had += 1) {
    const boxes = await page.$$('#offers tbody tr:has(td.spot:not(:text-is("—"))) input[type=checkbox]:not(:checked):not(:disabled)');
    if (boxes.length === 0) break;
    await boxes[0].click();
    await page.waitForFunction((k) => document.querySelectorAll('#comparison tbody tr').length === k, had + 1);
  }
  await page.selectOption('#filter-billing', '');
}

/**
 * Scrolls the cumulative chart into view (so it is kept current, as when watched), then drives
 * `moves` slider moves and returns per-move latencies (ms) and the app's measures. With
 * `waitBands`, each move also waits (up to 10 s) for the app's `bands-drawn` mark.
 */
async function drive(page, moves, waitBands) {
  await page.evaluate(() => document.querySelector('#chart').scrollIntoView({ block: 'start' }));
  return page.evaluate(async ([moves, waitBands]) => {
    const gpus = document.querySelector('#gpus-range');
    const hours = document.querySelector('#hours-per-day-range');
    const nextTask = () => new Promise((r) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => r();
      ch.port2.postMessage(0);
    });
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => nextTask().then(r)));
    const bandsAfter = async (t0) => {
      for (let waited = 0; waited < 10000; waited = performance.now() - t0) {
        const m = performance.getEntriesByName('bands-drawn', 'mark').find((e) => e.startTime >= t0);
        if (m) return m.startTime - t0;
        await nextFrame();
      }
      return null;
    };
    // A build without deferred bands has no data-bands-pending attribute: nothing to wait for.
    const bandsMarked = document.querySelector('#chart').hasAttribute('data-bands-pending');
    const rendered = [];
    const frame = [];
    const bands = [];
    await nextFrame();
    performance.clearMeasures();
    for (let i = 0; i < moves; i += 1) {
      const el = i % 2 === 0 ? gpus : hours;
      const v = i % 2 === 0 ? 1 + ((i * 37) % 128) : 1 + ((i * 5) % 24);
      const t0 = performance.now();
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      // Yew renders and the chart is drawn in tasks queued by the event; then force style and
      // layout so they count too.
      await nextTask();
      void document.body.offsetHeight;
      rendered.push(performance.now() - t0);
      // Let the browser paint the frame before the next move (includes waiting for vsync).
      await nextFrame();
      frame.push(performance.now() - t0);
      if (waitBands && bandsMarked) {
        const b = await bandsAfter(t0);
        if (b !== null) bands.push(b);
      }
    }
    // The autosave writes once the scenario has been still for 200 ms: let it land.
    await new Promise((r) => setTimeout(r, 400));
    const byName = (n) => performance.getEntriesByName(n, 'measure').map((m) => m.duration);
    return {
      rendered, frame, bands,
      recompute: byName('recompute'), series: byName('chart-series'), draw: byName('draw-chart'),
      riskBand: byName('risk-band'), autosave: byName('autosave'),
    };
  }, [moves, waitBands]);
}

const server = await serveDist(DIST);
const browser = await launchChromium();
try {
  const lines = [];
  lines.push('# gpu-cost-planner browser benchmark, format 1');
  lines.push(`# chromium ${browser.version()} headless (software rendering), viewport 1280x900, devicePixelRatio ${DPR}`);

  const loads = [];
  for (let i = 0; i < LOADS; i += 1) {
    const { context, firstChartMs } = await openApp(browser, server.origin, { deviceScaleFactor: DPR });
    if (firstChartMs !== null) loads.push(firstChartMs);
    await context.close();
  }

  // Scenario "lines": as many catalog offers as the app compares, all on demand (no bands).
  const lineRun = await openApp(browser, server.origin, { deviceScaleFactor: DPR });
  await compare(lineRun.page, MAX_COMPARED);
  const compared = await lineRun.page.$$eval('#comparison tbody tr', (xs) => xs.length);
  lines.push(`# lines: ${compared} options compared over 36 months; ${MOVES} slider moves (GPUs and hours per day, alternating); ${LOADS} cold loads`);
  const result = await drive(lineRun.page, MOVES, false);
  // Scenario "bands": half as many catalog offers, each followed by its all-spot variant
  // (interruption rate 0.02 per instance-hour), so every other option has a P10–P90 band.
  const bandRun = await openApp(browser, server.origin, { deviceScaleFactor: DPR });
  await spotCapable(bandRun.page, 5);
  for (let k = 0; k < 5; k += 1) {
    await bandRun.page.click(`#comparison tbody tr:nth-child(${2 * k + 1}) td.actions button >> nth=0`);
    await bandRun.page.waitForFunction((n) => document.querySelectorAll('#comparison tbody tr').length === n, 6 + k);
  }
  const banded = await bandRun.page.$$eval('#comparison tbody tr', (xs) => xs.length);
  lines.push(`# bands: ${banded} options (5 offers + their all-spot variants) over 36 months; ${BAND_MOVES} moves, each waiting for the bands`);
  const bands = await drive(bandRun.page, BAND_MOVES, true);
  // Scenario "allowance": the same options, each spot variant with a one-off free allowance of
  // 2,000 GPU-hours (a sign-up credit), so its bands price every trial's months and the first
  // months cost the same in every trial (equal values for the percentile selection).
  for (let k = 0; k < 5; k += 1) {
    await bandRun.page.selectOption('#strategy-option', String(2 * k + 1));
    await bandRun.page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
    await bandRun.page.fill('#free-gpu-hours-once-number', '2000');
  }
  lines.push(`# allowance: the same options, each spot variant with 2,000 free GPU-hours once; ${BAND_MOVES} moves, each waiting for the bands`);
  const allowance = await drive(bandRun.page, BAND_MOVES, true);
  const problems = [...lineRun.problems, ...bandRun.problems];

  lines.push('metric\tn\tmedian_ms\tp95_ms\tmax_ms');
  lines.push(row('load_to_first_chart', loads));
  lines.push(row('slider_input_to_rendered', result.rendered));
  lines.push(row('slider_input_to_next_frame', result.frame));
  lines.push(row('measure:recompute', result.recompute));
  lines.push(row('measure:chart-series', result.series));
  lines.push(row('measure:draw-chart', result.draw));
  lines.push(row('measure:autosave', result.autosave));
  lines.push(row('bands:slider_input_to_rendered', bands.rendered));
  lines.push(row('bands:slider_input_to_next_frame', bands.frame));
  lines.push(row('bands:slider_input_to_bands_drawn', bands.bands));
  lines.push(row('bands:measure:recompute', bands.recompute));
  lines.push(row('bands:measure:risk-band', bands.riskBand));
  lines.push(row('bands:measure:draw-chart', bands.draw));
  lines.push(row('allowance:slider_input_to_bands_drawn', allowance.bands));
  lines.push(row('allowance:measure:risk-band', allowance.riskBand));

  const sizes = await bundleSizes(DIST);
  lines.push('file\traw_bytes\tgzip_bytes');
  for (const f of sizes.files) lines.push(`${f.name}\t${f.raw}\t${f.gzip}`);
  lines.push(`total\t${sizes.raw}\t${sizes.gzip}`);
  lines.push(`# gzip budget ${BUNDLE_BUDGET_GZIP_BYTES} B: ${sizes.gzip <= BUNDLE_BUDGET_GZIP_BYTES ? 'within' : 'OVER'}`);
  if (problems.length) lines.push(`# page problems: ${problems.join('; ')}`);
  console.log(lines.join('\n'));
  await lineRun.context.close();
  await bandRun.context.close();
} finally {
  await browser.close();
  await server.close();
}
