// Accounts (issue #34).
//
// testAccounts: a player signs up in one browser (English, a laptop),
// starts a game against the computer and moves, logs out; on a second
// browser (Spanish, a phone) a wrong password is refused in Spanish, the
// right one logs in, and the game goes on from there: the seat is the
// account's, with no token in that browser.

import { test, expect, check, log, shoot, BASE } from '../harness.mjs';

/** Plays the first legal move of game `id` on `page` (its seat must be to move); returns the ply before. */
async function playFirstLegal(page, id) {
  const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json(), id);
  const mv = st.legal.find((m) => m.path && m.path.length) || st.legal[0];
  for (const cell of mv.path) await page.click(`[data-testid=board] [data-cell="${cell}"]`);
  return st.ply;
}

async function login(page, name, password, button) {
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  await page.click(`[data-testid=${button}]`);
}

test('testAccounts', async ({ browser, newPage }) => {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'account-en');
  const b = await newPage(ctxB, 'account-es');
  const name = `player_${Date.now() % 100000}`;
  const password = 'a long password';

  // Sign up in the first browser.
  await a.goto(`${BASE}/`);
  await expect(a.getByTestId('account-summary')).toBeVisible();
  await a.click('[data-testid=account]');
  await shoot(a, 'account-form-en');
  await a.click('[data-testid=account]');
  await login(a, name, password, 'account-signup');
  await expect(a.getByTestId('account-summary')).toHaveText(name);
  await shoot(a, 'account-in-en');
  log(`signed up as ${name}`);

  // A game against the computer, logged in: its seat is the account's.
  await a.goto(`${BASE}/new/jarmo`);
  await expect(a.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await a.check('[data-testid=seat-0-human]');
  await a.check('[data-testid=seat-1-ai]');
  await a.selectOption('[data-testid=level-1]', '1');
  await a.selectOption('[data-testid=first]', '0');
  await a.click('[data-testid=create]');
  await a.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(a.url())[1];
  await expect(a.locator('[data-testid=board][data-ply="0"] [data-cell]').first()).toBeVisible();
  await playFirstLegal(a, id);
  // The computer answers: ply 2, the account's seat to move again.
  await expect(a.getByTestId('board')).toHaveAttribute('data-ply', '2');
  await a.click('[data-testid=account]');
  await expect(a.getByTestId('account-who'), 'the box names the account').toContainText(name);
  await a.click('[data-testid=account-logout]');
  await expect(a.locator('.account')).toHaveAttribute('data-state', 'out');
  await expect(a.getByTestId('account-summary'), 'logged out, the box offers to log in').toHaveText('Log in');
  log('game started and logged out');

  // A second browser: a wrong password is refused, in Spanish.
  await b.goto(`${BASE}/`);
  await expect(b.getByTestId('account-summary')).toBeVisible();
  await login(b, name, 'not the password', 'account-login');
  await expect(b.getByTestId('account-error'), 'the refusal in Spanish').toHaveText('nombre o contraseña incorrectos');
  await shoot(b, 'account-refused-es');
  // The right one logs in, and the game goes on here.
  await b.fill('[data-testid=account-password]', password);
  await b.click('[data-testid=account-login]');
  await expect(b.getByTestId('account-summary')).toHaveText(name);
  await shoot(b, 'account-in-es');
  const tokens = await b.evaluate(() => localStorage.getItem('tablero.games'));
  check(!tokens || tokens === '{}', `the second browser holds no token: ${tokens}`);
  // Its home page lists the account's game, though it holds no token.
  await b.goto(`${BASE}/`);
  await expect(b.getByTestId(`recent-${id}`)).toBeVisible();
  await b.goto(`${BASE}/play/${id}`);
  await expect(b.locator('[data-testid=board][data-ply="2"][data-you="0"] [data-cell]').first()).toBeVisible();
  await playFirstLegal(b, id);
  await expect(b.getByTestId('board')).toHaveAttribute('data-ply', '4');
  await shoot(b, 'account-continued-es');
  log('the game went on in the second browser');
  await ctxA.close();
  await ctxB.close();
});

