// Challenges and the notices socket in real Chromium (issue #44, #42),
// with three browsers: Ana (English laptop) challenges Bea (Spanish phone)
// from Bea's profile; Bea sees it without reloading (the notices socket)
// and accepts; both land in the game. Bea waits on the home page: Ana's
// move makes Bea's tab count the game at once (the socket, not the 30 s
// poll). Cleo (a second laptop) challenges Ana, who declines with a
// reason that Cleo's profile page shows. Screenshots of the challenge form
// and an incoming challenge at 1366x768 and 390x844, in English and
// Spanish.

import { test, expect, check, log, shoot, sleep, BASE, person, bothSizes } from '../harness.mjs';

function gameOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname);
  return m ? m[1] : null;
}

test('testChallenges', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const [ana, bea, cleo] = [`ana${run}`, `bea${run}`, `cleo${run}`];
  const A = await person(browser, newPage, ana, 'en');
  const B = await person(browser, newPage, bea, 'es', { phone: true });
  const C = await person(browser, newPage, cleo, 'en');

  // Ana opens Bea's profile and fills the challenge form.
  await A.page.goto(`${BASE}/@/${bea}`);
  await A.page.click('[data-testid=challenge-open]');
  await expect(A.page.getByTestId('challenge-form')).toBeVisible();
  await A.page.selectOption('[data-testid=ch-game]', 'jarmo');
  await A.page.selectOption('[data-testid=ch-clock]', '5+3');
  await A.page.selectOption('[data-testid=ch-colour]', 'first');
  await bothSizes(A.page, 'challenge-form-en', { settle: 150 });

  // Sent: Bea, on the home page, sees it without reloading.
  const sent = Date.now();
  await A.page.click('[data-testid=challenge-send]');
  await expect(A.page.getByTestId('challenge-status')).toHaveAttribute('data-state', 'open');
  const incoming = B.page.locator('[data-testid^=challenge-in-]');
  await expect(incoming).toBeVisible({ timeout: 5000 });
  const seenMs = Date.now() - sent;
  log(`the challenge was seen by the other browser ${seenMs} ms after the click`);
  check(seenMs < 1000, `the challenge took ${seenMs} ms to show (the notices socket should bring it within 1 s)`);
  await expect(incoming).toContainText(ana);
  await bothSizes(B.page, 'challenge-incoming-es', { settle: 150 });

  // Bea accepts: both are in the same game, Ana moving first.
  await B.page.click('[data-testid^=challenge-accept-]');
  await B.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await A.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: 5000 });
  const game = gameOf(B.page);
  check(game && game === gameOf(A.page), `both in one game: ${gameOf(A.page)} and ${game}`);
  await expect(A.page.locator('[data-testid=board]')).toBeVisible();
  await expect(B.page.locator('[data-testid=board]')).toBeVisible();
  log(`both in game ${game}`);

  // Bea waits on the home page; Ana's move reaches Bea's tab at once.
  await B.page.goto(`${BASE}/`);
  await sleep(500); // the notices socket opens
  check(!/^\(\d+\)/.test(await B.page.title()), `Bea's tab counts a game before Ana moved: ${await B.page.title()}`);
  const moved = Date.now();
  const status = await A.page.evaluate(async (gid) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    const tokens = (all[gid] && all[gid].tokens) || [];
    const auth = { Authorization: `Bearer ${tokens.join(',')}` };
    const st = await (await fetch(`/api/games/${gid}`, { headers: auth })).json();
    const res = await fetch(`/api/games/${gid}/move`, {
      method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: st.legal[0].move }),
    });
    return res.status;
  }, game);
  check(status === 200, `Ana's move answered ${status}`);
  await expect.poll(() => B.page.title(), { message: 'Bea\'s tab counts the game waiting for her', timeout: 5000 }).toMatch(/^\(1\) /);
  log(`"your turn" reached the other tab ${Date.now() - moved} ms after the move`);

  // Cleo challenges Ana; Ana (in her game) declines "too fast"; Cleo's page says so.
  await C.page.goto(`${BASE}/@/${ana}`);
  await C.page.click('[data-testid=challenge-open]');
  await C.page.selectOption('[data-testid=ch-game]', 'linja');
  await C.page.selectOption('[data-testid=ch-clock]', '1+0');
  await C.page.click('[data-testid=challenge-send]');
  const toAna = A.page.locator('[data-testid^=challenge-in-]');
  await expect(toAna).toBeVisible({ timeout: 5000 });
  await expect(toAna).toContainText(cleo);
  await bothSizes(A.page, 'challenge-incoming-en', { settle: 150 });
  await A.page.selectOption('[data-testid^=decline-reason-]', 'too-fast');
  await A.page.click('[data-testid^=challenge-decline-]');
  await expect(toAna).toHaveCount(0);
  await expect(C.page.getByTestId('challenge-status')).toHaveAttribute('data-state', 'declined', { timeout: 5000 });
  await expect(C.page.getByTestId('challenge-status')).toContainText('Too fast for me');

  // The Spanish form: Bea opens Cleo's profile.
  await B.page.goto(`${BASE}/@/${cleo}`);
  await B.page.click('[data-testid=challenge-open]');
  await expect(B.page.getByTestId('challenge-form')).toBeVisible();
  await bothSizes(B.page, 'challenge-form-es', { settle: 150 });
  const text = await B.page.evaluate(() => document.body.innerText);
  check(!/\bch_[a-z_]+\b/.test(text), `a message key shown: ${text.match(/\bch_[a-z_]+\b/)}`);

  for (const p of [A, B, C]) await p.ctx.close();
});
