// DOM size after load (issue 19's table row): elements in the document once the first chart is
// drawn and the offer table's deferred rows are in, at a desktop and a phone viewport, and the
// offer table's rows in the DOM. Usage: DIST_DIR=dist node tests/e2e/dom-size.mjs
import { serveDist, launchChromium, openApp } from './harness.mjs';

const srv = await serveDist(process.env.DIST_DIR);
const { origin } = srv;
const browser = await launchChromium();
try {
  for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 412, 823]]) {
    const { context, page } = await openApp(browser, origin, { width, height });
    await page.waitForSelector('#offers tbody tr td');
    await page.waitForTimeout(500);
    const r = await page.evaluate(() => ({
      elements: document.getElementsByTagName('*').length,
      offerRows: document.querySelectorAll('#offers tbody tr').length,
      rowcount: document.querySelector('#offers')?.getAttribute('aria-rowcount'),
    }));
    console.log(`${name}\t${width}x${height}\telements ${r.elements}\toffer rows in DOM ${r.offerRows}\taria-rowcount ${r.rowcount}`);
    await context.close();
  }
} finally {
  await browser.close();
  await srv.close();
}
