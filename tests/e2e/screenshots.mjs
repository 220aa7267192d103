// Takes full-page screenshots of the release bundle at 375 px and 1440 px wide, light and dark
// (not a test: run by hand to look at the layout). DIST_DIR is a trunk build, OUT_DIR the folder
// for the PNGs:
//   DIST_DIR=target/e2e-dist OUT_DIR=/tmp/shots node tests/e2e/screenshots.mjs
import { serveDist, launchChromium, openApp } from './harness.mjs';

const out = process.env.OUT_DIR || '.';
const server = await serveDist(process.env.DIST_DIR);
const browser = await launchChromium();
try {
  for (const width of [375, 1440]) {
    for (const scheme of ['light', 'dark']) {
      const { context, page, problems } = await openApp(browser, server.origin, { width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 901 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/workspace-${width}-${scheme}.png`, fullPage: true });
      if (width === 375 && scheme === 'light') {
        const cards = await page.$$('main > .card, main .chart-grid > .card');
        for (const [i, card] of cards.entries()) {
          await card.screenshot({ path: `${out}/workspace-375-card-${i}.png` });
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${width}px ${scheme}: horizontal overflow ${overflow}px, problems ${JSON.stringify(problems)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
