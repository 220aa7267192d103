// Diagnostic (not a test, not a benchmark, asserts nothing): loads the page once on a phone-sized
// viewport at Lighthouse's 4× CPU throttle, traces the renderer's main thread until every part is
// mounted (`<html data-mounted="all">`) plus 2 s, and prints each task longer than 50 ms (start
// after navigation, duration, its largest kinds of work, the app's User Timing marks in it) and the sum of (duration − 50 ms), the
// Total Blocking Time of that load counted from navigation (Lighthouse counts from First
// Contentful Paint).
//   DIST_DIR=target/t-dist RUNS=3 node tests/e2e/longtasks.mjs
import { serveDist, launchChromium } from './harness.mjs';

const runs = Number(process.env.RUNS || 1);
const server = await serveDist(process.env.DIST_DIR);
const browser = await launchChromium();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-mounted="all"]', { timeout: 60_000 });
    await page.waitForTimeout(2000);
    const measures = await page.evaluate(() => performance.getEntriesByType('measure').map((m) => `${m.name} ${m.duration.toFixed(0)}`).join(', '));
    const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    await context.close();
    // The renderer's main thread: the one with the navigation's start.
    const nav = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) || ev.find((e) => e.name === 'navigationStart');
    const main = ev.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts);
    // One event per task: Chromium writes `ThreadControllerImpl::RunTask` and, inside it, `RunTask`.
    const taskName = main.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
    const tasks = main.filter((e) => e.name === taskName && e.dur / 1000 > 50);
    let tbt = 0;
    let longest = 0;
    console.log(`run ${run + 1}`);
    for (const t of tasks) {
      const d = t.dur / 1000;
      tbt += d - 50;
      longest = Math.max(longest, d);
      // What the task spent its time on (top-level kinds inside it, each summed).
      const kinds = {};
      for (const e of main) {
        if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
        if (!['FunctionCall', 'EvaluateScript', 'v8.compile', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'v8.callFunction', 'ParseAuthorStyleSheet', 'PrePaint', 'Layerize'].includes(e.name)) continue;
        kinds[e.name] = (kinds[e.name] || 0) + e.dur / 1000;
      }
      // The app's User Timing marks and measures inside the task.
      const timings = [...new Set(ev.filter((e) => e.cat?.includes('blink.user_timing') && e.ts >= t.ts && e.ts <= t.ts + t.dur).map((e) => e.name))];
      const top = Object.entries(kinds).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      console.log(`  at ${((t.ts - nav.ts) / 1000).toFixed(0).padStart(5)} ms  ${d.toFixed(0).padStart(4)} ms  (${top})${timings.length ? ` [${timings.join(', ')}]` : ''}`);
    }
    console.log(`  the app's measures (ms): ${measures}`);
    console.log(`  tasks > 50 ms: ${tasks.length}, longest ${longest.toFixed(0)} ms, sum of (d − 50) ${tbt.toFixed(0)} ms`);
    results.push({ tbt, longest, count: tasks.length });
  }
} finally {
  await browser.close();
  await server.close();
}
if (results.length > 1) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median of ${results.length}: sum of (d − 50) ${median(results.map((r) => r.tbt)).toFixed(0)} ms, longest ${median(results.map((r) => r.longest)).toFixed(0)} ms, tasks > 50 ms ${median(results.map((r) => r.count))}`);
}
