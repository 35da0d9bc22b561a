// Correspondence in real Chromium (issue #49): Ana (English laptop)
// challenges Bea (Spanish phone) to Jarmo at 3 days per move and moves.
// Bea goes on vacation from the account box: Ana's game page shows "on
// vacation until …" by Bea's stopped clock. Bea comes back; Ana, who
// waits, builds conditional lines on the analysis board ("if she plays X,
// I answer Y"): she plays X and Y on the board and adds the line, adds a
// second and removes it, is told when she answers X twice, and sees no
// computer analysis there; the game page's box shows the line. Bea plays X
// and sees Ana's answer at once, in the answer to her own move.
// Screenshots of both pages at 1366x768 and 390x844, in English and
// Spanish.

import { test, expect, check, log, shoot, sleep, clickMove, board, BASE, person, bothSizes } from '../harness.mjs';

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

/** A legal move whose cells pick it alone (no longer move starts with them). */
function plain(legal) {
  const starts = (a, b) => a.length > b.length && b.every((c, i) => a[i] === c);
  return legal.filter((m) => m.path && m.path.length && !legal.some((o) => starts(o.path || [], m.path)));
}

function gameOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname);
  return m ? m[1] : null;
}

test('testCorrespondence', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const [ana, bea] = [`ana${run}`, `bea${run}`];
  const A = await person(browser, newPage, ana, 'en');
  const B = await person(browser, newPage, bea, 'es', { phone: true });

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

  // Ana waits: she builds "if Bea plays X, I answer Y" on the analysis
  // board, from the game page's conditional box. X and Y: moves picked by
  // their cells alone.
  const sb = (await api(B.page, 'GET', `/api/games/${game}`, null, game)).json;
  const text = (m) => (typeof m === 'string' ? m : m.move || m.text || m.notation);
  const before = sb.moves.map(text);
  const [xm, x2m] = plain(sb.legal);
  const x = xm.move;
  const pos = await api(A.page, 'POST', '/api/position', { game: 'jarmo', moves: [...before, x] });
  check(pos.status === 200, `the position after X: ${pos.status} ${JSON.stringify(pos.json).slice(0, 200)}`);
  const [ym, yOther] = plain(pos.json.legal);
  const y = ym.move;
  const pos2 = await api(A.page, 'POST', '/api/position', { game: 'jarmo', moves: [...before, x2m.move] });
  const y2m = plain(pos2.json.legal)[0];

  await expect(A.page.getByTestId('conditional')).toBeVisible({ timeout: 5000 });
  await A.page.click('[data-testid=conditional-plan]');
  await A.page.waitForURL(new RegExp(`/analysis/${game}`));
  await expect(A.page.getByTestId('plan')).toBeVisible();
  // No computer analysis of a game going on.
  await expect(A.page.getByTestId('an-going')).toBeVisible();
  await expect(A.page.getByTestId('an-move')).toHaveCount(0);
  await expect(A.page.getByTestId('to-explore')).toBeHidden();
  await expect(A.page.getByTestId('plan-add')).toBeDisabled();
  const addLine = async (their, mine) => {
    // From the game's own position (the back button shows once branched).
    if (await A.page.getByTestId('back-to-game').isVisible()) await A.page.click('[data-testid=back-to-game]');
    await expect(board(A.page)).toHaveAttribute('data-shown-ply', String(before.length));
    await clickMove(A.page, their);
    await expect(board(A.page)).toHaveAttribute('data-shown-ply', String(before.length + 1));
    await expect(A.page.getByTestId('plan-add')).toBeDisabled();
    await clickMove(A.page, mine);
    await expect(board(A.page)).toHaveAttribute('data-shown-ply', String(before.length + 2));
    await A.page.click('[data-testid=plan-add]');
    await expect(A.page.locator(`[data-testid=plan-line][data-line="${their.move} ${mine.move}"]`)).toBeVisible();
  };
  await addLine(xm, ym);
  await expect(A.page.getByTestId('plan-state')).toContainText('One line');
  await addLine(x2m, y2m);
  await expect(A.page.getByTestId('plan-state')).toContainText('2 lines');
  // Another answer to X is refused by the page, with the reason.
  await A.page.click(`[data-testid=plan-line][data-line="${x} ${y}"] > .move-btn`);
  await expect(board(A.page)).toHaveAttribute('data-shown-ply', String(before.length + 2));
  if (yOther) {
    await A.page.click('[data-testid=hist-prev]');
    await expect(board(A.page)).toHaveAttribute('data-shown-ply', String(before.length + 1));
    await clickMove(A.page, yOther);
    await A.page.click('[data-testid=plan-add]');
    await expect(A.page.getByTestId('plan-state')).toHaveAttribute('data-state', 'error');
    await expect(A.page.getByTestId('plan-state')).toContainText(`You already answer ${x} with ${y}`);
  }
  await A.page.click(`[data-testid=plan-line][data-line="${x} ${y}"] > .move-btn`);
  await bothSizes(A.page, 'plan-en', { show: 'plan' });
  await A.page.click('[data-testid=lang-es]');
  await expect(A.page.getByTestId('plan-add')).toHaveText('Añadir esta línea');
  await bothSizes(A.page, 'plan-es', { show: 'plan' });
  await A.page.click('[data-testid=lang-en]');
  // The second line removed: one left, on the server too.
  await A.page.click(`[data-testid=plan-line][data-line="${x2m.move} ${y2m.move}"] > [data-testid=plan-remove]`);
  await expect(A.page.getByTestId('plan-line')).toHaveCount(1);
  await expect(A.page.getByTestId('plan-state')).toContainText('One line');
  const kept = await api(A.page, 'GET', `/api/games/${game}/conditional`, null, game);
  check(JSON.stringify(kept.json.lines) === JSON.stringify([{ if: x, then: y, next: [] }]) || (kept.json.lines.length === 1 && kept.json.lines[0].if === x && kept.json.lines[0].then === y),
    `the kept lines: ${JSON.stringify(kept.json.lines)}`);
  // Back on the game page, the box shows the line.
  await A.page.click('[data-testid=to-game]');
  await expect(A.page.getByTestId('conditional')).toBeVisible({ timeout: 5000 });
  await expect(A.page.getByTestId('conditional-lines')).toHaveValue(`${x} ${y}`);
  await expect(A.page.getByTestId('conditional-state')).toContainText('One line');
  // The same line typed in the box is kept as it is.
  await A.page.fill('[data-testid=conditional-lines]', `${x} ${y}`);
  await A.page.click('[data-testid=conditional-save]');
  await expect(A.page.getByTestId('conditional-state')).toHaveAttribute('data-state', 'saved');
  await expect(A.page.getByTestId('conditional-state')).toContainText('One line');
  await bothSizes(A.page, 'conditional-en', { show: 'conditional' });
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
