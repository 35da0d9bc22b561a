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
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testClocks, testCorrespondence, testMail } from './clocks.mjs';
import { testAccounts } from './accounts.mjs';
import { testRatings } from './ratings.mjs';
import { testReview } from './review.mjs';
import { testExplore } from './explore.mjs';
import { testProfile } from './profile.mjs';
import { testPuzzles } from './puzzles.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { testLobby } from './lobby.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(HERE, '../target/debug/tablero');
const SHOTS = path.resolve(process.env.E2E_SCREENSHOTS || path.join(HERE, 'screenshots'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TOTAL_LIMIT_MS = 600_000;
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

function startServer(extra = []) {
  check(existsSync(BIN), `no tablero binary at ${BIN} (build it with: cargo build -p tablero-cli)`);
  tmp = mkdtempSync(path.join(tmpdir(), 'tablero-e2e-'));
  const db = path.join(tmp, 't.db');
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ['serve', '--port', '0', '--database', db, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
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

async function api(method, p, body, tokens, tries = 8) {
  const headers = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  if (tokens && tokens.length) headers.Authorization = `Bearer ${tokens.join(',')}`;
  const res = await fetch(BASE + p, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch { /* not JSON */ }
  // the server's rate limit (many moves in a row): wait as it says, then again
  if (res.status === 429 && tries > 0) {
    await sleep(1000 * ((data && data.args && data.args.seconds) || 1) + 100);
    return api(method, p, body, tokens, tries - 1);
  }
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
  await pageB.waitForSelector('[data-testid=conn][data-state=live]');
  const firstFlip = await pageB.evaluate(() => window.__firstFlip);
  check(firstFlip === '1', `the second seat's board was first drawn with data-flip=${firstFlip}, before its own state arrived`);
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
        check(prompt === `Now a following move of exactly ${n === 1 ? "1 row" : `${n} rows`} (or onto your goal line).`, `linja: the prompt after the first move says "${prompt}", expected ${n} rows`);
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

// ---------------------------------------------------------------- errors in Spanish (#18)

/** A refused draw answer, a refused claim and a bad move, asked through the
 * page's own api.js with Spanish chosen: the text the page shows (the
 * error's message) is the Spanish one from games.ftl, not the English
 * `error` of the answer. */
async function testErrorsInSpanish(browser) {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'es-ES' });
  const page = await newPage(ctx, 'errors-es');
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  const created = await api('POST', '/api/games', { game: 'imago', seats: [{ kind: 'human' }, { kind: 'human' }] });
  const token = created.tokens['0'];
  const said = await page.evaluate(async ({ id, token }) => {
    const api = await import('/static/api.js');
    const out = {};
    for (const [name, path, body] of [
      ['draw', `/api/games/${id}/draw`, { action: 'accept' }],
      ['claim', `/api/games/${id}/claim`, {}],
      ['move', `/api/games/${id}/move`, { move: 'b2-b3' }],
    ]) {
      try { await api.post(path, body, [token]); out[name] = 'accepted'; } catch (e) { out[name] = e.message; }
    }
    return out;
  }, { id: created.id, token });
  check(said.draw === 'no hay ninguna oferta de tablas que responder', `refused draw in Spanish: ${said.draw}`);
  check(/^reclamación rechazada: la posición no es una victoria demostrada/.test(said.claim), `refused claim in Spanish: ${said.claim}`);
  check(said.move === 'b2-b3 no es legal aquí: indica tras un espacio la pieza contraria que empujas, p. ej. `b2-c2 g5`',
    `bad move in Spanish: ${said.move}`);
  log(`errors in Spanish: "${said.draw}", "${said.claim}", "${said.move}"`);
  await ctx.close();
}

// ---------------------------------------------------------------- analysis (#17 lead)

// The finished Imago game opens in the analysis board: one ply back, every
// legal move carries its solved value, the same as `tablero solve imago
// --moves ... --json`; a move played from the list branches off; Jarmo
// gets the search's evaluation and best line.
async function testAnalysis(page, imagoId) {
  await page.goto(`${BASE}/play/${imagoId}`);
  await page.waitForSelector('[data-testid=analyse]:not([hidden])');
  await page.click('[data-testid=analyse]');
  await page.waitForURL(/\/analysis\//, { timeout: STEP_TIMEOUT });
  const game = await api('GET', `/api/games/${imagoId}`);
  const n = game.moves.length;
  await page.waitForSelector('[data-testid=analysis][data-method]:not([data-method=""])', { timeout: STEP_TIMEOUT });
  check(await page.$$eval('[data-testid^=an-ply-]', (els) => els.length) === n, 'analysis: the move list is not the game\'s');
  await page.click('[data-testid=hist-prev]');
  await page.waitForSelector('[data-testid=analysis][data-method=exact] [data-testid=an-move]', { timeout: STEP_TIMEOUT });
  const shown = await page.$$eval('[data-testid=an-move]', (els) => els.map((e) => [e.dataset.move, e.dataset.value]));
  const prefix = game.moves.slice(0, n - 1);
  const solved = JSON.parse(execFileSync(BIN, ['solve', 'imago', '--moves', prefix.join(','), '--json'], { encoding: 'utf8' }));
  const text = (m) => (m.result === 'draw' ? 'draw' : `${m.result} in ${m.plies}`);
  const want = solved.moves.map((m) => [m.move, text(m)]).sort();
  check(JSON.stringify(shown.slice().sort()) === JSON.stringify(want),
    `analysis: the values differ from tablero solve\n  page:  ${JSON.stringify(shown.slice().sort())}\n  solve: ${JSON.stringify(want)}`);
  const marked = await page.$$eval('[data-testid^=an-ply-][data-changed="1"]', (els) => els.length);
  await page.screenshot({ path: path.join(SHOTS, 'analysis-imago.png'), fullPage: true });
  // Branch off with the last listed move (the worst).
  const [alt] = shown[shown.length - 1];
  await page.click(`[data-testid=an-move][data-move="${alt}"] button`);
  await page.waitForFunction((ply) => document.querySelector('[data-testid=board]')?.dataset.shownPly === String(ply), n);
  await page.waitForSelector('[data-testid=back-to-game]:not([hidden])');
  log(`analysis: ${shown.length} moves valued as tablero solve does, ${marked} of ${n} played moves marked as changing the value; a branch`);
  await page.goto(`${BASE}/analysis?game=jarmo`);
  await page.waitForSelector('[data-testid=an-eval]', { timeout: STEP_TIMEOUT });
  const line = await page.$$eval('[data-testid=an-line] button', (els) => els.map((e) => e.dataset.move));
  check(line.length > 0, 'analysis: jarmo shows no best line');
  await page.screenshot({ path: path.join(SHOTS, 'analysis-jarmo.png'), fullPage: true });
  log(`analysis: jarmo evaluated, best line ${line.join(' ')}`);
}

// ---- play (#17): rematch, the two-game match, players, hint

/** Screenshots of a page at 1280x800 and 390x844 (name-wide.png, name-narrow.png). */
async function shootBoth(page, name) {
  const before = page.viewportSize();
  for (const [tag, w, hgt] of [['wide', 1280, 800], ['narrow', 390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await sleep(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${tag}.png`), fullPage: false });
  }
  if (before) await page.setViewportSize(before);
}

async function resignOn(page) {
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm]');
  await page.waitForSelector('[data-testid=status][data-over="1"]');
}

async function testPlayRematchFriends(browserCtx, pageA) {
  const id = await createViaUi(pageA, 'imago', { seat0: 'human', seat1: 'link' });
  const link = await pageA.inputValue('[data-testid=invite-link]');
  const ctxB = await browserCtx.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const pageB = await newPage(ctxB, 'friend-rematch');
  await pageB.goto(link);
  await pageB.waitForSelector('[data-testid=board][data-you="1"] [data-cell]');
  // The players: seat 0 (me) at the bottom for A, each sees the other connected.
  await pageA.waitForSelector('[data-testid=player-top] [data-testid=presence-1][data-connected="1"]');
  await pageB.waitForSelector('[data-testid=player-top] [data-testid=presence-0][data-connected="1"]');
  const bottomA = await pageA.textContent('[data-testid=player-bottom]');
  check(/You/.test(bottomA) && /to move/.test(bottomA), `A's bottom bar: "${bottomA}"`);
  check(/Friend/.test(await pageA.textContent('[data-testid=player-top]')), 'the friend is not named above the board');
  await resignOn(pageA);
  await pageB.waitForSelector('[data-testid=status][data-over="1"]');
  await pageA.click('[data-testid=rematch]');
  await pageA.waitForSelector('[data-testid=rematch-note]:not([hidden])');
  // The friend sees the offer live.
  await pageB.waitForSelector('[data-testid=rematch-note]:not([hidden])', { timeout: 10_000 });
  check(/offers a rematch/.test(await pageB.textContent('[data-testid=rematch-note]')), 'the friend is not told of the offer');
  await shootBoth(pageB, 'play-rematch-offer');
  await pageB.click('[data-testid=rematch]');
  const moved = (p) => p.waitForFunction((old) => {
    const m = /\/play\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
    const b = document.querySelector('[data-testid=board]');
    return m && m[1] !== old && b && b.dataset.you !== undefined && b.dataset.you !== '';
  }, id, { timeout: 10_000 });
  await Promise.all([moved(pageA), moved(pageB)]);
  const newA = gameIdOf(pageA);
  check(newA === gameIdOf(pageB), `the two pages went to different games: ${newA}, ${gameIdOf(pageB)}`);
  const youA = await pageA.getAttribute('[data-testid=board]', 'data-you');
  const youB = await pageB.getAttribute('[data-testid=board]', 'data-you');
  check(youA === '1' && youB === '0', `after the rematch A holds seat ${youA}, B seat ${youB} (expected 1 and 0)`);
  const tokA = await storedTokens(pageA, newA);
  const tokB = await storedTokens(pageB, newA);
  check(tokA.length === 1 && tokB.length === 1 && tokA[0] !== tokB[0], 'each page must hold only its own new token');
  log(`rematch between two contexts: ${id} -> ${newA}, seats swapped (A now seat 1)`);
  await ctxB.close();
}

async function testPlayJarmoMatch(page) {
  await page.goto(`${BASE}/new/jarmo`);
  await page.waitForSelector('[data-testid=new-game-form][data-ready="1"]');
  await page.check('[data-testid=seat-0-human]');
  await page.check('[data-testid=seat-1-ai]');
  await page.selectOption('[data-testid=level-1]', '1');
  await page.check('[data-testid=match]');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const g1 = gameIdOf(page);
  await page.waitForSelector('[data-testid=match-total][data-game="1"]');
  await resignOn(page);
  const s1 = await api('GET', `/api/games/${g1}`);
  // Game 2 starts by itself, seats swapped: I am now seat 1.
  await page.waitForFunction((old) => !location.pathname.endsWith(old) && document.querySelector('[data-testid=match-total]')?.dataset.game === '2', g1, { timeout: 15_000 });
  const g2 = gameIdOf(page);
  await page.waitForSelector('[data-testid=board][data-you="1"]');
  await resignOn(page);
  const s2 = await api('GET', `/api/games/${g2}`);
  const want = [s2.result.score[0] + s1.result.score[1], s2.result.score[1] + s1.result.score[0]];
  await page.waitForSelector('[data-testid=match-total][data-over="1"]');
  const shown = await page.getAttribute('[data-testid=match-total]', 'data-points');
  check(shown === want.join(','), `the match total shows ${shown}, expected ${want.join(',')}`);
  check(/you lost the match|you won the match|drawn/.test(await page.textContent('[data-testid=match-total]')), 'the match result is not said');
  await shootBoth(page, 'play-match-total');
  log(`jarmo two-game match: ${g1} then ${g2}, points added ${want.join('–')}`);
}

async function testPlayHint(page) {
  const id = await createViaUi(page, 'jarmo', { seat0: 'human', seat1: 'ai', level1: 2 });
  await page.waitForSelector('[data-testid=hint]:not([hidden])');
  await page.click('[data-testid=hint]');
  await page.waitForSelector('[data-testid=board] .hint-mark', { timeout: 15_000 });
  const text = await page.textContent('[data-testid=hint-text]');
  const st = await api('GET', `/api/games/${id}`, null, await storedTokens(page, id));
  const mv = /Hint: (.+)$/.exec(text.trim());
  check(mv && st.legal.some((m) => m.move === mv[1]), `the hint "${text}" is not a legal move`);
  const marks = await page.$$eval('[data-testid=board] .hint-mark', (els) => els.map((e) => e.getAttribute('data-hint-cell')));
  check(marks.length > 0, 'no cell marked for the hint');
  await shootBoth(page, 'play-hint');
  log(`hint: ${mv[1]} marked on ${marks.join(', ')}`);
}

// ---- feel (#17): every move visible, phone and accessibility, slow network

const AXE_SOURCE = (() => {
  try { return readFileSync(path.join(HERE, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'); } catch { return null; }
})();

/** axe-core on the page: no serious or critical violation. */
async function axeCheck(page, what) {
  check(AXE_SOURCE, 'axe-core is not installed (cd e2e && npm ci)');
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ content: AXE_SOURCE });
  const bad = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  check(bad.length === 0, `axe-core on ${what}:\n  ${bad.join('\n  ')}`);
}

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

/** The own move drawn at once, then confirmed; a refused one rolled back with a message; animation; sound. */
async function testFeelMoves(browserCtx) {
  const ctx = await browserCtx.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
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
  await page.waitForSelector('[data-testid=board] svg[data-pending="1"]', { timeout: 300 })
    .catch(() => { throw new Failure('feel: the own move was not drawn before the server answered'); });
  const moved = await page.$eval(".move-layer .pending-piece.piece", (e) => e.style.transform);
  check(/translate/.test(moved), `feel: the moving piece was not moved at once (${moved})`);
  const ms = Number(await page.getAttribute('[data-testid=board] svg', 'data-pending-ms'));
  check(await boardPly(page) === 0, 'feel: the ply moved before the server answered');
  release();
  await waitPly(page, '==', 1, 'feel: the held move confirmed');
  await page.waitForFunction(() => !document.querySelector('[data-testid=board] svg').dataset.pending);
  await page.unroute(`**/api/games/${id}/move`);
  log(`feel: own move drawn ${ms.toFixed(1)} ms after it was entered, before the answer; confirmed`);

  // refused: rolled back with a message
  await page.route(`**/api/games/${id}/move`, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'refused for the test' }) }));
  st = await api('GET', `/api/games/${id}`, null, tokens);
  const mv2 = st.legal.find((m) => m.path.length >= 2);
  await clickMove(page, mv2);
  await page.waitForFunction(() => /taken back: refused for the test/.test(document.querySelector('[data-testid=message]')?.textContent || ''))
    .catch(() => { throw new Failure('feel: no message when the own move was refused'); });
  await page.waitForFunction(() => !document.querySelector('[data-testid=board] svg').dataset.pending);
  check(await boardPly(page) === 1, 'feel: the refused move changed the ply');
  check(await page.$$eval(`[data-testid=board] [data-cell="${mv2.path[0]}"] .piece`, (els) => els.length === 1 && !els[0].style.transform), 'feel: the refused move was not rolled back');
  await page.unroute(`**/api/games/${id}/move`);
  log('feel: a refused own move rolled back with "Your move was taken back: …"');

  // settings: sound on (remembered), a move from elsewhere animated and heard
  await page.click('[data-testid=settings]');
  await page.check('[data-testid=set-sound]');
  await page.reload();
  await page.waitForSelector('[data-testid=board] [data-cell]');
  check(await page.isChecked('[data-testid=set-sound]'), 'feel: the sound setting was not remembered');
  await page.evaluate(() => { window.__tableroSounds = []; });
  await page.waitForSelector('[data-testid=conn][data-state=live]');
  st = await randomMoves(id, tokens, 1);
  await page.waitForFunction(() => document.getAnimations().length > 0, null, { timeout: 3000 })
    .catch(() => { throw new Failure('feel: a move from the socket was not animated'); });
  await waitPly(page, '==', st.ply, 'feel: the move from elsewhere');
  await page.waitForFunction(() => (window.__tableroSounds || []).includes('move'), null, { timeout: 2000 })
    .catch(() => { throw new Failure('feel: no sound on a move with the setting on'); });
  const c = await lastMarkContrast(page);
  check(c.marks > 0 && c.worst >= 3, `feel: imago's last-move mark contrast ${c.worst.toFixed(2)} (${c.where})`);
  log(`feel: a move over the socket animated and heard; last-move marks ${c.worst.toFixed(2)}:1 at worst`);

  // reduced motion: no animation
  await page.emulateMedia({ reducedMotion: 'reduce' });
  st = await randomMoves(id, tokens, 1);
  await waitPly(page, '==', st.ply, 'feel: a move with reduced motion');
  check(await page.evaluate(() => document.getAnimations().length) === 0, 'feel: animated although reduced motion is asked');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // the end heard too (here a resignation: the end without a move)
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm]');
  await page.waitForSelector('[data-testid=status][data-over="1"]');
  await page.waitForFunction(() => (window.__tableroSounds || []).includes('end'), null, { timeout: 2000 })
    .catch(() => { throw new Failure('feel: no sound at the end with the setting on'); });

  // every board: captured pieces as ghosts, marks' contrast, palette, axe
  await page.click('[data-testid=settings]');
  await page.check('[data-testid=set-palette]');
  check(await page.evaluate(() => document.documentElement.dataset.palette) === 'cb', 'feel: the palette setting did nothing');
  const ghostSeen = {};
  for (const game of ['jarmo', 'dimensiones', 'linja']) {
    const gid = await createViaUi(page, game, { seat0: 'human', seat1: 'human' });
    const toks = await storedTokens(page, gid);
    await page.waitForSelector('[data-testid=conn][data-state=live]');
    let s = await api('GET', `/api/games/${gid}`, null, toks);
    const count = (x) => (x.view.archers || x.view.pieces || []).length;
    for (let i = 0; i < 60 && !s.result && s.legal.length && !ghostSeen[game]; i++) {
      const before = count(s);
      const caps = s.legal.filter((m) => m.path.length > 2 || /x/.test(m.move));
      const pick = (caps.length ? caps : s.legal)[Math.floor(Math.random() * (caps.length || s.legal.length))];
      s = await api('POST', `/api/games/${gid}/move`, { move: pick.move, ply: s.ply }, toks);
      await waitPly(page, '==', s.ply, `${game}: move ${s.ply}`);
      // Super Dimensiones: pieces leave the board only when captured.
      if (game === 'dimensiones' && count(s) < before) {
        const ghosts = await page.$$eval('[data-testid=board] [data-ghost]', (els) => els.length);
        check(ghosts === before - count(s), `${game}: ${before - count(s)} pieces captured by ${pick.move}, ${ghosts} ghosts drawn`);
        ghostSeen[game] = pick.move;
      }
      if (game === 'linja' && i >= 3) break;
    }
    const k = await lastMarkContrast(page);
    check(k.marks > 0 && k.worst >= 3, `${game}: last-move mark contrast ${k.worst.toFixed(2)}:1 (${k.where})`);
    await axeCheck(page, `the game page (${game})`);
    if (game === 'dimensiones') {
      const fillRed = await page.$eval('[data-testid=board] .army-red .dp-body', (e) => getComputedStyle(e).fill);
      check(fillRed === 'rgb(213, 94, 0)', `dimensiones: the colour-blind palette is not applied (${fillRed})`);
      await page.screenshot({ path: path.join(SHOTS, 'dimensiones-palette.png'), fullPage: true });
    }
    log(`${game}: marks ${k.worst.toFixed(2)}:1 at worst on ${k.squares} colours${ghostSeen[game] ? `, capture ghosts after ${ghostSeen[game]}` : ''}`);
  }
  await page.click('[data-testid=settings]');
  await page.uncheck('[data-testid=set-palette]');
  await page.uncheck('[data-testid=set-sound]');
  await ctx.close();
}

/** A phone: text at least 12 px, actions in the first screen, editor handles visible and 24 px; axe on every page. */
async function testFeelPhone(browserCtx) {
  const ctx = await browserCtx.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */, hasTouch: true, isMobile: true });
  const page = await newPage(ctx, 'feel-phone');
  await page.goto(`${BASE}/`);
  await page.waitForSelector('[data-testid=rules-linja]');
  await axeCheck(page, 'the home page');
  await page.goto(`${BASE}/rules/imago`);
  await page.waitForSelector('[data-testid=rules-full] h2, [data-testid=rules-full] h3');
  await axeCheck(page, 'a rules page');
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
    const gid = await createViaUi(page, game, { seat0: 'human', seat1: 'human' });
    await randomMoves(gid, await storedTokens(page, gid), 3);
    await page.reload();
    await page.waitForSelector('[data-testid=board] [data-cell].last');
    const tx = await smallestBoardText(page);
    check(tx.min >= 12, `${game} at 390 px: board text ${tx.min.toFixed(1)} px (${tx.what})`);
    const box = await page.locator('[data-testid=resign]').boundingBox();
    check(box && box.y + box.height <= 844, `${game} at 390x844: the actions are below the first screen (${box && Math.round(box.y)})`);
    if (game === 'linja') await page.screenshot({ path: path.join(SHOTS, 'linja-phone.png'), fullPage: true });
    log(`${game} at 390x844: board text ${tx.min.toFixed(1)} px at least, resign at y ${Math.round(box.y)}`);
  }
  await page.goto(`${BASE}/new/jarmo`);
  await page.waitForSelector('[data-testid=new-game-form][data-ready="1"]');
  await axeCheck(page, 'the new-game page');
  await page.goto(`${BASE}/editor`);
  await page.waitForSelector('[data-testid=editor-board] [data-cell="c3-d3"]');
  await page.waitForTimeout(100);
  const hs = await page.$$eval('[data-testid=editor-board] g.edge.off .edge-hit', (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    const line = e.parentNode.querySelector('.edge-line');
    return { min: Math.min(r.width, r.height), fill: line ? getComputedStyle(line).fill : 'none' };
  }));
  check(hs.length > 0, 'editor: no wall handles');
  const smallest = Math.min(...hs.map((x) => x.min));
  check(smallest >= 24, `editor at 390 px: a wall handle is ${smallest.toFixed(1)} px thick`);
  check(hs.every((x) => x.fill !== 'none' && !/rgba\(0, 0, 0, 0\)/.test(x.fill)), 'editor: the wall handles are invisible');
  await axeCheck(page, 'the editor');
  await page.screenshot({ path: path.join(SHOTS, 'editor-phone.png'), fullPage: true });
  await page.goto(`${BASE}/analysis?game=imago`);
  await page.waitForSelector('[data-testid=analysis][data-method=exact]', { timeout: STEP_TIMEOUT });
  await axeCheck(page, 'the analysis board');
  log(`editor at 390 px: ${hs.length} handles, ${smallest.toFixed(1)} px at least, visible; axe clean on home, rules, new game, editor, analysis`);

  // a missing game: said once, and the socket stops trying
  let sockets = 0;
  page.on('websocket', () => { sockets += 1; });
  await page.goto(`${BASE}/play/nosuchgame`);
  await page.waitForSelector('[data-testid=error]');
  await page.waitForTimeout(2500);
  const errs = await page.$$eval('[data-testid=error]', (els) => els.map((e) => e.textContent));
  check(errs.length === 1 && /no such game/i.test(errs[0]), `a missing game says ${JSON.stringify(errs)}`);
  check(sockets <= 1, `a missing game's socket was tried ${sockets} times in 2.5 s`);
  log(`a missing game: "${errs[0]}" once, ${sockets} socket attempt(s)`);
  await ctx.close();
}

// ---------------------------------------------------------------- layout and words (#36, item 9)

/** The message ids of locales/{en,es}/web.ftl. */
const CATALOGUE_IDS = (() => {
  const ids = new Set();
  for (const lang of ['en', 'es']) {
    const text = readFileSync(path.join(HERE, '..', 'locales', lang, 'web.ftl'), 'utf8');
    for (const m of text.matchAll(/^([a-z][a-z0-9_-]*)\s*=/gm)) ids.add(m[1]);
  }
  return ids;
})();
/** The first words of the catalogue's ids with an underscore (`card`, `army`, `an`...): a name holding `card_name_2` is a key shown instead of its text, even where the catalogue lacks that key. */
const CATALOGUE_HEADS = new Set([...CATALOGUE_IDS].filter((id) => id.includes('_')).map((id) => id.split('_')[0]));

/** Message keys in the page's accessible names (aria-label, alt, title, and the text of buttons, links, labels, headings, options...). */
async function keysInNames(page) {
  const names = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('*')) {
      for (const a of ['aria-label', 'alt', 'title', 'aria-description', 'aria-roledescription', 'placeholder', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    for (const el of document.querySelectorAll('button, a, label, summary, legend, option, h1, h2, h3, h4, th, caption, figcaption, [role=button], [role=status], svg text, svg title, .player, .status, .prompt, .message, .diagram-note')) {
      if (el.closest('pre, code, .rules-details')) continue;
      out.push(el.textContent || '');
    }
    return out;
  });
  const found = new Set();
  for (const n of names) {
    for (const [w] of n.matchAll(/[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+/g)) {
      if (CATALOGUE_IDS.has(w) || CATALOGUE_HEADS.has(w.split('_')[0])) found.add(w);
    }
  }
  return [...found];
}

/** axe-core (no serious or critical issue) and no message key in an accessible name. */
async function pageClean(page, what) {
  await axeCheck(page, what);
  const keys = await keysInNames(page);
  check(keys.length === 0, `${what}: message keys in accessible names: ${keys.join(', ')}`);
}

/** A game made through the API with two human seats; returns {id, tokens: [t0, t1]}. */
async function apiGame(game, variant) {
  const body = { game, seats: [{ kind: 'human' }, { kind: 'human' }] };
  if (variant) body.variant = variant;
  const g = await api('POST', '/api/games', body);
  return { id: g.id, tokens: [g.tokens['0'], g.tokens['1']] };
}

/** Opens a game's page holding seat `seat`'s token only (the link a friend gets). */
async function openSeat(page, g, seat = 0) {
  await page.goto(`${BASE}/play/${g.id}#token=${encodeURIComponent(g.tokens[seat])}`);
  await page.waitForSelector('[data-testid=board] [data-cell]');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.dataset.you !== '');
}

/** The boxes of the board and the two players' bars, as drawn (viewport pixels, page scrolled to the top). */
async function boardBoxes(page) {
  return page.evaluate(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right }; };
    return {
      board: box('[data-testid=board]'), svg: box('[data-testid=board] svg'),
      top: box('[data-testid=player-top]'), bottom: box('[data-testid=player-bottom]'),
      vw: window.innerWidth, vh: window.innerHeight, scroll: window.scrollY,
    };
  });
}

