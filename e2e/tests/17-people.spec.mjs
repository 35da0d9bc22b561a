// People in real Chromium (issue 44) with three contexts: the number of
// players online on the home page goes up when a second player arrives
// and down when they leave; a player follows another from the profile and
// sees them online and playing on /following; the live games page lists
// the game being played, the featured board follows a move and switches
// when the game ends (to the next best game, or none); names link to profiles; the profile's rating chart
// is drawn with both axes named. Screenshots of the home page, /watch,
// /following and a profile at 1366x768 and 390x844 in English and Spanish.

import { mkdirSync } from 'node:fs';
import { test, expect, check, log, axeCheck, BASE, SHOTS, shoot, contextFor } from '../harness.mjs';

/** Signs `name` up through the API: the session cookie's value. */
async function signUp(name) {
  const res = await fetch(`${BASE}/api/account/signup`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE }, body: JSON.stringify({ name, password: 'a long password' }),
  });
  check(res.ok, `signing up ${name}: ${res.status}`);
  const c = /tablero_session=([^;]+)/.exec(res.headers.get('set-cookie') || '');
  check(c, `no session cookie for ${name}`);
  return c[1];
}

/** A call as the account of `cookie`, from this site. */
async function as(cookie, method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method, headers: { 'Content-Type': 'application/json', Origin: BASE, Cookie: `tablero_session=${cookie}` }, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  check(res.ok, `${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A browser context logged in as `name` (its cookie and the page's hint). */
async function contextAs(browser, newPage, who, lang, width, height) {
  const ctx = await browser.newContext({ ...contextFor(lang, width, height), bypassCSP: true });
  await ctx.addCookies([{ name: 'tablero_session', value: who.cookie, url: BASE }]);
  await ctx.addInitScript((n) => { try { localStorage.setItem('tablero.account', n); } catch { /* none */ } }, who.name);
  const page = await newPage(ctx, `${who.name} ${lang} ${width}`);
  return { ctx, page };
}

const countOn = async (page) => Number(await page.getByTestId('online-count').getAttribute('data-n'));

test('testPeople', async ({ browser, newPage }) => {
  mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now() % 100000;
  const ana = { name: `ana${tag}` };
  const bea = { name: `bea${tag}` };
  const cai = { name: `cai${tag}` };
  for (const p of [ana, bea, cai]) p.cookie = await signUp(p.name);

  // ---- online count: up when Bea arrives, down when she leaves
  const a = await contextAs(browser, newPage, ana, 'en', 1366, 768);
  await a.page.goto(`${BASE}/`);
  await expect(a.page.getByTestId('online-count')).toBeVisible();
  await expect.poll(() => countOn(a.page)).toBeGreaterThanOrEqual(1);
  const before = await countOn(a.page);
  const b = await contextAs(browser, newPage, bea, 'es', 390, 844);
  await b.page.goto(`${BASE}/`);
  await expect.poll(() => countOn(a.page), { timeout: 8000 }).toBe(before + 1);
  await expect(b.page.getByTestId('online-count')).toHaveAttribute('data-n', String(before + 1));
  await b.page.close();
  await expect.poll(() => countOn(a.page), { timeout: 8000 }).toBe(before);
  log('people: online count went up and down');

  // ---- follow Bea from her profile; she is offline, then online and playing
  await a.page.goto(`${BASE}/@/${bea.name}`);
  await expect(a.page.getByTestId('profile-online')).toHaveAttribute('data-online', '0');
  await a.page.click('[data-testid=follow]');
  await expect(a.page.getByTestId('unfollow')).toBeVisible();
  await a.page.goto(`${BASE}/following`);
  const row = a.page.getByTestId(`following-${bea.name}`);
  await expect(row).toHaveAttribute('data-online', '0');
  // Cai posts a rated seek, Bea takes it; Bea opens the game's page.
  const posted = await as(cai.cookie, 'POST', '/api/lobby/seeks', { game: 'jarmo', clock: '5+3', colour: 'first', rated: true });
  const taken = await as(bea.cookie, 'POST', `/api/lobby/seeks/${posted.id}/accept`, {});
  const id = taken.game;
  const b2 = await newPage(b.ctx, `${bea.name} game`);
  await b2.goto(`${BASE}/play/${id}`);
  await expect(row).toHaveAttribute('data-online', '1', { timeout: 8000 });
  await expect(row).toHaveAttribute('data-playing', id, { timeout: 8000 });
  await expect(row.getByTestId('playing-now')).toHaveAttribute('href', `/play/${id}`);
  log('people: following shows Bea online and playing');
  // A followed player is challenged from the list; Bea sees it at once.
  await row.getByTestId('challenge-open').click();
  await row.getByTestId('challenge-send').click();
  await expect(row.getByTestId('challenge-status')).toHaveAttribute('data-state', 'open');
  await expect(b2.locator('[data-testid^=challenge-in-]').first()).toBeVisible({ timeout: 3000 });
  await row.getByTestId('challenge-cancel').click();
  await expect(row.getByTestId('challenge-status')).toHaveAttribute('data-state', 'cancelled');
  log('people: a challenge sent from the list of people followed');

  // ---- the live games page: the game listed, the featured board follows a move
  const c = await contextAs(browser, newPage, cai, 'en', 1366, 768);
  await c.page.goto(`${BASE}/watch`);
  await expect(c.page.getByTestId(`live-${id}`)).toBeVisible();
  await expect(c.page.getByTestId('featured-board')).toHaveAttribute('data-game', id);
  await expect(c.page.getByTestId('featured-board')).toHaveAttribute('data-ply', '0');
  const st = await as(cai.cookie, 'GET', `/api/games/${id}`);
  await as(cai.cookie, 'POST', `/api/games/${id}/move`, { move: st.legal[0].move, ply: 0 });
  await expect(c.page.getByTestId('featured-board')).toHaveAttribute('data-ply', '1', { timeout: 3000 });
  // Ana watches too: one spectator (Cai's and Bea's sockets hold seats).
  await a.page.goto(`${BASE}/watch`);
  await expect(a.page.getByTestId(`live-${id}`).getByTestId('spectators')).toHaveAttribute('data-n', /^[12]$/, { timeout: 8000 });
  await axeCheck(a.page, 'the live games page');
  // Names link to profiles, where "Playing now" opens the game.
  await a.page.getByTestId(`live-${id}`).getByTestId(`watch-name-${bea.name}`).click();
  await expect(a.page.getByTestId('profile-name')).toHaveText(bea.name);
  await expect(a.page.getByTestId('playing-now')).toHaveAttribute('href', `/play/${id}`);
  log('people: live games page and featured board');

  // ---- screenshots while the game is played
  for (const lang of ['en', 'es']) {
    for (const [size, w, hgt] of [['wide', 1366, 768], ['narrow', 390, 844]]) {
      const v = await contextAs(browser, newPage, ana, lang, w, hgt);
      for (const [what, path, ready] of [
        ['home', '/', 'online-count'], ['watch', '/watch', `live-${id}`], ['following', '/following', `following-${bea.name}`],
      ]) {
        await v.page.goto(`${BASE}${path}`);
        await expect(v.page.getByTestId(ready)).toBeVisible();
        if (what === 'watch') await expect(v.page.getByTestId('featured-board')).toHaveAttribute('data-ply', '1');
        const text = await v.page.evaluate(() => document.body.innerText);
        const keys = text.match(/\b(?:people|watch|chart|api)_[a-z_]+\b/g);
        check(!keys, `${lang} ${size}: message keys shown on ${what}: ${keys}`);
        const wide = await v.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        check(!wide, `${lang} ${size}: ${what} is wider than the screen`);
        await shoot(v.page, `people-${what}-${lang}-${size}`);
      }
      await v.ctx.close();
    }
  }

  // ---- the game ends: the featured board says so and moves on; the rating chart
  // Three more moves (a game is rated from four plies), by whoever is to move.
  for (let ply = 1; ply < 4; ply++) {
    let who = cai;
    let now = await as(cai.cookie, 'GET', `/api/games/${id}`);
    if (!now.legal.length) { who = bea; now = await as(bea.cookie, 'GET', `/api/games/${id}`); }
    await as(who.cookie, 'POST', `/api/games/${id}/move`, { move: now.legal[0].move, ply });
  }
  await expect(c.page.getByTestId('featured-board')).toHaveAttribute('data-ply', '4', { timeout: 3000 });
  await as(bea.cookie, 'POST', `/api/games/${id}/resign`, {});
  // The ratings concern rates the game once it has ended.
  await expect.poll(async () => (await as(ana.cookie, 'GET', `/api/people/${bea.name}/history`)).pools.length, { timeout: 10000 }).toBe(1);
  await expect(c.page.getByTestId('featured-over')).toBeVisible({ timeout: 5000 });
  // Then the next best game (games other tests left running) or none.
  await expect.poll(() => c.page.evaluate((gid) => {
    if (document.querySelector('[data-testid=watch-none]')) return 'moved on';
    const b = document.querySelector('[data-testid=featured-board]');
    return b && b.isConnected && b.dataset.game !== gid ? 'moved on' : 'still';
  }, id), { timeout: 10000 }).toBe('moved on');
  for (const lang of ['en', 'es']) {
    for (const [size, w, hgt] of [['wide', 1366, 768], ['narrow', 390, 844]]) {
      const v = await contextAs(browser, newPage, ana, lang, w, hgt);
      await v.page.goto(`${BASE}/@/${bea.name}`);
      await expect(v.page.getByTestId('rating-chart')).toBeVisible({ timeout: 10000 });
      await expect(v.page.getByTestId('chart-x-title')).toHaveText(lang === 'en' ? 'Rated games' : 'Partidas puntuables');
      await expect(v.page.getByTestId('chart-y-title')).toHaveText(lang === 'en' ? 'Rating' : 'Puntuación');
      const ticks = await v.page.locator('[data-testid=chart-y-axis] .tick-label').count();
      check(ticks >= 2, `${lang} ${size}: the chart's rating axis has ${ticks} labels`);
      // The games table's opponent links to Cai's profile.
      await expect(v.page.getByTestId('opponent-link').first()).toHaveAttribute('href', `/@/${cai.name}`);
      if (lang === 'en' && size === 'wide') await axeCheck(v.page, 'a profile with the rating chart');
      await v.page.getByTestId('profile-chart').scrollIntoViewIfNeeded();
      await shoot(v.page, `people-profile-${lang}-${size}`);
      await v.ctx.close();
    }
  }
  log('people: rating chart and links');
  await a.ctx.close();
  await b.ctx.close();
  await c.ctx.close();
});
