// The screen-reader mode of the game page (issue #49, H49P), in real
// Chromium, driven by the keyboard alone (page.keyboard: no click, no
// fill): testBlindImago plays a whole Imago game against the computer (its
// quickest level) in English and in Spanish: Tab reaches the move input,
// `moves`/`jugadas` lists the legal moves (read from the log, an aria-live
// region), each move is typed and the computer's answers are written to
// the log, `board`, `clock` and `last` answer, until the game ends; axe-core
// finds no violation at all on the page (any impact). Screenshots at
// 1366x768 and 390x844 (e2e/screenshots/blind-*.png).

import { test, expect, check, log, api, shoot, sleep, BASE, contextFor } from '../harness.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const AXE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Every axe-core violation on the page, whatever its impact. */
async function axeAll(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** How many lines the log has been written (it keeps the last 500). */
const count = async (page) => Number(await page.getByTestId('blind-log').getAttribute('data-count') || 0);

/** The log's lines written after the `after`th, kept in `heard` (every line the test saw). */
const heard = [];
async function linesAfter(page, after) {
  const got = await page.locator('[data-testid=blind-log] p').evaluateAll((ps, n) => ps
    .filter((p) => Number(p.dataset.n) > n).map((p) => p.textContent), after);
  return got;
}

/** The log's lines so far (those the test heard). */
async function lines(page) {
  const seen = heard.length;
  heard.push(...(await linesAfter(page, seen)));
  return heard;
}

/** Types `text` and Enter in the focused input; the log's new lines once one has come. */
async function say(page, text) {
  await lines(page);
  const before = await count(page);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => count(page), { message: `an answer to "${text}"` }).toBeGreaterThan(before);
  await lines(page);
  return heard.slice(before);
}

/** Tabs from the top of the page until the move input has the focus; how many presses it took. */
async function tabToInput(page) {
  for (let i = 1; i <= 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement && document.activeElement.id === 'blind-input')) return i;
  }
  throw new Error('Tab never reached the move input');
}

const WORDS = {
  en: { moves: 'moves', board: 'board', clock: 'clock', last: 'last', legal: /legal moves?: (.*)$/, title: 'Screen-reader mode' },
  es: { moves: 'jugadas', board: 'tablero', clock: 'reloj', last: 'última', legal: /jugadas? legal(?:es)?: (.*)$/, title: 'Modo para lectores de pantalla' },
};

test('testBlindImago', async ({ browser, newPage }) => {
  for (const lang of ['en', 'es']) {
    const w = WORDS[lang];
    const made = await api('POST', '/api/games', { game: 'imago', first: 0, clock: '15+10', seats: [{ kind: 'human' }, { kind: 'ai', level: 1 }] });
    const id = made.id;
    const ctx = await browser.newContext(contextFor(lang, 1366, 768, { bypassCSP: true /* axe-core is injected */ }));
    const page = await newPage(ctx, `blind ${lang}`);
    await page.goto(`${BASE}/`);
    await page.evaluate(([gid, tok]) => {
      localStorage.setItem('tablero.games', JSON.stringify({ [gid]: { tokens: [tok] } }));
    }, [id, made.tokens['0']]);
    await page.goto(`${BASE}/play/${id}?blind=1`);
    await expect(page.getByTestId('blind')).toBeVisible();
    heard.length = 0;
    await expect(page.locator('#blind-title')).toHaveText(w.title);
    await expect(page.getByTestId('board')).toBeHidden();
    const presses = await tabToInput(page);
    log(`${lang}: the move input after ${presses} Tab presses`);

    const board = await say(page, w.board);
    check(board.join(' ').length > 20, `the board read: ${board}`);
    const clock = await say(page, w.clock);
    check(/\d/.test(clock.join(' ')), `the clocks read: ${clock}`);

    let moves = 0;
    for (let turn = 0; turn < 200; turn++) {
      const st = await api('GET', `/api/games/${id}`);
      if (st.result) break;
      if (st.to_move !== 0 || st.thinking) { await sleep(100); continue; }
      const said = await say(page, w.moves);
      const m = w.legal.exec(said[said.length - 1]);
      if (!m) {
        // The computer answered between our look and our command: look again.
        await sleep(100);
        continue;
      }
      const legal = m[1].split(', ');
      const mv = legal[Math.floor(Math.random() * legal.length)];
      const answer = await say(page, mv);
      check(answer.some((l) => l.includes(mv)), `our move ${mv} is written to the log: ${answer}`);
      moves += 1;
      if (moves === 2) {
        const last = await say(page, w.last);
        check(last.join(' ').length > 5, `the last move read: ${last}`);
        await shoot(page, `blind-${lang}-1366`);
        expect(await axeAll(page), `axe-core on the screen-reader mode (${lang})`).toEqual([]);
      }
      // The computer's answer (or the end) reaches the log.
      await expect.poll(async () => {
        const s = await api('GET', `/api/games/${id}`);
        return !!s.result || (s.to_move === 0 && !s.thinking);
      }, { timeout: 30_000, message: 'the computer answers' }).toBe(true);
    }
    const st = await api('GET', `/api/games/${id}`);
    check(st.result, `the game ended (after ${moves} moves of ours)`);
    await expect.poll(async () => (await lines(page)).at(-1), { message: 'the end is written to the log' })
      .toMatch(lang === 'es' ? /(Has|Tablas|gana|ganado|perdido)/i : /(You|won|lost|draw)/i);
    // The computer's moves were written to the log, with its side's name.
    const all = await lines(page);
    const computer = st.moves.filter((_, i) => i % 2 === 1);
    const missing = computer.filter((mv) => !all.some((l) => l.includes(mv)));
    check(computer.length > 0 && missing.length === 0, `the computer's moves not in the log: ${missing.join(' ')}`);
    log(`${lang}: game over after ${st.ply} plies (${moves} typed): ${all.at(-1)}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(200);
    await shoot(page, `blind-${lang}-390`);
    expect(await axeAll(page), `axe-core at the end (${lang})`).toEqual([]);
    await ctx.close();
  }
});