/** Every game at 1366x768 and 1280x800, both languages: the whole board and both bars in the first screen. */
async function testBoardFitsLaptops(browserCtx) {
  const games = {};
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) games[game] = await apiGame(game);
  const seen = [];
  for (const [w, hgt] of [[1366, 768], [1280, 800]]) {
    for (const lang of ['en', 'es']) {
      const ctx = await browserCtx.newContext({ viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const page = await newPage(ctx, `fit-${w}-${lang}`);
      for (const game of Object.keys(games)) {
        await openSeat(page, games[game]);
        const b = await boardBoxes(page);
        const what = `${game} (${lang}, ${w}x${hgt})`;
        check(b.scroll === 0, `${what}: the page opened scrolled by ${b.scroll} px`);
        for (const [k, r] of [['board', b.board], ['top bar', b.top], ['bottom bar', b.bottom]]) {
          check(r.y >= 0 && r.bottom <= b.vh && r.x >= 0 && r.right <= b.vw,
            `${what}: the ${k} is not inside the first screen (${Math.round(r.x)},${Math.round(r.y)} to ${Math.round(r.right)},${Math.round(r.bottom)} of ${b.vw}x${b.vh})`);
        }
        check(b.top.bottom <= b.board.y + 1 && b.bottom.y >= b.board.bottom - 1, `${what}: the bars are not above and below the board`);
        // the board is not a stamp: it takes most of the screen's height or of its column's width
        check(b.svg.h >= 0.6 * b.vh || b.svg.w >= 0.55 * b.vw, `${what}: the board is only ${Math.round(b.svg.w)}x${Math.round(b.svg.h)} px`);
        seen.push(`${game} ${Math.round(b.svg.h)}`);
        if (game === 'dimensiones' || game === 'jarmo') await page.screenshot({ path: path.join(SHOTS, `fit-${game}-${lang}-${w}.png`) });
      }
      await ctx.close();
    }
  }
  log(`every board and both bars fit 1366x768 and 1280x800 in both languages (board heights ${seen.slice(0, 4).join(', ')} px at 1366x768)`);
}

/** A position of `game` (through random moves by the API) where a legal move has a path of `n` cells at least; null if none within `plies`. */
async function findLongPath(game, variant, n, tries = 6, plies = 200, pred = (m) => m.path.length >= n) {
  for (let k = 0; k < tries; k++) {
    const g = await apiGame(game, variant);
    let st = await api('GET', `/api/games/${g.id}`, null, g.tokens);
    for (let i = 0; i < plies && !st.result && st.legal.length; i++) {
      const long = st.legal.find(pred);
      if (long) return { g, st, mv: long };
      // prefer captures and long paths: chains come sooner
      const longest = Math.max(...st.legal.map((m) => m.path.length));
      const pool = Math.random() < 0.7 ? st.legal.filter((m) => m.path.length === longest) : st.legal;
      const mv = pool[Math.floor(Math.random() * pool.length)];
      st = await api('POST', `/api/games/${g.id}/move`, { move: mv.move, ply: st.ply }, g.tokens);
    }
  }
  return null;
}

/**
 * Clicks a multi-step move's cells one by one; the board's box is the same
 * (to the pixel) before the first click and before the last; the prompt
 * after cell `promptAt` (1-based) matches `prompt`.
 */
async function stillBoard(page, mv, what, prompt, promptAt = 2) {
  const before = await boardBoxes(page);
  for (let i = 0; i < mv.path.length; i++) {
    const sel = `[data-testid=board] [data-cell="${mv.path[i]}"]`;
    await page.waitForSelector(`${sel}.target`, { timeout: 5000 }).catch(() => { throw new Failure(`${what}: cell ${mv.path[i]} of ${mv.move} is not highlighted`); });
    if (i > 0) {
      const now = await boardBoxes(page);
      for (const k of ['board', 'svg', 'top', 'bottom']) {
        const [a, b] = [before[k], now[k]];
        check(a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h,
          `${what}: the ${k} moved while ${mv.move} was entered (before click 1: ${a.x},${a.y} ${a.w}x${a.h}; before click ${i + 1}: ${b.x},${b.y} ${b.w}x${b.h})`);
      }
    }
    if (i === promptAt && prompt) {
      const said = (await page.textContent('[data-testid=prompt]')).trim();
      check(prompt.test(said), `${what}: after ${mv.path.slice(0, i).join(' ')} the prompt says "${said}"`);
    }
    await page.click(sel);
  }
  const choice = page.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
}

/** The board stands still while a move of several cells is entered, each such step has its prompt; at 1366x768 and 390x844. */
async function testStillBoard(browserCtx) {
  const jarmoFix = JSON.parse(readFileSync(path.join(HERE, 'fixtures', 'jarmo-state.json'), 'utf8'));
  // a capture is entered as start and end (the server's path): its prompt comes after the piece
  let chain = null;
  let extra = null;
  for (const [w, hgt, lang] of [[1366, 768, 'en'], [390, 844, 'es']]) {
    chain = await findLongPath('dimensiones', null, 2, 6, 200, (m) => /x/.test(m.move));
    check(chain, 'dimensiones: no capture found in random games');
    extra = await findLongPath('linja', 'publisher', 6);
    check(extra, 'linja (publisher): no extra turn found in random games');
    const ctx = await browserCtx.newContext({ viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US', hasTouch: w < 500, isMobile: w < 500 });
    const page = await newPage(ctx, `still-${w}`);
    const es = lang === 'es';
    // Imago: step, then push
    const im = await apiGame('imago');
    await openSeat(page, im);
    const imSt = await api('GET', `/api/games/${im.id}`, null, im.tokens);
    await stillBoard(page, imSt.legal.find((m) => m.path.length === 3), `imago ${w}`, es ? /empujas/ : /push which/);
    await waitPly(page, '==', 1, `imago ${w}: the move`);
    // Linja: first move, following move, extra turn (the part entered named)
    await openSeat(page, extra.g, extra.st.to_move);
    await stillBoard(page, extra.mv, `linja ${w}`, null);
    await waitPly(page, '==', extra.st.ply + 1, `linja ${w}: the move`);
    // Super Dimensiones: a capture chain
    await openSeat(page, chain.g, chain.st.to_move);
    await stillBoard(page, chain.mv, `dimensiones ${w}`, es ? /^Captura: pulsa la casilla/ : /^It captures: click the square/, 1);
    await waitPly(page, '==', chain.st.ply + 1, `dimensiones ${w}: the move`);
    // Jarmo: an arrival, then the return point (a fixed state)
    await page.route(`**/api/games/${jarmoFix.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(jarmoFix) }));
    await page.route(`**/api/games/${jarmoFix.id}/move`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(jarmoFix) }));
    await page.goto(`${BASE}/play/${jarmoFix.id}`);
    await page.waitForSelector('[data-testid=board] [data-cell].target');
    await stillBoard(page, jarmoFix.legal.find((m) => m.path.length === 3), `jarmo ${w}`, es ? /Vuelve un arquero/ : /lost archer comes back/);
    await page.unroute(`**/api/games/${jarmoFix.id}`);
    await page.unroute(`**/api/games/${jarmoFix.id}/move`);
    await ctx.close();
  }
  // Linja's extra turn: the prompt names the moves entered, and the board shows them played.
  const ctx = await browserCtx.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const page = await newPage(ctx, 'linja-extra');
  const again = await findLongPath('linja', 'publisher', 6);
  check(again, 'linja (publisher): no second extra turn found');
  await openSeat(page, again.g, again.st.to_move);
  const p = again.mv.path;
  const counts = () => page.$$eval('[data-testid=board] [data-cell]', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, e.querySelectorAll('.stone').length])));
  const start = await counts();
  for (const c of p.slice(0, 4)) await page.click(`[data-testid=board] [data-cell="${c}"]`);
  const said = (await page.textContent('[data-testid=prompt]')).trim();
  const done = `${p[0]}-${p[1]} ${p[2]}-${p[3]}`;
  check(said.startsWith('Extra turn') && said.includes(done), `linja: the extra turn's prompt says "${said}", expected the part entered (${done})`);
  const shown = await counts();
  const want = { ...start };
  for (const [a, b] of [[p[0], p[1]], [p[2], p[3]]]) { if (a !== b) { want[a] -= 1; want[b] += 1; } }
  check(JSON.stringify(shown) === JSON.stringify(want), `linja: the board does not show the moves entered: ${JSON.stringify(shown)}, expected ${JSON.stringify(want)}`);
  await page.screenshot({ path: path.join(SHOTS, 'linja-extra-turn.png') });
  await ctx.close();
  log(`the board stands still while imago, linja (${extra.mv.move}), dimensiones (${chain.mv.move}) and jarmo moves are entered, at 1366x768 and 390x844; each further step has its prompt; linja's extra turn shows "${said}"`);
}

/** Jarmo's end read from the player's side; a loss looks unlike a win. */
async function testEndWords(browserCtx) {
  const fix = JSON.parse(readFileSync(path.join(HERE, 'fixtures', 'jarmo-state.json'), 'utf8'));
  const hr = fix.view.home_rows || [1, 5];
  // Seat 0 (Dark) has one archer left, on Light's first row: the game ends; Light has more points.
  const ended = (you, winner, score) => ({
    ...fix, you, legal: [], to_move: null, result: { winner, score, reason: 'all-arrived' },
    view: { ...fix.view, archers: [{ cell: `c${hr[1]}`, seat: 0, marked: false }, ...[1, 2, 3].map((r) => ({ cell: `a${r + 1}`, seat: 1, marked: false }))] },
  });
  const cases = [
    { st: ended([0], 1, [2, 7]), lang: 'en', want: /^You lost 2–7: your last archer arrived, which ends the game; the points decide$/, outcome: 'lost' },
    { st: ended([1], 1, [5, 6]), lang: 'en', want: /^You won 6–5: Dark's last archer arrived/, outcome: 'won' },
    { st: ended([0], 1, [2, 7]), lang: 'es', want: /^Has perdido 2–7: tu último arquero llegó/, outcome: 'lost' },
    { st: ended([0, 1], 1, [5, 6]), lang: 'en', want: /^Light wins 6–5: Dark's last archer arrived/, outcome: 'over' },
  ];
  const colours = {};
  for (const c of cases) {
    const ctx = await browserCtx.newContext({ viewport: { width: 1280, height: 800 }, locale: c.lang === 'es' ? 'es-ES' : 'en-US' });
    const page = await newPage(ctx, 'end-words');
    await page.route(`**/api/games/${fix.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(c.st) }));
    await page.routeWebSocket(/\/ws$/, () => {});
    await page.goto(`${BASE}/play/${fix.id}`);
    await page.waitForSelector('[data-testid=status][data-over="1"]');
    await page.waitForFunction((o) => document.querySelector('[data-testid=status]').dataset.outcome === o, c.outcome, { timeout: 5000 })
      .catch(async () => { throw new Failure(`jarmo end: outcome ${await page.getAttribute('[data-testid=status]', 'data-outcome')}, expected ${c.outcome}`); });
    // the board module (which words the end) may load after the first draw
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid=status]').textContent.trim()), c.want.source, { timeout: 5000 }).catch(() => {});
    const said = (await page.textContent('[data-testid=status]')).trim();
    check(c.want.test(said), `jarmo end (${c.lang}, you ${c.st.you}): "${said}" does not match ${c.want}`);
    colours[c.outcome] = await page.$eval('[data-testid=status]', (e) => `${getComputedStyle(e).color} on ${getComputedStyle(e).backgroundColor}`);
    if (c.outcome === 'lost' && c.lang === 'en') await page.screenshot({ path: path.join(SHOTS, 'jarmo-lost.png') });
    await ctx.close();
  }
  check(colours.won !== colours.lost, `a loss is styled as a win (${colours.lost})`);
  log(`jarmo's end read from the player's side ("You lost 2–7: your last archer arrived…", "You won 6–5…"); won ${colours.won}, lost ${colours.lost}`);
  // Super Dimensiones (#36 item 4): the end names what decided each sub-game, not only that both are decided.
  const dim = await apiGame('dimensiones');
  const live = await api('GET', `/api/games/${dim.id}`, null, dim.tokens);
  // A game the server does not have (its page would carry the live state): the ended state is the routes' own.
  const over = {
    ...live, id: 'dimEndWords1', you: [0], legal: [], to_move: null, result: { winner: null, score: [1, 1], reason: 'subgames' },
    view: { ...live.view, army_to_move: null, subgames: ['won-0', 'won-1'], subgame_ends: [{ army: 'blue', why: 'no-pieces' }, { army: 'aqua', why: 'blocked' }] },
  };
  for (const [lang, wanted, w, hgt] of [
    ['en', /^Draw 1–1: Blue has no pieces left; Aqua could not move$/, 1366, 768],
    ['es', /^Tablas 1–1: Azul no tiene piezas; Aguamarina no pudo mover$/, 390, 844],
  ]) {
    const ctx = await browserCtx.newContext({ viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US', hasTouch: w < 500, isMobile: w < 500 });
    const page = await newPage(ctx, 'dim-end-words');
    await page.route(`**/api/games/${over.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(over) }));
    await page.routeWebSocket(/\/ws$/, () => {});
    // #36 item 5: a variant that names its sides otherwise (the catalog's variant_sides, as English draughts' Black first) names the bars.
    await page.route(`**/play/${over.id}`, async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      const at = html.indexOf('"game":"dimensiones"');
      const key = '"variant_sides":{}';
      const k = html.indexOf(key, at);
      const sides = JSON.stringify({ [over.variant]: [{ en: 'Southside', es: 'Sureños' }, { en: 'Northside', es: 'Norteños' }] });
      route.fulfill({ response: res, body: at < 0 || k < 0 ? html : `${html.slice(0, k)}"variant_sides":${sides}${html.slice(k + key.length)}` });
    });
    await page.goto(`${BASE}/play/${over.id}`);
    await page.waitForSelector('[data-testid=status][data-over="1"]');
    const bar = (await page.textContent('[data-testid=player-bottom]')).trim();
    check(bar.includes(lang === 'es' ? 'Sureños' : 'Southside'), `dimensiones (${lang}): the player's bar "${bar}" does not use the variant's side names`);
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid=status]').textContent.trim()), wanted.source, { timeout: 5000 }).catch(() => {});
    const said = (await page.textContent('[data-testid=status]')).trim();
    check(wanted.test(said), `dimensiones end (${lang}): "${said}" does not match ${wanted}`);
    await page.screenshot({ path: path.join(SHOTS, `dimensiones-end-${lang}-${w}.png`), fullPage: true });
    await ctx.close();
  }
  log('super dimensiones\' end names what decided each sub-game in both languages');
}

/** The contrast of a lang button's text with what is behind it (its own background, else the header's). */
async function langButtonContrast(page, sel) {
  return page.$eval(sel, (el) => {
    const rgb = (c) => { const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c); return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null; };
    const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    let bg = rgb(getComputedStyle(el).backgroundColor);
    if (!bg || bg[3] === 0) bg = rgb(getComputedStyle(el.closest('header')).backgroundColor);
    const fg = rgb(getComputedStyle(el).color);
    const [x, y] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    return (x + 0.05) / (y + 0.05);
  });
}

/** Every page in both languages: axe-core clean and no message key in a name; the header on one line on a phone; the language buttons readable under a hover or after a tap; a rules page's table focusable; a wrong "try it" click answered. */
async function testPagesClean(browserCtx) {
  const played = await apiGame('jarmo');
  await randomMoves(played.id, played.tokens, 4);
  const pages = [
    ['home', '/', '[data-testid=game-imago]'],
    ['editor', '/editor', '[data-testid=editor-board] [data-cell]'],
    ['analysis', '/analysis?game=imago', '[data-testid=analysis][data-method=exact] [data-testid=an-value]'],
    ['missing page', '/nowhere', '.error'],
  ];
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
    pages.push([`new ${game}`, `/new/${game}`, '[data-testid=new-game-form][data-ready="1"]']);
    pages.push([`rules ${game}`, `/rules/${game}`, '[data-testid=diagram][data-ready="1"]']);
  }
  const counted = { pages: 0 };
  for (const [w, hgt] of [[1366, 768], [390, 844]]) {
    for (const lang of ['en', 'es']) {
      const phone = w < 500;
      const ctx = await browserCtx.newContext({ viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US', bypassCSP: true, hasTouch: phone, isMobile: phone });
      const page = await newPage(ctx, `clean-${lang}-${w}`);
      for (const [what, url, ready] of pages) {
        // the phone: the pages whose layout differs there
        if (phone && !/^(home|rules|new dimensiones)/.test(what)) continue;
        await page.goto(`${BASE}${url}`);
        await page.waitForSelector(ready, { timeout: STEP_TIMEOUT });
        if (what.startsWith('rules')) await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=diagram]')].every((f) => f.dataset.ready !== '0'));
        if (what === 'analysis') {
          const v = (await page.textContent('[data-testid=an-value]')).trim();
          check(lang === 'en' ? /^With best play, (the game is a draw|\S+ (wins|loses) .+)\.$/.test(v) : /^Con el mejor juego, (la partida acaba en tablas|\S+ (gana|pierde) .+)\.$/.test(v),
            `analysis (${lang}): "${v}"`);
        }
        await pageClean(page, `${what} (${lang}, ${w}x${hgt})`);
        counted.pages += 1;
      }
      for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
        const g = game === 'jarmo' ? played : await apiGame(game);
        await openSeat(page, g);
        await page.waitForSelector('[data-testid=conn][data-state=live]');
        if (game === 'dimensiones') await page.waitForSelector('[data-testid=game-cards] [data-card]');
        await pageClean(page, `the game page, ${game} (${lang}, ${w}x${hgt})`);
        counted.pages += 1;
      }
      // the header: one line (the brand's height) in both languages
      const head = await page.$eval('header.top', (e) => e.getBoundingClientRect().height);
      check(head <= 60, `the header is ${Math.round(head)} px tall (${lang}, ${w} px): it wraps`);
      // the language buttons: readable when hovered (a mouse) or after a tap (a touch screen)
      const other = lang === 'es' ? 'en' : 'es';
      if (phone) await page.tap(`[data-testid=lang-${other}]`);
      else await page.hover(`[data-testid=lang-${other}]`);
      if (phone) await page.waitForFunction((l) => document.documentElement.lang === l, other);
      for (const l of ['en', 'es']) {
        const c = await langButtonContrast(page, `[data-testid=lang-${l}]`);
        check(c >= 4.5, `the ${l.toUpperCase()} button is ${c.toFixed(2)}:1 after a ${phone ? 'tap' : 'hover'} (${lang}, ${w} px)`);
      }
      if (phone) await page.tap(`[data-testid=lang-${lang}]`);
      await ctx.close();
    }
  }
  // a rules page's wrong "try it" click is answered, and the move can still be played
  const ctx = await browserCtx.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await newPage(ctx, 'try-wrong');
  await page.goto(`${BASE}/rules/imago`);
  const fig = page.locator('[data-testid=diagram][data-try][data-ready="1"]').first();
  await fig.waitFor();
  const wrong = await fig.evaluate((f) => [...f.querySelectorAll('[data-cell]')].find((c) => !c.classList.contains('target'))?.dataset.cell);
  await fig.locator(`[data-cell="${wrong}"]`).click();
  const note = (await fig.locator('.diagram-note').textContent()).trim();
  check(/^That is not the next cell of /.test(note), `rules: a wrong try-it click says "${note}"`);
  check(await fig.locator('[data-cell].target').count() === 1, 'rules: after a wrong click no cell is highlighted');
  await ctx.close();
  log(`${counted.pages} pages (1366x768 and 390x844, English and Spanish): axe-core clean, no message key in a name; the header on one line; EN/ES readable after a hover or a tap; a wrong try-it click: "${note}"`);
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
  // a card's face name is 5.2 of its 85 units of width: at least 12 px on a laptop
  const pickW = await page.$eval('[data-testid=card-picker] .card-img', (e) => e.getBoundingClientRect().width);
  check(pickW * 5.2 / 85 >= 12, `the picker's cards are ${pickW.toFixed(0)} px wide: their face names ${(pickW * 5.2 / 85).toFixed(1)} px`);
  await page.click('[data-testid=seat-1-human]');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('[data-testid=game-cards][data-code="M-D-N-W-S"] [data-card]');
  check(await page.locator('[data-testid=game-cards] [data-card]').count() === 5, 'the running game does not show five cards');
  const chips = await page.$$eval('[data-testid=game-cards] [data-card]', (l) => l.map((c) => `${c.dataset.card}:${c.dataset.face}`).join(','));
  check(chips === '1M:red,2D:red,3N:blue,4W:red,5S:blue', `the game's cards for M-D-N-W-S: ${chips}`);
  const chipPx = await page.$$eval('[data-testid=game-cards] [data-card] *', (l) => Math.min(...l.map((e) => parseFloat(getComputedStyle(e).fontSize))));
  check(chipPx >= 12, `the game's cards' text is ${chipPx} px`);
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

// ---------------------------------------------------------------- lab (#21)

/** Starts `tablero serve --lab DIR` on its own port; resolves to [process, base]. */
function startLabServer(dir) {
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ['serve', '--port', '0', '--rate', '0', '--database', path.join(dir, 'lab-serve.db'), '--lab', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Failure(`the lab server did not listen within 30 s: ${out}`)), 30_000);
    p.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) { clearTimeout(timer); resolve([p, `http://127.0.0.1:${m[1]}`]); }
    });
    p.stderr.on('data', () => {});
    p.on('exit', (code) => { clearTimeout(timer); reject(new Failure(`the lab server exited (code ${code})`)); });
  });
}

