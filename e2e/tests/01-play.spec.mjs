// Playing in the browser: the home page, a full game of Imago against the
// computer played by clicking cells, a refused illegal click, a friend's
// move arriving over the WebSocket in another browser context, a game of
// each board, the editor, fixed boards, the analysis board, the rematch,
// the two-game match and the hint.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  test, expect, check, log, sleep, api, randomMoves, board, boardPly, plyAbove, gameIdOf, storedTokens,
  createViaUi, clickMove, shootBoth, resignOn, BASE, BIN, HERE, SHOTS, STEP_TIMEOUT, FAST, attrSoon,
} from '../harness.mjs';

/** A Red move in Imago that heads for the goals h1/h6, with some randomness. */
function pickImagoMove(legal) {
  const withPath = legal.filter((m) => m.path.length);
  if (!withPath.length) return legal[0];
  const win = withPath.find((m) => m.path.length === 2 && /^h[16]$/.test(m.path[1]));
  if (win) return win;
  const col = (c) => c.charCodeAt(0) - 97;
  const row = (c) => Number(c.slice(1));
  const score = (m) => {
    const [from, to] = m.path;
    let s = col(to) - col(from); // rightwards
    if (col(to) >= 5) s += (row(to) === 1 || row(to) === 6) ? 1 : (Math.abs(row(to) - 1) < Math.abs(row(from) - 1) || Math.abs(row(to) - 6) < Math.abs(row(from) - 6) ? 0.5 : 0);
    return s + Math.random() * 1.2;
  };
  return withPath.reduce((a, b) => (score(b) > score(a) ? b : a));
}

const cellOf = (page, c) => page.locator(`[data-testid=board] [data-cell="${c}"]`);
const targets = (page) => page.locator('[data-testid=board] [data-cell].target');

test('testHome', async ({ page }) => {
  await page.goto(`${BASE}/`);
  for (const g of ['imago', 'jarmo', 'linja', 'dimensiones']) await expect(page.getByTestId(`game-${g}`)).toBeVisible();
  await page.click('[data-testid=lang-es]');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('body')).toContainText('Nueva partida');
  await page.click('[data-testid=lang-en]');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('body')).toContainText('New game');
  await page.click('[data-testid=rules-linja]');
  await expect(page.locator('[data-testid=rules-full] h2, [data-testid=rules-full] h3').first()).toBeVisible();
  log('home page, language switch and rules page work');
});

