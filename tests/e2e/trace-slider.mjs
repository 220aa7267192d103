// Diagnostic (not a test, not a benchmark): records a Chromium trace while driving the same
// slider sequence as bench.mjs and prints, for the slowest moves, what the main thread did.
//   DIST_DIR=target/bench-dist node tests/e2e/trace-slider.mjs
import { serveDist, launchChromium, openApp, compare, MAX_COMPARED } from './harness.mjs';
import { writeFileSync } from 'node:fs';

const DIST = process.env.DIST_DIR;
const MOVES = Number(process.env.BENCH_MOVES || 60);
const server = await serveDist(DIST);
const browser = await launchChromium();
try {
  const { context, page } = await openApp(browser, server.origin, { deviceScaleFactor: 2 });
  if (process.env.EXTRA_CSS) await page.addStyleTag({ content: process.env.EXTRA_CSS });
  await compare(page, MAX_COMPARED);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'toplevel', 'disabled-by-default-v8.gc', 'blink'],
  });
  const rendered = await page.evaluate(async (moves) => {
    const gpus = document.querySelector('#gpus-range');
    const hours = document.querySelector('#hours-per-day-range');
    const nextTask = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => nextTask().then(r)));
    const out = [];
    await nextFrame();
    for (let i = 0; i < moves; i += 1) {
      const el = i % 2 === 0 ? gpus : hours;
      const v = i % 2 === 0 ? 1 + ((i * 37) % 128) : 1 + ((i * 5) % 24);
      performance.mark(`mv${i}:a`);
      const t0 = performance.now();
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await nextTask();
      void document.body.offsetHeight;
      out.push(performance.now() - t0);
      performance.mark(`mv${i}:b`);
      await nextFrame();
    }
    return out;
  }, MOVES);
  const buf = await browser.stopTracing();
  writeFileSync(process.env.TRACE_OUT || '/tmp/slider-trace.json', buf);
  const trace = JSON.parse(buf.toString());
  const ev = trace.traceEvents || trace;
  const marks = {};
  for (const e of ev) if (/^mv\d+:[ab]$/.test(e.name) && e.ph !== 'e') marks[e.name] = e.ts;
  // main renderer thread = the thread with the marks
  const mainTid = ev.find((e) => e.name === 'mv0:a')?.tid;
  const sum = (re) => ev.filter((e) => e.tid === mainTid && e.ph === 'X' && re.test(e.name)).reduce((a, e) => a + (e.dur || 0) / 1000, 0);
  console.log(`totals over the run (ms): Layerize ${sum(/^Layerize$/).toFixed(0)}, Paint ${sum(/^Paint$/).toFixed(0)}, Layout ${sum(/^Layout$/).toFixed(0)}, UpdateLifecycle ${sum(/^WebFrameWidgetImpl::UpdateLifecycle$/).toFixed(0)}, FunctionCall ${sum(/^FunctionCall$/).toFixed(0)}`);
  const order = rendered.map((ms, i) => ({ i, ms })).sort((a, b) => b.ms - a.ms);
  console.log(`moves ${rendered.length}; sorted ms: ${order.map((o) => o.ms.toFixed(1)).slice(0, 10).join(' ')} ... median ${order[Math.floor(order.length / 2)].ms.toFixed(1)}`);
  for (const { i, ms } of order.slice(0, Number(process.env.SHOW || 5))) {
    const a = marks[`mv${i}:a`]; const b = marks[`mv${i}:b`];
    const agg = {};
    for (const e of ev) {
      if (e.tid !== mainTid || e.ph !== 'X' || e.ts < a || e.ts > b) continue;
      const k = e.name + (e.args?.data?.functionName ? `(${e.args.data.functionName})` : '') + (e.args?.data?.type ? `[${e.args.data.type}]` : '');
      agg[k] = (agg[k] || 0) + (e.dur || 0) / 1000;
    }
    const top = Object.entries(agg).sort((x, y) => y[1] - x[1]).slice(0, 14);
    console.log(`\nmove ${i}: ${ms.toFixed(1)} ms (trace window ${((b - a) / 1000).toFixed(1)} ms)`);
    for (const [k, v] of top) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
