// The browser's layout and words (#36, item 9): every board and both bars in
// the first screen of a laptop; the board standing still while a move of
// several cells is entered, with each further step's prompt; Jarmo's and
// Super Dimensiones' ends said from the player's side; axe-core and no
// message key on every page in both languages.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  test, expect, check, log, api, apiGame, randomMoves, board, axeCheck, BASE, HERE, SHOTS, FAST, attrSoon,
} from '../harness.mjs';

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
  expect(await keysInNames(page), `${what}: message keys in accessible names`).toEqual([]);
}

/** Opens a game's page holding seat `seat`'s token only (the link a friend gets). */
async function openSeat(page, g, seat = 0) {
  await page.goto(`${BASE}/play/${g.id}#token=${encodeURIComponent(g.tokens[seat])}`);
  await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  await attrSoon(board(page), 'data-you', /./);
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

/** A context's options for a size and a language (a phone below 500 px). */
const sized = (w, hgt, lang, extra = {}) => ({
  viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US', hasTouch: w < 500, isMobile: w < 500, ...extra,
});

/** Every game at 1366x768 and 1280x800, both languages: the whole board and both bars in the first screen. */
test('testBoardFitsLaptops', async ({ browser, newPage }) => {
  const games = {};
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) games[game] = await apiGame(game);
  const seen = [];
  for (const [w, hgt] of [[1366, 768], [1280, 800]]) {
    for (const lang of ['en', 'es']) {
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt }, locale: lang === 'es' ? 'es-ES' : 'en-US' });
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
});

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
    const cell = page.locator(`[data-testid=board] [data-cell="${mv.path[i]}"]`);
    await expect(cell, `${what}: cell ${mv.path[i]} of ${mv.move} is not highlighted`).toHaveClass(/\btarget\b/, { timeout: 5000 });
    if (i > 0) {
      const now = await boardBoxes(page);
      for (const k of ['board', 'svg', 'top', 'bottom']) {
        const [a, b] = [before[k], now[k]];
        check(a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h,
          `${what}: the ${k} moved while ${mv.move} was entered (before click 1: ${a.x},${a.y} ${a.w}x${a.h}; before click ${i + 1}: ${b.x},${b.y} ${b.w}x${b.h})`);
      }
    }
    if (i === promptAt && prompt) {
      const said = (await page.getByTestId('prompt').textContent()).trim();
      check(prompt.test(said), `${what}: after ${mv.path.slice(0, i).join(' ')} the prompt says "${said}"`);
    }
    await cell.click();
  }
  const choice = page.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
}

