// "Your turn" through another server process (issue #42): two `tablero
// serve` processes on one PostgreSQL database (scripts/test.sh starts one
// and names it in $TABLERO_TEST_POSTGRES; without it the test is skipped,
// saying so). Ana (English laptop) is on the first process, Bea (Spanish
// phone) on the second. Ana challenges Bea, Bea accepts; Bea waits on the
// home page; Ana's move, made through the first process, puts the game in
// Bea's "your turn" list on the second within 1 s, and her tab's title
// counts it. Screenshots of Bea's list at 390x844.

import { test, expect, check, log, shoot, serve, stop, sleep, person } from '../harness.mjs';

const PG = process.env.TABLERO_TEST_POSTGRES;

/** `fetch` in `page` (its cookie, its origin); resolves to [status, body]. */
function call(page, method, url, body) {
  return page.evaluate(async ([m, u, b]) => {
    const res = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
    return [res.status, await res.json().catch(() => null)];
  }, [method, url, body]);
}

test('testYourTurnAcrossProcesses', async ({ browser, newPage }) => {
  test.skip(!PG, 'TABLERO_TEST_POSTGRES is not set: no PostgreSQL server for two processes (scripts/test.sh starts one)');
  const [p1, base1] = await serve(['--database', PG], 'the first process');
  const [p2, base2] = await serve(['--database', PG], 'the second process');
  try {
    log(`two processes on PostgreSQL: ${base1} and ${base2}`);
    const run = String(Date.now() % 100000);
    const [ana, bea] = [`ana2p${run}`, `bea2p${run}`];
    const A = await person(browser, newPage, ana, 'en', { base: base1 });
    const B = await person(browser, newPage, bea, 'es', { base: base2, phone: true });

    // Ana challenges Bea on the first process; Bea accepts on the second.
    const [sent, ch] = await call(A.page, 'POST', '/api/challenges', { to: bea, game: 'jarmo', clock: '5+3', colour: 'first' });
    check(sent === 200, `the challenge answered ${sent}: ${JSON.stringify(ch)}`);
    const [took, game] = await call(B.page, 'POST', `/api/challenges/${ch.id}/accept`, {});
    check(took === 200 && game.game_id, `the accept answered ${took}: ${JSON.stringify(game)}`);
    const gid = game.game_id;

    // Bea waits on the second process's home page: nothing for her yet.
    await B.page.goto(`${base2}/`);
    await expect(B.page.getByTestId('recent')).toBeVisible();
    await sleep(500); // the notices socket opens
    await expect(B.page.getByTestId(`your-turn-${gid}`)).toHaveCount(0);

    // Ana moves through the first process.
    const [, mine] = await call(A.page, 'GET', `/api/challenges/${ch.id}`);
    const auth = { Authorization: `Bearer ${mine.token}` };
    const moved = await A.page.evaluate(async ([g, h]) => {
      const st = await (await fetch(`/api/games/${g}`, { headers: h })).json();
      const t0 = Date.now();
      const res = await fetch(`/api/games/${g}/move`, {
        method: 'POST', headers: { ...h, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: st.legal[0].move }),
      });
      return [res.status, t0];
    }, [gid, auth]);
    check(moved[0] === 200, `Ana's move answered ${moved[0]}`);
    const t0 = Date.now();
    await expect(B.page.getByTestId(`your-turn-${gid}`)).toBeVisible({ timeout: 5000 });
    const ms = Date.now() - t0;
    log(`"your turn" on the other process ${ms} ms after the move's answer`);
    check(ms < 1000, `the other process's list took ${ms} ms (within 1 s asked)`);
    await expect.poll(() => B.page.title(), { timeout: 2000 }).toMatch(/^\(1\) /);
    await shoot(B.page, 'two-processes-your-turn-es-390');
    await A.ctx.close();
    await B.ctx.close();
  } finally {
    await stop(p1);
    await stop(p2);
  }
});
