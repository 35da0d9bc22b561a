// The feel of play (#17): every move visible (the own move drawn before the
// server answers, a refused one rolled back, a move from elsewhere
// animated, none with reduced motion), sound, the last-move marks'
// contrast, the colour-blind palette, axe-core; a phone: text at least
// 12 px, the actions in the first screen, the editor's handles; a missing
// game said once.

import path from 'node:path';
import {
  test, expect, check, log, api, randomMoves, board, createViaUi, clickMove, storedTokens, axeCheck, BASE, SHOTS, FAST, attrSoon,
} from '../harness.mjs';

/** In the page: the contrast of every last-move mark with every square colour of the board. */
async function lastMarkContrast(page) {
  return page.evaluate(() => {
    const rgb = (c) => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c || '');
      return m ? { r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4] } : null;
    };
    const lum = ({ r, g, b }) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const svg = document.querySelector('[data-testid=board] svg');
    const bg = rgb(getComputedStyle(svg.parentNode).backgroundColor);
    const squares = new Map();
    for (const el of svg.querySelectorAll('.sq, .dsq, .lrow, .home-band, .hit')) {
      let c = rgb(getComputedStyle(el).fill);
      if (!c) continue;
      if (c.a < 1) c = { r: c.r * c.a + bg.r * (1 - c.a), g: c.g * c.a + bg.g * (1 - c.a), b: c.b * c.a + bg.b * (1 - c.a) };
      squares.set(`${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)}`, c);
    }
    squares.set('board', bg);
    const marks = [];
    for (const el of svg.querySelectorAll('.last-mark-inner, .last-ring, g.cell.last .lrow, .pending-mark')) {
      const c = rgb(getComputedStyle(el).stroke);
      if (c) marks.push({ cls: el.getAttribute('class'), c });
    }
    let worst = Infinity;
    let where = '';
    for (const m of marks) {
      for (const [k, sq] of squares) {
        const r = ratio(m.c, sq);
        if (r < worst) { worst = r; where = `${m.cls} on ${k}`; }
      }
    }
    return { marks: marks.length, squares: squares.size, worst, where };
  });
}

/** In the page: the smallest text of the board as drawn on screen, in px. */
async function smallestBoardText(page, sel = '[data-testid=board] svg') {
  return page.evaluate((s) => {
    let min = Infinity;
    let what = '';
    for (const svg of document.querySelectorAll(s)) {
      const scale = svg.getScreenCTM().a;
      for (const el of svg.querySelectorAll('text')) {
        if (!el.textContent.trim() || el.closest('[aria-hidden=true] .captured-ghost')) continue;
        const px = parseFloat(getComputedStyle(el).fontSize) * scale;
        if (px < min) { min = px; what = `${el.getAttribute('class')} "${el.textContent}"`; }
      }
    }
    return { min, what };
  }, sel);
}

const sounds = (page) => page.evaluate(() => window.__tableroSounds || []);
const noPending = (page) => expect(page.locator('[data-testid=board] svg').first()).not.toHaveAttribute('data-pending', /./);