/**
 * The /lab page: a finished survey (its figures table and a plot drawn), a
 * survey started in the background by `tablero lab` whose progress changes
 * on the page while it runs (the page polls every 2 s), English and Spanish,
 * axe-core on the list and a report, screenshots at 1280x800 and 390x844
 * (lab-*.png).
 */
async function testLabPage(browserCtx) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tablero-e2e-lab-'));
  const lab = (args) => execFileSync(BIN, ['lab', ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  lab(['jarmo', '--level', '1', '--games', '2', '--threads', '1', '--report', path.join(dir, 'done')]);
  let srv = null;
  let survey = null;
  try {
    const [p, base] = await startLabServer(dir);
    srv = p;
    const ctx = await browserCtx.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, 'lab');
    // A survey in another process: 2 variants x 40 games at level 2; its
    // count of games must move on the page itself.
    survey = spawn(BIN, ['lab', 'jarmo', '--variants', 'all', '--level', '2', '--games', '4000', '--threads', '1', '--report', path.join(dir, 'live')], { stdio: 'ignore' });
    const until0 = Date.now() + 30_000;
    while (Date.now() < until0 && !existsSync(path.join(dir, 'live', 'lab.sqlite'))) await sleep(100);
    await page.goto(`${base}/lab/live`);
    await page.waitForSelector('[data-testid=lab-progress]', { timeout: 30_000 });
    const done = () => page.getAttribute('[data-testid=lab-progress]', 'data-done').then(Number);
    const total = Number(await page.getAttribute('[data-testid=lab-progress]', 'data-total'));
    const first = await done();
    // Long enough to be still running on a fast machine (it is killed at the end).
    check(total === 8000, `the live survey counts ${total} games, not 8000`);
    check(first < total, 'the survey had finished before the page showed it running');
    const seen = new Set([first]);
    const until = Date.now() + 60_000;
    while (Date.now() < until && seen.size < 2) {
      await sleep(500);
      seen.add(await done());
    }
    check(seen.size >= 2, `the progress did not change on the page (stuck at ${first}/${total})`);
    await shootBoth(page, 'lab-live');

    await page.goto(`${base}/lab`);
    await page.waitForSelector('[data-testid=lab-report-done]');
    await page.waitForSelector('[data-testid=lab-report-live]');
    check(await page.getAttribute('[data-testid=lab-report-done]', 'data-state') === 'finished', 'the finished survey is not listed as finished');
    check(await page.getAttribute('[data-testid=lab-report-live]', 'data-state') === 'running', 'the live survey is not listed as running');
    await axeCheck(page, 'the lab list');
    await shootBoth(page, 'lab-list');

    await page.click('[data-testid=lab-report-done] a');
    await page.waitForSelector('[data-testid=lab-figures] tbody tr');
    const plot = await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="lab-plot-first-player.svg"] img');
      return img && img.complete && img.naturalWidth > 0 ? img.naturalWidth : null;
    }, null, { timeout: STEP_TIMEOUT });
    check(await plot.jsonValue() > 0, 'the first-player plot is not drawn');
    await axeCheck(page, 'a lab report');
    await shootBoth(page, 'lab-report');

    await page.goto(`${base}/lab/live`);
    await page.waitForSelector('[data-testid=lab-progress-text]');
    // Spanish.
    await page.click('[data-testid=lang-es]');
    await page.waitForFunction(() => /partidas jugadas/.test(document.querySelector('[data-testid=lab-progress-text]')?.textContent || ''));
    await page.click('[data-testid=lang-en]');
    log(`lab: list, a report with its plot, live progress ${[...seen].join(' -> ')} of ${total} games; axe clean`);
    await ctx.close();
  } finally {
    if (survey && survey.exitCode === null) survey.kill('SIGKILL');
    if (srv && srv.exitCode === null) srv.kill('SIGKILL');
    try { rmSync(dir, { recursive: true, force: true }); } catch { /* ignore */ }
  }
}

