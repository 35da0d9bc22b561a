// Rated games (issue #34).
//
// testRatings: two players sign up (English on a laptop, Spanish on a
// phone), one posts a rated seek in the lobby and the other takes it; they
// play two moves each and one resigns; both pages then show both players'
// ratings after the game, and each equals what the Glicko-2 formulas give,
// computed here from Glickman's paper (not by the server's code), the
// formulas themselves first checked against the paper's example.
//
// testRatedTick (#42, #47): the new-game form's "Rated game" tick, off by
// default, disabled until the player is logged in and picks a clock;
// ticked, a game against level 1 where the computer moves first is rated
// from its creation and its page shows no hint button; unticked, the same
// game is casual and offers the hint. Screenshot of the form at 1366x768
// (en).

import { test, expect, check, log, shoot, BASE } from '../harness.mjs';

/** Glicko-2 for one rating period (Glickman, "Example of the Glicko-2
 * system", 2013): `r, rd, vol` on the Glicko scale; `games` as
 * [{r, rd, score}]. */
function glicko2({ r, rd, vol }, games, tau) {
  const S = 173.7178;
  const mu = (r - 1500) / S;
  const phi = rd / S;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  const E = (m, mj, pj) => 1 / (1 + Math.exp(-g(pj) * (m - mj)));
  let vInv = 0;
  let sum = 0;
  for (const o of games) {
    const mj = (o.r - 1500) / S;
    const pj = o.rd / S;
    const e = E(mu, mj, pj);
    vInv += g(pj) ** 2 * e * (1 - e);
    sum += g(pj) * (o.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // Step 5: the volatility, by the Illinois algorithm.
  const a = Math.log(vol * vol);
  const f = (x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 0.000001) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C;
    fB = fC;
  }
  const volNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + volNew * volNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { r: S * muNew + 1500, rd: S * phiNew, vol: volNew };
}

/** The system constant the server uses (src/rating.rs: lichess's). */
const TAU = 0.75;

async function login(page, name, password, button) {
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  await page.click(`[data-testid=${button}]`);
  await expect(page.getByTestId('account-summary')).toHaveText(name);
}

/** Plays the first legal move of game `id` on `page` by clicking its cells. */
async function playFirstLegal(page, id) {
  const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json(), id);
  const mv = st.legal.find((m) => m.path && m.path.length) || st.legal[0];
  for (const cell of mv.path) await page.click(`[data-testid=board] [data-cell="${cell}"]`);
  await expect(page.getByTestId('board')).toHaveAttribute('data-ply', String(st.ply + 1));
}

test('testRatings', async ({ browser, newPage }) => {
  // The formulas first: the paper's example, with its τ = 0.5.
  const ex = glicko2({ r: 1500, rd: 200, vol: 0.06 }, [
    { r: 1400, rd: 30, score: 1 }, { r: 1550, rd: 100, score: 0 }, { r: 1700, rd: 300, score: 0 },
  ], 0.5);
  check(Math.abs(ex.r - 1464.06) < 0.01 && Math.abs(ex.rd - 151.52) < 0.01 && Math.abs(ex.vol - 0.05999) < 0.00001,
    `Glickman's example gives ${JSON.stringify(ex)}`);

  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'rated-en');
  const b = await newPage(ctxB, 'rated-es');
  const tag = Date.now() % 100000;
  const [nameA, nameB] = [`ana_${tag}`, `bea_${tag}`];
  for (const [page, name] of [[a, nameA], [b, nameB]]) {
    await page.goto(`${BASE}/lobby`);
    await expect(page.getByTestId('account-summary')).toBeVisible();
    await login(page, name, 'a long password', 'account-signup');
  }

  // A posts a rated seek (Jarmo, 5+3, moving first); B sees it as rated and takes it.
  await expect(a.locator('section.lobby[data-ready="1"][data-connected="1"]')).toBeVisible();
  await a.selectOption('[data-testid="lobby-game"]', 'jarmo');
  await expect(a.locator('section.lobby[data-ready="1"]')).toBeVisible();
  await a.selectOption('[data-testid="lobby-clock"]', '5+3');
  await a.selectOption('[data-testid="lobby-colour"]', 'first');
  await expect(a.getByTestId('lobby-rated')).toBeEnabled();
  await a.check('[data-testid=lobby-rated]');
  await shoot(a, 'rated-seek-form-en');
  const [res] = await Promise.all([
    a.waitForResponse((r) => r.url().endsWith('/api/lobby/seeks') && r.request().method() === 'POST'),
    a.click('[data-testid="lobby-post"]'),
  ]);
  const seek = await res.json();
  check(res.ok() && seek.seek.rated === true, `the rated seek: ${res.status()} ${JSON.stringify(seek)}`);
  await b.goto(`${BASE}/lobby`);
  await expect(b.locator(`[data-testid="seek-${seek.id}"] [data-rated="1"]`)).toBeVisible();
  await expect(b.getByTestId(`seek-${seek.id}`), 'B\'s row of the rated seek').toContainText('Puntuable');
  await b.click(`[data-testid="accept-${seek.id}"]`);
  await b.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await a.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: 5000 });
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(b.url())[1];
  await expect(a.locator('.seat.player.mine[data-seat="0"]')).toBeVisible();
  await expect(b.locator('.seat.player.mine[data-seat="1"]')).toBeVisible();

  // Two moves each (the game is rated from its creation), then B resigns.
  await playFirstLegal(a, id);
  await expect(b.getByTestId('board')).toHaveAttribute('data-ply', '1');
  await expect(b.getByTestId('rating-1'), 'a new player\'s rating before the game').toHaveAttribute('data-rating', '1500');
  await expect(b.getByTestId('rating-1'), 'provisional ratings show a question mark').toContainText('1500?');
  await playFirstLegal(b, id);
  await expect(a.getByTestId('board')).toHaveAttribute('data-ply', '2');
  // A second move each: a rated game is rated from its fourth ply (#47).
  await playFirstLegal(a, id);
  await expect(b.getByTestId('board')).toHaveAttribute('data-ply', '3');
  await playFirstLegal(b, id);
  await expect(a.getByTestId('board')).toHaveAttribute('data-ply', '4');
  await b.click('[data-testid=resign]');
  await b.click('[data-testid=resign-confirm]');

  // Both pages show both ratings after the game, as the formulas give them.
  const fresh = { r: 1500, rd: 350, vol: 0.06 };
  const want = [
    glicko2(fresh, [{ r: 1500, rd: 350, score: 1 }], TAU),
    glicko2(fresh, [{ r: 1500, rd: 350, score: 0 }], TAU),
  ];
  for (const [page, who] of [[a, 'A'], [b, 'B']]) {
    for (const seat of [0, 1]) {
      await expect(page.getByTestId(`rating-change-${seat}`)).toBeVisible({ timeout: 10_000 });
      const after = Number(await page.getAttribute(`[data-testid=rating-${seat}]`, 'data-after'));
      check(Math.abs(after - want[seat].r) < 1e-6, `${who}'s page: seat ${seat} after the game ${after}, the formulas ${want[seat].r}`);
      const change = Math.round(want[seat].r) - 1500;
      const text = `${change >= 0 ? '+' : '−'}${Math.abs(change)}`;
      await expect(page.getByTestId(`rating-change-${seat}`), `${who}'s page: seat ${seat}'s change`).toHaveText(text);
    }
  }
  log(`rated game: ${nameA} ${want[0].r.toFixed(2)}, ${nameB} ${want[1].r.toFixed(2)}, as Glicko-2 computes`);
  await shoot(a, 'rated-end-en-1366');
  await shoot(b, 'rated-end-es-390');
  await ctxA.close();
  await ctxB.close();
});

