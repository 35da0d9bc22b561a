// Tournaments in real Chromium (issue #45), with three browsers: Ana
// (English laptop) makes a one-round Swiss from /tournaments; Bea (Spanish
// phone) and Cleo (English laptop) open its page and join; Ana starts it.
// Two of them are sent to their game at once (the page reads the
// tournament every second), the third has the bye and watches the
// standings change without reloading when the loser resigns. Then an
// arena with the same three: the winner of its first game is paired again
// at once, and the standings show the winner's 2 points. Screenshots of
// the list and form, a Swiss's and an arena's page at 1366x768 and
// 390x844, in English and Spanish.

import { test, expect, check, log, shoot, sleep, BASE, person, bothSizes } from '../harness.mjs';

const playing = (p) => /\/play\/[A-Za-z0-9_-]+$/.test(new URL(p.page.url()).pathname);

/** Makes a tournament from the form on Ana's page; its id. */
async function make(page, kind, extra) {
  await page.goto(`${BASE}/tournaments`);
  await expect(page.getByTestId('tn-form')).toBeVisible();
  await page.selectOption('[data-testid=tn-kind]', kind);
  await page.selectOption('[data-testid=tn-game]', 'jarmo');
  await page.fill('[data-testid=tn-clock]', '5+3');
  for (const [k, v] of Object.entries(extra)) await page.fill(`[data-testid=tn-${k}]`, String(v));
  await page.click('[data-testid=tn-create]');
  await page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
  return new URL(page.url()).pathname.split('/').pop();
}

async function joinAll(people, id) {
  for (const p of people) {
    if (!new URL(p.page.url()).pathname.endsWith(id)) await p.page.goto(`${BASE}/tournament/${id}`);
    await p.page.click('[data-testid=tn-join]');
    await expect(p.page.getByTestId(`tn-row-${p.name}`)).toBeVisible();
  }
}

/** Waits until exactly two of `people` are on a game's page; [players, the one left]. */
async function paired(people) {
  for (let i = 0; i < 100; i++) {
    const on = people.filter(playing);
    if (on.length === 2) return [on, people.find((p) => !playing(p))];
    await sleep(100);
  }
  throw new Error(`not sent to their games: ${people.map((p) => p.page.url()).join(', ')}`);
}

async function resign(page) {
  await expect(page.getByTestId('board')).toBeVisible();
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm]');
}

test('testTournaments', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const A = await person(browser, newPage, `ana${run}`, 'en', { switchLang: true });
  const B = await person(browser, newPage, `bea${run}`, 'es', { phone: true, switchLang: true });
  const C = await person(browser, newPage, `cleo${run}`, 'en', { switchLang: true });
  const all = [A, B, C];

  // ---- a one-round Swiss
  await A.page.goto(`${BASE}/tournaments`);
  await expect(A.page.getByTestId('tn-form')).toBeVisible();
  await bothSizes(A.page, 'tournaments-en', { full: true });
  await B.page.goto(`${BASE}/tournaments`);
  await expect(B.page.getByTestId('tn-form')).toBeVisible();
  await bothSizes(B.page, 'tournaments-es', { full: true });
  const swiss = await make(A.page, 'swiss', { rounds: 1, name: `Swiss ${run}` });
  await joinAll(all, swiss);
  await bothSizes(B.page, 'tournament-swiss-upcoming-es', { full: true });
  const started = Date.now();
  await A.page.click('[data-testid=tn-start]');
  const [players, bye] = await paired(all);
  log(`sent to their games ${Date.now() - started} ms after Start`);
  check(Date.now() - started < 3000, 'the players were sent to their games within 3 s');
  const [pa, pb] = players;
  check(new URL(pa.page.url()).pathname === new URL(pb.page.url()).pathname, 'the two are in one game');
  // The one with the bye sees a point already and the others at 0.
  await expect(bye.page.getByTestId(`tn-points-${bye.name}`)).toHaveText('1');
  await expect(bye.page.getByTestId(`tn-points-${pa.name}`)).toHaveText('0');
  // pb resigns: pa's point shows on the bye's page without a reload.
  const resigned = Date.now();
  await resign(pb.page);
  await expect(bye.page.getByTestId(`tn-points-${pa.name}`)).toHaveText('1', { timeout: 5000 });
  log(`the standings changed ${Date.now() - resigned} ms after the resignation`);
  await expect(bye.page.getByTestId('tn-state')).toHaveText(bye === B ? 'Terminado' : 'Finished');
  await expect(bye.page.getByTestId(`tn-points-${pb.name}`)).toHaveText('0');
  for (const p of players) await p.page.goto(`${BASE}/tournament/${swiss}`);
  await expect(A.page.getByTestId('tn-cross')).toBeVisible();
  await bothSizes(A.page, 'tournament-swiss-finished-en', { full: true });
  await bothSizes(B.page, 'tournament-swiss-finished-es', { full: true });

  // ---- an arena: the winner is paired again at once
  const arena = await make(A.page, 'arena', { minutes: 20 });
  await joinAll(all, arena);
  await A.page.click('[data-testid=tn-start]');
  const [[x, y], waiting] = await paired(all);
  const firstGame = new URL(x.page.url()).pathname;
  await resign(y.page);
  // x won: paired again with the one waiting, sent to the new game.
  // (Its page goes back to the tournament when the game ends, then on to
  // the new game: wait for a game page that is not the first.)
  const inNewGame = () => {
    const p = new URL(x.page.url()).pathname;
    return p !== firstGame && p.startsWith('/play/');
  };
  for (let i = 0; i < 100 && !inNewGame(); i++) await sleep(100);
  check(inNewGame(), 'the winner is in a new game');
  await waiting.page.waitForURL(/\/play\//, { timeout: 5000 });
  check(new URL(waiting.page.url()).pathname === new URL(x.page.url()).pathname, 'the winner meets the one who waited');
  await y.page.goto(`${BASE}/tournament/${arena}`);
  await expect(y.page.getByTestId(`tn-points-${x.name}`)).toHaveText('2');
  await expect(y.page.getByTestId(`tn-points-${y.name}`)).toHaveText('0');
  for (const lang of ['en', 'es']) {
    await y.page.click(`[data-testid=lang-${lang}]`);
    await expect(y.page.getByTestId('tn-state')).toContainText(lang === 'es' ? 'Termina' : 'Ends');
    await bothSizes(y.page, `tournament-arena-${lang}`, { full: true });
  }
});