/** The own move drawn at once, then confirmed; a refused one rolled back with a message; animation; sound. */
test('testFeelMoves', async ({ browser, newPage }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
  const page = await newPage(ctx, 'feel');
  const id = await createViaUi(page, 'imago', { seat0: 'human', seat1: 'human' });
  const tokens = await storedTokens(page, id);
  await axeCheck(page, 'the game page (imago)');

  // optimistic: the server's answer held back 1.5 s, the move is drawn at once
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(`**/api/games/${id}/move`, async (route) => { await held; await route.continue(); });
  let st = await api('GET', `/api/games/${id}`, null, tokens);
  const step = st.legal.find((m) => m.path.length >= 2);
  await clickMove(page, step);
  await expect(page.locator('[data-testid=board] svg').first(), 'feel: the own move was not drawn before the server answered')
    .toHaveAttribute('data-pending', '1', { timeout: 300 });
  const moved = await page.$eval('.move-layer .pending-piece.piece', (e) => e.style.transform);
  check(/translate/.test(moved), `feel: the moving piece was not moved at once (${moved})`);
  const ms = Number(await page.getAttribute('[data-testid=board] svg', 'data-pending-ms'));
  await attrSoon(board(page), 'data-ply', '0', 'feel: the ply moved before the server answered');
  release();
  await attrSoon(board(page), 'data-ply', '1', 'feel: the held move confirmed');
  await noPending(page);
  await page.unroute(`**/api/games/${id}/move`);
  log(`feel: own move drawn ${ms.toFixed(1)} ms after it was entered, before the answer; confirmed`);

  // refused: rolled back with a message
  await page.route(`**/api/games/${id}/move`, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'refused for the test' }) }));
  st = await api('GET', `/api/games/${id}`, null, tokens);
  const mv2 = st.legal.find((m) => m.path.length >= 2);
  await clickMove(page, mv2);
  await expect(page.getByTestId('message'), 'feel: no message when the own move was refused').toContainText('taken back: refused for the test');
  await noPending(page);
  await attrSoon(board(page), 'data-ply', '1', 'feel: the refused move changed the ply');
  const piece = page.locator(`[data-testid=board] [data-cell="${mv2.path[0]}"] .piece`);
  await expect(piece, 'feel: the refused move was not rolled back').toHaveCount(1);
  check(!(await piece.evaluate((e) => e.style.transform)), 'feel: the refused move was not rolled back');
  await page.unroute(`**/api/games/${id}/move`);
  log('feel: a refused own move rolled back with "Your move was taken back: …"');

  // settings: sound on (remembered), a move from elsewhere animated and heard
  await page.click('[data-testid=settings]');
  await page.check('[data-testid=set-sound]');
  await page.reload();
  await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  await expect(page.getByTestId('set-sound'), 'feel: the sound setting was not remembered').toBeChecked();
  await page.evaluate(() => { window.__tableroSounds = []; });
  await expect(page.getByTestId('conn')).toHaveAttribute('data-state', 'live');
  st = await randomMoves(id, tokens, 1);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length),
    { message: 'feel: a move from the socket was not animated', timeout: 3000, intervals: FAST }).toBeGreaterThan(0);
  await attrSoon(board(page), 'data-ply', String(st.ply), 'feel: the move from elsewhere');
  await expect.poll(() => sounds(page), { message: 'feel: no sound on a move with the setting on', timeout: 2000, intervals: FAST }).toContain('move');
  const c = await lastMarkContrast(page);
  check(c.marks > 0 && c.worst >= 3, `feel: imago's last-move mark contrast ${c.worst.toFixed(2)} (${c.where})`);
  log(`feel: a move over the socket animated and heard; last-move marks ${c.worst.toFixed(2)}:1 at worst`);

  // reduced motion: no animation
  await page.emulateMedia({ reducedMotion: 'reduce' });
  st = await randomMoves(id, tokens, 1);
  await attrSoon(board(page), 'data-ply', String(st.ply), 'feel: a move with reduced motion');
  check(await page.evaluate(() => document.getAnimations().length) === 0, 'feel: animated although reduced motion is asked');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // the end heard too (here a resignation: the end without a move)
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm]');
  await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
  await expect.poll(() => sounds(page), { message: 'feel: no sound at the end with the setting on', timeout: 2000, intervals: FAST }).toContain('end');

  // every board: captured pieces as ghosts, marks' contrast, palette, axe
  await page.click('[data-testid=settings]');
  await page.check('[data-testid=set-palette]');
  await expect(page.locator('html'), 'feel: the palette setting did nothing').toHaveAttribute('data-palette', 'cb');
  const ghostSeen = {};
  for (const game of ['jarmo', 'dimensiones', 'linja']) {
    const gid = await createViaUi(page, game, { seat0: 'human', seat1: 'human' });
    const toks = await storedTokens(page, gid);
    await expect(page.getByTestId('conn')).toHaveAttribute('data-state', 'live');
    let s = await api('GET', `/api/games/${gid}`, null, toks);
    const count = (x) => (x.view.archers || x.view.pieces || []).length;
    for (let i = 0; i < 60 && !s.result && s.legal.length && !ghostSeen[game]; i++) {
      const before = count(s);
      const caps = s.legal.filter((m) => m.path.length > 2 || /x/.test(m.move));
      const pick = (caps.length ? caps : s.legal)[Math.floor(Math.random() * (caps.length || s.legal.length))];
      s = await api('POST', `/api/games/${gid}/move`, { move: pick.move, ply: s.ply }, toks);
      await attrSoon(board(page), 'data-ply', String(s.ply), `${game}: move ${s.ply}`);
      // Super Dimensiones: pieces leave the board only when captured.
      if (game === 'dimensiones' && count(s) < before) {
        await expect(page.locator('[data-testid=board] [data-ghost]'), `${game}: ${before - count(s)} pieces captured by ${pick.move}: ghosts drawn`).toHaveCount(before - count(s));
        ghostSeen[game] = pick.move;
      }
      if (game === 'linja' && i >= 3) break;
    }
    const k = await lastMarkContrast(page);
    check(k.marks > 0 && k.worst >= 3, `${game}: last-move mark contrast ${k.worst.toFixed(2)}:1 (${k.where})`);
    await axeCheck(page, `the game page (${game})`);
    if (game === 'dimensiones') {
      await expect(page.locator('[data-testid=board] .army-red .dp-body').first(), 'dimensiones: the colour-blind palette is not applied').toHaveCSS('fill', 'rgb(213, 94, 0)');
      await page.screenshot({ path: path.join(SHOTS, 'dimensiones-palette.png'), fullPage: true });
    }
    log(`${game}: marks ${k.worst.toFixed(2)}:1 at worst on ${k.squares} colours${ghostSeen[game] ? `, capture ghosts after ${ghostSeen[game]}` : ''}`);
  }
  await page.click('[data-testid=settings]');
  await page.uncheck('[data-testid=set-palette]');
  await page.uncheck('[data-testid=set-sound]');
  await ctx.close();
});

