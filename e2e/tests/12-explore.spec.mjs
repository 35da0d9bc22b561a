// The explorer (issue #35).
//
// testExplore: one Imago game is played through the API (a first move,
// then a resignation) so that the server has a game to count; the
// explorer of the Imago start (English on a laptop, Spanish on a phone)
// lists every legal move with the values `tablero solve imago --moves ""
// --json` gives, the game's move counted once; a click on a move goes one
// move deeper (values again as `tablero solve` gives them), the line's
// Start button and the browser's back come back; the analysis board's
// Explore link opens the explorer at its position. axe-core on each page,
// screenshots of both.

import { execFileSync } from 'node:child_process';
import { test, expect, check, log, shoot, axeCheck, BASE, BIN } from '../harness.mjs';

async function call(base, method, path, body, token) {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

/** `tablero solve imago --moves ... --json`: each move with its value text, sorted. */
function solved(moves) {
  const out = JSON.parse(execFileSync(BIN, ['solve', 'imago', '--moves', moves.join(','), '--json'], { encoding: 'utf8' }));
  const text = (m) => (m.result === 'draw' ? 'draw' : `${m.result} in ${m.plies}`);
  return out.moves.map((m) => [m.move, text(m)]).sort();
}

async function shown(page) {
  return (await page.$$eval('[data-testid=ex-move]', (els) => els.map((e) => [e.dataset.move, e.dataset.value]))).sort();
}

async function waitFor(page, ply) {
  await expect(page.getByTestId('board')).toHaveAttribute('data-shown-ply', String(ply));
  await expect(page.locator('[data-testid=ex-moves] [data-testid=ex-move]').first()).toBeVisible({ timeout: 30_000 });
}

test('testExplore', async ({ browser, newPage }) => {
  const base = BASE;
  const start = solved([]);
  check(start.length > 0, 'tablero solve lists no move at the Imago start');
  // A game that played one move and was resigned: counted once more than
  // the games the other tests left on this server.
  const [played] = start[start.length - 1];
  const earlier = await call(base, 'POST', '/api/explore', { game: 'imago', moves: [] });
  check(earlier.status === 200, `exploring before the game: ${earlier.status}`);
  const was = (earlier.json.moves.find((m) => m.move === played) || {}).played || { games: 0, wins: 0, draws: 0, losses: 0 };
  const made = await call(base, 'POST', '/api/games', { game: 'imago', seats: [{ kind: 'human' }, { kind: 'human' }] });
  check(made.status === 200, `creating the game: ${made.status}`);
  const token = Object.values(made.json.tokens).join(',');
  const mv = await call(base, 'POST', `/api/games/${made.json.id}/move`, { move: played }, token);
  check(mv.status === 200, `the game's move: ${mv.status} ${JSON.stringify(mv.json)}`);
  const resigned = await call(base, 'POST', `/api/games/${made.json.id}/resign`, null, Object.values(made.json.tokens)[0]);
  check(resigned.status === 200, `resigning: ${resigned.status}`);
  for (const [lang, size, phone] of [['en', { width: 1366, height: 768 }, false], ['es', { width: 390, height: 844 }, true]]) {
    const ctx = await browser.newContext({ viewport: size, locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone, bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, `explore-${lang}`);
    await page.goto(`${base}/explore/imago`);
    await waitFor(page, 0);
    const list = await shown(page);
    expect(list, `${lang}: the explorer's moves differ from tablero solve`).toEqual(start);
    await expect(page.locator(`[data-testid=ex-move][data-move="${played}"]`), `${lang}: the game's move ${played} is not counted ${was.games + 1} times (${was.games} before this test's game)`)
      .toHaveAttribute('data-played', String(was.games + 1));
    await expect(page.getByTestId('explore-title'), `${lang}: the title`).toContainText(lang === 'es' ? 'Explorador' : 'Explorer');
    const told = lang === 'es'
      ? `ganadas: ${was.wins}, tablas: ${was.draws}, perdidas: ${was.losses + 1}`
      : `${was.wins} won, ${was.draws} drawn, ${was.losses + 1} lost`;
    await expect(page.locator(`[data-testid=ex-move][data-move="${played}"] .ex-results`), `${lang}: the results`).toContainText(told);
    await shoot(page, `explore-${lang}-${size.width}`);
    await page.evaluate((m) => document.querySelector(`[data-testid=ex-move][data-move="${m}"]`).scrollIntoView({ block: 'center' }), played);
    await shoot(page, `explore-${lang}-${size.width}-played`);
    await axeCheck(page, `the explorer (${lang}, ${size.width})`);
    // One move deeper, by keyboard: focus the move's button and press Enter.
    await page.focus(`[data-testid=ex-move][data-move="${played}"] button`);
    await page.keyboard.press('Enter');
    await waitFor(page, 1);
    const deeper = await shown(page);
    const want = solved([played]);
    expect(deeper, `${lang}: after ${played} the moves differ from tablero solve`).toEqual(want);
    check(page.url().includes('moves='), `${lang}: the address does not name the moves: ${page.url()}`);
    await shoot(page, `explore-${lang}-${size.width}-ply1`);
    // Back with the browser, forward, then back with the line's Start.
    await page.goBack();
    await waitFor(page, 0);
    await page.goForward();
    await waitFor(page, 1);
    await page.click('[data-testid=ex-ply-0]');
    await waitFor(page, 0);
    // The analysis board's link opens the explorer at its position.
    await page.goto(`${base}/analysis?game=imago&moves=${encodeURIComponent(JSON.stringify([played]))}`);
    await expect(page.getByTestId('to-explore')).toBeVisible();
    await axeCheck(page, `the analysis board with its Explore link (${lang})`);
    await page.click('[data-testid=to-explore]');
    await waitFor(page, 1);
    expect(await shown(page), `${lang}: the analysis board's link opened another position`).toEqual(want);
    await ctx.close();
  }
  log(`explorer: the Imago start's ${start.length} moves valued as tablero solve does (and after ${played}), the played game counted; English 1366x768, Spanish 390x844`);
});
