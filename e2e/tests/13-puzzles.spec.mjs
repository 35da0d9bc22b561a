// The puzzles page (issue #35).
//
// testPuzzles: on /puzzles (English on a laptop, Spanish on a phone, each a
// fresh browser, not logged in) an Imago puzzle the server mined at start-up
// is solved right (its answer learnt first from the API by another client)
// and the next one wrong: the verdict, the refutation's value, the answer,
// every legal move's value, the streak and the puzzle rating (the one the
// server computed, kept by the page and sent with the next request) are
// checked; the themes picker names the stored themes in the page's language
// and a theme chosen poses a puzzle of it, a win in 3 among them (the
// committed set, #46); screenshots of both verdicts.

import { test, expect, check, log, shoot, axeCheck, board, BASE, FAST } from '../harness.mjs';

async function call(base, method, path, body, cookie) {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

/** The puzzle on the page's board (another than `other`, when given): its id and legal moves (with their cells). */
async function posed(page, base, other) {
  const sel = other
    ? `[data-testid=board][data-puzzle]:not([data-puzzle=""]):not([data-puzzle="${other}"]) [data-cell]`
    : '[data-testid=board][data-puzzle]:not([data-puzzle=""]) [data-cell]';
  await expect(page.locator(sel).first(), other ? `a puzzle other than ${other}` : 'a puzzle').toBeVisible({ timeout: 60_000 });
  const id = await board(page).getAttribute('data-puzzle');
  const variant = await board(page).getAttribute('data-variant');
  const position = await board(page).getAttribute('data-position');
  const st = await call(base, 'POST', '/api/position', { game: 'imago', variant, position });
  check(st.status === 200 && st.json.legal.length >= 2, `the puzzle's position: ${st.status} ${JSON.stringify(st.json).slice(0, 200)}`);
  // Another browser's try (its own cookie, counted for it) tells the answer.
  const peeker = Array.from({ length: 32 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(Date.now() + i * 7 + Math.floor(Math.random() * 36)) % 36]).join('');
  const peek = await call(base, 'POST', `/api/puzzles/${id}/answer`, { move: st.json.legal[0].move }, `tablero_browser=${peeker}`);
  check(peek.status === 200, `peeking at ${id}: ${peek.status} ${JSON.stringify(peek.json)}`);
  return { id, legal: st.json.legal, answer: peek.json.answer, proof: peek.json.proof };
}

async function play(page, mv) {
  for (const cell of mv.path) await page.click(`[data-testid=board] [data-cell="${cell}"]`);
}

const WORDS = {
  en: { right: 'Right!', wrong: 'is not the move', answer: 'The answer:', streak: 'Streak: ', theme: 'Win in 1', any: 'Any theme' },
  es: { right: '¡Correcto!', wrong: 'no es la jugada', answer: 'La solución:', streak: 'Racha: ', theme: 'Gana en 1', any: 'Cualquier tema' },
};

/** The rating shown in the page's score line. */
async function shownRating(page) {
  const text = await page.getByTestId('pz-score').textContent();
  const m = /(\d+) ± (\d+)/.exec(text);
  return m ? { rating: Number(m[1]), deviation: Number(m[2]), text } : { text };
}

/** Waits (every 25 ms) until the score line shows the rating `rating` (rounded). */
async function ratingShown(page, rating, what) {
  await expect.poll(async () => (await shownRating(page)).rating, { message: `${what}: the rating shown (the server's ${rating})`, intervals: FAST })
    .toBe(Math.round(rating));
}

const startsWith = (s) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Waits until the server has loaded the committed sets (#46): at least
 * 10,000 Imago and 10,000 Linja puzzles, and the counts still for 1 s. */
async function setsLoaded(base) {
  const totals = async () => {
    const all = (await call(base, 'GET', '/api/puzzles/themes')).json;
    const of = (g) => all.filter((x) => x.game === g).reduce((a, x) => a + x.count, 0);
    return [of('imago'), of('linja'), all.reduce((a, x) => a + x.count, 0)];
  };
  for (let i = 0; i < 600; i++) {
    const [imago, linja, all] = await totals();
    if (imago >= 10000 && linja >= 10000) {
      await new Promise((r) => setTimeout(r, 1000));
      if ((await totals())[2] === all) return { imago, linja };
    } else {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('the committed puzzle sets were not loaded in 5 minutes');
}

test('testPuzzles', async ({ browser, newPage }) => {
  const base = BASE;
  const loaded = await setsLoaded(base);
  log(`sets loaded: ${loaded.imago} Imago, ${loaded.linja} Linja puzzles`);
  for (const [lang, size, phone] of [['en', { width: 1366, height: 768 }, false], ['es', { width: 390, height: 844 }, true]]) {
    const w = WORDS[lang];
    const ctx = await browser.newContext({ viewport: size, locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone, bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, `puzzles-${lang}`);
    await page.goto(`${base}/`);
    await page.click('[data-testid=puzzles-link]');
    await page.waitForURL(/\/puzzles\?game=imago$/);
    const verdict = page.getByTestId('pz-verdict');
    const score = page.getByTestId('pz-score');

    // Right: the answer played.
    const one = await posed(page, base);
    const mv = one.legal.find((m) => m.move === one.answer);
    check(mv, `${lang}: the answer ${one.answer} is not among the legal moves`);
    const judged = page.waitForResponse((r) => r.url().includes(`/api/puzzles/${one.id}/answer`));
    await play(page, mv);
    const right = await (await judged).json();
    check(right.right === true, `${lang}: the page's answer was judged ${JSON.stringify(right)}`);
    await expect(verdict, `${lang}: the verdict of the right answer`).toHaveAttribute('data-right', '1');
    await expect(verdict, `${lang}: the verdict says right`).toContainText(w.right);
    await expect(verdict, `${lang}: the verdict names the move`).toContainText(one.answer);
    await expect(board(page), `${lang}: the board after the move played`).toHaveAttribute('data-shown', 'played');
    check(right.rating.rating > 1500, `${lang}: the server's rating after a right answer ${right.rating.rating}`);
    await ratingShown(page, right.rating.rating, `${lang}: after a right answer`);
    await expect(score, `${lang}: the streak after a right answer`).toContainText(`${w.streak}1`);
    await expect(score, `${lang}: the change ${right.change} is shown`).toContainText(`+${Math.round(right.change)}`);
    const proofRows = page.getByTestId('pz-proof-move');
    await expect(proofRows, `${lang}: the proof lists every legal move (${one.legal.length})`).toHaveCount(one.legal.length);
    await expect(proofRows.first(), `${lang}: the proof lists the answer first`).toHaveAttribute('data-move', one.answer);
    await shoot(page, `puzzles-${lang}-${size.width}-right`);

    // Wrong: another move; the next puzzle is asked for with the rating kept.
    const asked = page.waitForRequest((r) => r.url().includes('/api/puzzles/next'));
    await page.click('[data-testid=pz-next]');
    const url = new URL((await asked).url());
    check(Math.abs(Number(url.searchParams.get('rating')) - right.rating.rating) < 1e-6, `${lang}: the next puzzle is asked for with rating ${url.searchParams.get('rating')}, kept ${right.rating.rating}`);
    check((url.searchParams.get('skip') || '').split(',').includes(one.id), `${lang}: the puzzle just solved is skipped: ${url}`);
    const two = await posed(page, base, one.id);
    const wrongMove = two.legal.find((m) => m.move !== two.answer);
    const judged2 = page.waitForResponse((r) => r.url().includes(`/api/puzzles/${two.id}/answer`));
    await play(page, wrongMove);
    const wrong = await (await judged2).json();
    check(wrong.right === false && wrong.move === wrongMove.move, `${lang}: ${wrongMove.move} judged ${JSON.stringify(wrong)}`);
    await expect(verdict, `${lang}: the verdict of the wrong answer`).toHaveAttribute('data-right', '0');
    await expect(verdict, `${lang}: the wrong verdict names the move`).toContainText(wrongMove.move);
    await expect(verdict, `${lang}: the wrong verdict says wrong`).toContainText(w.wrong);
    const answerLine = page.getByTestId('pz-answer');
    await expect(answerLine, `${lang}: the answer line`).toContainText(w.answer);
    await expect(answerLine, `${lang}: the answer line names the answer`).toContainText(two.answer);
    // The refutation: the wrong move's value as its proof row says.
    const row = await page.locator(`[data-testid=pz-proof-move][data-move="${wrongMove.move}"] .ex-value`).textContent();
    await expect(verdict, `${lang}: the verdict gives the move's value ${JSON.stringify(row)}`).toContainText(row);
    check(wrong.rating.rating < right.rating.rating, `${lang}: the server's rating after a wrong answer ${wrong.rating.rating}, before ${right.rating.rating}`);
    await ratingShown(page, wrong.rating.rating, `${lang}: after a wrong answer`);
    await expect(score, `${lang}: the streak after a wrong answer`).toContainText(`${w.streak}0`);
    await shoot(page, `puzzles-${lang}-${size.width}-wrong`);
    await page.click('[data-testid=pz-show]');
    await expect(board(page), `${lang}: the board after the answer`).toHaveAttribute('data-shown', 'answer');
    await shoot(page, `puzzles-${lang}-${size.width}-answer`);
    await axeCheck(page, `the puzzles page (${lang}, ${size.width})`);

    // The themes picker: the stored themes, named in the page's language.
    const themes = (await call(base, 'GET', '/api/puzzles/themes')).json.filter((x) => x.game === 'imago');
    const options = page.locator('[data-testid=pz-theme] option');
    await expect(options, `${lang}: the theme options for ${JSON.stringify(themes)}`).toHaveCount(new Set(themes.map((x) => x.theme)).size + 1);
    await expect(options.first(), `${lang}: the first theme option`).toHaveText(startsWith(w.any));
    await expect(page.locator('[data-testid=pz-theme] option[value="win-in-1"]'), `${lang}: win-in-1's name`).toHaveText(startsWith(w.theme));
    await page.selectOption('[data-testid=pz-theme]', 'win-in-1');
    await page.waitForURL(/theme=win-in-1/);
    await expect(page.getByTestId('pz-task'), `${lang}: a puzzle of the theme chosen`).toHaveAttribute('data-theme', 'win-in-1');
    // The committed set (issue #46): wins in 3 and more are offered.
    const deep = themes.filter((x) => /^win-in-([3-9]|\d\d+)$/.test(x.theme));
    check(deep.length >= 5, `${lang}: themes of a win in 3 or more ${JSON.stringify(deep)}`);
    await page.selectOption('[data-testid=pz-theme]', 'win-in-3');
    await page.waitForURL(/theme=win-in-3/);
    await expect(page.getByTestId('pz-task'), `${lang}: a win in 3 posed`).toHaveAttribute('data-theme', 'win-in-3');
    log(`${lang}: puzzles ${one.id} right (${right.rating.rating.toFixed(1)}), ${two.id} wrong (${wrong.rating.rating.toFixed(1)})`);
    await ctx.close();
  }
});
