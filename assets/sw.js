// Service worker of the GPU rental cost planner: keeps exactly the files of the build it ships
// with, so the planner opens offline, and moves to a newly deployed build only as a whole.
//
// - install: fetches every file of BUILD (below, written by scripts/precache.mjs at build time),
//   checks each one's SHA-256 against the build's, and stores them in a cache named after the
//   build. A file that does not match (another deployment landed meanwhile, a stale proxy)
//   fails the install: the previous build stays in charge and nothing is mixed.
// - waiting: a new build's worker waits until the page asks it to take over ('skip-waiting',
//   sent by assets/sw-register.js when the user presses Reload on the "new version" notice), so an open
//   page never gets files of another build.
// - activate: deletes this scope's caches of other builds and takes control of open pages.
// - fetch: answers this build's files from the cache; a navigation to the app's own URL
//   (with any query) gets the cached index.html. Everything else goes to the network.
//
// Caches are per origin, not per path, so their names carry the registration scope: two
// deployments under different paths of one origin never delete each other's files.
'use strict';

// Replaced by scripts/precache.mjs (Trunk post_build hook, scripts/post-build.sh) with
// { id: '<build id>', files: [{ url, sha256, hashed }] }; left null, the install fails.
const BUILD = null; // PRECACHE

const PREFIX = `gpu-cost-planner ${self.registration.scope} `;
const CACHE = PREFIX + (BUILD ? BUILD.id : 'unfilled');
// index.html is stored under the scope's own URL, the address the page is opened at.
const INDEX = self.registration.scope;

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function fetchChecked(file) {
  const url = new URL(file.url, self.registration.scope).href;
  // A hashed file's name changes with its content, so the HTTP cache's copy is right; the
  // others (index.html, the manifest, the favicon) are revalidated with the server.
  const response = await fetch(url, { cache: file.hashed ? 'default' : 'no-cache' });
  if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const sha256 = await sha256Hex(body);
  if (sha256 !== file.sha256) {
    throw new Error(`${file.url} is not the file of build ${BUILD.id} (SHA-256 ${sha256})`);
  }
  // Rebuilt so a redirect the host made (e.g. /index.html -> /) is not remembered: browsers
  // refuse a redirected response as the answer to a navigation.
  const headers = new Headers(response.headers);
  return [url, new Response(body, { status: response.status, statusText: response.statusText, headers })];
}

async function precache() {
  if (!BUILD) throw new Error('sw.js was not filled in by scripts/precache.mjs');
  try {
    const entries = await Promise.all(BUILD.files.map(fetchChecked));
    const cache = await caches.open(CACHE);
    await Promise.all(entries.map(([url, response]) => cache.put(url, response)));
  } catch (e) {
    await caches.delete(CACHE);
    throw e;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const isIndex = url.pathname === new URL(INDEX).pathname
    || url.pathname === new URL('index.html', INDEX).pathname;
  const hit = request.mode === 'navigate'
    ? isIndex && await cache.match(INDEX)
    : await cache.match(request, { ignoreVary: true });
  return hit || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(respond(request, url));
});
