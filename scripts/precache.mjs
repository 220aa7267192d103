#!/usr/bin/env node
// Build step 2 of scripts/post-build.sh: writes the list of this build's files, each with its
// SHA-256, and a build id into the service worker (DIR/sw.js, from assets/sw.js), replacing
// its `const BUILD = null; // PRECACHE` line, and drops its whole-line comments. The worker precaches exactly these files and
// checks each one's hash (assets/sw.js), so it never mixes two builds.
//   node scripts/precache.mjs DIR        (DIR defaults to $TRUNK_STAGING_DIR)
// Listed: every file of DIR (index.html as "./", the address the page is opened at) except
// sw.js itself, the precompressed .gz/.br copies and the PNG icons only an install uses (the
// browser fetches those when installing and keeps them with the installed app). The build id
// is the first 16 hex digits of the SHA-256 of the list, so the same files give the same
// worker (no false "new version") and any changed file gives a new one.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PLACEHOLDER = 'const BUILD = null; // PRECACHE';
/**
 * Trunk's content hash in a file name: `name-<hash>[_bg].ext`, the hash a 64-bit number in hex
 * without leading zeros (`style-282eb1d6e3bdb9a.css`), so 8 to 16 digits (fewer than 8 has a
 * chance of 2^-32, and would only mean no long-lived caching for that file). `icon-192.png`
 * is not hashed.
 */
export const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;
/** Not precached: the worker itself, compressed copies, install-only icons. */
const SKIPPED = /^(sw\.js|.*\.(gz|br)|icon-.*\.png|apple-touch-icon\.png)$/;

/** Whether the worker precaches the file at `name` (a path inside the build directory). */
export function precached(name) {
  return !SKIPPED.test(path.posix.basename(name));
}

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The precache list of `dir`: `{ id, files: [{ url, sha256, hashed }] }`. */
export async function precacheList(dir) {
  const files = [];
  for (const name of await filesUnder(dir)) {
    if (!precached(name)) continue;
    const sha256 = createHash('sha256').update(await readFile(path.join(dir, name))).digest('hex');
    files.push({ url: name === 'index.html' ? './' : name, sha256, hashed: HASHED.test(name) });
  }
  if (!files.some((f) => f.url === './')) throw new Error(`${dir} has no index.html`);
  const id = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  return { id, files };
}

/** Fills `dir/sw.js` with [`precacheList`]`(dir)`; returns the list. */
export async function fillWorker(dir) {
  const build = await precacheList(dir);
  const sw = path.join(dir, 'sw.js');
  const text = await readFile(sw, 'utf8');
  const at = text.split(PLACEHOLDER).length - 1;
  if (at !== 1) throw new Error(`${sw}: expected the line "${PLACEHOLDER}" once, found it ${at} times`);
  // Whole-line comments explain assets/sw.js to its readers; every visitor would download them.
  const shipped = text.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify(build)};`)
    .split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n');
  await writeFile(sw, shipped);
  return build;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('precache.mjs: give the build directory or set TRUNK_STAGING_DIR');
    process.exit(2);
  }
  const build = await fillWorker(dir);
  console.error(`precache.mjs: build ${build.id}, ${build.files.length} files in sw.js`);
}