test('testImagoVsComputer', async ({ page, shared }) => {
  const id = await createViaUi(page, 'imago', { seat0: 'human', seat1: 'ai', level1: 1, first: 0 });
  const tokens = await storedTokens(page, id);
  check(tokens.length === 1, `expected one token in localStorage for ${id}, got ${tokens.length}`);
  log(`imago game ${id} against the computer (level 1) created`);

  // (3) a refused click: a cell that is not highlighted.
  await attrSoon(board(page), 'data-ply', '0', 'the start');
  await expect(targets(page).first()).toBeVisible();
  const bad = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid=board] [data-cell]')];
    const c = cells.find((g) => !g.classList.contains('target') && /^[c-f][3-4]$/.test(g.dataset.cell))
      || cells.find((g) => !g.classList.contains('target'));
    return c && c.dataset.cell;
  });
  check(bad, 'no unhighlighted cell found');
  await cellOf(page, bad).click();
  await expect(page.getByTestId('message'), `clicking the unhighlighted cell ${bad} showed no message`).toHaveText(/\S/, { timeout: 3000 });
  const msg = (await page.getByTestId('message').textContent()).trim();
  await attrSoon(board(page), 'data-ply', '0', 'the board ply changed after a refused click');
  const after = await api('GET', `/api/games/${id}`, null, tokens);
  check(after.ply === 0 && after.moves.length === 0, `the game changed after a refused click: ply ${after.ply}`);
  log(`refused click on ${bad}: "${msg}", ply still 0`);

  // (2) play to the end by clicking.
  let myMoves = 0;
  let resigned = false;
  for (;;) {
    const st = await api('GET', `/api/games/${id}`, null, tokens);
    if (st.result) break;
    if (st.to_move !== 0 || st.thinking || !st.legal.length) {
      await sleep(150);
      continue;
    }
    await attrSoon(board(page), 'data-ply', String(st.ply), `the page to show ply ${st.ply}`);
    if (myMoves >= 80) {
      await page.click('[data-testid=resign]');
      await page.click('[data-testid=resign-confirm]');
      resigned = true;
      break;
    }
    const mv = pickImagoMove(st.legal);
    if (myMoves === 0 && mv.path.length) {
      // the first move by keyboard: focus each cell and press Enter / Space
      for (const [i, c] of mv.path.entries()) {
        await expect(cellOf(page, c)).toHaveClass(/\btarget\b/);
        await cellOf(page, c).focus();
        await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
      }
    } else {
      await clickMove(page, mv);
    }
    myMoves++;
    await plyAbove(page, st.ply, `the move ${mv.move} to be played`);
    if (myMoves === 1) {
      // undo against the computer: wait for its reply, take both back, replay
      await plyAbove(page, st.ply + 1, 'the computer\'s first reply');
      // the reply is marked on the board and told to screen readers
      await expect.poll(() => page.locator('[data-testid=board] .last-mark').count(),
        { message: 'imago: the computer\'s reply marks fewer than 2 cells', intervals: FAST }).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('announce'), 'imago: the computer\'s reply was not announced as "Blue played …"').toHaveText(/^\s*Blue played \S/);
      const now = await boardPly(page);
      const again = await api('GET', `/api/games/${id}`, null, tokens);
      if (!again.result && now === 2) {
        await page.click('[data-testid=undo]');
        await attrSoon(board(page), 'data-ply', '0', 'the undo');
        log('undo took back the first move and the computer\'s reply');
      }
    }
  }
  await expect(page.getByTestId('status'), 'the game ended but the page shows no result').toHaveAttribute('data-over', '1');
  const status = (await page.getByTestId('status').textContent()).trim();
  const final = await api('GET', `/api/games/${id}`, null, tokens);
  check(final.result, 'the API shows no result');
  log(`imago game over after ${final.ply} plies (${myMoves} clicked moves${resigned ? ', resigned after the cap' : ''}): "${status}"`);

  // replay: step back through history
  await page.click('[data-testid=hist-first]');
  await attrSoon(board(page), 'data-shown-ply', '0');
  await page.click('[data-testid=hist-next]');
  await attrSoon(board(page), 'data-shown-ply', '1');
  await page.click('[data-testid=move-1]');
  await page.click('[data-testid=hist-last]');
  await attrSoon(board(page), 'data-shown-ply', String(final.ply));
  log('replay buttons step through the finished game');
  shared.imagoId = id;
});