test('testRatedTick', async ({ browser, newPage }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const page = await newPage(ctx, 'rated-tick-en');
  const name = `cai_${Date.now() % 100000}`;
  const form = async () => {
    await page.goto(`${BASE}/new/jarmo`);
    await expect(page.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  };
  await form();
  await expect(page.getByTestId('rated'), 'not logged in: no rated game').toBeDisabled();
  await expect(page.getByTestId('rated-why')).toHaveText(/log in to play rated games/);
  await login(page, name, 'a long password', 'account-signup');
  const game = async (rated) => {
    await form();
    await expect(page.getByTestId('rated'), 'off by default').not.toBeChecked();
    await page.check('[data-testid=seat-0-ai]');
    await page.selectOption('[data-testid=level-0]', '1');
    await page.check('[data-testid=seat-1-human]');
    await expect(page.getByTestId('rated'), 'no clock: no rated game').toBeDisabled();
    await expect(page.getByTestId('rated-why')).toHaveText(/needs a clock/);
    await page.selectOption('[data-testid=clock]', '10+5');
    await expect(page.getByTestId('rated')).toBeEnabled();
    if (rated) {
      await page.check('[data-testid=rated]');
      await page.getByTestId('create').scrollIntoViewIfNeeded();
      await shoot(page, 'newgame-rated-en-1366');
    }
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST'),
      page.click('[data-testid=create]'),
    ]);
    const created = await res.json();
    check(res.ok(), `created: ${res.status()} ${JSON.stringify(created)}`);
    await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    // The computer moves first; then it is the player's turn.
    await expect(page.getByTestId('board')).toHaveAttribute('data-ply', '1', { timeout: 15_000 });
    const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json(), created.id);
    return { created, st };
  };
  const rated = await game(true);
  check(rated.created.game.rated && rated.created.game.rated.pool === 'jarmo', `rated from its creation: ${JSON.stringify(rated.created.game.rated)}`);
  check(rated.st.rated && rated.st.seats[1].player && rated.st.seats[1].player.name === name, `the seat is the account's: ${JSON.stringify(rated.st.seats[1])}`);
  await expect(page.getByTestId('rating-0'), 'the level\'s rating shown').toBeVisible();
  await expect(page.locator('[data-testid=hint]'), 'no hint button in a rated game').toBeHidden();
  const casual = await game(false);
  check(casual.created.game.rated === null, `unticked: casual, ${JSON.stringify(casual.created.game.rated)}`);
  await expect(page.locator('[data-testid=hint]'), 'the hint in a casual game').toBeVisible();
  log(`rated tick: ${rated.created.id} rated, ${casual.created.id} casual`);
  await ctx.close();
  // The same form in Spanish on a phone, ticked: the tick and its label fit.
  const ctxEs = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const es = await newPage(ctxEs, 'rated-tick-es');
  await es.goto(`${BASE}/new/jarmo`);
  await expect(es.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await expect(es.getByTestId('rated-why')).toHaveText(/sesión/);
  await login(es, `${name}_es`, 'a long password', 'account-signup');
  await es.goto(`${BASE}/new/jarmo`);
  await expect(es.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await es.check('[data-testid=seat-0-ai]');
  await es.selectOption('[data-testid=level-0]', '1');
  await es.check('[data-testid=seat-1-human]');
  await es.selectOption('[data-testid=clock]', '10+5');
  await es.check('[data-testid=rated]');
  const width = await es.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `the Spanish form fits the phone: ${width} px wide`);
  await es.getByTestId('rated').scrollIntoViewIfNeeded();
  await shoot(es, 'newgame-rated-es-390');
  await ctxEs.close();
});
