// The lobby in real Chromium (issue 33): a seek posted in one context
// appears in another within 1 s, is accepted there, and both land on the
// same game with the seats as chosen; a seek whose owner leaves the page
// goes from the other's list; play now pairs two players; the computer's
// row starts a game with the form's clock and side; screenshots of the lobby at 1366x768 and
// 390x844 in English and Spanish.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, check, log, axeCheck, BASE, SHOTS } from '../harness.mjs';

const lobbyReady = (page, connected = true) => expect(page.locator(`section.lobby[data-ready="1"]${connected ? '[data-connected="1"]' : ''}`)).toBeVisible();

async function open(browser, newPage, lang, { width = 1366, height = 768 } = {}) {
  const phone = width < 500;
  const ctx = await browser.newContext({
    viewport: { width, height }, locale: lang === 'es' ? 'es-ES' : 'en-US', hasTouch: phone, isMobile: phone, bypassCSP: true, /* axe-core is injected */
  });
  const page = await newPage(ctx, `${lang} ${width}`);
  await page.goto(`${BASE}/lobby`);
  await lobbyReady(page);
  return { ctx, page };
}

/** Posts a seek from `page` (the lobby): answers its id. */
async function postSeek(page, form) {
  await choose(page, form);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/lobby/seeks') && r.request().method() === 'POST'),
    page.click('[data-testid="lobby-post"]'),
  ]);
  check(res.ok(), `testLobby: posting a seek answered ${res.status()}`);
  const body = await res.json();
  await expect(page.getByTestId(`cancel-${body.id}`)).toBeVisible();
  return body.id;
}

/** axe-core (no serious or critical issue) and no message key shown, on the lobby as drawn. */
async function clean(page, what) {
  const text = await page.evaluate(() => document.body.innerText);
  const keys = text.match(/\b(?:lobby|api)_[a-z_]+\b/g);
  check(!keys, `testLobby: message keys shown on ${what}: ${keys}`);
  await axeCheck(page, what);
}

function gameOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname);
  return m ? m[1] : null;
}

/** The game `id` as the tokens `page` keeps for it see it. */
async function stateFor(page, id) {
  const tokens = await page.evaluate((gid) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    return (all[gid] && all[gid].tokens) || [];
  }, id);
  const res = await fetch(`${BASE}/api/games/${id}`, { headers: { Authorization: `Bearer ${tokens.join(',')}` } });
  return res.json();
}

async function seatsHeld(page, id) {
  return (await stateFor(page, id)).you;
}

async function choose(page, { game, clock, colour }) {
  await page.selectOption('[data-testid="lobby-game"]', game);
  await lobbyReady(page, false);
  await page.selectOption('[data-testid="lobby-clock"]', clock);
  await page.selectOption('[data-testid="lobby-colour"]', colour);
}

