// The browser tests' harness: Playwright Test's `test` with the fixtures the
// tests share, and the helpers several test files use.
//
// Fixtures:
// - `server` (one per worker, started for every test, so one for the whole
//   run: the config asks for one worker; a failed test's worker is replaced,
//   with a new server): an SMTP sink (smtp-sink.mjs) and `tablero serve --port 0`
//   on a temporary SQLite database, its mail going to the sink
//   (`--mail-quiet 4`). Tests share its state: some read what others left.
// - `shared`: an object living as long as the server (testAnalysis opens
//   the game testImagoVsComputer finished).
// - `errors`: the JavaScript errors of every page a test opens (through the
//   `page` fixture or `newPage`); any fails the test when it ends.
// - `page`: one page of one context, both kept for the whole run (1100x900,
//   English), as the hand-made runner's main page was: the tests that use
//   it share it, its HTTP cache and localStorage (the tokens of the games
//   they made), each test starting where the last left it; its errors
//   watched (`mainPage`). `newPage(context, name)`: a page of a
//   context the test made, watched the same way.

import { test as base, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from './smtp-sink.mjs';

export { expect };

export const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The binary under test: $TABLERO_BIN, else the workspace's debug build. */
export const BIN = path.resolve(HERE, process.env.TABLERO_BIN || '../target/debug/tablero');
/** Where the screenshots go: $E2E_SCREENSHOTS, else e2e/screenshots/. */
export const SHOTS = path.resolve(process.env.E2E_SCREENSHOTS || path.join(HERE, 'screenshots'));
/** The timeout of one step (an action, a wait, an auto-waiting assertion). */
export const STEP_TIMEOUT = 15_000;
/**
 * `expect.poll`'s intervals where a page changes at once (a move drawn, the
 * computer's reply): every 25 ms, as closely as the hand-made runner's
 * `waitForFunction` (each animation frame) saw it, not the default's
 * 100 ms, 250 ms, 500 ms, then 1 s.
 */
export const FAST = [25];

/** The server's address, once the `server` fixture has started it. */
export let BASE = '';

const t0 = Date.now();
export const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A check of a computed value (the DOM's checks are auto-waiting `expect(locator)`s). */
export function check(cond, msg) {
  expect(cond, msg).toBeTruthy();
}

/** Starts `tablero serve --port 0 ...args`; resolves to [process, base, output]. */
export function serve(args, what = 'the server') {
  if (!existsSync(BIN)) throw new Error(`no tablero binary at ${BIN} (build it with: cargo build -p tablero-cli)`);
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed no "listening on" line within 30 s\nstdout: ${out}\nstderr: ${err}`)), 30_000);
    p.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve([p, `http://127.0.0.1:${m[1]}`]);
      }
    });
    p.stderr.on('data', (d) => {
      err += d;
      if (err.length > 20000) err = err.slice(-20000);
    });
    p.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (code ${code}) before listening\nstdout: ${out}\nstderr: ${err}`));
    });
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${BIN}: ${e.message}`));
    });
  });
}

/** Stops a server process: SIGINT, then SIGKILL after 3 s. */
export async function stop(p) {
  if (!p || p.exitCode !== null) return;
  p.kill('SIGINT');
  const done = await Promise.race([new Promise((r) => p.once('exit', () => r(true))), sleep(3000).then(() => false)]);
  if (!done) p.kill('SIGKILL');
}

