#!/usr/bin/env node
// Build step 0 of scripts/post-build.sh, release builds only: minifies the wasm-bindgen glue
// (DIR/<name>-<hash>.js) with terser (installed into .tools/terser by scripts/setup.sh; Trunk's
// own minifier fails on this glue) and drops the HTML comments of DIR/index.html, then puts
// the glue's new SHA-384 into the `integrity` attribute of the <link rel="modulepreload"> that
// Trunk wrote for it, so the browser's subresource check still passes. The file keeps its name:
// Trunk's hash in it is of the unminified glue, and the same glue always minifies to the same
// bytes, so the name still changes exactly when the content does. Measured on the 909-offer
// build: glue 53,634 -> about 24,400 B raw, 9,185 -> about 7,150 B gzip -9.
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

/** Minifies the glue and rewrites index.html in `dir`; returns `{ glue, before, after }`. */
export async function minifyDir(dir) {
  const require = createRequire(path.join(ROOT, '.tools/terser/'));
  const { minify } = require('terser');
  const glues = (await readdir(dir)).filter((n) => GLUE.test(n));
  if (glues.length !== 1) throw new Error(`minify.mjs: expected one wasm-bindgen glue file in ${dir}, found ${glues.join(', ') || 'none'}`);
  const [glue] = glues;
  const file = path.join(dir, glue);
  const source = await readFile(file, 'utf8');
  // ES module glue: top-level names are private to it except its exports, which terser keeps.
  const out = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string' || out.code.length === 0) throw new Error('minify.mjs: terser returned no code');
  await writeFile(file, out.code);

  const integrity = `sha384-${createHash('sha384').update(out.code).digest('base64')}`;
  const indexFile = path.join(dir, 'index.html');
  let html = await readFile(indexFile, 'utf8');
  const link = new RegExp(`(<link[^>]*href="\\./${glue.replace(/[.]/g, '\\.')}"[^>]*integrity=")[^"]*(")`);
  if (!link.test(html)) throw new Error(`minify.mjs: no <link … integrity> for ${glue} in index.html`);
  html = html.replace(link, `$1${integrity}$2`);
  // HTML comments are notes for this repository's readers, not for the browser.
  html = html.replace(/<!--[\s\S]*?-->\s*/g, '');
  await writeFile(indexFile, html);
  return { glue, before: Buffer.byteLength(source), after: Buffer.byteLength(out.code) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('give the build directory or run from Trunk');
  const r = await minifyDir(dir);
  console.error(`minify.mjs: ${r.glue} ${r.before} B -> ${r.after} B; index.html comments dropped`);
}
