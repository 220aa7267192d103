// Diagnostic (not a test, not a benchmark, asserts nothing): loads the page on a phone-sized
// viewport at Lighthouse's 4× CPU throttle (RATE), traces the renderer's main thread until every
// part is mounted (`<html data-mounted="all">`) plus 2 s, and prints each task longer than 50 ms
// (start after navigation, wall time, thread CPU time, its largest kinds of work in wall ms, the
// app's User Timing marks in it) and the sum of (length − 50 ms), the Total Blocking Time of that
// load counted from navigation (Lighthouse counts from First Contentful Paint). A task's length
// is its thread CPU time (METRIC=cpu, the default: on a machine busy with other work, wall time
// also counts the time the thread waited for a core) or its wall time (METRIC=wall).
//   DIST_DIR=target/t-dist RUNS=3 node tests/e2e/longtasks.mjs
import { serveDist, launchChromium } from './harness.mjs';

const runs = Number(process.env.RUNS || 1);
const rate = Number(process.env.RATE || 4);
const metric = process.env.METRIC || 'cpu';
// Tasks listed: longer than SHOW ms (default 50; the sum counts only those over 50 ms).
const show = Number(process.env.SHOW || 50);
const server = await serveDist(process.env.DIST_DIR);
const browser = await launchChromium();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-mounted="all"]', { timeout: 60_000 });
    await page.waitForTimeout(2000);
    const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    await context.close();
    // The renderer's main thread: the one with the navigation's start.
    const nav = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) || ev.find((e) => e.name === 'navigationStart');
    const main = ev.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts);
    // One event per task: Chromium writes `ThreadControllerImpl::RunTask` and, inside it, `RunTask`.
    const taskName = main.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
    const length = (e) => (metric === 'wall' ? e.dur : e.tdur ?? e.dur) / 1000;
    const listed = main.filter((e) => e.name === taskName && length(e) > show);
    const tasks = listed.filter((e) => length(e) > 50);
    let tbt = 0;
    let longest = 0;
    console.log(`run ${run + 1} (task length: ${metric === 'wall' ? 'wall' : 'thread CPU'} time)`);
    for (const t of listed) {
      const d = length(t);
      if (d > 50) {
        tbt += d - 50;
        longest = Math.max(longest, d);
      }
      // What the task spent its time on (kinds of trace events inside it, each summed, wall ms).
      const kinds = {};
      for (const e of main) {
        if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
        if (!['FunctionCall', 'EvaluateScript', 'v8.compile', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'v8.callFunction', 'ParseAuthorStyleSheet', 'PrePaint', 'Layerize'].includes(e.name)) continue;
        kinds[e.name] = (kinds[e.name] || 0) + e.dur / 1000;
      }
      // The app's User Timing marks and measures inside the task.
      const timings = [...new Set(ev.filter((e) => e.cat?.includes('blink.user_timing') && e.ts >= t.ts && e.ts <= t.ts + t.dur).map((e) => e.name))];
      const top = Object.entries(kinds).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      console.log(`  at ${((t.ts - nav.ts) / 1000).toFixed(0).padStart(5)} ms  wall ${(t.dur / 1000).toFixed(0).padStart(4)} ms  cpu ${((t.tdur ?? t.dur) / 1000).toFixed(0).padStart(4)} ms  (${top})${timings.length ? ` [${timings.join(', ')}]` : ''}`);
    }
    const busy = main.filter((e) => e.name === taskName).reduce((sum, e) => sum + length(e), 0);
    console.log(`  tasks > 50 ms: ${tasks.length}, longest ${longest.toFixed(0)} ms, sum of (length − 50) ${tbt.toFixed(0)} ms; all tasks ${busy.toFixed(0)} ms`);
    results.push({ tbt, longest, count: tasks.length, busy });
  }
} finally {
  await browser.close();
  await server.close();
}
if (results.length > 1) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median of ${results.length}: sum of (length − 50) ${median(results.map((r) => r.tbt)).toFixed(0)} ms, longest ${median(results.map((r) => r.longest)).toFixed(0)} ms, tasks > 50 ms ${median(results.map((r) => r.count))}, all tasks ${median(results.map((r) => r.busy)).toFixed(0)} ms`);
}