/** Watches a page: its JavaScript errors (and console errors, but the socket's) go to `errors()`, the list of the test under way. */
function watch(page, name, errors) {
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on('pageerror', (e) => errors().push(`${name}: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/WebSocket|Failed to load resource/.test(msg.text())) errors().push(`${name} console: ${msg.text()}`);
  });
  return page;
}

export const test = base.extend({
  server: [async ({}, use) => {
    const smtp = await startSmtpSink();
    const tmp = mkdtempSync(path.join(tmpdir(), 'tablero-e2e-'));
    const [p, url] = await serve(['--database', path.join(tmp, 't.db'), '--smtp', `smtp://127.0.0.1:${smtp.port}`, '--mail-quiet', '4']);
    BASE = url;
    log(`binary ${BIN}, server at ${BASE}`);
    const cat = await api('GET', '/api/catalog');
    check(cat && cat.games, 'GET /api/catalog has no games');
    await use({ base: url, smtp });
    await stop(p);
    smtp.close();
    rmSync(tmp, { recursive: true, force: true });
    console.log(`screenshots: ${SHOTS}`);
  }, { scope: 'worker', auto: true, timeout: 60_000 }],

  shared: [async ({}, use) => { await use({}); }, { scope: 'worker' }],

  errors: [async ({}, use) => {
    const list = [];
    await use(list);
    expect(list, `JavaScript errors in the pages:\n  ${list.join('\n  ')}`).toEqual([]);
  }, { auto: true }],

  mainContext: [async ({ browser }, use) => {
    // No service worker (web/sw.js, #49): page.route must see every request; 23-pwa-push tests the worker.
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US', serviceWorkers: 'block' });
    await use(ctx);
    await ctx.close();
  }, { scope: 'worker' }],

  // One page for the run, as run.mjs's main page was, not a new page (a
  // new renderer, the modules compiled again) for each of the ten tests
  // that use it (README.md, "Speed"). Its errors go to the test using it;
  // those between such tests to the worker, failing the run at its end (as
  // run.mjs's check of all the pages' errors did).
  mainPage: [async ({ mainContext }, use) => {
    const main = { errors: null, stray: [] };
    main.page = watch(await mainContext.newPage(), 'main', () => main.errors || main.stray);
    await use(main);
    await main.page.close();
    expect(main.stray, `JavaScript errors in the main page between tests:\n  ${main.stray.join('\n  ')}`).toEqual([]);
  }, { scope: 'worker' }],

  page: async ({ mainPage, errors }, use) => {
    mainPage.errors = errors;
    await use(mainPage.page);
    mainPage.errors = null;
  },

  newPage: async ({ errors }, use) => {
    await use(async (context, name) => watch(await context.newPage(), name, () => errors));
  },
});

// ---------------------------------------------------------------- the API

/** A call to the server's API (waiting out its rate limit); the answer's JSON. */
export async function api(method, p, body, tokens, tries = 8) {
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
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return data;
}

/** A game made through the API with two human seats; returns {id, tokens: [t0, t1]}. */
export async function apiGame(game, variant) {
  const body = { game, seats: [{ kind: 'human' }, { kind: 'human' }] };
  if (variant) body.variant = variant;
  const g = await api('POST', '/api/games', body);
  return { id: g.id, tokens: [g.tokens['0'], g.tokens['1']] };
}

/** `n` random legal moves through the API; the state after them. */
export async function randomMoves(id, tokens, n) {
  let st = await api('GET', `/api/games/${id}`, null, tokens);
  for (let i = 0; i < n && !st.result && st.legal.length; i++) {
    const mv = st.legal[Math.floor(Math.random() * st.legal.length)];
    st = await api('POST', `/api/games/${id}/move`, { move: mv.move, ply: st.ply }, tokens);
  }
  return st;
}

// ---------------------------------------------------------------- pages

/** The board of the game page. */
export const board = (page) => page.getByTestId('board');

/** The board's data-ply, read now. */
export async function boardPly(page) {
  return Number(await board(page).getAttribute('data-ply'));
}

/** Waits (auto-retrying) until the board's data-ply is above `n`. */
export async function plyAbove(page, n, what, timeout = STEP_TIMEOUT) {
  await expect.poll(() => boardPly(page), { message: `${what}: the board's ply to pass ${n}`, timeout, intervals: FAST }).toBeGreaterThan(n);
}

/**
 * Waits (auto-retrying, every 25 ms: FAST) until the attribute `name` of
 * `locator` is `value` (a string, or a RegExp it matches): where the
 * hand-made runner waited each animation frame (the board's ply, its shown
 * ply, its seat), as promptly; `expect(locator).toHaveAttribute` polls at
 * most every 500 ms once a wait passes 270 ms.
 */
export async function attrSoon(locator, name, value, message, timeout = STEP_TIMEOUT) {
  const poll = expect.poll(async () => (await locator.getAttribute(name, { timeout })) ?? '', { message, timeout, intervals: FAST });
  if (value instanceof RegExp) await poll.toMatch(value);
  else await poll.toBe(value);
}

export function gameIdOf(page) {
  const m = /\/play\/([A-Za-z0-9_-]+)/.exec(page.url());
  check(m, `expected a game page, got ${page.url()}`);
  return m[1];
}

/** The tokens the page's localStorage keeps for game `id`. */
export async function storedTokens(page, id) {
  return page.evaluate((gid) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    return (all[gid] && all[gid].tokens) || [];
  }, id);
}

