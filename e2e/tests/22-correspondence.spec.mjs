// Correspondence in real Chromium (issue #49): Ana (English laptop)
// challenges Bea (Spanish phone) to Jarmo at 3 days per move and moves.
// Bea goes on vacation from the account box: Ana's game page shows "on
// vacation until …" by Bea's stopped clock. Bea comes back; Ana, who
// waits, enters a conditional line on the game page ("if she plays X, I
// answer Y"); Bea plays X and sees Ana's answer at once, in the answer to
// her own move. Screenshots of
// both pages at 1366x768 and 390x844, in English and Spanish.

import { test, expect, check, log, shoot, sleep, BASE } from '../harness.mjs';

async function person(browser, newPage, name, lang, phone = false) {
  const ctx = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 768 },
    locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone,
  });
  const page = await newPage(ctx, `${name} ${lang}`);
  await page.goto(`${BASE}/`);
  await expect(page.getByTestId('account-summary')).toBeVisible();
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', 'a long password');
  await page.click('[data-testid=account-signup]');
  await expect(page.getByTestId('account-summary')).toHaveText(name);
  return { ctx, page };
}

async function bothSizes(page, name, show = null) {
  const before = page.viewportSize();
  for (const [w, hgt] of [[1366, 768], [390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await sleep(200);
    if (show) await page.getByTestId(show).scrollIntoViewIfNeeded();
    await shoot(page, `${name}-${w}`);
  }
  await page.setViewportSize(before);
}

/** The API from the page (its session cookie and the game's tokens). */
async function api(page, method, path, body, gid) {
  return page.evaluate(async ({ method, path, body, gid }) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    const tokens = (gid && all[gid] && all[gid].tokens) || [];
    const headers = { 'Content-Type': 'application/json' };
    if (tokens.length) headers.Authorization = `Bearer ${tokens.join(',')}`;
    const res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, { method, path, body, gid });
}

function gameOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname);
  return m ? m[1] : null;
}