// testSeatClaim (issue #42): a logged-in player who opens someone's seat
// link is asked "Play this seat as NAME?"; the seat becomes the account's
// only on "yes" (the server's player bar names it), and "play without my
// account" leaves it the browser's (not asked again). Shot in both
// languages on a laptop and a phone.
test('testSeatClaim', async ({ browser, newPage }) => {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'claim-en');
  const b = await newPage(ctxB, 'claim-es');
  const tag = Date.now() % 100000;
  const [nameA, nameB] = [`host_${tag}`, `guest_${tag}`];
  for (const [page, name] of [[a, nameA], [b, nameB]]) {
    await page.goto(`${BASE}/`);
    await expect(page.getByTestId('account-summary')).toBeVisible();
    await login(page, name, 'a long password', 'account-signup');
    await expect(page.getByTestId('account-summary')).toHaveText(name);
  }
  /** A game of jarmo made by `page`'s account with a friend's link for seat 1: its id and link. */
  const linked = async (page) => page.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'jarmo', seats: [{ kind: 'human' }, { kind: 'link' }] }),
    });
    const g = await r.json();
    return { id: g.id, link: g.links['1'] };
  });
  const holder = async (page, id, seat) => page.evaluate(async ([gid, s]) => {
    const st = await (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json();
    return st.seats[s].player;
  }, [id, seat]);

  // B (Spanish, a phone) opens A's link: asked, and the seat is not yet B's.
  const one = await linked(a);
  await b.goto(`${BASE}${one.link}`);
  await expect(b.getByTestId('seat-claim')).toBeVisible();
  await expect(b.getByTestId('seat-claim-ask')).toContainText(`como ${nameB}`);
  await expect(b.getByTestId('seat-claim-yes')).toHaveText(`Sí, como ${nameB}`);
  check((await holder(b, one.id, 1)) === null, 'opening the link gave the seat to no account');
  await shoot(b, 'seat-claim-es-390');
  // On a phone the question stands under the board, with the status.
  await b.getByTestId('seat-claim-no').scrollIntoViewIfNeeded();
  await shoot(b, 'seat-claim-es-390-scrolled');
  await b.setViewportSize({ width: 1366, height: 768 });
  await shoot(b, 'seat-claim-es-1366');
  await b.setViewportSize({ width: 390, height: 844 });
  // "Play without my account": no longer asked, here or after a reload;
  // the seat plays by its link.
  await b.click('[data-testid=seat-claim-no]');
  await expect(b.getByTestId('seat-claim')).toBeHidden();
  await b.reload();
  await expect(b.locator('[data-testid=board][data-you="1"]')).toBeVisible();
  await expect(b.getByTestId('seat-claim')).toBeHidden();
  check((await holder(b, one.id, 1)) === null, 'declining left the seat to no account');
  log('declined: the seat stays the browser\'s');

  // A (English, a laptop) opens B's link and says yes: the seat is A's.
  const two = await linked(b);
  await a.goto(`${BASE}${two.link}`);
  await expect(a.getByTestId('seat-claim')).toBeVisible();
  await expect(a.getByTestId('seat-claim-ask')).toContainText(`as ${nameA}?`);
  await shoot(a, 'seat-claim-en-1366');
  await a.setViewportSize({ width: 390, height: 844 });
  await shoot(a, 'seat-claim-en-390');
  await a.getByTestId('seat-claim-no').scrollIntoViewIfNeeded();
  await shoot(a, 'seat-claim-en-390-scrolled');
  await a.setViewportSize({ width: 1366, height: 768 });
  await a.click('[data-testid=seat-claim-yes]');
  await expect(a.getByTestId('seat-claim')).toBeHidden();
  await expect.poll(async () => (await holder(a, two.id, 1))?.name, 'the seat is the account\'s').toBe(nameA);
  // The host's page names the account that took the seat.
  await b.goto(`${BASE}/play/${two.id}`);
  await expect(b.locator('[data-testid=player-top], [data-testid=player-bottom]').filter({ hasText: nameA })).toHaveCount(1);
  await shoot(a, 'seat-claimed-en-1366');
  log('claimed: the seat is the account\'s');
  await ctxA.close();
  await ctxB.close();
});