/** The board stands still while a move of several cells is entered, each such step has its prompt; at 1366x768 and 390x844. */
test('testStillBoard', async ({ browser, newPage }) => {
  const jarmoFix = JSON.parse(readFileSync(path.join(HERE, 'fixtures', 'jarmo-state.json'), 'utf8'));
  // a capture is entered as start and end (the server's path): its prompt comes after the piece
  let chain = null;
  let extra = null;
  for (const [w, hgt, lang] of [[1366, 768, 'en'], [390, 844, 'es']]) {
    chain = await findLongPath('dimensiones', null, 2, 6, 200, (m) => /x/.test(m.move));
    check(chain, 'dimensiones: no capture found in random games');
    extra = await findLongPath('linja', 'publisher', 6);
    check(extra, 'linja (publisher): no extra turn found in random games');
    const ctx = await browser.newContext(sized(w, hgt, lang));
    const page = await newPage(ctx, `still-${w}`);
    const es = lang === 'es';
    // Imago: step, then push
    const im = await apiGame('imago');
    await openSeat(page, im);
    const imSt = await api('GET', `/api/games/${im.id}`, null, im.tokens);
    await stillBoard(page, imSt.legal.find((m) => m.path.length === 3), `imago ${w}`, es ? /empujas/ : /push which/);
    await attrSoon(board(page), 'data-ply', '1', `imago ${w}: the move`);
    // Linja: first move, following move, extra turn (the part entered named)
    await openSeat(page, extra.g, extra.st.to_move);
    await stillBoard(page, extra.mv, `linja ${w}`, null);
    await attrSoon(board(page), 'data-ply', String(extra.st.ply + 1), `linja ${w}: the move`);
    // Super Dimensiones: a capture chain
    await openSeat(page, chain.g, chain.st.to_move);
    await stillBoard(page, chain.mv, `dimensiones ${w}`, es ? /^Captura: pulsa la casilla/ : /^It captures: click the square/, 1);
    await attrSoon(board(page), 'data-ply', String(chain.st.ply + 1), `dimensiones ${w}: the move`);
    // Jarmo: an arrival, then the return point (a fixed state)
    await page.route(`**/api/games/${jarmoFix.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(jarmoFix) }));
    await page.route(`**/api/games/${jarmoFix.id}/move`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(jarmoFix) }));
    await page.goto(`${BASE}/play/${jarmoFix.id}`);
    await expect(page.locator('[data-testid=board] [data-cell].target').first()).toBeVisible();
    await stillBoard(page, jarmoFix.legal.find((m) => m.path.length === 3), `jarmo ${w}`, es ? /Vuelve un arquero/ : /lost archer comes back/);
    await page.unroute(`**/api/games/${jarmoFix.id}`);
    await page.unroute(`**/api/games/${jarmoFix.id}/move`);
    await ctx.close();
  }
  // Linja's extra turn: the prompt names the moves entered, and the board shows them played.
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const page = await newPage(ctx, 'linja-extra');
  const again = await findLongPath('linja', 'publisher', 6);
  check(again, 'linja (publisher): no second extra turn found');
  await openSeat(page, again.g, again.st.to_move);
  const p = again.mv.path;
  const counts = () => page.$$eval('[data-testid=board] [data-cell]', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, e.querySelectorAll('.stone').length])));
  const start = await counts();
  for (const c of p.slice(0, 4)) await page.click(`[data-testid=board] [data-cell="${c}"]`);
  const done = `${p[0]}-${p[1]} ${p[2]}-${p[3]}`;
  await expect(page.getByTestId('prompt'), `linja: the extra turn's prompt, expected the part entered (${done})`).toHaveText(/^\s*Extra turn/);
  await expect(page.getByTestId('prompt'), `linja: the extra turn's prompt, expected the part entered (${done})`).toContainText(done);
  const said = (await page.getByTestId('prompt').textContent()).trim();
  const want = { ...start };
  for (const [a, b] of [[p[0], p[1]], [p[2], p[3]]]) { if (a !== b) { want[a] -= 1; want[b] += 1; } }
  expect(await counts(), 'linja: the board does not show the moves entered').toEqual(want);
  await page.screenshot({ path: path.join(SHOTS, 'linja-extra-turn.png') });
  await ctx.close();
  log(`the board stands still while imago, linja (${extra.mv.move}), dimensiones (${chain.mv.move}) and jarmo moves are entered, at 1366x768 and 390x844; each further step has its prompt; linja's extra turn shows "${said}"`);
});

/** Jarmo's end read from the player's side; a loss looks unlike a win. */
test('testEndWords', async ({ browser, newPage }) => {
  const fix = JSON.parse(readFileSync(path.join(HERE, 'fixtures', 'jarmo-state.json'), 'utf8'));
  const hr = fix.view.home_rows || [1, 5];
  // Seat 0 (Dark) has one archer left, on Light's first row: the game ends; Light has more points.
  const ended = (you, winner, score) => ({
    ...fix, you, legal: [], to_move: null, result: { winner, score, reason: 'all-arrived' },
    view: { ...fix.view, archers: [{ cell: `c${hr[1]}`, seat: 0, marked: false }, ...[1, 2, 3].map((r) => ({ cell: `a${r + 1}`, seat: 1, marked: false }))] },
  });
  const cases = [
    { st: ended([0], 1, [2, 7]), lang: 'en', want: /^\s*You lost 2–7: your last archer arrived, which ends the game; the points decide\s*$/, outcome: 'lost' },
    { st: ended([1], 1, [5, 6]), lang: 'en', want: /^\s*You won 6–5: Dark's last archer arrived/, outcome: 'won' },
    { st: ended([0], 1, [2, 7]), lang: 'es', want: /^\s*Has perdido 2–7: tu último arquero llegó/, outcome: 'lost' },
    { st: ended([0, 1], 1, [5, 6]), lang: 'en', want: /^\s*Light wins 6–5: Dark's last archer arrived/, outcome: 'over' },
  ];
  const colours = {};
  for (const c of cases) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: c.lang === 'es' ? 'es-ES' : 'en-US' });
    const page = await newPage(ctx, 'end-words');
    await page.route(`**/api/games/${fix.id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(c.st) }));
    await page.routeWebSocket(/\/ws$/, () => {});
    await page.goto(`${BASE}/play/${fix.id}`);
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-over', '1');
    await expect(status, `jarmo end: outcome, expected ${c.outcome}`).toHaveAttribute('data-outcome', c.outcome, { timeout: 5000 });
    // the board module (which words the end) may load after the first draw
    await expect(status, `jarmo end (${c.lang}, you ${c.st.you})`).toHaveText(c.want, { timeout: 5000 });
    colours[c.outcome] = await status.evaluate((e) => `${getComputedStyle(e).color} on ${getComputedStyle(e).backgroundColor}`);
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
    ['en', /^\s*Draw 1–1: Blue has no pieces left; Aqua could not move\s*$/, 1366, 768],
    ['es', /^\s*Tablas 1–1: Azul no tiene piezas; Aguamarina no pudo mover\s*$/, 390, 844],
  ]) {
    const ctx = await browser.newContext(sized(w, hgt, lang));
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
    await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
    await expect(page.getByTestId('player-bottom'), `dimensiones (${lang}): the player's bar does not use the variant's side names`)
      .toContainText(lang === 'es' ? 'Sureños' : 'Southside');
    await expect(page.getByTestId('status'), `dimensiones end (${lang})`).toHaveText(wanted, { timeout: 5000 });
    await page.screenshot({ path: path.join(SHOTS, `dimensiones-end-${lang}-${w}.png`), fullPage: true });
    await ctx.close();
  }
  log('super dimensiones\' end names what decided each sub-game in both languages');
});

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
test('testPagesClean', async ({ browser, newPage }) => {
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
      const ctx = await browser.newContext(sized(w, hgt, lang, { bypassCSP: true }));
      const page = await newPage(ctx, `clean-${lang}-${w}`);
      for (const [what, url, ready] of pages) {
        // the phone: the pages whose layout differs there
        if (phone && !/^(home|rules|new dimensiones)/.test(what)) continue;
        await page.goto(`${BASE}${url}`);
        await expect(page.locator(ready).first()).toBeVisible();
        if (what.startsWith('rules')) {
          await expect.poll(() => page.getByTestId('diagram').evaluateAll((fs) => fs.filter((f) => f.dataset.ready === '0').length), { message: 'diagrams still drawing', intervals: FAST }).toBe(0);
        }
        if (what === 'analysis') {
          await expect(page.getByTestId('an-value'), `analysis (${lang})`).toHaveText(lang === 'en'
            ? /^\s*With best play, (the game is a draw|\S+ (wins|loses) .+)\.\s*$/
            : /^\s*Con el mejor juego, (la partida acaba en tablas|\S+ (gana|pierde) .+)\.\s*$/);
        }
        await pageClean(page, `${what} (${lang}, ${w}x${hgt})`);
        counted.pages += 1;
      }
      for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
        const g = game === 'jarmo' ? played : await apiGame(game);
        await openSeat(page, g);
        await expect(page.getByTestId('conn')).toHaveAttribute('data-state', 'live');
        if (game === 'dimensiones') await expect(page.locator('[data-testid=game-cards] [data-card]').first()).toBeVisible();
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
      if (phone) await expect(page.locator('html')).toHaveAttribute('lang', other);
      for (const l of ['en', 'es']) {
        const c = await langButtonContrast(page, `[data-testid=lang-${l}]`);
        check(c >= 4.5, `the ${l.toUpperCase()} button is ${c.toFixed(2)}:1 after a ${phone ? 'tap' : 'hover'} (${lang}, ${w} px)`);
      }
      if (phone) await page.tap(`[data-testid=lang-${lang}]`);
      await ctx.close();
    }
  }
  // a rules page's wrong "try it" click is answered, and the move can still be played
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await newPage(ctx, 'try-wrong');
  await page.goto(`${BASE}/rules/imago`);
  const fig = page.locator('[data-testid=diagram][data-try][data-ready="1"]').first();
  await fig.waitFor();
  const wrong = await fig.evaluate((f) => [...f.querySelectorAll('[data-cell]')].find((c) => !c.classList.contains('target'))?.dataset.cell);
  await fig.locator(`[data-cell="${wrong}"]`).click();
  await expect(fig.locator('.diagram-note'), 'rules: a wrong try-it click is not answered').toHaveText(/^\s*That is not the next cell of /);
  const note = (await fig.locator('.diagram-note').textContent()).trim();
  await expect(fig.locator('[data-cell].target'), 'rules: after a wrong click no cell is highlighted').toHaveCount(1);
  await ctx.close();
  log(`${counted.pages} pages (1366x768 and 390x844, English and Spanish): axe-core clean, no message key in a name; the header on one line; EN/ES readable after a hover or a tap; a wrong try-it click: "${note}"`);
});
