// Which element is the page's Largest Contentful Paint, and when (not a test: it asserts
// nothing). Lighthouse 12.2.3's own "largest-contentful-paint-element" audit fails in Debian's
// Chromium 156 ("Cannot read properties of undefined (reading 'frame_sequence')"), so this asks
// the browser directly: every `largest-contentful-paint` entry of one cold load, in English and
// in Chinese, at Lighthouse's mobile viewport (412×823, DPR 1.75), unthrottled.
//   node tests/e2e/server.mjs target/e2e-dist --port 8181 &
//   URL=http://127.0.0.1:8181/ node tests/e2e/lcp-probe.mjs
import { chromium } from 'playwright-core';

const url = process.env.URL;
if (!url) throw new Error('set URL to the served build');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const locale of ['en-US', 'zh-CN']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.lcpEntries = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        window.lcpEntries.push({
          ms: Math.round(e.startTime),
          size: e.size,
          element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}${el.closest('#boot') ? ' (in #boot)' : ''}` : '(removed)',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url);
  await page.waitForSelector('html[data-mounted="all"]');
  await page.waitForTimeout(1000);
  for (const e of await page.evaluate(() => window.lcpEntries)) console.log(`${locale}\t${e.ms} ms\t${e.size} px²\t${e.element}`);
  await context.close();
}
await browser.close();
