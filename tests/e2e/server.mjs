#!/usr/bin/env node
// Serves a Trunk dist/ folder the way a production host should (README "Deploy"): the
// precompressed `.br`/`.gz` copies scripts/compress.mjs wrote, with Content-Encoding and
// `Vary: Accept-Encoding`; `Cache-Control: public, max-age=31536000, immutable` for files whose
// name carries Trunk's content hash; `no-cache` (revalidate with the ETag every time) for the
// rest: index.html, the service worker, the manifest, the favicon and icons. Optionally under
// a base path (`/some/nested/path/`, as GitHub Pages serves a project site); `/some/nested/path`
// is redirected to it, anything outside it is 404.
// scripts/serve.sh runs it, and the end-to-end tests serve through it (harness.mjs), so they
// test what a newcomer measures.
//   node tests/e2e/server.mjs DIR [--port 8080] [--host 127.0.0.1] [--base /]
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import { HASHED } from '../../scripts/precache.mjs';

/** The Cache-Control header for the file at URL path `pathname` (relative to the base). */
export function cacheControl(pathname) {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function handlerFor(dir) {
  return sirv(dir, {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControl(pathname));
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
}

/**
 * Serves `dir` at `http://host:port{base}` (port 0: any free port). Resolves to
 * `{ origin, url, serve(dir), requests(), close() }`: `url` is the app's address (origin +
 * base); `serve(other)` switches to another build's folder at the same address (a new
 * deployment); `requests()` is how many requests arrived so far.
 */
export async function startServer(dir, { base = '/', port = 0, host = '127.0.0.1' } = {}) {
  if (!dir) throw new Error('give the dist folder to serve');
  const prefix = `/${base.split('/').filter(Boolean).join('/')}/`.replace('//', '/');
  let handler = handlerFor(dir);
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    const at = req.url.search(/[?#]/);
    const pathname = at < 0 ? req.url : req.url.slice(0, at);
    if (prefix !== '/' && pathname === prefix.slice(0, -1)) {
      res.writeHead(301, { Location: prefix + (at < 0 ? '' : req.url.slice(at)) });
      return res.end();
    }
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    req.url = `/${req.url.slice(prefix.length)}`;
    handler(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' });
      res.end('not found');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const origin = `http://${host}:${server.address().port}`;
  return {
    origin,
    url: origin + prefix,
    serve: (other) => { handler = handlerFor(other); },
    requests: () => requests,
    close: () => new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      base: { type: 'string', default: '/' },
    },
  });
  const s = await startServer(positionals[0], { base: values.base, port: Number(values.port), host: values.host });
  console.error(`serving ${positionals[0]} at ${s.url} (precompressed, cached as a host should; Ctrl-C stops)`);
}
