#!/usr/bin/env node
// Build step 0 of scripts/post-build.sh, release builds only: minifies the wasm-bindgen glue
// (DIR/<name>-<hash>.js) and the service worker's registration script (DIR/sw-register.js, a
// classic script; sw.js itself is left as scripts/precache.mjs fills it) with terser and the
// stylesheet (DIR/style-<hash>.css) with
// lightningcss (both installed into .tools by scripts/setup.sh; Trunk's own minifier fails on
// this glue and is all or nothing), drops the HTML comments and the wasm's preload link of
// DIR/index.html and minifies its inline classic scripts (terser), then puts
// each file's new SHA-384 into the `integrity` attribute of the <link> Trunk wrote for it, so
// the browser's subresource check still passes. The files keep their names: Trunk's hash in
// them is of the unminified file, and the same input always minifies to the same bytes, so a
// name still changes exactly when the content does. Measured on the 909-offer build (gzip -9):
// glue 53,634 -> 24,349 B raw, 9,185 -> 7,161 B; stylesheet 6,735 -> 5,167 B raw, 2,417 ->
// 1,929 B; sw-register.js 2,565 -> 1,071 B raw, 1,147 -> 585 B.
//   node scripts/minify.mjs DIR        (DIR defaults to $TRUNK_STAGING_DIR)
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The wasm-bindgen glue Trunk writes: `<crate>-<hash>.js` (the page's other scripts are
 * copied unhashed: sw.js, sw-register.js). */
const GLUE = /-[0-9a-f]{8,16}\.js$/;
/** The stylesheet Trunk writes from assets/style.css. */
const STYLE = /^style-[0-9a-f]{8,16}\.css$/;

/** The one file of `names` that `pattern` matches (an error naming `what` and `dir` otherwise;
 * scripts/pack-wasm.mjs uses it too). */
export function one(names, pattern, what, dir) {
  const found = names.filter((n) => pattern.test(n));
  if (found.length !== 1) throw new Error(`expected one ${what} in ${dir}, found ${found.join(', ') || 'none'}`);
  return found[0];
}

/** `html` with the `integrity` of the <link> to `./name` set to the SHA-384 of `bytes`. */
function withIntegrity(html, name, bytes) {
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const link = new RegExp(`(<link[^>]*href="\\./${name.replace(/[.]/g, '\\.')}"[^>]*integrity=")[^"]*(")`);
  if (!link.test(html)) throw new Error(`minify.mjs: no <link … integrity> for ${name} in index.html`);
  return html.replace(link, `$1${integrity}$2`);
}

/** Minifies the glue and the stylesheet and rewrites index.html in `dir`; returns
 * `[{ name, before, after }]` (bytes). */
export async function minifyDir(dir) {
  const { minify } = createRequire(path.join(ROOT, '.tools/terser/'))('terser');
  const { transform } = createRequire(path.join(ROOT, '.tools/lightningcss/'))('lightningcss');
  const names = await readdir(dir);
  const glue = one(names, GLUE, 'wasm-bindgen glue file', dir);
  const style = one(names, STYLE, 'stylesheet', dir);
  const file = path.join(dir, glue);
  const source = await readFile(file, 'utf8');
  // ES module glue: top-level names are private to it except its exports, which terser keeps.
  const out = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string' || out.code.length === 0) throw new Error('minify.mjs: terser returned no code');
  await writeFile(file, out.code);

  // Unhashed and without an integrity attribute (the app loads it by the name in index.html's
  // data-sw-register); the worker's precache list hashes it after this step.
  const registerFile = path.join(dir, 'sw-register.js');
  const register = await readFile(registerFile, 'utf8');
  const minRegister = await minify(register, { compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof minRegister.code !== 'string' || minRegister.code.length === 0) throw new Error('minify.mjs: terser returned no code for sw-register.js');
  await writeFile(registerFile, minRegister.code);

  // No browser targets: lightningcss only removes what does not change the meaning (spaces,
  // comments, longer spellings of the same value), it lowers no syntax.
  const styleFile = path.join(dir, style);
  const css = await readFile(styleFile);
  const { code: minCss } = transform({ filename: style, code: css, minify: true });
  await writeFile(styleFile, minCss);

  const indexFile = path.join(dir, 'index.html');
  let html = await readFile(indexFile, 'utf8');
  html = withIntegrity(html, glue, out.code);
  html = withIntegrity(html, style, minCss);
  // HTML comments are notes for this repository's readers, not for the browser.
  html = html.replace(/<!--[\s\S]*?-->\s*/g, '');
  // No early fetch of the wasm: the glue's init() fetches it once the start-up script runs,
  // after the first view is painted. Trunk's <link rel="preload"> started the ~360 KB download
  // while the HTML was parsed, so it competed with the stylesheet for a slow connection and
  // Lighthouse's simulation counted it as a dependency of the first view's paint (LCP 2.86 s
  // simulated while the first view painted first). The cost: the app starts one round trip
  // later (Lighthouse's simulated Time to Interactive +0.2 s). README "Performance".
  const wasmPreload = /<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>/;
  if (!wasmPreload.test(html)) throw new Error('minify.mjs: no wasm <link rel="preload"> in index.html');
  html = html.replace(wasmPreload, '');
  // index.html's own inline classic scripts (the panic notice, the first view's language);
  // scripts/csp.py pins them by hash after this step.
  let inlineBefore = 0;
  let inlineAfter = 0;
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  for (const [whole, code] of inline) {
    const min = await minify(code, { compress: { passes: 2 }, mangle: true, format: { comments: false } });
    if (typeof min.code !== 'string' || min.code.length === 0) throw new Error('minify.mjs: terser returned no code for an inline script of index.html');
    html = html.replace(whole, `<script>${min.code}</script>`);
    inlineBefore += Buffer.byteLength(code);
    inlineAfter += Buffer.byteLength(min.code);
  }
  await writeFile(indexFile, html);
  return [
    { name: glue, before: Buffer.byteLength(source), after: Buffer.byteLength(out.code) },
    { name: style, before: css.length, after: minCss.length },
    { name: 'sw-register.js', before: Buffer.byteLength(register), after: Buffer.byteLength(minRegister.code) },
    { name: `index.html's ${inline.length} inline scripts`, before: inlineBefore, after: inlineAfter },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('give the build directory or run from Trunk');
  const rows = await minifyDir(dir);
  for (const r of rows) console.error(`minify.mjs: ${r.name} ${r.before} B -> ${r.after} B`);
  console.error('minify.mjs: index.html comments dropped');
}
