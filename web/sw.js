// The service worker (issue #49): the app shell kept in a versioned cache so
// the site opens offline (an "offline" page where a page cannot be fetched),
// and the Web Push notices shown and opened. Served at /sw.js (scope /) by
// the server, which writes SHELL (every file of web/ by its versioned URL)
// and VERSION (their combined hash) on its first line; see docs/web-ui.md.
//
// What is cached: the files of SHELL (at install) and every /static/ or
// /locales/ answer fetched since (cache first: their URLs name their
// version). Pages: the network first; offline, the page kept for that
// address, else the offline page. /api/ is never cached: API answers carry
// a session's data (cookies), and the worker does not touch them.

/* global SHELL, VERSION */
const CACHE = `tablero-shell-${VERSION}`;
const OFFLINE = '/offline';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((c) => c.addAll([OFFLINE, ...SHELL]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((k) => k.startsWith('tablero-shell-') && k !== CACHE)
        .map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Whether `res` may be kept: a plain same-origin 200 that sets no cookie. */
function keepable(res) {
  return res && res.ok && res.type === 'basic' && !res.headers.has('set-cookie');
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // The API and the sockets: the network only, never stored.
  if (url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    event.respondWith(page(req));
    return;
  }
  if (url.pathname.startsWith('/static/') || url.pathname.startsWith('/locales/')) {
    event.respondWith(asset(req, url));
  }
});

/** A page: the network first (kept for offline); offline, the kept one or the offline page. */
async function page(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (keepable(res)) cache.put(req, res.clone());
    return res;
  } catch (e) {
    return (await cache.match(req)) || (await cache.match(OFFLINE)) || Response.error();
  }
}

/** A file of the app: versioned URLs from the cache first; the catalogue (/locales/) from the network first. */
async function asset(req, url) {
  const cache = await caches.open(CACHE);
  const versioned = url.searchParams.has('v');
  if (versioned) {
    const hit = await cache.match(req);
    if (hit) return hit;
  }
  try {
    const res = await fetch(req);
    if (keepable(res)) cache.put(req, res.clone());
    return res;
  } catch (e) {
    const hit = await cache.match(req, { ignoreSearch: !versioned });
    if (hit) return hit;
    throw e;
  }
}

// ---- Web Push (issue #49): the server sends {title, body, url, tag}.
self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data && event.data.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || 'tablero', {
    body: data.body || '',
    tag: data.tag || undefined,
    icon: '/static/icons/icon-192.png',
    badge: '/static/icons/icon-192.png',
    data: { url: data.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const c of open) {
      if (c.url === url && 'focus' in c) return c.focus();
    }
    return self.clients.openWindow(url);
  })());
});
