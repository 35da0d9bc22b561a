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
    ...contextFor(lang, w, hgt),
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
