// The courses (issue #46): /learn and a stage played on the board.
//
// testLearn: English on a laptop (1366x768) and Spanish on a phone
// (390x844), each a fresh browser not logged in: from the home page to the
// courses, Imago's course, its first stage; the first exercise played by
// clicking its intended solution (crates/ai/src/course/data.rs) against
// the coach: the goal reached at par with three stars, shown on the
// exercise's dot; after a reload the stars are still there (kept by the
// server for this browser's cookie), and the course list counts them. The
// page passes axe-core; screenshots of the list and of the stage.

import { test, expect, check, shoot, axeCheck, clickMove, board, contextFor, BASE } from '../harness.mjs';

/** Exercise 0 of `imago-step` and the learner's moves that reach its goal. */
const STEP = { variant: 'default', position: 'b2,b5/g2,g5 r 0', solution: ['b5-c5 g2', 'c5-d5 g2'] };

const WORDS = {
  en: { title: 'Learn', imago: 'Learn Imago', reached: 'Goal reached in 2 moves', goal: 'Goal:' },
  es: { title: 'Aprender', imago: 'Aprende Imago', reached: 'Objetivo alcanzado en 2 jugadas', goal: 'Objetivo:' },
};

async function position(moves) {
  const res = await fetch(`${BASE}/api/position`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'imago', variant: STEP.variant, position: STEP.position, moves }),
  });
  check(res.ok, `POST /api/position: ${res.status}`);
  return res.json();
}

test('testLearn', async ({ browser, newPage }) => {
  for (const [lang, w, hgt] of [['en', 1366, 768], ['es', 390, 844]]) {
    const words = WORDS[lang];
    const ctx = await browser.newContext(contextFor(lang, w, hgt, { bypassCSP: true /* axe-core is injected */ }));
    const page = await newPage(ctx, `learn-${lang}`);
    await page.goto(`${BASE}/`);
    await page.click('[data-testid=learn-link]');
    await page.waitForURL(/\/learn$/);
    await expect(page.locator('h1')).toHaveText(words.title);
    await expect(page.getByTestId('learn-course'), `${lang}: a course per game`).toHaveCount(4);
    await shoot(page, `learn-${lang}-${w}-list`);
    await page.click('[data-testid=learn-course][data-game=imago] h2 a');
    await page.waitForURL(/\/learn\/imago$/);
    await expect(page.locator('h1')).toHaveText(words.imago);
    const stages = page.getByTestId('learn-stage');
    check((await stages.count()) >= 6, `${lang}: Imago's stages: ${await stages.count()}`);
    await page.click('[data-testid=learn-stage][data-stage=imago-step] a');
    await page.waitForURL(/\/learn\/imago\/imago-step$/);
    await expect(page.getByTestId('learn-goal'), `${lang}: the goal in words`).toContainText(words.goal);
    await expect(board(page), `${lang}: the first exercise`).toHaveAttribute('data-exercise', '0');

    // The solution, move by move, each answered by the coach.
    let all = [];
    for (const [i, text] of STEP.solution.entries()) {
      const st = await position(all);
      const mv = st.legal.find((m) => m.move === text);
      check(mv, `${lang}: ${text} is not legal after ${all.join(', ')}`);
      const answered = page.waitForResponse((r) => r.url().includes('/api/learn/imago/imago-step/0'));
      await clickMove(page, mv);
      const replay = await (await answered).json();
      check(replay.learner_moves === i + 1, `${lang}: the replay after ${text}: ${JSON.stringify(replay)}`);
      all = replay.moves;
      if (i + 1 < STEP.solution.length) {
        check(!replay.reached, `${lang}: reached too soon: ${JSON.stringify(replay)}`);
        await expect(page.getByTestId('status')).toHaveAttribute('data-reached', '0');
      } else {
        check(replay.reached && replay.stars === 3 && replay.best === 3, `${lang}: the last move: ${JSON.stringify(replay)}`);
      }
    }
    const status = page.getByTestId('status');
    await expect(status, `${lang}: the goal reached`).toHaveAttribute('data-reached', '1');
    await expect(status).toContainText(words.reached);
    await expect(status).toContainText('★★★');
    await expect(page.getByTestId('learn-dot').first(), `${lang}: the dot's stars`).toHaveAttribute('data-stars', '3');
    await expect(page.getByTestId('learn-next'), `${lang}: on to the next exercise`).toBeVisible();
    await shoot(page, `learn-${lang}-${w}-stage`);
    await axeCheck(page, `the course stage (${lang})`);

    // Kept: after a reload the page opens the next exercise not done, the
    // first one's dot still with its stars; the course counts them.
    await page.reload();
    await expect(board(page), `${lang}: after a reload, the next exercise`).toHaveAttribute('data-exercise', '1');
    await expect(page.getByTestId('learn-dot').first()).toHaveAttribute('data-stars', '3');
    await page.goto(`${BASE}/learn/imago`);
    await expect(page.locator('[data-testid=learn-stage][data-stage=imago-step] .learn-stage-stars')).toContainText('3/');
    await axeCheck(page, `the course list (${lang})`);
    await ctx.close();
  }
});
