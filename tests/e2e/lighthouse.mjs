// Lighthouse run of the release bundle (not a test: it asserts nothing and is not run by
// `node --test`). scripts/bench-browser.sh runs it after tests/e2e/bench.mjs.
//
// It serves DIST_DIR through tests/e2e/server.mjs (precompressed brotli/gzip, cache headers as a
// host should) and runs Lighthouse LH_RUNS times (default 3) with its default mobile preset
// (simulated slow 4G, 4x CPU slowdown) in Debian's headless Chromium (CHROME_PATH, default
// /usr/bin/chromium). The Lighthouse CLI is LIGHTHOUSE (scripts/setup.sh --lighthouse installs
// lighthouse@12.2.3 into .tools/lighthouse; version 13 needs Node 22).
//
// Output (stable, tab-separated; the rows of issue 19's table, documented in README
// "Performance"):
//   # comment lines (what was run)
//   lighthouse <TAB> measure <TAB> runs <TAB> median <TAB> each run (comma-separated)
//   # failed audit (some run): <audit id>: <selectors of the elements it names>
//   # largest contentful paint element (some run): <selector>
// Measures: performance, accessibility, best-practices (scores 0–1), first_contentful_paint_ms,
// speed_index_ms, total_blocking_time_ms, largest_contentful_paint_ms, dom_elements,
// total_transfer_bytes.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer } from './server.mjs';

const DIST = process.env.DIST_DIR;
const RUNS = Number(process.env.LH_RUNS || 3);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const LIGHTHOUSE = process.env.LIGHTHOUSE;
if (!DIST || !LIGHTHOUSE) throw new Error('set DIST_DIR and LIGHTHOUSE (see scripts/bench-browser.sh)');

/** Median of `xs` (the middle value; the mean of the two middle ones for an even count). */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The accessibility and best-practices audits `report` fails (score below 1), each with the
 * selectors of up to 6 of the elements it names: `id: selector, selector…`.
 */
function failing(report) {
  const out = [];
  for (const cat of ['accessibility', 'best-practices']) {
    for (const ref of report.categories[cat]?.auditRefs ?? []) {
      const a = report.audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      const nodes = (a.details?.items ?? []).map((it) => it.node?.selector).filter(Boolean);
      out.push(`${a.id}: ${nodes.slice(0, 6).join(', ')}${nodes.length > 6 ? ` (+${nodes.length - 6})` : ''}`);
    }
  }
  return out;
}

/** The figures this script prints, from one Lighthouse JSON report. */
function figures(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  const score = (id) => report.categories[id]?.score ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    first_contentful_paint_ms: audit('first-contentful-paint'),
    speed_index_ms: audit('speed-index'),
    total_blocking_time_ms: audit('total-blocking-time'),
    largest_contentful_paint_ms: audit('largest-contentful-paint'),
    dom_elements: audit('dom-size'),
    total_transfer_bytes: audit('total-byte-weight'),
  };
}

const run = promisify(execFile);
const server = await startServer(DIST);
const work = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
const runs = [];
const failures = new Set();
const lcpElements = new Set();
let version = '';
try {
  version = (await run(LIGHTHOUSE, ['--version'])).stdout.trim();
  for (let i = 0; i < RUNS; i += 1) {
    const out = path.join(work, `run-${i}.json`);
    await run(LIGHTHOUSE, [
      server.url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ], { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 << 20 });
    const report = JSON.parse(await readFile(out, 'utf8'));
    runs.push(figures(report));
    for (const f of failing(report)) failures.add(f);
    const lcp = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector;
    if (lcp) lcpElements.add(lcp);
  }
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}

const lines = [
  `# lighthouse ${version}, mobile preset (simulated slow 4G, 4x CPU), ${RUNS} runs against ${server.url} (served compressed)`,
  'lighthouse\tmeasure\truns\tmedian\teach',
];
for (const key of Object.keys(runs[0] ?? {})) {
  const xs = runs.map((r) => r[key]);
  const fmt = (x) => (Number.isInteger(x) || Math.abs(x) >= 10 ? String(Math.round(x)) : x.toFixed(2));
  lines.push(`lighthouse\t${key}\t${xs.length}\t${fmt(median(xs))}\t${xs.map(fmt).join(',')}`);
}
for (const f of failures) lines.push(`# failed audit (some run): ${f}`);
for (const e of lcpElements) lines.push(`# largest contentful paint element (some run): ${e}`);
console.log(lines.join('\n'));
