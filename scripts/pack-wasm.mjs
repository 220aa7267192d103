#!/usr/bin/env node
// Build step 0b of scripts/post-build.sh, release builds only, after scripts/minify.mjs: ships
// the wasm xz-compressed and decodes it in a worker.
//
// Why: the wasm is most of the download (about 1.2 MB raw, 427 KB with gzip -9, 363 KB with
// brotli at quality 11), and LZMA finds much more of its repetition than deflate or brotli do:
// xz at preset 9e (lc=4, pb=0) makes it about 340 KB. Hosts that compress with gzip only
// (GitHub Pages among them) send 87 KB less, brotli hosts about 23 KB less, and hosts that do
// not compress at all 880 KB less. README "Performance" has the measured sizes and start-up costs.
//
// What it does in DIR:
//   1. `<stem>_bg.wasm` -> `<stem>_bg.wasmxz`, an .xz stream (python3's lzma, the same liblzma as
//      the `xz` tool; CRC32 check) under a name no host maps to a Content-Encoding (a host that
//      sent `.xz` as `Content-Encoding: xz` would break the fetch: no browser decodes it);
//   2. `wasm-xz-<hash>.js`: a classic worker script, xz-decompress (npm, pinned in scripts/env.sh:
//      xz-embedded compiled to wasm, MIT and public domain, its licence comment kept) followed by a
//      few lines that fetch the file named in the message, decode it as it streams in, compile
//      the decoded stream as it comes (`WebAssembly.compileStreaming`) and post the
//      `WebAssembly.Module` back. Decoding and compiling
//      run off the main thread, so they add no blocking time;
//   3. index.html's start-up script (Trunk's `init({ module_or_path: './<stem>_bg.wasm' })`)
//      starts that worker and hands its module to wasm-bindgen's `init`, which instantiates it.
//      A failed fetch, a damaged file or a failed compile rejects the start-up with an error
//      named `WasmLoadError`, which index.html's error handler shows as a notice asking for a
//      reload (#start-failed-notice).
// scripts/csp.py then pins the new start-up script by its hash and scripts/precache.mjs lists
// both new files (their names carry a content hash).
//   node scripts/pack-wasm.mjs DIR        (DIR defaults to $TRUNK_STAGING_DIR)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { one } from './minify.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The wasm Trunk writes: `<crate>-<hash>_bg.wasm`. */
const WASM = /^[\w-]+-[0-9a-f]{8,16}_bg\.wasm$/;
/** xz's magic bytes (the .xz file format, section 2.1.1.1). */
export const XZ_MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);

/** `bytes` as an .xz stream: LZMA2 at preset 9 extreme with lc=4, pb=0 (literal context of a
 * whole byte, no position bits: about 1.4 KB smaller on this wasm than the preset's lc=3, pb=2),
 * CRC32 check (xz-embedded checks it). Deterministic for one liblzma version. */
function xz(bytes) {
  const program = [
    'import lzma, sys',
    'f = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "lc": 4, "lp": 0, "pb": 0}]',
    'sys.stdout.buffer.write(lzma.compress(sys.stdin.buffer.read(), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=f))',
  ].join('\n');
  const out = execFileSync('python3', ['-c', program], { input: bytes, maxBuffer: 64 << 20 });
  if (!out.subarray(0, 6).equals(XZ_MAGIC)) throw new Error('pack-wasm.mjs: python3 lzma wrote no .xz stream');
  return out;
}

/** The worker's own code, after the decoder library (which sets `self['xz-decompress']`). The
 * message is the packed wasm's URL, relative to the worker script (they share a folder); the
 * reply is a `WebAssembly.Module`, or a string saying what failed. A failure is tried once more
 * past the HTTP cache (`cache: 'reload'`): the file's name carries its hash and it is cached as
 * immutable, so a damaged copy that reached the cache (a broken upload, fixed since) would
 * otherwise fail every later visit. */
const WORKER = `
const load = async (url, cache) => {
  const response = await fetch(url, { cache });
  if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
  const wasm = new self['xz-decompress'].XzReadableStream(response.body);
  return WebAssembly.compileStreaming(new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }));
};
onmessage = async ({ data: url }) => {
  try {
    postMessage(await load(url, 'default'));
  } catch {
    try {
      postMessage(await load(url, 'reload'));
    } catch (e) {
      postMessage('wasm-xz: ' + (e && e.message ? e.message : e));
    }
  }
};
`;

/** The expression that replaces Trunk's `'./<stem>_bg.wasm'` in index.html's start-up script:
 * a promise of the compiled module from the worker `worker`, given the packed file `packed`. */
function loader(worker, packed) {
  return `await new Promise((resolve, reject) => {
  const w = new Worker('./${worker}');
  const fail = (message) => { w.terminate(); reject(Object.assign(new Error(message), { name: 'WasmLoadError' })); };
  w.onmessage = ({ data }) => data instanceof WebAssembly.Module ? (w.terminate(), resolve(data)) : fail(data);
  w.onerror = (e) => fail('wasm-xz: ' + e.message);
  w.postMessage('./${packed}');
})`;
}

/** Packs the wasm of `dir` as described above; returns `{ wasm, packed, worker, raw, xz,
 * workerBytes }` (names and byte counts). */
export async function packDir(dir) {
  const { minify } = createRequire(path.join(ROOT, '.tools/terser/'))('terser');
  const decoderFile = path.join(ROOT, '.tools/xz-decompress/node_modules/xz-decompress/dist/package/xz-decompress.min.js');
  const wasm = one(await readdir(dir), WASM, '<crate>-<hash>_bg.wasm', dir);
  const packed = wasm.replace(/\.wasm$/, '.wasmxz');
  const raw = await readFile(path.join(dir, wasm));
  const compressed = xz(raw);

  const decoder = await readFile(decoderFile, 'utf8');
  if (!decoder.startsWith('/*!')) throw new Error('pack-wasm.mjs: xz-decompress.min.js no longer starts with its licence comment');
  const own = await minify(WORKER, { compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof own.code !== 'string' || own.code.length === 0) throw new Error('pack-wasm.mjs: terser returned no code for the worker');
  const workerCode = `${decoder.trimEnd()}\n${own.code}\n`;
  const worker = `wasm-xz-${createHash('sha256').update(workerCode).digest('hex').slice(0, 16)}.js`;

  const indexFile = path.join(dir, 'index.html');
  const html = await readFile(indexFile, 'utf8');
  const init = new RegExp(`(init\\(\\s*\\{\\s*module_or_path:\\s*)'\\./${wasm.replace(/[.]/g, '\\.')}'(\\s*\\}\\s*\\))`);
  if (!init.test(html)) throw new Error(`pack-wasm.mjs: no init({ module_or_path: './${wasm}' }) in index.html`);
  if (html.split(wasm).length !== 2) throw new Error(`pack-wasm.mjs: index.html names ${wasm} more than once`);

  await writeFile(path.join(dir, packed), compressed);
  await writeFile(path.join(dir, worker), workerCode);
  await writeFile(indexFile, html.replace(init, (_, head, tail) => `${head}${loader(worker, packed)}${tail}`));
  await rm(path.join(dir, wasm));
  return { wasm, packed, worker, raw: raw.length, xz: compressed.length, workerBytes: Buffer.byteLength(workerCode) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('give the build directory or run from Trunk');
  const r = await packDir(dir);
  console.error(`pack-wasm.mjs: ${r.wasm} ${r.raw} B -> ${r.packed} ${r.xz} B (xz); decoder worker ${r.worker} ${r.workerBytes} B`);
}
