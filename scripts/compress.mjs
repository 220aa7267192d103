#!/usr/bin/env node
// Build step 3 of scripts/post-build.sh: writes a gzip (level 9) and a brotli (quality 11)
// copy next to every file of DIR, as `name.gz` and `name.br`, for servers that send
// precompressed files with Content-Encoding (scripts/serve.sh, nginx gzip_static/brotli_static,
// Caddy precompressed; README "Deploy"). A copy that would not be smaller than the file is not
// written. Node's zlib needs nothing installed; the output is the same for
// the same input (gzip header without a time stamp).
//   node scripts/compress.mjs DIR        (DIR defaults to $TRUNK_STAGING_DIR)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt)$/;

/** Writes the copies for every file under `dir`; returns `[{ name, raw, gzip, br }]` (bytes;
 * `null` where no copy was written). */
export async function compressDir(dir) {
  const out = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    if (!e.isFile() || /\.(gz|br)$/.test(e.name)) continue;
    const file = path.join(e.parentPath ?? e.path, e.name);
    const raw = await readFile(file);
    const gz = gzipSync(raw, { level: 9 });
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: TEXT.test(e.name) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const row = { name: path.relative(dir, file), raw: raw.length, gzip: null, br: null };
    if (gz.length < raw.length) { await writeFile(`${file}.gz`, gz); row.gzip = gz.length; }
    if (br.length < raw.length) { await writeFile(`${file}.br`, br); row.br = br.length; }
    out.push(row);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('compress.mjs: give the build directory or set TRUNK_STAGING_DIR');
    process.exit(2);
  }
  const rows = await compressDir(dir);
  const sum = (k) => rows.reduce((a, r) => a + (r[k] ?? r.raw), 0);
  console.error(`compress.mjs: ${rows.length} files, ${sum('raw')} B -> gzip ${sum('gzip')} B, brotli ${sum('br')} B`);
}
