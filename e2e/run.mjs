// Browser end-to-end tests of the tablero web app.
//
//   node run.mjs [path/to/tablero]      (default ../target/debug/tablero)
//
// Starts `tablero serve --port 0` on a temporary database, drives the
// system Chromium with playwright-core, and checks: a full game of Imago
// against the computer played by clicking cells, a refused illegal click,
// a friend's move arriving over the WebSocket in another browser context,
// the editor, and a screenshot of each board (saved to e2e/screenshots/ or
// $E2E_SCREENSHOTS). Exits non-zero with a message on any failure.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(HERE, '../target/debug/tablero');
const SHOTS = path.resolve(process.env.E2E_SCREENSHOTS || path.join(HERE, 'screenshots'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TOTAL_LIMIT_MS = 210_000;
const STEP_TIMEOUT = 15_000;

const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
const log = (...a) => console.log(`[${secs()}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Failure extends Error {}
function check(cond, msg) {
  if (!cond) throw new Failure(msg);
}

let server = null;
let browser = null;
let tmp = null;
const pageErrors = [];

async function cleanup() {
  if (browser) {
    try { await Promise.race([browser.close(), sleep(5000)]); } catch { /* ignore */ }
    browser = null;
  }
  if (server && server.exitCode === null) {
    server.kill('SIGINT');
    const done = await Promise.race([new Promise((r) => server.once('exit', () => r(true))), sleep(3000).then(() => false)]);
    if (!done) server.kill('SIGKILL');
  }
  server = null;
  if (tmp) {
    try { rmSync(tmp, { recursive: true, force: true }); } catch { /* ignore */ }
  }
}

const watchdog = setTimeout(async () => {
  console.error(`FAIL: the run took longer than ${TOTAL_LIMIT_MS / 1000} s`);
  await cleanup();
  process.exit(2);
}, TOTAL_LIMIT_MS);

// ---------------------------------------------------------------- server

function startServer() {
  check(existsSync(BIN), `no tablero binary at ${BIN} (build it with: cargo build -p tablero-cli)`);
  tmp = mkdtempSync(path.join(tmpdir(), 'tablero-e2e-'));
  const db = path.join(tmp, 't.db');
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ['serve', '--port', '0', '--database', db], { stdio: ['ignore', 'pipe', 'pipe'] });
    server = p;
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Failure(`the server printed no "listening on" line within 30 s\nstdout: ${out}\nstderr: ${err}`)), 30_000);
    p.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    p.stderr.on('data', (d) => {
      err += d;
      if (err.length > 20000) err = err.slice(-20000);
    });
    p.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Failure(`the server exited (code ${code}) before listening\nstdout: ${out}\nstderr: ${err}`));
    });
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(new Failure(`cannot start ${BIN}: ${e.message}`));
    });
  });
}

let BASE = '';

async function api(method, p, body, tokens) {
  const headers = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  if (tokens && tokens.length) headers.Authorization = `Bearer ${tokens.join(',')}`;
  const res = await fetch(BASE + p, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch { /* not JSON */ }
  if (!res.ok) throw new Failure(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return data;
}

// ---------------------------------------------------------------- helpers

async function newPage(context, name) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/WebSocket|Failed to load resource/.test(msg.text())) pageErrors.push(`${name} console: ${msg.text()}`);
  });
  return page;
}

function gameIdOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)/.exec(page.url());
  check(m, `expected a game page, got ${page.url()}`);
  return m[1];
}

async function storedTokens(page, id) {
  return page.evaluate((gid) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    return (all[gid] && all[gid].tokens) || [];
  }, id);
}

async function boardPly(page) {
  return Number(await page.getAttribute('[data-testid=board]', 'data-ply'));
}

/** Wait until the board's data-ply is == n or > n. */
async function waitPly(page, op, n, what, timeout = STEP_TIMEOUT) {
  try {
    await page.waitForFunction(([o, k]) => {
      const el = document.querySelector('[data-testid=board]');
      if (!el || el.dataset.ply === undefined) return false;
      const ply = Number(el.dataset.ply);
      return o === '>' ? ply > k : ply === k;
    }, [op, n], { timeout });
  } catch {
    throw new Failure(`timed out waiting for ${what} (board ply ${await boardPly(page).catch(() => '?')})`);
  }
}

/** Create a game through the new-game page; returns its id. */
async function createViaUi(page, game, { seat0 = 'human', seat1 = 'human', level1 = null, first = 0, variant = null } = {}) {
  await page.goto(`${BASE}/new/${game}`);
  await page.waitForSelector('[data-testid=new-game-form][data-ready="1"]');
  if (variant) await page.selectOption('[data-testid=variant]', variant);
  await page.check(`[data-testid=seat-0-${seat0}]`);
  await page.check(`[data-testid=seat-1-${seat1}]`);
  if (level1) await page.selectOption('[data-testid=level-1]', String(level1));
  await page.selectOption('[data-testid=first]', String(first));
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/, { timeout: STEP_TIMEOUT });
  await page.waitForSelector('[data-testid=board] [data-cell]');
  return gameIdOf(page);
}

/** Click a move's path (or its pass button) on the page. */
async function clickMove(page, mv) {
  if (!mv.path.length) {
    await page.click(`[data-testid^=pass][data-move="${mv.move}"]`);
    return;
  }
  for (let i = 0; i < mv.path.length; i++) {
    const sel = `[data-testid=board] [data-cell="${mv.path[i]}"]`;
    await page.waitForSelector(`${sel}.target`, { timeout: 5000 }).catch(() => {
      throw new Failure(`cell ${mv.path[i]} (step ${i + 1} of ${mv.move}) is not highlighted`);
    });
    await page.click(sel);
  }
  // When the path is also the start of a longer move, the UI asks which.
  const choice = page.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
}

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

// ---------------------------------------------------------------- tests

async function testHome(page) {
  await page.goto(`${BASE}/`);
  for (const g of ['imago', 'jarmo', 'linja', 'dimensiones']) await page.waitForSelector(`[data-testid=game-${g}]`);
  await page.click('[data-testid=lang-es]');
  await page.waitForFunction(() => document.documentElement.lang === 'es' && /Nueva partida/.test(document.body.textContent));
  await page.click('[data-testid=lang-en]');
  await page.waitForFunction(() => document.documentElement.lang === 'en' && /New game/.test(document.body.textContent));
  await page.click('[data-testid=rules-linja]');
  await page.waitForSelector('[data-testid=rules-full] h2, [data-testid=rules-full] h3');
  log('home page, language switch and rules page work');
}

async function testImagoVsComputer(page) {
  const id = await createViaUi(page, 'imago', { seat0: 'human', seat1: 'ai', level1: 1, first: 0 });
  const tokens = await storedTokens(page, id);
  check(tokens.length === 1, `expected one token in localStorage for ${id}, got ${tokens.length}`);
  log(`imago game ${id} against the computer (level 1) created`);

  // (3) a refused click: a cell that is not highlighted.
  await waitPly(page, '==', 0, 'the start');
  await page.waitForSelector('[data-testid=board] [data-cell].target');
  const bad = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid=board] [data-cell]')];
    const c = cells.find((g) => !g.classList.contains('target') && /^[c-f][3-4]$/.test(g.dataset.cell))
      || cells.find((g) => !g.classList.contains('target'));
    return c && c.dataset.cell;
  });
  check(bad, 'no unhighlighted cell found');
  await page.click(`[data-testid=board] [data-cell="${bad}"]`);
  await page.waitForFunction(() => (document.querySelector('[data-testid=message]')?.textContent || '').trim().length > 0, null, { timeout: 3000 })
    .catch(() => { throw new Failure(`clicking the unhighlighted cell ${bad} showed no message`); });
  const msg = (await page.textContent('[data-testid=message]')).trim();
  check(await boardPly(page) === 0, 'the board ply changed after a refused click');
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
    await waitPly(page, '==', st.ply, `the page to show ply ${st.ply}`);
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
        await page.waitForSelector(`[data-testid=board] [data-cell="${c}"].target`);
        await page.focus(`[data-testid=board] [data-cell="${c}"]`);
        await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
      }
    } else {
      await clickMove(page, mv);
    }
    myMoves++;
    await waitPly(page, '>', st.ply, `the move ${mv.move} to be played`);
    if (myMoves === 1) {
      // undo against the computer: wait for its reply, take both back, replay
      await waitPly(page, '>', st.ply + 1, 'the computer\'s first reply');
      // the reply is marked on the board and told to screen readers
      const marks = await page.$$eval('[data-testid=board] .last-mark', (els) => els.length);
      check(marks >= 2, `imago: the computer's reply marks ${marks} cells, expected at least 2`);
      const told = (await page.textContent('[data-testid=announce]')).trim();
      check(/^Blue played \S/.test(told), `imago: the computer's reply was announced as "${told}"`);
      const now = await boardPly(page);
      const again = await api('GET', `/api/games/${id}`, null, tokens);
      if (!again.result && now === 2) {
        await page.click('[data-testid=undo]');
        await waitPly(page, '==', 0, 'the undo');
        log('undo took back the first move and the computer\'s reply');
      }
    }
  }
  await page.waitForSelector('[data-testid=status][data-over="1"]', { timeout: STEP_TIMEOUT })
    .catch(() => { throw new Failure('the game ended but the page shows no result'); });
  const status = (await page.textContent('[data-testid=status]')).trim();
  const final = await api('GET', `/api/games/${id}`, null, tokens);
  check(final.result, 'the API shows no result');
  log(`imago game over after ${final.ply} plies (${myMoves} clicked moves${resigned ? ', resigned after the cap' : ''}): "${status}"`);

  // replay: step back through history
  await page.click('[data-testid=hist-first]');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.dataset.shownPly === '0');
  await page.click('[data-testid=hist-next]');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.dataset.shownPly === '1');
  await page.click('[data-testid=move-1]');
  await page.click('[data-testid=hist-last]');
  await page.waitForFunction((n) => document.querySelector('[data-testid=board]')?.dataset.shownPly === String(n), final.ply);
  log('replay buttons step through the finished game');
  return id;
}

