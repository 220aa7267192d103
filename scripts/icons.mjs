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
// Each is written as a palette PNG (colour type 3, 4 bits a pixel) of at most PALETTE_COLOURS
// colours, a third of the size of Chromium's truecolour screenshot: the drawing has two colours
// (the blue, white) and transparency, and 16 colours still hold the anti-aliased edges between
// them. image-q's RGBQuant builds the palette from the screenshot's RGBA pixels (alpha included,
// so the "any" icons keep their transparent corners through a tRNS chunk), each pixel takes its
// nearest palette colour (no dithering: it would only add noise to flat areas), and fast-png
// writes the file (zlib level 9). The steps are deterministic: the same Chromium gives the same
// bytes. Both libraries are devDependencies of tests/e2e/package.json, beside playwright-core.
// The PNGs are committed (a build needs no browser); run this again after changing the SVG:
//   scripts/setup.sh --browser && node scripts/icons.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const iq = require('image-q');
// fast-png is an ES module only: resolved from tests/e2e like the others, then imported.
const { decode, encode } = await import(pathToFileURL(require.resolve('fast-png')).href);

/** Colours of each icon's palette: 16 fit in 4 bits a pixel and keep the anti-aliasing. */
const PALETTE_COLOURS = 16;

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

/**
 * The PNG `screenshot` (RGB or RGBA, 8 bits a channel) as a palette PNG of at most `colours`
 * colours (≤ 256). Palette entries with alpha below 255 come first, so the tRNS chunk lists only
 * them; an opaque image gets no tRNS. Bits a pixel: the fewest of 1, 2, 4, 8 that index the palette.
 */
function toPalettePng(screenshot, colours) {
  const png = decode(screenshot);
  const { width, height, channels } = png;
  if (png.depth !== 8 || (channels !== 3 && channels !== 4)) {
    throw new Error(`screenshot: expected 8-bit RGB or RGBA, got ${channels} channels of ${png.depth} bits`);
  }
  const n = width * height;
  const rgba = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) rgba[i * 4 + c] = png.data[i * channels + c];
    rgba[i * 4 + 3] = channels === 4 ? png.data[i * channels + 3] : 255;
  }
  const image = iq.utils.PointContainer.fromUint8Array(rgba, width, height);
  const palette = iq.buildPaletteSync([image], { colors: colours, paletteQuantization: 'rgbquant' });
  const mapped = iq.applyPaletteSync(image, palette, { imageQuantization: 'nearest' }).toUint8Array();

  // The colours the pixels use, in order of first use, then the translucent ones moved first.
  const rgbaAt = new DataView(mapped.buffer, mapped.byteOffset, mapped.byteLength);
  const seen = new Map();
  const index = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const key = rgbaAt.getUint32(i * 4);
    if (!seen.has(key)) seen.set(key, seen.size);
    index[i] = seen.get(key);
  }
  const used = [...seen.keys()].map((k) => [k >>> 24, (k >>> 16) & 255, (k >>> 8) & 255, k & 255]);
  const order = used.map((_, i) => i).sort((a, b) => (used[a][3] === 255) - (used[b][3] === 255) || a - b);
  const slot = new Uint8Array(order.length);
  order.forEach((old, at) => { slot[old] = at; });
  const opaque = used.every((c) => c[3] === 255);
  const entries = order.map((i) => (opaque ? used[i].slice(0, 3) : used[i]));

  const depth = [1, 2, 4, 8].find((d) => entries.length <= 1 << d);
  const perByte = 8 / depth;
  const stride = Math.ceil(width / perByte);
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shift = 8 - depth * (1 + (x % perByte));
      data[y * stride + Math.floor(x / perByte)] |= slot[index[y * width + x]] << shift;
    }
  }
  const bytes = encode({ width, height, data, depth, channels: 1, palette: entries }, { zlib: { level: 9 } });
  return { bytes, colours: entries.length, depth };
}

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
    const shot = await page.screenshot({ omitBackground: background === 'transparent', type: 'png' });
    const { bytes, colours, depth } = toPalettePng(shot, PALETTE_COLOURS);
    await writeFile(new URL(`assets/icons/${file}`, root), bytes);
    console.log(`assets/icons/${file}: ${size}×${size}, ${colours} colours at ${depth} bits a pixel, `
      + `${bytes.length} B (screenshot ${shot.length} B)`);
    await page.close();
  }
} finally {
  await browser.close();
}