test('testLobby', async ({ browser, newPage }) => {
  mkdirSync(SHOTS, { recursive: true });
  const a = await open(browser, newPage, 'en');
  const b = await open(browser, newPage, 'es');

  // Posted in A (A moves first, 3+2): in B's list within 1 s, and B's
  // form is not redrawn by it (a control in use stays as it is).
  await b.page.evaluate(() => { document.querySelector('[data-testid="lobby-clock"]').dataset.mark = 'kept'; });
  const id = await postSeek(a.page, { game: 'jarmo', clock: '3+2', colour: 'first' });
  const posted = Date.now();
  await expect(b.page.getByTestId(`accept-${id}`)).toBeVisible({ timeout: 5000 });
  const seen = Date.now() - posted;
  await expect(b.page.getByTestId('lobby-clock'), 'the list\'s update redrew the form').toHaveAttribute('data-mark', 'kept');
  log(`testLobby: the seek reached the other context in ${seen} ms`);
  check(seen < 1000, `testLobby: the seek took ${seen} ms to appear in the other context (at most 1000)`);
  const row = b.page.getByTestId(`seek-${id}`);
  await expect(row, 'B\'s row of the seek').toContainText('3+2');
  await expect(row, 'B\'s row of the seek').toContainText('Amistosa');
  await a.page.screenshot({ path: path.join(SHOTS, 'lobby-en-1366.png'), fullPage: true });
  await b.page.screenshot({ path: path.join(SHOTS, 'lobby-es-1366.png'), fullPage: true });
  await clean(a.page, 'the lobby (en, 1366)');
  await clean(b.page, 'the lobby (es, 1366)');

  // On a phone, in both languages, with the seek listed.
  for (const lang of ['en', 'es']) {
    const p = await open(browser, newPage, lang, { width: 390, height: 844 });
    await expect(p.page.getByTestId(`accept-${id}`)).toBeVisible();
    const wide = await p.page.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 390, `testLobby: the lobby is ${wide} px wide on a 390 px phone (${lang})`);
    await p.page.screenshot({ path: path.join(SHOTS, `lobby-${lang}-390.png`), fullPage: true });
    await clean(p.page, `the lobby (${lang}, 390)`);
    await p.ctx.close();
  }

  // B accepts: both land on the same game, A in seat 0 (first), B in seat 1.
  await b.page.click(`[data-testid="accept-${id}"]`);
  await b.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await a.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: 5000 });
  const game = gameOf(b.page);
  check(game && gameOf(a.page) === game, `testLobby: A is on ${a.page.url()}, B on ${b.page.url()}: not the same game`);
  expect([await seatsHeld(a.page, game), await seatsHeld(b.page, game)], 'testLobby: the seats A and B hold').toEqual([[0], [1]]);
  await expect(a.page.locator('.seat.player.mine[data-seat="0"]')).toBeVisible();
  await expect(b.page.locator('.seat.player.mine[data-seat="1"]')).toBeVisible();

  // A seek whose owner leaves the page is cancelled: it goes from B's list.
  await a.page.goto(`${BASE}/lobby`);
  await lobbyReady(a.page);
  await b.page.goto(`${BASE}/lobby`);
  await lobbyReady(b.page);
  const left = await postSeek(a.page, { game: 'linja', clock: '2d', colour: 'random' });
  await expect(b.page.getByTestId(`accept-${left}`)).toBeVisible({ timeout: 5000 });
  await a.page.goto(`${BASE}/`);
  await expect(b.page.getByTestId(`accept-${left}`), 'testLobby: the seek whose owner left').toHaveCount(0, { timeout: 5000 });

  // Play now: A finds nothing and waits (Linja, no clock, second); B's
  // play now (random) joins it: both on one game, A in seat 1.
  await a.page.goto(`${BASE}/lobby`);
  await lobbyReady(a.page);
  await choose(a.page, { game: 'linja', clock: '', colour: 'second' });
  await a.page.click('[data-testid="lobby-play-now"]');
  await expect(a.page.locator('[data-testid^="cancel-"]').first()).toBeVisible();
  await choose(b.page, { game: 'linja', clock: '', colour: 'random' });
  await b.page.click('[data-testid="lobby-play-now"]');
  await b.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await a.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: 5000 });
  const paired = gameOf(b.page);
  check(paired && gameOf(a.page) === paired && paired !== game, `testLobby: play now: A is on ${a.page.url()}, B on ${b.page.url()}`);
  const [pa, pb] = [await stateFor(a.page, paired), await stateFor(b.page, paired)];
  check(JSON.stringify(pa.you) === '[1]' && JSON.stringify(pb.you) === '[0]' && pa.game === 'linja' && !pa.clock,
    `testLobby: play now: A holds ${JSON.stringify(pa.you)}, B ${JSON.stringify(pb.you)}, game ${pa.game}, clock ${JSON.stringify(pa.clock)}`);

  // The computer, always there: level 2 with the form's clock and side.
  await b.page.goto(`${BASE}/lobby`);
  await lobbyReady(b.page, false);
  await choose(b.page, { game: 'jarmo', clock: '1d', colour: 'first' });
  await b.page.click('[data-testid="computer-2"]');
  await b.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const vs = await stateFor(b.page, gameOf(b.page));
  check(JSON.stringify(vs.you) === '[0]' && vs.seats[1].kind === 'ai' && vs.seats[1].level === 2 && vs.clock && vs.clock.control === '1d',
    `testLobby: against the computer: you ${JSON.stringify(vs.you)}, seats ${JSON.stringify(vs.seats)}, clock ${JSON.stringify(vs.clock)}`);

  await a.ctx.close();
  await b.ctx.close();
  log('testLobby: passed');
});
