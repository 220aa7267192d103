#!/usr/bin/env node
// Renders the PNG icons of the web app manifest from assets/favicon.svg with Debian's headless
// Chromium (playwright-core from tests/e2e), into assets/icons/:
//   icon-192.png, icon-512.png     the favicon as drawn (transparent rounded corners), purpose "any"
//   icon-maskable-512.png          the favicon at 80 % on a full square of its own blue, purpose
//                                  "maskable": its drawing stays inside the central circle of
//                                  radius 40 % that every launcher mask keeps (W3C Manifest,
//                                  "icon masks")
//   apple-touch-icon.png (180 px)  the maskable rendition: iOS wants an opaque square and
//                                  rounds it itself
// The PNGs are committed (a build needs no browser); run this again after changing the SVG:
//   scripts/setup.sh --browser && node scripts/icons.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const root = new URL('../', import.meta.url);
const svg = await readFile(new URL('assets/favicon.svg', root), 'utf8');
// The favicon's fill: the maskable icon's background continues its square to the edges.
const fill = svg.match(/<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/)?.[1];
if (!fill) throw new Error('assets/favicon.svg: no <rect fill="#…"> to take the background colour from');
const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8, background: fill },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.8, background: fill },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const { file, size, scale, background } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const inner = Math.round(size * scale);
    await page.setContent(`<!DOCTYPE html><html><body style="margin:0;width:${size}px;height:${size}px;`
      + `display:grid;place-items:center;background:${background}">`
      + `<img src="${src}" width="${inner}" height="${inner}" alt=""></body></html>`);
    await page.waitForFunction(() => document.images[0].complete && document.images[0].naturalWidth > 0);
    const png = await page.screenshot({ omitBackground: background === 'transparent', type: 'png' });
    await writeFile(new URL(`assets/icons/${file}`, root), png);
    console.log(`assets/icons/${file}: ${size}×${size}, ${png.length} B`);
    await page.close();
  }
} finally {
  await browser.close();
}
