// Browser test of the puzzles page (issue #35), run by run.mjs:
//   E2E_ONLY=testPuzzles node e2e/run.mjs target/debug/tablero
//
// testPuzzles: on /puzzles (English on a laptop, Spanish on a phone, each a
// fresh browser, not logged in) an Imago puzzle the server mined at start-up
// is solved right (its answer learnt first from the API by another client)
// and the next one wrong: the verdict, the refutation's value, the answer,
// every legal move's value, the streak and the puzzle rating (the one the
// server computed, kept by the page and sent with the next request) are
// checked; the themes picker names the stored themes in the page's language
// and a theme chosen poses a puzzle of it; screenshots of both verdicts.

async function call(base, method, path, body) {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

/** The puzzle on the page's board: its id and legal moves (with their cells). */
async function posed(page, base, check, other) {
  const sel = other
    ? `[data-testid=board][data-puzzle]:not([data-puzzle=""]):not([data-puzzle="${other}"]) [data-cell]`
    : '[data-testid=board][data-puzzle]:not([data-puzzle=""]) [data-cell]';
  await page.waitForSelector(sel, { timeout: 60_000 });
  const board = await page.$('[data-testid=board]');
  const id = await board.getAttribute('data-puzzle');
  const variant = await board.getAttribute('data-variant');
  const position = await board.getAttribute('data-position');
  const st = await call(base, 'POST', '/api/position', { game: 'imago', variant, position });
  check(st.status === 200 && st.json.legal.length >= 2, `the puzzle's position: ${st.status} ${JSON.stringify(st.json).slice(0, 200)}`);
  // Another client's try (anonymous, its own rating) tells the answer.
  const peek = await call(base, 'POST', `/api/puzzles/${id}/answer`, { move: st.json.legal[0].move });
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
  const text = await page.textContent('[data-testid=pz-score]');
  const m = /(\d+) ± (\d+)/.exec(text);
  return m ? { rating: Number(m[1]), deviation: Number(m[2]), text } : { text };
}

export async function testPuzzles({ browser, base, newPage, check, log, shoot, axe }) {
  for (const [lang, size, phone] of [['en', { width: 1366, height: 768 }, false], ['es', { width: 390, height: 844 }, true]]) {
    const w = WORDS[lang];
    const ctx = await browser.newContext({ viewport: size, locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone, bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, `puzzles-${lang}`);
    await page.goto(`${base}/`);
    await page.click('[data-testid=puzzles-link]');
    await page.waitForURL(/\/puzzles\?game=imago$/);

    // Right: the answer played.
    const one = await posed(page, base, check);
    const mv = one.legal.find((m) => m.move === one.answer);
    check(mv, `${lang}: the answer ${one.answer} is not among the legal moves`);
    const judged = page.waitForResponse((r) => r.url().includes(`/api/puzzles/${one.id}/answer`));
    await play(page, mv);
    const right = await (await judged).json();
    check(right.right === true, `${lang}: the page's answer was judged ${JSON.stringify(right)}`);
    await page.waitForSelector('[data-testid=pz-verdict][data-right="1"]');
    const said = await page.textContent('[data-testid=pz-verdict]');
    check(said.includes(w.right) && said.includes(one.answer), `${lang}: the verdict says ${JSON.stringify(said)}`);
    await page.waitForSelector('[data-testid=board][data-shown=played]');
    let score = await shownRating(page);
    check(score.rating === Math.round(right.rating.rating) && right.rating.rating > 1500, `${lang}: the rating shown ${JSON.stringify(score)}, the server's ${right.rating.rating}`);
    check(score.text.includes(`${w.streak}1`), `${lang}: the streak after a right answer: ${JSON.stringify(score.text)}`);
    check(score.text.includes(`+${Math.round(right.change)}`), `${lang}: the change ${right.change} is shown: ${JSON.stringify(score.text)}`);
    const proofRows = await page.$$eval('[data-testid=pz-proof-move]', (rs) => rs.map((r) => r.dataset.move));
    check(proofRows.length === one.legal.length && proofRows[0] === one.answer, `${lang}: the proof lists ${JSON.stringify(proofRows)} for ${one.legal.length} legal moves`);
    await shoot(page, `puzzles-${lang}-${size.width}-right`);

    // Wrong: another move; the next puzzle is asked for with the rating kept.
    const asked = page.waitForRequest((r) => r.url().includes('/api/puzzles/next'));
    await page.click('[data-testid=pz-next]');
    const url = new URL((await asked).url());
    check(Math.abs(Number(url.searchParams.get('rating')) - right.rating.rating) < 1e-6, `${lang}: the next puzzle is asked for with rating ${url.searchParams.get('rating')}, kept ${right.rating.rating}`);
    check((url.searchParams.get('skip') || '').split(',').includes(one.id), `${lang}: the puzzle just solved is skipped: ${url}`);
    const two = await posed(page, base, check, one.id);
    const wrongMove = two.legal.find((m) => m.move !== two.answer);
    const judged2 = page.waitForResponse((r) => r.url().includes(`/api/puzzles/${two.id}/answer`));
    await play(page, wrongMove);
    const wrong = await (await judged2).json();
    check(wrong.right === false && wrong.move === wrongMove.move, `${lang}: ${wrongMove.move} judged ${JSON.stringify(wrong)}`);
    await page.waitForSelector('[data-testid=pz-verdict][data-right="0"]');
    const said2 = await page.textContent('[data-testid=pz-verdict]');
    check(said2.includes(wrongMove.move) && said2.includes(w.wrong), `${lang}: the wrong verdict says ${JSON.stringify(said2)}`);
    const answerLine = await page.textContent('[data-testid=pz-answer]');
    check(answerLine.includes(w.answer) && answerLine.includes(two.answer), `${lang}: the answer line says ${JSON.stringify(answerLine)}`);
    // The refutation: the wrong move's value as its proof row says.
    const row = await page.textContent(`[data-testid=pz-proof-move][data-move="${wrongMove.move}"] .ex-value`);
    check(said2.includes(row), `${lang}: the verdict gives the move's value ${JSON.stringify(row)}: ${JSON.stringify(said2)}`);
    score = await shownRating(page);
    check(score.rating === Math.round(wrong.rating.rating) && wrong.rating.rating < right.rating.rating, `${lang}: after a wrong answer the rating shown ${JSON.stringify(score)}, the server's ${wrong.rating.rating}`);
    check(score.text.includes(`${w.streak}0`), `${lang}: the streak after a wrong answer: ${JSON.stringify(score.text)}`);
    await shoot(page, `puzzles-${lang}-${size.width}-wrong`);
    await page.click('[data-testid=pz-show]');
    await page.waitForSelector('[data-testid=board][data-shown=answer]');
    await shoot(page, `puzzles-${lang}-${size.width}-answer`);
    if (axe) await axe(page, `the puzzles page (${lang}, ${size.width})`);

    // The themes picker: the stored themes, named in the page's language.
    const options = await page.$$eval('[data-testid=pz-theme] option', (os) => os.map((o) => ({ value: o.value, text: o.textContent })));
    const themes = (await call(base, 'GET', '/api/puzzles/themes')).json.filter((x) => x.game === 'imago');
    check(options[0].text.startsWith(w.any) && options.length === new Set(themes.map((x) => x.theme)).size + 1,
      `${lang}: the theme options ${JSON.stringify(options)} for ${JSON.stringify(themes)}`);
    const win1 = options.find((o) => o.value === 'win-in-1');
    check(win1 && win1.text.startsWith(w.theme), `${lang}: win-in-1 is named ${JSON.stringify(win1)}`);
    await page.selectOption('[data-testid=pz-theme]', 'win-in-1');
    await page.waitForURL(/theme=win-in-1/);
    await page.waitForSelector('[data-testid=pz-task][data-theme="win-in-1"]');
    log(`${lang}: puzzles ${one.id} right (${right.rating.rating.toFixed(1)}), ${two.id} wrong (${wrong.rating.rating.toFixed(1)})`);
    await ctx.close();
  }
}
