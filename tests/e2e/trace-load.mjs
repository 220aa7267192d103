// Diagnostic (not a test, not a benchmark): traces one cold page load up to the app's
// `first-chart` mark and prints what the renderer's main thread did before it.
//   DIST_DIR=target/bench-dist node tests/e2e/trace-load.mjs
import { serveDist, launchChromium } from './harness.mjs';

const server = await serveDist(process.env.DIST_DIR);
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'toplevel', 'loading'] });
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => performance.getEntriesByName('first-chart').length > 0);
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name}@${m.startTime.toFixed(0)}`).join(' '));
  const measures = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => `${m.name}:${m.duration.toFixed(1)}`).join(' '));
  const buf = await browser.stopTracing();
  const ev = JSON.parse(buf.toString()).traceEvents;
  const fc = ev.find((e) => e.name === 'first-chart');
  const nav = ev.find((e) => e.name === 'navigationStart' && e.tid === fc.tid) || ev.find((e) => e.name === 'navigationStart');
  console.log(`marks ${marks}\nmeasures ${measures}`);
  const agg = {};
  for (const e of ev) {
    if (e.tid !== fc.tid || e.ph !== 'X' || e.ts > fc.ts || e.ts < nav.ts) continue;
    const k = e.name + (e.args?.data?.url ? `(${String(e.args.data.url).split('/').pop()})` : '');
    agg[k] = (agg[k] || 0) + (e.dur || 0) / 1000;
  }
  console.log(`main thread before first-chart (${((fc.ts - nav.ts) / 1000).toFixed(0)} ms after navigationStart):`);
  for (const [k, v] of Object.entries(agg).sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.SHOW || 25))) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