async function testFriendLink(browserCtx, pageA) {
  const id = await createViaUi(pageA, 'jarmo', { seat0: 'human', seat1: 'link', first: 1 });
  const link = await pageA.inputValue('[data-testid=invite-link]');
  check(/\/play\/[A-Za-z0-9_-]+#token=/.test(link), `unexpected invite link: ${link}`);
  await pageA.evaluate(() => { window.__noReload = 42; });
  await pageA.waitForSelector('[data-testid=conn][data-state=live]');
  check(await boardPly(pageA) === 0, 'the new game does not start at ply 0');

  const ctxB = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const pageB = await newPage(ctxB, 'friend');
  await pageB.goto(link);
  await pageB.waitForSelector('[data-testid=board] [data-cell].target');
  check(!/#token=/.test(pageB.url()), 'the token stays in the address bar');
  const tokB = await storedTokens(pageB, id);
  check(tokB.length === 1, 'the friend page kept no token');
  const st = await api('GET', `/api/games/${id}`, null, tokB);
  check(JSON.stringify(st.you) === '[1]', `the friend's token holds seats ${JSON.stringify(st.you)}, expected [1]`);
  // each seat sees its own side at the bottom: the friend (seat 1) the board turned
  check(await pageB.getAttribute('[data-testid=board]', 'data-flip') === '1', 'the second seat does not see the board turned');
  check(await pageA.getAttribute('[data-testid=board]', 'data-flip') === '0', 'the first seat sees the board turned');
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  await clickMove(pageB, mv);
  await waitPly(pageB, '==', 1, 'the friend\'s move');
  await waitPly(pageA, '==', 1, 'the friend\'s move to arrive on the first page over the WebSocket', 10_000);
  check(await pageA.evaluate(() => window.__noReload) === 42, 'the first page reloaded');
  const movesA = await pageA.textContent('[data-testid=moves]');
  check(movesA.includes(st.legal.find((m) => m.move === mv.move).move), `the first page's move list lacks ${mv.move}`);
  await pageA.waitForSelector('[data-testid=board] [data-cell].target');
  log(`friend by link: ${mv.move} played in a second context arrived live in the first (jarmo ${id})`);
  const told = (await pageA.textContent('[data-testid=announce]')).trim();
  check(told === `Light played ${mv.move}.`, `the friend's move was announced as "${told}"`);
  // flipping is remembered across a reload
  await pageB.click('[data-testid=flip]');
  await pageB.waitForSelector('[data-testid=board][data-flip="0"]');
  await pageB.reload();
  await pageB.waitForSelector('[data-testid=board] [data-cell]');
  check(await pageB.getAttribute('[data-testid=board]', 'data-flip') === '0', 'the flip was not remembered after a reload');
  log('friend by link: the second seat sees the board turned, the move announced, the flip remembered');
  await ctxB.close();
}

async function randomMoves(id, tokens, n) {
  let st = await api('GET', `/api/games/${id}`, null, tokens);
  for (let i = 0; i < n && !st.result && st.legal.length; i++) {
    const mv = st.legal[Math.floor(Math.random() * st.legal.length)];
    st = await api('POST', `/api/games/${id}/move`, { move: mv.move, ply: st.ply }, tokens);
  }
  return st;
}

async function testBoardsAndScreens(page) {
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
    await waitPly(page, '==', st.ply, `${game}: the moves to show`);
    const lastCells = await page.$$eval('[data-testid=board] [data-cell].last', (els) => els.map((e) => e.dataset.cell));
    check(lastCells.length >= 1, `${game}: the last move (${st.moves[st.ply - 1]}) is not marked`);
    const cells = await page.$$eval('[data-testid=board] [data-cell]', (els) => els.map((e) => e.dataset.cell));
    const expected = { imago: 40, jarmo: 25, linja: 8, dimensiones: 36 }[game];
    check(cells.length === expected, `${game}: ${cells.length} clickable cells, expected ${expected}`);
    // every cell: focusable, a button, labelled
    const bad = await page.$$eval('[data-testid=board] [data-cell]', (els) => els.filter((e) => e.getAttribute('role') !== 'button' || !e.hasAttribute('tabindex') || !e.getAttribute('aria-label')).length);
    check(bad === 0, `${game}: ${bad} cells lack role/tabindex/aria-label`);
    // select the start of a legal move to show the highlights
    const live = await api('GET', `/api/games/${id}`, null, tokens);
    // guided entry: the piece previewed where it would stand, and the status line says what comes next
    const two = game === 'imago' ? live.legal.find((m) => m.path.length === 3) : game === 'linja' ? live.legal.find((m) => m.path.length >= 4) : null;
    if (two) {
      await page.click(`[data-testid=board] [data-cell="${two.path[0]}"]`);
      await page.click(`[data-testid=board] [data-cell="${two.path[1]}"]`);
      await page.waitForFunction(() => (document.querySelector('[data-testid=prompt]')?.textContent || '').length > 0, null, { timeout: 5000 })
        .catch(() => { throw new Failure(`${game}: no prompt after ${two.path.slice(0, 2).join(' ')}`); });
      const prompt = (await page.textContent('[data-testid=prompt]')).trim();
      if (game === 'imago') {
        check(/push which piece/.test(prompt), `imago: the prompt after the step says "${prompt}"`);
        check(await page.$$eval(`[data-testid=board] [data-cell="${two.path[1]}"] .piece`, (els) => els.length) === 1, 'imago: the stepping piece is not shown on its new cell');
        check(await page.$$eval(`[data-testid=board] [data-cell="${two.path[0]}"] .piece-ghost`, (els) => els.length) === 1, 'imago: no ghost where the piece stood');
      } else {
        const rest = live.legal.filter((m) => m.path.length >= 4 && m.path[0] === two.path[0] && m.path[1] === two.path[1]);
        const n = Math.max(...rest.map((m) => Math.abs(Number(m.path[3]) - Number(m.path[2]))));
        check(prompt === `Now a following move of exactly ${n} rows (or onto your goal line).`, `linja: the prompt after the first move says "${prompt}", expected ${n} rows`);
      }
      await page.screenshot({ path: path.join(SHOTS, `${game}-entry.png`), fullPage: true });
      log(`${game}: guided entry after ${two.path.slice(0, 2).join(' ')}: "${prompt}", screenshot ${game}-entry.png`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=board] .selected'));
    }
    const mv = live.legal.find((m) => m.path.length > 1);
    if (mv) {
      await page.click(`[data-testid=board] [data-cell="${mv.path[0]}"]`);
      await page.waitForSelector('[data-testid=board] [data-cell].selected');
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
    log(`${game}: board drawn (${cells.length} cells, ply ${st.ply}), screenshot ${path.basename(file)}`);
    if (game === 'linja') {
      // a draw offered and accepted (both seats are mine here)
      await page.click('[data-testid=draw-offer]');
      await page.click('[data-testid=draw-accept]');
      await page.waitForSelector('[data-testid=status][data-over="1"]');
      const txt = (await page.textContent('[data-testid=status]')).trim();
      check(/agreement/.test(txt), `linja: the status after an agreed draw says "${txt}"`);
      log(`linja: draw offered and accepted: "${txt}"`);
    }
    if (game === 'imago') {
      // the same game on a phone-sized screen
      await page.setViewportSize({ width: 375, height: 760 });
      await page.reload();
      await page.waitForSelector('[data-testid=board] [data-cell]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `imago at 375 px is ${overflow} px too wide`);
      await page.screenshot({ path: path.join(SHOTS, 'imago-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1100, height: 900 });
      log('imago at 375 px wide: no horizontal overflow, screenshot imago-phone.png');
    }
  }
}

/** The computer's reply marked, at 1280x800 and 390x844, in English and Spanish. */
async function testLastMoveScreens(browserCtx) {
  for (const [lang, width, height] of [['en', 1280, 800], ['es', 390, 844]]) {
    const ctx = await browserCtx.newContext({ viewport: { width, height }, locale: lang === 'es' ? 'es-ES' : 'en-US' });
    const page = await newPage(ctx, `last-${lang}`);
    for (const game of ['imago', 'dimensiones']) {
      const id = await createViaUi(page, game, { seat0: 'human', seat1: 'ai', level1: 1 });
      const tokens = await storedTokens(page, id);
      const st = await api('GET', `/api/games/${id}`, null, tokens);
      await clickMove(page, st.legal.find((m) => m.path.length) || st.legal[0]);
      await waitPly(page, '>', 1, `${game}: the computer's reply`);
      await page.waitForSelector('[data-testid=board] .last-mark');
      const told = (await page.textContent('[data-testid=announce]')).trim();
      check(told.length > 0, `${game} (${lang}): the computer's reply was not announced`);
      // the actions sit within the first screen (on a phone, right under the board)
      const box = await page.locator('[data-testid=resign]').boundingBox();
      check(box && box.y + box.height <= height, `${game} (${width}x${height}): the resign button is below the first screen (${box && Math.round(box.y)})`);
      const shot = `${game}-last-${lang}-${width}.png`;
      await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
      log(`${game} (${lang}, ${width}x${height}): the reply marked and announced ("${told}"), screenshot ${shot}`);
    }
    await ctx.close();
  }
}

async function testEditor(page) {
  await page.goto(`${BASE}/editor`);
  await page.waitForSelector('[data-testid=editor-board] [data-cell="c3-d3"]');
  await page.waitForSelector('[data-testid=solve-red]', { timeout: 60_000 });
  await page.click('[data-testid=editor-board] [data-cell="c3-d3"]');
  await page.click('[data-testid=editor-board] [data-cell="c4-d4"]');
  await page.click('[data-testid=editor-board] [data-cell="b2"]');
  await page.click('[data-testid=editor-board] [data-cell="c2"]');
  const text = await page.inputValue('[data-testid=layout-text]');
  check(text === 'red:b5,c2 blue:g2,g5 walls:c3-d3,c4-d4', `unexpected layout text: ${text}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=solve]')?.dataset.state === 'done', null, { timeout: 60_000 })
    .catch(() => { throw new Failure('the editor\'s solve never finished'); });
  const red = (await page.textContent('[data-testid=solve-red]')).trim();
  const blue = (await page.textContent('[data-testid=solve-blue]')).trim();
  await page.fill('[data-testid=layout-name]', 'e2e walls');
  await page.click('[data-testid=save-layout]');
  await page.waitForFunction(() => /e2e walls/.test(document.querySelector('[data-testid=save-message]')?.textContent || ''));
  await page.screenshot({ path: path.join(SHOTS, 'editor.png'), fullPage: true });
  await page.click('[data-testid=play-layout]');
  await page.waitForURL(/\/new\/imago/);
  await page.waitForFunction((v) => document.querySelector('[data-testid=variant]')?.value === v, text);
  log(`editor: walls and a moved piece give "${text}"; red first: ${red}; blue first: ${blue}; saved; "play this layout" preselects it`);
}

async function testFixtures(page) {
  // Boards drawn from fixed states (e2e/fixtures/), served in place of the
  // API's answer: kings, frozen pieces, all four armies, marked archers,
  // a due return (a path of three cells) and a pass button.
  for (const game of ['dimensiones', 'jarmo']) {
    const st = JSON.parse(readFileSync(path.join(HERE, 'fixtures', `${game}-state.json`), 'utf8'));
    await page.route(`**/api/games/${st.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(st) }));
    await page.goto(`${BASE}/play/${st.id}`);
    await page.waitForSelector('[data-testid=board] [data-cell]');
    if (game === 'dimensiones') {
      const n = await page.$$eval('[data-testid=board] .dpiece', (els) => els.length);
      const kings = await page.$$eval('[data-testid=board] .dpiece.king', (els) => els.length);
      const frozen = await page.$$eval('[data-testid=board] .dpiece.frozen', (els) => els.length);
      const p = st.view.pieces;
      check(n === p.length && kings === p.filter((x) => x.king).length && frozen === p.filter((x) => x.frozen).length,
        `dimensiones fixture: ${n} pieces, ${kings} kings, ${frozen} frozen drawn`);
      check(await page.$$eval('[data-testid=board] .signal-token', (els) => els.length) === 1, 'dimensiones fixture: no signal token');
      await page.click('[data-testid=board] [data-cell=d6]');
      await page.waitForSelector('[data-testid=board] [data-cell=b4].target');
    } else {
      check(await page.$$eval('[data-testid=board] .mark-ring', (els) => els.length) === st.view.archers.filter((a) => a.marked).length, 'jarmo fixture: marked archers not ringed');
      await page.waitForSelector('[data-testid=pass]');
      await page.click('[data-testid=board] [data-cell=a1]');
      await page.click('[data-testid=board] [data-cell=c2]');
      await page.waitForSelector('[data-testid=board] [data-cell=b1].target');
      await page.waitForSelector('[data-testid=board] [data-cell=c1].target');
      check(await page.$$eval('[data-testid=board] .target', (els) => els.length) === 2, 'jarmo fixture: the return points are not the only highlights');
    }
    await page.screenshot({ path: path.join(SHOTS, `${game}-fixture.png`), fullPage: true });
    if (game === 'jarmo') {
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=board] .selected'));
    }
    await page.unroute(`**/api/games/${st.id}`);
    log(`${game}: fixture board drawn as expected, screenshot ${game}-fixture.png`);
  }
}

// ---------------------------------------------------------------- main

// ---- rules (#18): each rules page in both languages (diagrams drawn, a
// "try it" move clicked, the Print button's PDF), the card picker against
// the text form, and the running game's five cards.

async function rulesPage(page, game, lang) {
  await page.goto(`${BASE}/rules/${game}`);
  await page.click(`[data-testid=lang-${lang}]`);
  await page.waitForSelector(`article.rules[data-lang=${lang}] [data-testid=rules-full] h2`);
  const n = await page.locator('[data-testid=diagram]').count();
  check(n >= 2, `${game} ${lang}: ${n} diagrams, expected at least 2`);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=diagram]')].every((f) => f.dataset.ready !== '0'), null, { timeout: STEP_TIMEOUT });
  const bad = await page.$$eval('[data-testid=diagram]', (fs) => fs.filter((f) => f.dataset.ready !== '1').map((f) => f.textContent));
  check(bad.length === 0, `${game} ${lang}: diagrams not drawn: ${bad.join(' | ')}`);
  const boards = await page.$$eval('[data-testid=diagram] svg.board', (l) => l.map((x) => x.querySelectorAll('[data-cell]').length));
  check(boards.length === n && boards.every((c) => c > 0), `${game} ${lang}: a diagram without cells (${boards})`);
  // try it: click the highlighted cells until the move is played
  const fig = page.locator('[data-testid=diagram][data-try]').first();
  const move = await fig.getAttribute('data-try');
  for (let k = 0; k < 8 && (await fig.getAttribute('data-played')) !== '1'; k++) {
    await fig.locator('[data-cell].target').first().click();
    await page.waitForFunction((el) => el.dataset.played === '1' || el.querySelector('[data-cell].target'), await fig.elementHandle(), { timeout: STEP_TIMEOUT });
  }
  check((await fig.getAttribute('data-played')) === '1', `${game} ${lang}: the try-it move ${move} was not played`);
  await fig.locator('.diagram-note', { hasText: move }).waitFor();
  // the Print button: the kit in the page's language
  const href = await page.getAttribute('[data-testid=print]', 'href');
  check(href.includes(`lang=${lang}`) && href.startsWith(`/api/print/${game}.pdf`), `${game} ${lang}: print link ${href}`);
  const res = await page.request.get(`${BASE}${href}`);
  check(res.status() === 200 && res.headers()['content-type'] === 'application/pdf', `${game} ${lang}: print gave ${res.status()} ${res.headers()['content-type']}`);
  check((await res.body()).subarray(0, 5).toString() === '%PDF-', `${game} ${lang}: not a PDF`);
  check(await page.locator('[data-testid=rules-details]').count() === 1, `${game} ${lang}: no details section`);
}

async function testRulesPages(browser) {
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await newPage(ctx, 'rules');
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
    for (const lang of ['en', 'es']) {
      await rulesPage(page, game, lang);
      if ((game === 'dimensiones' && lang === 'es') || (game === 'imago' && lang === 'en')) {
        await page.screenshot({ path: path.join(SHOTS, `rules-${game}-${lang}-1280.png`), fullPage: true });
      }
    }
  }
  check(await page.locator('[data-testid=card-gallery] img').count() === 10, 'the ten cards are not on the rules page');
  log('rules pages: 4 games x 2 languages, diagrams drawn, try-it moves played, print PDFs');

  // the card picker and the text form give the same code
  await page.click('[data-testid=lang-en]');
  await page.goto(`${BASE}/new/dimensiones`);
  await page.waitForSelector('[data-testid=card-picker] [data-testid=card-5] img');
  check(await page.locator('[data-testid=rules-link]').count() === 1, 'no rules link on the new-game form');
  const code = () => page.$eval('[data-testid=card-code]', (e) => e.textContent.split(': ').pop());
  const selected = () => page.$eval('[data-testid=variant]', (e) => e.value);
  check(await code() === 'M-C-N-W-R' && await selected() === 'M-C-N-W-R', `default code ${await code()} / ${await selected()}`);
  for (const n of [1, 2, 3, 4, 5]) await page.click(`[data-testid=card-${n}]`);
  check(await code() === 'I-D-A-E-S', `flipping all five cards gave ${await code()}`);
  check(await selected() === await code(), `the picker says ${await code()}, the text form ${await selected()}`);
  await page.click('[data-testid=card-2]');
  check(await selected() === 'I-C-A-E-S' && await code() === 'I-C-A-E-S', `one flip back: ${await code()} / ${await selected()}`);
  await page.selectOption('[data-testid=variant]', 'M-D-N-W-S');
  check(await code() === 'M-D-N-W-S', `the text form's choice shows as ${await code()}`);
  const faces = await page.$$eval('[data-testid=card-picker] .card-btn', (l) => l.map((b) => b.dataset.face).join(','));
  check(faces === 'red,red,blue,red,blue', `faces of M-D-N-W-S: ${faces}`);
  await page.screenshot({ path: path.join(SHOTS, 'rules-card-picker-1280.png') });
  await page.click('[data-testid=seat-1-human]');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('[data-testid=game-cards][data-code="M-D-N-W-S"] img');
  check(await page.locator('[data-testid=game-cards] img').count() === 5, 'the running game does not show five cards');
  check((await page.getAttribute('[data-testid=rules-link]', 'href')) === '/rules/dimensiones', 'no rules link on the game page');
  log('card picker: same code as the text form; the game page shows its five cards and links the rules');

  // a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await rulesPage(page, 'linja', 'es');
  await page.screenshot({ path: path.join(SHOTS, 'rules-linja-es-390.png'), fullPage: true });
  await page.goto(`${BASE}/new/dimensiones`);
  await page.waitForSelector('[data-testid=card-picker] [data-testid=card-5] img');
  await page.screenshot({ path: path.join(SHOTS, 'rules-card-picker-390.png'), fullPage: true });
  await ctx.close();
  log('rules pages on a phone (390 px)');
}

async function main() {
  log(`binary ${BIN}`);
  BASE = await startServer();
  log(`server at ${BASE}`);
  const cat = await api('GET', '/api/catalog');
  check(cat && cat.games, 'GET /api/catalog has no games');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 30_000,
  });
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await newPage(ctx, 'main');

  await testHome(page);
  await testImagoVsComputer(page);
  await testFriendLink(browser, page);
  await testBoardsAndScreens(page);
  await testLastMoveScreens(browser);
  await testEditor(page);
  await testFixtures(page);
  await testRulesPages(browser);

  check(pageErrors.length === 0, `JavaScript errors in the pages:\n  ${pageErrors.join('\n  ')}`);
  log('all checks passed');
  console.log(`screenshots: ${SHOTS}`);
}

main().then(async () => {
  clearTimeout(watchdog);
  await cleanup();
  process.exit(0);
}).catch(async (e) => {
  clearTimeout(watchdog);
  console.error(`FAIL: ${e instanceof Failure ? e.message : (e && e.stack) || e}`);
  if (pageErrors.length) console.error(`JavaScript errors in the pages:\n  ${pageErrors.join('\n  ')}`);
  await cleanup();
  process.exit(1);
});