test('testCorrespondence', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const [ana, bea] = [`ana${run}`, `bea${run}`];
  const A = await person(browser, newPage, ana, 'en');
  const B = await person(browser, newPage, bea, 'es', true);

  // A correspondence challenge, accepted: both in the game.
  await A.page.goto(`${BASE}/@/${bea}`);
  await A.page.click('[data-testid=challenge-open]');
  await expect(A.page.getByTestId('ch-no-vacation')).toBeVisible();
  const sent = await api(A.page, 'POST', '/api/challenges', { to: bea, game: 'jarmo', clock: '3d', colour: 'first' });
  check(sent.status === 200, `the challenge: ${sent.status} ${JSON.stringify(sent.json)}`);
  const accepted = await api(B.page, 'POST', `/api/challenges/${sent.json.id}/accept`, {});
  check(accepted.status === 200, `accepted: ${accepted.status} ${JSON.stringify(accepted.json)}`);
  const game = accepted.json.game_id;
  // Ana's page goes to the game by itself (the notices socket); Bea's
  // page is sent there with her seat's token.
  await A.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: 5000 });
  check(gameOf(A.page) === game, `Ana in ${gameOf(A.page)}, the game is ${game}`);
  await B.page.evaluate(([gid, token]) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    all[gid] = { ...(all[gid] || {}), tokens: [token] };
    localStorage.setItem('tablero.games', JSON.stringify(all));
  }, [game, accepted.json.token]);
  await B.page.goto(`${BASE}/play/${game}`);
  for (const P of [A, B]) await expect(P.page.locator('[data-testid=board]')).toBeVisible();

  // Ana moves: Bea's clock runs.
  const st = (await api(A.page, 'GET', `/api/games/${game}`, null, game)).json;
  const first = await api(A.page, 'POST', `/api/games/${game}/move`, { move: st.legal[0].move, ply: st.ply }, game);
  check(first.status === 200, `Ana's move: ${first.status}`);
  await expect(A.page.getByTestId('clock-1')).toHaveClass(/running/, { timeout: 5000 });

  // Bea goes on vacation from her account box (Spanish phone).
  await B.page.click('[data-testid=account]');
  await expect(B.page.getByTestId('vacation-go')).toBeVisible();
  await B.page.fill('[data-testid=vacation-days]', '3');
  await B.page.click('[data-testid=vacation-go]');
  await expect(B.page.getByTestId('vacation-back')).toBeVisible();
  await expect(B.page.getByTestId('vacation-status')).toContainText('17');
  await bothSizes(B.page, 'vacation-box-es');
  await B.page.click('[data-testid=account]');

  // Ana's page shows it by Bea's stopped clock (the socket brings it).
  await expect(A.page.getByTestId('vacation-1')).toBeVisible({ timeout: 5000 });
  await expect(A.page.getByTestId('vacation-1')).toContainText('on vacation until');
  await expect(A.page.getByTestId('clock-1')).not.toHaveClass(/running/);
  await bothSizes(A.page, 'vacation-opponent-en');
  log('the opponent sees the vacation by the stopped clock');

  // Bea comes back: her clock runs again, the tag goes.
  await B.page.click('[data-testid=account]');
  await B.page.click('[data-testid=vacation-back]');
  await expect(B.page.getByTestId('vacation-go')).toBeVisible();
  await B.page.click('[data-testid=account]');
  await expect(A.page.getByTestId('vacation-1')).toHaveCount(0, { timeout: 5000 });
  await expect(A.page.getByTestId('clock-1')).toHaveClass(/running/, { timeout: 5000 });

  // Ana waits: she writes a line "if Bea plays X, I answer Y" on the game
  // page. X: Bea's first legal move; Y: the first legal answer to it.
  const sb = (await api(B.page, 'GET', `/api/games/${game}`, null, game)).json;
  const text = (m) => (typeof m === 'string' ? m : m.move || m.text || m.notation);
  const x = sb.legal[0].move;
  const pos = await api(A.page, 'POST', '/api/position', { game: 'jarmo', moves: [...sb.moves.map(text), x] });
  check(pos.status === 200, `the position after X: ${pos.status} ${JSON.stringify(pos.json).slice(0, 200)}`);
  const y = pos.json.legal[0].move;
  await expect(A.page.getByTestId('conditional')).toBeVisible({ timeout: 5000 });
  await A.page.fill('[data-testid=conditional-lines]', `${x} ${y}`);
  await A.page.click('[data-testid=conditional-save]');
  await expect(A.page.getByTestId('conditional-state')).toHaveAttribute('data-state', 'saved');
  await expect(A.page.getByTestId('conditional-state')).toContainText('One line');
  await bothSizes(A.page, 'conditional-en', 'conditional');
  // Bea cannot read it.
  const peek = await api(B.page, 'GET', `/api/games/${game}/conditional`, null, game);
  check(peek.status === 200 && peek.json.lines.length === 0, `Bea reads ${JSON.stringify(peek.json)}`);

  // Bea plays X: the answer to her move already holds Ana's Y.
  const played = await api(B.page, 'POST', `/api/games/${game}/move`, { move: x, ply: sb.ply }, game);
  check(played.status === 200, `Bea's move: ${played.status}`);
  check(played.json.ply === sb.ply + 2, `answered at once: ply ${played.json.ply}, was ${sb.ply}`);
  check(text(played.json.moves[played.json.moves.length - 1]) === y, 'the answer is Ana\'s line');
  await expect(B.page.getByTestId('clock-1')).toHaveClass(/running/, { timeout: 5000 });
  await bothSizes(B.page, 'conditional-answered-es');
  const shown = await B.page.evaluate(() => document.body.innerText);
  check(!/\b(vacation|conditional)_[a-z_]+\b/.test(shown), `a message key shown: ${shown.match(/\b(vacation|conditional)_[a-z_]+\b/)}`);
  log('a conditional line was answered at once');
  for (const p of [A, B]) await p.ctx.close();
});