test('testFriendLink', async ({ browser, page: pageA, newPage }) => {
  const id = await createViaUi(pageA, 'jarmo', { seat0: 'human', seat1: 'link', first: 1 });
  const link = await pageA.inputValue('[data-testid=invite-link]');
  check(/\/play\/[A-Za-z0-9_-]+#token=/.test(link), `unexpected invite link: ${link}`);
  await pageA.evaluate(() => { window.__noReload = 42; });
  await expect(pageA.getByTestId('conn')).toHaveAttribute('data-state', 'live');
  await attrSoon(board(pageA), 'data-ply', '0', 'the new game does not start at ply 0');

  const ctxB = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const pageB = await newPage(ctxB, 'friend');
  await pageB.goto(link);
  await expect(targets(pageB).first()).toBeVisible();
  check(!/#token=/.test(pageB.url()), 'the token stays in the address bar');
  const tokB = await storedTokens(pageB, id);
  check(tokB.length === 1, 'the friend page kept no token');
  const st = await api('GET', `/api/games/${id}`, null, tokB);
  check(JSON.stringify(st.you) === '[1]', `the friend's token holds seats ${JSON.stringify(st.you)}, expected [1]`);
  // each seat sees its own side at the bottom: the friend (seat 1) the board turned
  await expect(board(pageB), 'the second seat does not see the board turned').toHaveAttribute('data-flip', '1');
  await expect(board(pageA), 'the first seat sees the board turned').toHaveAttribute('data-flip', '0');
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  await clickMove(pageB, mv);
  await attrSoon(board(pageB), 'data-ply', '1', 'the friend\'s move');
  await attrSoon(board(pageA), 'data-ply', '1', 'the friend\'s move to arrive on the first page over the WebSocket', 10_000);
  check(await pageA.evaluate(() => window.__noReload) === 42, 'the first page reloaded');
  await expect(pageA.getByTestId('moves'), `the first page's move list lacks ${mv.move}`).toContainText(mv.move);
  await expect(targets(pageA).first()).toBeVisible();
  log(`friend by link: ${mv.move} played in a second context arrived live in the first (jarmo ${id})`);
  await expect(pageA.getByTestId('announce'), 'the friend\'s move was not announced').toHaveText(`Light played ${mv.move}.`);
  // a cold reload draws the state in the page (a spectator's) before the
  // tokens' state arrives: the seat remembered turns the board from the
  // first draw (the orientation of the first board with cells is recorded)
  await pageB.addInitScript(() => {
    window.__firstFlip = null;
    new MutationObserver(() => {
      const b = document.querySelector('[data-testid=board]');
      if (window.__firstFlip === null && b && b.querySelector('[data-cell]')) window.__firstFlip = b.dataset.flip;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await pageB.reload();
  await expect(pageB.getByTestId('conn')).toHaveAttribute('data-state', 'live');
  const firstFlip = await pageB.evaluate(() => window.__firstFlip);
  check(firstFlip === '1', `the second seat's board was first drawn with data-flip=${firstFlip}, before its own state arrived`);
  // flipping is remembered across a reload
  await pageB.click('[data-testid=flip]');
  await expect(board(pageB)).toHaveAttribute('data-flip', '0');
  await pageB.reload();
  await expect(pageB.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  await expect(board(pageB), 'the flip was not remembered after a reload').toHaveAttribute('data-flip', '0');
  log('friend by link: the second seat sees the board turned, the move announced, the flip remembered');
  await ctxB.close();
});

test('testBoardsAndScreens', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const plan = [
    { game: 'imago', moves: 4 },
    { game: 'jarmo', moves: 6 },
    { game: 'linja', moves: 4 },
    { game: 'dimensiones', moves: 10 },
  ];
  for (const { game, moves } of plan) {
    const id = await createViaUi(page, game, { seat0: 'human', seat1: 'human' });
    const tokens = await storedTokens(page, id);
    check(tokens.length === 2, `${game}: expected two tokens (both seats mine), got ${tokens.length}`);
    const st = await randomMoves(id, tokens, moves);
    await attrSoon(board(page), 'data-ply', String(st.ply), `${game}: the moves to show`);
    await expect(page.locator('[data-testid=board] [data-cell].last').first(), `${game}: the last move (${st.moves[st.ply - 1]}) is not marked`).toBeAttached();
    const expected = { imago: 40, jarmo: 25, linja: 8, dimensiones: 36 }[game];
    await expect(page.locator('[data-testid=board] [data-cell]'), `${game}: clickable cells`).toHaveCount(expected);
    // every cell: focusable, a button, labelled
    const bad = await page.$$eval('[data-testid=board] [data-cell]', (els) => els.filter((e) => e.getAttribute('role') !== 'button' || !e.hasAttribute('tabindex') || !e.getAttribute('aria-label')).length);
    check(bad === 0, `${game}: ${bad} cells lack role/tabindex/aria-label`);
    // select the start of a legal move to show the highlights
    const live = await api('GET', `/api/games/${id}`, null, tokens);
    // guided entry: the piece previewed where it would stand, and the status line says what comes next
    const two = game === 'imago' ? live.legal.find((m) => m.path.length === 3) : game === 'linja' ? live.legal.find((m) => m.path.length >= 4) : null;
    if (two) {
      await cellOf(page, two.path[0]).click();
      await cellOf(page, two.path[1]).click();
      const promptEl = page.getByTestId('prompt');
      if (game === 'imago') {
        await expect(promptEl, `imago: the prompt after ${two.path.slice(0, 2).join(' ')}`).toContainText('push which piece', { timeout: 5000 });
        await expect(cellOf(page, two.path[1]).locator('.piece'), 'imago: the stepping piece is not shown on its new cell').toHaveCount(1);
        await expect(cellOf(page, two.path[0]).locator('.piece-ghost'), 'imago: no ghost where the piece stood').toHaveCount(1);
      } else {
        const rest = live.legal.filter((m) => m.path.length >= 4 && m.path[0] === two.path[0] && m.path[1] === two.path[1]);
        const n = Math.max(...rest.map((m) => Math.abs(Number(m.path[3]) - Number(m.path[2]))));
        await expect(promptEl, `linja: the prompt after the first move, expected ${n} rows`)
          .toHaveText(`Now a following move of exactly ${n === 1 ? '1 row' : `${n} rows`} (or onto your goal line).`, { timeout: 5000 });
      }
      const prompt = (await promptEl.textContent()).trim();
      await page.screenshot({ path: path.join(SHOTS, `${game}-entry.png`), fullPage: true });
      log(`${game}: guided entry after ${two.path.slice(0, 2).join(' ')}: "${prompt}", screenshot ${game}-entry.png`);
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-testid=board] .selected')).toHaveCount(0);
    }
    const mv = live.legal.find((m) => m.path.length > 1);
    if (mv) {
      await cellOf(page, mv.path[0]).click();
      await expect(page.locator('[data-testid=board] [data-cell].selected').first()).toBeVisible();
    }
    // keyboard: focus a cell and move with an arrow key
    await page.focus('[data-testid=board] [data-cell][tabindex="0"]');
    const before = await page.evaluate(() => document.activeElement?.dataset?.cell);
    let afterKey = before;
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
      await page.keyboard.press(key);
      afterKey = await page.evaluate(() => document.activeElement?.dataset?.cell);
      if (afterKey !== before) break;
    }
    check(before && afterKey && before !== afterKey, `${game}: the arrow key did not move the focus (${before} -> ${afterKey})`);
    const file = path.join(SHOTS, `${game}.png`);
    await page.screenshot({ path: file, fullPage: true });
    log(`${game}: board drawn (${expected} cells, ply ${st.ply}), screenshot ${path.basename(file)}`);
    if (game === 'linja') {
      // a draw offered and accepted (both seats are mine here)
      await page.click('[data-testid=draw-offer]');
      await page.click('[data-testid=draw-accept]');
      await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
      await expect(page.getByTestId('status'), 'linja: the status after an agreed draw').toContainText('agreement');
      log(`linja: draw offered and accepted: "${(await page.getByTestId('status').textContent()).trim()}"`);
    }
    if (game === 'imago') {
      // the same game on a phone-sized screen
      await page.setViewportSize({ width: 375, height: 760 });
      await page.reload();
      await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `imago at 375 px is ${overflow} px too wide`);
      await page.screenshot({ path: path.join(SHOTS, 'imago-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1100, height: 900 });
      log('imago at 375 px wide: no horizontal overflow, screenshot imago-phone.png');
    }
  }
});

/** The computer's reply marked, at 1280x800 and 390x844, in English and Spanish. */
test('testLastMoveScreens', async ({ browser, newPage }) => {
  for (const [lang, width, height] of [['en', 1280, 800], ['es', 390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width, height }, locale: lang === 'es' ? 'es-ES' : 'en-US' });
    const page = await newPage(ctx, `last-${lang}`);
    for (const game of ['imago', 'dimensiones']) {
      const id = await createViaUi(page, game, { seat0: 'human', seat1: 'ai', level1: 1 });
      const tokens = await storedTokens(page, id);
      const st = await api('GET', `/api/games/${id}`, null, tokens);
      await clickMove(page, st.legal.find((m) => m.path.length) || st.legal[0]);
      await plyAbove(page, 1, `${game}: the computer's reply`);
      await expect(page.locator('[data-testid=board] .last-mark').first()).toBeVisible();
      await expect(page.getByTestId('announce'), `${game} (${lang}): the computer's reply was not announced`).toHaveText(/\S/);
      const told = (await page.getByTestId('announce').textContent()).trim();
      // the actions sit within the first screen (on a phone, right under the board)
      const box = await page.locator('[data-testid=resign]').boundingBox();
      check(box && box.y + box.height <= height, `${game} (${width}x${height}): the resign button is below the first screen (${box && Math.round(box.y)})`);
      const shot = `${game}-last-${lang}-${width}.png`;
      await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
      log(`${game} (${lang}, ${width}x${height}): the reply marked and announced ("${told}"), screenshot ${shot}`);
    }
    await ctx.close();
  }
});

test('testEditor', async ({ page }) => {
  await page.goto(`${BASE}/editor`);
  await expect(page.locator('[data-testid=editor-board] [data-cell="c3-d3"]')).toBeVisible();
  await expect(page.getByTestId('solve-red')).toBeVisible({ timeout: 60_000 });
  await page.click('[data-testid=editor-board] [data-cell="c3-d3"]');
  await page.click('[data-testid=editor-board] [data-cell="c4-d4"]');
  await page.click('[data-testid=editor-board] [data-cell="b2"]');
  await page.click('[data-testid=editor-board] [data-cell="c2"]');
  const text = 'red:b5,c2 blue:g2,g5 walls:c3-d3,c4-d4';
  await expect(page.getByTestId('layout-text'), 'unexpected layout text').toHaveValue(text);
  await expect(page.getByTestId('solve'), 'the editor\'s solve never finished').toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const red = (await page.getByTestId('solve-red').textContent()).trim();
  const blue = (await page.getByTestId('solve-blue').textContent()).trim();
  await page.fill('[data-testid=layout-name]', 'e2e walls');
  await page.click('[data-testid=save-layout]');
  await expect(page.getByTestId('save-message')).toContainText('e2e walls');
  await page.screenshot({ path: path.join(SHOTS, 'editor.png'), fullPage: true });
  await page.click('[data-testid=play-layout]');
  await page.waitForURL(/\/new\/imago/);
  await expect(page.getByTestId('variant')).toHaveValue(text);
  log(`editor: walls and a moved piece give "${text}"; red first: ${red}; blue first: ${blue}; saved; "play this layout" preselects it`);
});

test('testFixtures', async ({ page }) => {
  // Boards drawn from fixed states (e2e/fixtures/), served in place of the
  // API's answer: kings, frozen pieces, all four armies, marked archers,
  // a due return (a path of three cells) and a pass button.
  for (const game of ['dimensiones', 'jarmo']) {
    const st = JSON.parse(readFileSync(path.join(HERE, 'fixtures', `${game}-state.json`), 'utf8'));
    await page.route(`**/api/games/${st.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(st) }));
    await page.goto(`${BASE}/play/${st.id}`);
    await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
    if (game === 'dimensiones') {
      const p = st.view.pieces;
      await expect(page.locator('[data-testid=board] .dpiece'), 'dimensiones fixture: pieces drawn').toHaveCount(p.length);
      await expect(page.locator('[data-testid=board] .dpiece.king'), 'dimensiones fixture: kings drawn').toHaveCount(p.filter((x) => x.king).length);
      await expect(page.locator('[data-testid=board] .dpiece.frozen'), 'dimensiones fixture: frozen drawn').toHaveCount(p.filter((x) => x.frozen).length);
      await expect(page.locator('[data-testid=board] .signal-token'), 'dimensiones fixture: no signal token').toHaveCount(1);
      await page.click('[data-testid=board] [data-cell=d6]');
      await expect(page.locator('[data-testid=board] [data-cell=b4]')).toHaveClass(/\btarget\b/);
    } else {
      await expect(page.locator('[data-testid=board] .mark-ring'), 'jarmo fixture: marked archers not ringed').toHaveCount(st.view.archers.filter((a) => a.marked).length);
      await expect(page.getByTestId('pass')).toBeVisible();
      await page.click('[data-testid=board] [data-cell=a1]');
      await page.click('[data-testid=board] [data-cell=c2]');
      await expect(page.locator('[data-testid=board] [data-cell=b1]')).toHaveClass(/\btarget\b/);
      await expect(page.locator('[data-testid=board] [data-cell=c1]')).toHaveClass(/\btarget\b/);
      await expect(page.locator('[data-testid=board] .target'), 'jarmo fixture: the return points are not the only highlights').toHaveCount(2);
    }
    await page.screenshot({ path: path.join(SHOTS, `${game}-fixture.png`), fullPage: true });
    if (game === 'jarmo') {
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-testid=board] .selected')).toHaveCount(0);
    }
    await page.unroute(`**/api/games/${st.id}`);
    log(`${game}: fixture board drawn as expected, screenshot ${game}-fixture.png`);
  }
});

// The finished Imago game (testImagoVsComputer's) opens in the analysis
// board: one ply back, every legal move carries its solved value, the same
// as `tablero solve imago --moves ... --json`; a move played from the list
// branches off; Jarmo gets the search's evaluation and best line.
test('testAnalysis', async ({ page, shared }) => {
  test.skip(!shared.imagoId, 'testAnalysis opens the game testImagoVsComputer finished');
  const imagoId = shared.imagoId;
  await page.goto(`${BASE}/play/${imagoId}`);
  await page.click('[data-testid=analyse]:not([hidden])');
  await page.waitForURL(/\/analysis\//, { timeout: STEP_TIMEOUT });
  const game = await api('GET', `/api/games/${imagoId}`);
  const n = game.moves.length;
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-method', /./);
  await expect(page.locator('[data-testid^=an-ply-]'), 'analysis: the move list is not the game\'s').toHaveCount(n);
  await page.click('[data-testid=hist-prev]');
  await expect(page.locator('[data-testid=analysis][data-method=exact] [data-testid=an-move]').first()).toBeVisible();
  const shown = await page.$$eval('[data-testid=an-move]', (els) => els.map((e) => [e.dataset.move, e.dataset.value]));
  const prefix = game.moves.slice(0, n - 1);
  const solved = JSON.parse(execFileSync(BIN, ['solve', 'imago', '--moves', prefix.join(','), '--json'], { encoding: 'utf8' }));
  const text = (m) => (m.result === 'draw' ? 'draw' : `${m.result} in ${m.plies}`);
  const want = solved.moves.map((m) => [m.move, text(m)]).sort();
  expect(shown.slice().sort(), 'analysis: the values differ from tablero solve').toEqual(want);
  const marked = await page.locator('[data-testid^=an-ply-][data-changed="1"]').count();
  await page.screenshot({ path: path.join(SHOTS, 'analysis-imago.png'), fullPage: true });
  // Branch off with the last listed move (the worst).
  const [alt] = shown[shown.length - 1];
  await page.click(`[data-testid=an-move][data-move="${alt}"] button`);
  await attrSoon(board(page), 'data-shown-ply', String(n));
  await expect(page.getByTestId('back-to-game')).toBeVisible();
  log(`analysis: ${shown.length} moves valued as tablero solve does, ${marked} of ${n} played moves marked as changing the value; a branch`);
  await page.goto(`${BASE}/analysis?game=jarmo`);
  await expect(page.getByTestId('an-eval')).toBeVisible();
  await expect(page.locator('[data-testid=an-line] button').first(), 'analysis: jarmo shows no best line').toBeAttached();
  const line = await page.$$eval('[data-testid=an-line] button', (els) => els.map((e) => e.dataset.move));
  await page.screenshot({ path: path.join(SHOTS, 'analysis-jarmo.png'), fullPage: true });
  log(`analysis: jarmo evaluated, best line ${line.join(' ')}`);
});

// ---- play (#17): rematch, the two-game match, players, hint

test('testPlayRematchFriends', async ({ browser, page: pageA, newPage }) => {
  const id = await createViaUi(pageA, 'imago', { seat0: 'human', seat1: 'link' });
  const link = await pageA.inputValue('[data-testid=invite-link]');
  const ctxB = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const pageB = await newPage(ctxB, 'friend-rematch');
  await pageB.goto(link);
  await expect(pageB.locator('[data-testid=board][data-you="1"] [data-cell]').first()).toBeVisible();
  // The players: seat 0 (me) at the bottom for A, each sees the other connected.
  await expect(pageA.locator('[data-testid=player-top] [data-testid=presence-1]')).toHaveAttribute('data-connected', '1');
  await expect(pageB.locator('[data-testid=player-top] [data-testid=presence-0]')).toHaveAttribute('data-connected', '1');
  await expect(pageA.getByTestId('player-bottom'), 'A\'s bottom bar').toContainText('You');
  await expect(pageA.getByTestId('player-bottom'), 'A\'s bottom bar').toContainText('to move');
  await expect(pageA.getByTestId('player-top'), 'the friend is not named above the board').toContainText('Friend');
  await resignOn(pageA);
  await expect(pageB.getByTestId('status')).toHaveAttribute('data-over', '1');
  await pageA.click('[data-testid=rematch]');
  await expect(pageA.getByTestId('rematch-note')).toBeVisible();
  // The friend sees the offer live.
  await expect(pageB.getByTestId('rematch-note')).toBeVisible({ timeout: 10_000 });
  await expect(pageB.getByTestId('rematch-note'), 'the friend is not told of the offer').toContainText('offers a rematch');
  await shootBoth(pageB, 'play-rematch-offer');
  await pageB.click('[data-testid=rematch]');
  const moved = async (p) => {
    await p.waitForURL((u) => { const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(u.pathname); return m && m[1] !== id; }, { timeout: 10_000 });
    await attrSoon(board(p), 'data-you', /./, undefined, 10_000);
  };
  await Promise.all([moved(pageA), moved(pageB)]);
  const newA = gameIdOf(pageA);
  check(newA === gameIdOf(pageB), `the two pages went to different games: ${newA}, ${gameIdOf(pageB)}`);
  await attrSoon(board(pageA), 'data-you', '1', 'after the rematch A holds seat 1');
  await attrSoon(board(pageB), 'data-you', '0', 'after the rematch B holds seat 0');
  const tokA = await storedTokens(pageA, newA);
  const tokB = await storedTokens(pageB, newA);
  check(tokA.length === 1 && tokB.length === 1 && tokA[0] !== tokB[0], 'each page must hold only its own new token');
  log(`rematch between two contexts: ${id} -> ${newA}, seats swapped (A now seat 1)`);
  await ctxB.close();
});

test('testPlayJarmoMatch', async ({ page }) => {
  await page.goto(`${BASE}/new/jarmo`);
  await expect(page.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await page.check('[data-testid=seat-0-human]');
  await page.check('[data-testid=seat-1-ai]');
  await page.selectOption('[data-testid=level-1]', '1');
  await page.check('[data-testid=match]');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const g1 = gameIdOf(page);
  await expect(page.getByTestId('match-total')).toHaveAttribute('data-game', '1');
  await resignOn(page);
  const s1 = await api('GET', `/api/games/${g1}`);
  // Game 2 starts by itself, seats swapped: I am now seat 1.
  await page.waitForURL((u) => !u.pathname.endsWith(g1), { timeout: 15_000 });
  await expect(page.getByTestId('match-total')).toHaveAttribute('data-game', '2');
  const g2 = gameIdOf(page);
  await attrSoon(board(page), 'data-you', '1');
  await resignOn(page);
  const s2 = await api('GET', `/api/games/${g2}`);
  const want = [s2.result.score[0] + s1.result.score[1], s2.result.score[1] + s1.result.score[0]];
  await expect(page.getByTestId('match-total')).toHaveAttribute('data-over', '1');
  await expect(page.getByTestId('match-total'), 'the match total').toHaveAttribute('data-points', want.join(','));
  await expect(page.getByTestId('match-total'), 'the match result is not said').toContainText(/you lost the match|you won the match|drawn/);
  await shootBoth(page, 'play-match-total');
  log(`jarmo two-game match: ${g1} then ${g2}, points added ${want.join('–')}`);
});

test('testPlayHint', async ({ page }) => {
  const id = await createViaUi(page, 'jarmo', { seat0: 'human', seat1: 'ai', level1: 2 });
  await page.click('[data-testid=hint]:not([hidden])');
  await expect(page.locator('[data-testid=board] .hint-mark').first(), 'no cell marked for the hint').toBeVisible();
  await expect(page.getByTestId('hint-text')).toHaveText(/Hint: .+$/);
  const text = await page.getByTestId('hint-text').textContent();
  const st = await api('GET', `/api/games/${id}`, null, await storedTokens(page, id));
  const mv = /Hint: (.+)$/.exec(text.trim());
  check(mv && st.legal.some((m) => m.move === mv[1]), `the hint "${text}" is not a legal move`);
  const marks = await page.$$eval('[data-testid=board] .hint-mark', (els) => els.map((e) => e.getAttribute('data-hint-cell')));
  await shootBoth(page, 'play-hint');
  log(`hint: ${mv[1]} marked on ${marks.join(', ')}`);
});