// E2E_ONLY=testHome,testStillBoard runs only the tests named (all by default).
const ONLY = new Set((process.env.E2E_ONLY || '').split(',').map((x) => x.trim()).filter(Boolean));
const want = (name) => !ONLY.size || ONLY.has(name);

async function main() {
  log(`binary ${BIN}`);
  // Mail goes to a local sink (testMail counts what arrives).
  const smtp = await startSmtpSink();
  BASE = await startServer(['--smtp', `smtp://127.0.0.1:${smtp.port}`, '--mail-quiet', '4']);
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

  if (want('testHome')) await testHome(page);
  const imagoId = want('testImagoVsComputer') ? await testImagoVsComputer(page) : null;
  if (want('testFriendLink')) await testFriendLink(browser, page);
  if (want('testBoardsAndScreens')) await testBoardsAndScreens(page);
  if (want('testLastMoveScreens')) await testLastMoveScreens(browser);
  if (want('testEditor')) await testEditor(page);
  if (want('testFixtures')) await testFixtures(page);
  if (want('testAnalysis') && imagoId) await testAnalysis(page, imagoId);
  if (want('testPlayRematchFriends')) await testPlayRematchFriends(browser, page);
  if (want('testPlayJarmoMatch')) await testPlayJarmoMatch(page);
  if (want('testPlayHint')) await testPlayHint(page);
  if (want('testFeelMoves')) await testFeelMoves(browser);
  if (want('testFeelPhone')) await testFeelPhone(browser);
  if (want('testRulesPages')) await testRulesPages(browser);
  if (want('testErrorsInSpanish')) await testErrorsInSpanish(browser);
  if (want('testLabPage')) await testLabPage(browser);
  if (want('testBoardFitsLaptops')) await testBoardFitsLaptops(browser);
  if (want('testStillBoard')) await testStillBoard(browser);
  if (want('testEndWords')) await testEndWords(browser);
  if (want('testPagesClean')) await testPagesClean(browser);
  const helpers = { browser, base: BASE, newPage, check, log, sleep, smtp, axe: axeCheck, shoot: (pg, name) => pg.screenshot({ path: path.join(SHOTS, `${name}.png`) }) };
  if (want('testClocks')) await testClocks(helpers);
  if (want('testCorrespondence')) await testCorrespondence(helpers);
  if (want('testMail')) await testMail(helpers);
  if (want('testAccounts')) await testAccounts(helpers);
  if (want('testProfile')) await testProfile(helpers);
  if (want('testLobby')) await testLobby(browser, BASE);
  if (want('testRatings')) await testRatings(helpers);
  if (want('testReview')) await testReview(helpers);
  if (want('testExplore')) await testExplore(helpers);
  if (want('testPuzzles')) await testPuzzles(helpers);

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
