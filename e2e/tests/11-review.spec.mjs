// The game review (issue #35).
//
// testReview: an Imago game is played through the API where the first
// player throws the draw away (a move the analysis calls a loss) and both
// then play best moves to the end; on the finished game's page (English on
// a laptop, Spanish on a phone) the Review button shows each player's
// accuracy, the move where the result slipped (the one thrown away, also
// marked in the move list) and the value chart; screenshots of both.

import { test, expect, check, log, shoot, axeCheck, BASE } from '../harness.mjs';

async function call(base, method, path, body, token) {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

/** Plays an Imago game from one screen: returns its id and the ply of the thrown-away move. */
async function gameWithSlip(base, check) {
  const made = await call(base, 'POST', '/api/games', { game: 'imago', seats: [{ kind: 'human' }, { kind: 'human' }] });
  check(made.status === 200, `creating the game: ${made.status}`);
  const { id } = made.json;
  const token = Object.values(made.json.tokens).join(',');
  const moves = [];
  let slip = null;
  let seed = 7;
  for (let i = 0; i < 400; i += 1) {
    const a = await call(base, 'POST', '/api/analyse', { game: 'imago', moves });
    check(a.status === 200, `analysing after ${moves.length} moves: ${a.status} ${JSON.stringify(a.json)}`);
    if (a.json.method !== 'exact' || !a.json.moves.length) break;
    const best = a.json.moves[0];
    // Among the best moves a varied one (a fixed sequence of choices), so
    // that the game does not end by repetition before anything happens.
    const same = a.json.moves.filter((m) => m.value.result === best.value.result && m.value.plies === best.value.plies);
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // While the game is drawn, the player to move throws it away as soon
    // as a move loses; from then on both play the best move.
    let pick = same[seed % same.length];
    if (slip === null && best.value.result === 'draw') {
      const losing = a.json.moves.find((m) => m.value.result === 'loss');
      if (losing) { pick = losing; slip = moves.length + 1; }
    }
    const r = await call(base, 'POST', `/api/games/${id}/move`, { move: pick.move }, token);
    check(r.status === 200, `move ${moves.length + 1} (${pick.move}): ${r.status} ${JSON.stringify(r.json)}`);
    moves.push(pick.move);
    if (r.json.result) {
      check(slip !== null, `no move lost the draw in ${moves.length} moves (${JSON.stringify(r.json.result)})`);
      return { id, slip, plies: moves.length };
    }
  }
  throw new Error(`testReview: the game did not end (${moves.length} moves, slip at ${slip})`);
}

test('testReview', async ({ browser, newPage }) => {
  const { id, slip, plies } = await gameWithSlip(BASE, check);
  check(slip !== null, 'no move lost the draw');
  log(`Imago game ${id}: the draw thrown away at move ${slip}, over after ${plies}`);
  for (const [lang, size, phone] of [['en', { width: 1366, height: 768 }, false], ['es', { width: 390, height: 844 }, true]]) {
    const ctx = await browser.newContext({ viewport: size, locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone, bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, `review-${lang}`);
    await page.goto(`${BASE}/play/${id}`);
    await page.click('[data-testid=review]:not([hidden])');
    const slipped = page.getByTestId('review-slipped');
    await expect(slipped, `${lang}: the review says the result slipped elsewhere than move ${slip}, where the game threw it away`).toHaveAttribute('data-ply', String(slip), { timeout: 20_000 });
    const want = lang === 'es' ? 'El resultado se escapó en la jugada' : 'The result slipped at move';
    await expect(slipped, `${lang}: the slipped line`).toContainText(`${want} ${slip}`);
    await expect(page.locator(`[data-testid=move-${slip}][data-verdict=slip]`)).toBeVisible();
    const points = await page.$$eval('[data-testid=review-chart] polyline', (ls) => ls.map((l) => l.getAttribute('points').split(' ').length));
    check(points.length > 0 && points.reduce((a, b) => a + b, 0) === plies + 1, `${lang}: the chart has ${JSON.stringify(points)} points for ${plies + 1} positions`);
    await expect(page.locator('[data-testid=review-chart] line.slip'), `${lang}: the chart marks the slipped move`).not.toHaveCount(0);
    await expect(page.getByTestId('review-accuracy-0'), `${lang}: player one's accuracy`).toHaveText(/\d+ ?%/);
    await page.click(`[data-testid=review-slipped] button`);
    await expect(page.getByTestId('board')).toHaveAttribute('data-shown-ply', String(slip));
    await page.evaluate(() => document.querySelector('[data-testid=review-panel]').scrollIntoView());
    await shoot(page, `review-${lang}-${size.width}`);
    await axeCheck(page, `the review (${lang}, ${size.width})`);
    await ctx.close();
  }
});