/** A phone: text at least 12 px, actions in the first screen, editor handles visible and 24 px; axe on every page. */
test('testFeelPhone', async ({ browser, newPage }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */, hasTouch: true, isMobile: true });
  const page = await newPage(ctx, 'feel-phone');
  await page.goto(`${BASE}/`);
  await expect(page.getByTestId('rules-linja')).toBeVisible();
  await axeCheck(page, 'the home page');
  await page.goto(`${BASE}/rules/imago`);
  await expect(page.locator('[data-testid=rules-full] h2, [data-testid=rules-full] h3').first()).toBeVisible();
  await axeCheck(page, 'a rules page');
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
    const gid = await createViaUi(page, game, { seat0: 'human', seat1: 'human' });
    await randomMoves(gid, await storedTokens(page, gid), 3);
    await page.reload();
    await expect(page.locator('[data-testid=board] [data-cell].last').first()).toBeVisible();
    const tx = await smallestBoardText(page);
    check(tx.min >= 12, `${game} at 390 px: board text ${tx.min.toFixed(1)} px (${tx.what})`);
    // The actions are drawn once the state is in (a reload draws the board first).
    await expect(page.getByTestId('resign'), `${game} at 390x844: no resign button`).toBeVisible();
    const box = await page.locator('[data-testid=resign]').boundingBox();
    check(box && box.y + box.height <= 844, `${game} at 390x844: the actions are below the first screen (${box && Math.round(box.y)})`);
    if (game === 'linja') await page.screenshot({ path: path.join(SHOTS, 'linja-phone.png'), fullPage: true });
    log(`${game} at 390x844: board text ${tx.min.toFixed(1)} px at least, resign at y ${Math.round(box.y)}`);
  }
  await page.goto(`${BASE}/new/jarmo`);
  await expect(page.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await axeCheck(page, 'the new-game page');
  await page.goto(`${BASE}/editor`);
  await expect(page.locator('[data-testid=editor-board] [data-cell="c3-d3"]')).toBeVisible();
  await page.waitForTimeout(100);
  const handles = page.locator('[data-testid=editor-board] g.edge.off .edge-hit');
  await expect(handles.first(), 'editor: no wall handles').toBeAttached();
  const hs = await handles.evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    const line = e.parentNode.querySelector('.edge-line');
    return { min: Math.min(r.width, r.height), fill: line ? getComputedStyle(line).fill : 'none' };
  }));
  const smallest = Math.min(...hs.map((x) => x.min));
  check(smallest >= 24, `editor at 390 px: a wall handle is ${smallest.toFixed(1)} px thick`);
  check(hs.every((x) => x.fill !== 'none' && !/rgba\(0, 0, 0, 0\)/.test(x.fill)), 'editor: the wall handles are invisible');
  await axeCheck(page, 'the editor');
  await page.screenshot({ path: path.join(SHOTS, 'editor-phone.png'), fullPage: true });
  await page.goto(`${BASE}/analysis?game=imago`);
  await expect(page.getByTestId('analysis')).toHaveAttribute('data-method', 'exact');
  await axeCheck(page, 'the analysis board');
  log(`editor at 390 px: ${hs.length} handles, ${smallest.toFixed(1)} px at least, visible; axe clean on home, rules, new game, editor, analysis`);

  // a missing game: said once, and the socket stops trying
  // (The page's other sockets, who is online and the notices, are not the game's.)
  let sockets = 0;
  page.on('websocket', (ws) => { if (ws.url().includes('/nosuchgame')) sockets += 1; });
  await page.goto(`${BASE}/play/nosuchgame`);
  await expect(page.getByTestId('error')).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page.getByTestId('error'), 'a missing game says it once').toHaveCount(1);
  await expect(page.getByTestId('error')).toHaveText(/no such game/i);
  check(sockets <= 2, `a missing game's sockets (the game's and its chat's) were tried ${sockets} times in 2.5 s`);
  log(`a missing game: "${await page.getByTestId('error').textContent()}" once, ${sockets} socket attempt(s)`);
  await ctx.close();
});