/** Creates a game through the new-game page; returns its id. */
export async function createViaUi(page, game, { seat0 = 'human', seat1 = 'human', level1 = null, first = 0, variant = null } = {}) {
  await page.goto(`${BASE}/new/${game}`);
  await expect(page.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  if (variant) await page.selectOption('[data-testid=variant]', variant);
  await page.check(`[data-testid=seat-0-${seat0}]`);
  await page.check(`[data-testid=seat-1-${seat1}]`);
  if (level1) await page.selectOption('[data-testid=level-1]', String(level1));
  await page.selectOption('[data-testid=first]', String(first));
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  return gameIdOf(page);
}

/** Clicks a move's path (or its pass button), each cell once it is highlighted. */
export async function clickMove(page, mv) {
  if (!mv.path.length) {
    await page.click(`[data-testid^=pass][data-move="${mv.move}"]`);
    return;
  }
  for (let i = 0; i < mv.path.length; i++) {
    const cell = page.locator(`[data-testid=board] [data-cell="${mv.path[i]}"]`);
    await expect(cell, `cell ${mv.path[i]} (step ${i + 1} of ${mv.move}) is not highlighted`).toHaveClass(/\btarget\b/, { timeout: 5000 });
    await cell.click();
  }
  // When the path is also the start of a longer move, the UI asks which.
  const choice = page.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
}

/** Screenshot `name`.png of the viewport into the screenshots' folder. */
export function shoot(page, name, fullPage = false) {
  return page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Screenshots of a page at 1280x800 and 390x844 (name-wide.png, name-narrow.png). */
export async function shootBoth(page, name) {
  const before = page.viewportSize();
  for (const [tag, w, hgt] of [['wide', 1280, 800], ['narrow', 390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await sleep(150);
    await shoot(page, `${name}-${tag}`);
  }
  if (before) await page.setViewportSize(before);
}

/** Screenshots of a page at 1366x768 and 390x844 (name-1366.png,
 *  name-390.png), then back to its size: `show` scrolls that test id into
 *  view first, `full` takes the whole page, `settle` ms to wait after a
 *  resize. */
export async function bothSizes(page, name, { show = null, full = false, settle = 200 } = {}) {
  const before = page.viewportSize();
  for (const [w, hgt] of [[1366, 768], [390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await sleep(settle);
    if (show) await page.getByTestId(show).scrollIntoViewIfNeeded();
    await shoot(page, `${name}-${w}`, full);
  }
  if (before) await page.setViewportSize(before);
}

/** Signs up `name` (password "a long password") from the header's account
 *  box of `base`'s home page, and waits until the header shows the name. */
export async function signUpOn(page, name, base = BASE) {
  await page.goto(`${base}/`);
  await expect(page.getByTestId('account-summary')).toBeVisible();
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', 'a long password');
  await page.click('[data-testid=account-signup]');
  await expect(page.getByTestId('account-summary')).toHaveText(name);
}

/** A new browser context of one person (a laptop, or a 390x844 phone with
 *  `phone`), signed up as `name` from the header's account box of `base`
 *  (default the test server): `{ ctx, page, name, lang }`. `clock`
 *  installs Playwright's clock before the page opens; `switchLang` also
 *  presses the page's language button (for `es`). */
export async function person(browser, newPage, name, lang, { phone = false, base = BASE, clock = false, switchLang = false } = {}) {
  const ctx = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 768 },
    locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone,
  });
  if (clock) await ctx.clock.install();
  const page = await newPage(ctx, `${name} ${lang}`);
  await signUpOn(page, name, base);
  if (switchLang && lang === 'es') await page.click('[data-testid=lang-es]');
  return { ctx, page, name, lang };
}

/** Resigns on a game page (the confirmation too) and waits for the end. */
export async function resignOn(page) {
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm]');
  await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
}

/** A context's options for a language and a size (a phone below 500 px: touch, mobile). */
export function contextFor(lang, width, height, extra = {}) {
  const phone = width < 500;
  return { viewport: { width, height }, locale: lang === 'es' ? 'es-ES' : 'en-US', serviceWorkers: 'block', ...(phone ? { hasTouch: true, isMobile: true } : {}), ...extra };
}

// ---------------------------------------------------------------- accessibility

const AXE_SOURCE = (() => {
  try { return readFileSync(path.join(HERE, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'); } catch { return null; }
})();

/** axe-core on the page: no serious or critical violation. */
export async function axeCheck(page, what) {
  check(AXE_SOURCE, 'axe-core is not installed (cd e2e && npm ci)');
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ content: AXE_SOURCE });
  const bad = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect(bad, `axe-core on ${what}`).toEqual([]);
}
