// Diagnostic (not a test, not a benchmark): records a V8 CPU profile (Chrome DevTools protocol)
// while driving the same slider sequence as bench.mjs and prints the functions with the most
// self time (wasm functions by name, browser work such as fillText or clientWidth by API).
// Names need a bundle built with them kept (wasm-opt off, so sizes are not representative):
//   sed 's/data-wasm-opt="z"/data-wasm-opt="0" data-keep-debug="true"/' index.html > index-prof.html
//   trunk build --release --dist target/prof-dist index-prof.html && rm index-prof.html
//   DIST_DIR=target/prof-dist node tests/e2e/profile-slider.mjs
// Like bench.mjs's "lines" scenario, except that the page stays where the last offer click
// left it (set SCROLL_CHART=1 to scroll the cumulative chart into view first).
import { serveDist, launchChromium, openApp, compare, MAX_COMPARED } from './harness.mjs';
import { writeFileSync } from 'node:fs';

const DIST = process.env.DIST_DIR;
const MOVES = Number(process.env.BENCH_MOVES || 60);
const server = await serveDist(DIST);
const browser = await launchChromium();
try {
  const { context, page } = await openApp(browser, server.origin, { deviceScaleFactor: 2 });
  await compare(page, MAX_COMPARED);
  if (process.env.SCROLL_CHART === '1') {
    await page.evaluate(() => document.querySelector('#chart').scrollIntoView({ block: 'start' }));
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(async (moves) => {
    const gpus = document.querySelector('#gpus-range');
    const hours = document.querySelector('#hours-per-day-range');
    const nextTask = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => nextTask().then(r)));
    await nextFrame();
    for (let i = 0; i < moves; i += 1) {
      const el = i % 2 === 0 ? gpus : hours;
      const v = i % 2 === 0 ? 1 + ((i * 37) % 128) : 1 + ((i * 5) % 24);
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await nextTask();
      void document.body.offsetHeight;
      await nextFrame();
    }
  }, MOVES);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(process.env.PROFILE_OUT || '/tmp/slider.cpuprofile', JSON.stringify(profile));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) || 0) + (profile.timeDeltas[i] || 0) / 1000);
  }
  let total = 0;
  for (const [id, ms] of dt) {
    const n = byId.get(id);
    const k = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}`;
    if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') continue;
    self.set(k, (self.get(k) || 0) + ms);
    total += ms;
  }
  console.log(`busy (non-idle) sampled ms: ${total.toFixed(0)} over ${MOVES} moves`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.SHOW || 40))) {
    console.log(`${v.toFixed(1).padStart(8)}  ${k.slice(0, 150)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
