// The installable app and Web Push in real Chromium (issue #49, H49P):
// testInstallable: the manifest (both languages' names) and the service
// worker pass Chromium's installability check (CDP
// Page.getInstallabilityErrors returns none; localhost is a secure
// context), the worker controls the page, and once offline a page that
// cannot be fetched shows the offline page (in the reader's language).
// testPushArrives: see below.

import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, check, log, shoot, BASE, contextFor } from '../harness.mjs';

/** A browser profile on disk (Chromium never offers to install from an incognito context, as newContext's are): its context and its folder. */
async function profile(lang, w, hgt) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tablero-pwa-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    ...contextFor(lang, w, hgt, { serviceWorkers: 'allow' }),
    headless: true,
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  return { ctx, done: async () => { await ctx.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** The installability errors Chromium reports for `page` (none: installable). */
async function installErrors(page) {
  const cdp = await page.context().newCDPSession(page);
  const r = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return r.installabilityErrors.map((e) => e.errorId + (e.errorArguments || []).map((a) => ` ${a.name}=${a.value}`).join(''));
}

/** Waits until a service worker controls `page` (a reload once it is active). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('testInstallable', async ({ newPage }) => {
  for (const lang of ['en', 'es']) {
    const { ctx, done } = await profile(lang, 1366, 768);
    const page = await newPage(ctx, `install ${lang}`);
    await page.goto(`${BASE}/`);
    await controlled(page);
    // The manifest, as the page links it, in the reader's language.
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const m = await page.evaluate(async (u) => (await fetch(u)).json(), href);
    check(m.display === 'standalone' && m.start_url === '/', `manifest: ${JSON.stringify(m)}`);
    check(m.lang === lang && m.name.startsWith('tablero'), `the manifest's language is ${m.lang}: ${m.name}`);
    check(m.icons.some((i) => i.sizes === '192x192') && m.icons.some((i) => i.sizes === '512x512'), 'icons 192 and 512');
    if (lang === 'es') check(/juegos/.test(m.name), `the Spanish name: ${m.name}`);
    await expect.poll(() => installErrors(page), { message: 'Chromium\'s installability errors' }).toEqual([]);
    log(`${lang}: installable, "${m.name}"`);

    // Offline: a page never opened shows the offline page; the home page opens from the cache.
    await ctx.setOffline(true);
    await page.goto(`${BASE}/lobby`);
    await expect(page.getByTestId('offline')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('h1')).toHaveText(lang === 'es' ? 'Sin conexión' : 'You are offline');
    await shoot(page, `offline-${lang}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `offline-${lang}-390`);
    await page.goto(`${BASE}/`);
    await expect(page.locator('header.top .brand')).toBeVisible();
    await ctx.setOffline(false);
    // API answers are never kept: the cache holds no /api/ request.
    const apiKept = await page.evaluate(async () => {
      const out = [];
      for (const k of await caches.keys()) {
        for (const r of await (await caches.open(k)).keys()) if (new URL(r.url).pathname.startsWith('/api/')) out.push(r.url);
      }
      return out;
    });
    check(apiKept.length === 0, `API answers in the cache: ${apiKept.join(', ')}`);
    await done();
  }
});

// testPushArrives: Chromium headless cannot subscribe to a real push
// service (PushManager needs one), so the test gives a logged-in account a
// subscription through the API (POST /api/push/subscriptions, as the page
// does with the browser's own), pointing at a push endpoint the test runs;
// the account's settings box lists the push switches; the opponent's move
// (made in another browser) makes the server POST a push there, whose
// VAPID header names the server's key and whose aes128gcm body the test
// decrypts (node:crypto, independently of the server's crate) to "your
// move" with the game's page. The server is the test's own, started with
// TABLERO_PUSH_ALLOW_HTTP=1 (the endpoint is plain http on 127.0.0.1).

import http from 'node:http';
import crypto from 'node:crypto';
import { serve, stop } from '../harness.mjs';

const b64u = (buf) => Buffer.from(buf).toString('base64url');

/** RFC 8291 / 8188: the plaintext of an aes128gcm push body for the browser key `ecdh` and secret `auth`. */
function decryptPush(body, ecdh, auth) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const keyid = body.subarray(21, 21 + idlen);
  const data = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(keyid);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), keyid]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]);
  // The last record: the text, the delimiter 0x02, then zeros.
  const end = plain.lastIndexOf(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

test('testPushArrives', async ({ browser, newPage }) => {
  const got = [];
  const endpoint = http.createServer((req, res) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => { got.push({ headers: req.headers, body: Buffer.concat(parts) }); res.writeHead(201); res.end(); });
  });
  await new Promise((r) => endpoint.listen(0, '127.0.0.1', r));
  const pushUrl = `http://127.0.0.1:${endpoint.address().port}/push/ana`;
  const tmp = mkdtempSync(path.join(tmpdir(), 'tablero-push-'));
  process.env.TABLERO_PUSH_ALLOW_HTTP = '1';
  let server;
  let base;
  try {
    [server, base] = await serve(['--database', path.join(tmp, 'p.db'), '--rate', '0']);
  } finally {
    delete process.env.TABLERO_PUSH_ALLOW_HTTP;
  }
  try {
    const run = String(Date.now() % 100000);
    const person = async (name, lang) => {
      const ctx = await browser.newContext(contextFor(lang, 1366, 768, { serviceWorkers: 'allow' }));
      const page = await newPage(ctx, `push ${name}`);
      await page.goto(`${base}/`);
      const r = await page.evaluate(async (n) => (await fetch('/api/account/signup', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'a long password' }),
      })).status, name);
      check(r === 200, `sign-up ${name}: ${r}`);
      await page.reload();
      return { ctx, page };
    };
    const ana = await person(`ana${run}`, 'es');
    const bea = await person(`bea${run}`, 'en');
    // Ana's "browser" subscription, given through the API from her page (her cookie).
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const made = await ana.page.evaluate(async (sub) => {
      const r = await fetch('/api/push/subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sub) });
      return { status: r.status, body: await r.json() };
    }, { endpoint: pushUrl, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) }, lang: 'es' });
    check(made.status === 201, `subscribe: ${JSON.stringify(made)}`);
    // The settings box lists the switches for her account.
    await ana.page.click('[data-testid=settings]');
    await expect(ana.page.getByTestId('push-settings')).toBeVisible();
    await expect(ana.page.getByTestId('set-push-turn')).toBeChecked();
    await shoot(ana.page, 'push-settings-es-1366');

    // Bea challenges Ana, Ana accepts; Ana is pushed the challenge, then Bea's move.
    const challenge = await bea.page.evaluate(async (to) => (await fetch('/api/challenges', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to, game: 'jarmo', colour: 'first' }),
    })).json(), `ana${run}`);
    await expect.poll(() => got.length, { message: 'the challenge pushed' }).toBeGreaterThan(0);
    const accepted = await ana.page.evaluate(async (cid) => (await fetch(`/api/challenges/${cid}/accept`, { method: 'POST' })).json(), challenge.id);
    const gameId = accepted.game_id;
    check(gameId, `the challenge's game: ${JSON.stringify(accepted)}`);
    const before = got.length;
    const key = (await (await fetch(`${base}/api/push/key`)).json()).key;
    // Bea (first) moves through her page's API.
    const moved = await bea.page.evaluate(async ([gid, cid]) => {
      const mine = await (await fetch('/api/challenges')).json();
      const c = mine.outgoing.find((x) => x.id === cid);
      const auth = { Authorization: `Bearer ${c.token}` };
      const st = await (await fetch(`/api/games/${gid}`, { headers: auth })).json();
      const r = await fetch(`/api/games/${gid}/move`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify({ move: st.legal[0].move, ply: st.ply }) });
      return r.status;
    }, [gameId, challenge.id]);
    check(moved === 200, `Bea's move: ${moved}`);
    await expect.poll(() => got.length, { message: 'a push after the opponent\'s move', timeout: 15_000 }).toBeGreaterThan(before);
    const push = got[got.length - 1];
    check(push.headers['content-encoding'] === 'aes128gcm', `encoding ${push.headers['content-encoding']}`);
    check(push.headers.authorization.startsWith('vapid t=') && push.headers.authorization.includes(`k=${key}`), `VAPID: ${push.headers.authorization}`);
    const payload = decryptPush(push.body, ecdh, auth);
    check(payload.kind === 'turn' && payload.url === `/play/${gameId}` && payload.title === 'Te toca', `payload ${JSON.stringify(payload)}`);
    log(`push after the opponent's move: ${JSON.stringify(payload)}`);
    await ana.ctx.close();
    await bea.ctx.close();
  } finally {
    await stop(server);
    endpoint.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});
