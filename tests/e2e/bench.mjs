// Browser benchmark of the release bundle (not a test: it asserts nothing and is not run by
// `node --test`). Run it with scripts/bench-browser.sh, which builds the bundle first.
//
// It serves DIST_DIR, opens the app in headless Chromium BENCH_LOADS times (cold cache) to time
// load-to-first-chart, then compares as many offers as the app allows over 36 months and drives
// a fixed sequence of BENCH_MOVES slider moves (GPUs and hours per day, alternating), reading
// the app's own User Timing measures (`recompute`, `chart-series`, `draw-chart`).
//
// Output (stable, tab-separated; documented in README "Performance"):
//   # comment lines (what was run)
//   metric <TAB> n <TAB> median_ms <TAB> p95_ms <TAB> max_ms
//   file <TAB> raw_bytes <TAB> gzip_bytes            (one row per file, then a "total" row)
import { serveDist, launchChromium, openApp, bundleSizes, BUNDLE_BUDGET_GZIP_BYTES } from './harness.mjs';

const DIST = process.env.DIST_DIR;
const LOADS = Number(process.env.BENCH_LOADS || 10);
const MOVES = Number(process.env.BENCH_MOVES || 60);
const DPR = Number(process.env.BENCH_DPR || 2);

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

  const { context, page, problems } = await openApp(browser, server.origin, { deviceScaleFactor: DPR });
  await page.fill('#months-number', '36');
  // Tick offers until the comparison is full (the app disables the remaining boxes).
  for (;;) {
    const box = await page.$('#offers tbody input[type=checkbox]:not(:checked):not(:disabled)');
    if (!box) break;
    await box.click();
  }
  const compared = await page.$$eval('#comparison tbody tr', (xs) => xs.length);
  lines.push(`# ${compared} options compared over 36 months; ${MOVES} slider moves (GPUs and hours per day, alternating); ${LOADS} cold loads`);

  const result = await page.evaluate(async (moves) => {
    const gpus = document.querySelector('#gpus-range');
    const hours = document.querySelector('#hours-per-day-range');
    const nextTask = () => new Promise((r) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => r();
      ch.port2.postMessage(0);
    });
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => nextTask().then(r)));
    const rendered = [];
    const frame = [];
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
    }
    const byName = (n) => performance.getEntriesByName(n, 'measure').map((m) => m.duration);
    return {
      rendered, frame,
      recompute: byName('recompute'), series: byName('chart-series'), draw: byName('draw-chart'),
    };
  }, MOVES);

  lines.push('metric\tn\tmedian_ms\tp95_ms\tmax_ms');
  lines.push(row('load_to_first_chart', loads));
  lines.push(row('slider_input_to_rendered', result.rendered));
  lines.push(row('slider_input_to_next_frame', result.frame));
  lines.push(row('measure:recompute', result.recompute));
  lines.push(row('measure:chart-series', result.series));
  lines.push(row('measure:draw-chart', result.draw));

  const sizes = await bundleSizes(DIST);
  lines.push('file\traw_bytes\tgzip_bytes');
  for (const f of sizes.files) lines.push(`${f.name}\t${f.raw}\t${f.gzip}`);
  lines.push(`total\t${sizes.raw}\t${sizes.gzip}`);
  lines.push(`# gzip budget ${BUNDLE_BUDGET_GZIP_BYTES} B: ${sizes.gzip <= BUNDLE_BUDGET_GZIP_BYTES ? 'within' : 'OVER'}`);
  if (problems.length) lines.push(`# page problems: ${problems.join('; ')}`);
  console.log(lines.join('\n'));
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
