// Every detail right for a player (issue #47, items 12, 13 and 14), in
// English and Spanish, on a laptop (1366x768) and a phone (390x844).
//
// testWords (12): the game page, the explorer and the puzzles name Linja's
// rules and Super Dimensiones' rule set in words (the catalogue's label,
// the cards' faces), never "publisher" or "M-C-N-W-R"; the leaderboards
// list only the games offered on the web (no draughts).
// testBars (13): a timed game between two people: each player's bar shows
// "● connected" and "◀ to move" whole (no part cut or hidden).
// testLobby (13): the lobby's open seek is on the first screen.
// testProfile (13): a profile shows each game's date and length, on a
// phone too.
// testGear (14): the settings gear is in the header of a profile, the
// leaderboards, the lab and the 404 page opened directly.
// testFinished (14): once a game against the computer ends, the tab's
// title drops its "(1)" and no "● live" is shown, also when the finished
// game is opened again.
// testReviewChart (14): a finished game's review at 1366x768: the panel
// and its chart on the first screen once asked for, the chart large, with
// both axes named and marked in the page's language.
// Screenshots of each in e2e/screenshots/details-*.png.

import { test, expect, check, log, shoot, BASE, api, apiGame, randomMoves, contextFor } from '../harness.mjs';

const SIZES = [['wide', 1366, 768], ['phone', 390, 844]];
const LANGS = ['en', 'es'];
/** Linja's rule set by its name in the API (the English label says "Publisher's rules"). */
const RAW_LINJA = /\bpublisher\b(?!')|\bseed\b/;

const WORDS = {
  en: {
    linja: "Publisher's rules (with the extra turn)",
    dim: 'Multidimensional · Conquer · No armour · Western · Real',
    connected: '● connected', toMove: '◀ to move', live: 'live',
    ply: 'Ply', value: 'Value for Dark', win: 'win', draw: 'draw', loss: 'loss', moves: /\b2 moves\b/,
  },
  es: {
    linja: 'Reglas del fabricante (con turno extra)',
    dim: 'Multidimensional · Conquistar · Sin armadura · Occidental · Real',
    connected: '● conectado', toMove: '◀ mueve', live: 'en directo',
    ply: 'Jugada', value: 'Valor para Oscuro', win: 'gana', draw: 'tablas', loss: 'pierde', moves: /\b2 jugadas\b/,
  },
};

/** A page of a new context in `lang` at `w`x`hgt`; the context closes with `close()`. */
async function pageIn(browser, newPage, lang, w, hgt, name) {
  const ctx = await browser.newContext(contextFor(lang, w, hgt));
  const page = await newPage(ctx, name);
  return { ctx, page };
}

/** Gives `page` the seat tokens of game `id` (as the page that made it keeps them). */
async function holdSeats(page, id, tokens) {
  await page.goto(`${BASE}/`);
  await page.evaluate(([gid, toks]) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    all[gid] = { ...(all[gid] || {}), tokens: toks };
    localStorage.setItem('tablero.games', JSON.stringify(all));
  }, [id, tokens]);
}

/**
 * Whether the whole of `locator`'s text is shown in its bar: its box inside
 * the bar's, clear of the clock floated at the bar's end (a line cut short
 * with "…" runs under the clock), on one line, the bar not scrolled.
 */
async function wholeIn(locator, bar) {
  return locator.evaluate((el, barSel) => {
    const box = el.closest(barSel);
    const b = box.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const clock = box.querySelector('.clock');
    const c = clock ? clock.getBoundingClientRect() : null;
    const underClock = !!c && r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom;
    return {
      whole: r.width > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && !underClock
        && el.getClientRects().length === 1 && box.scrollWidth <= box.clientWidth + 1,
      text: el.textContent,
      rect: { el: [r.left, r.right, r.top, r.bottom], bar: [b.left, b.right], clock: c && [c.left, c.right, c.top, c.bottom] },
    };
  }, bar);
}

test('testWords', async ({ browser, newPage }) => {
  const linja = await apiGame('linja');
  const dim = await apiGame('dimensiones');
  const listed = await api('GET', '/api/puzzles/themes');
  const themes = Array.isArray(listed) ? listed : (listed.themes || []);
  for (const lang of LANGS) {
    const w = WORDS[lang];
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `words-${lang}-${tag}`);
      // The game page: Linja's rules in words.
      await page.goto(`${BASE}/play/${linja.id}`);
      await expect(page.locator('.info-line').first()).toBeVisible();
      check(!RAW_LINJA.test(await page.locator('main').innerText()), `${lang} ${tag}: "publisher" on Linja's game page`);
      await expect(page.getByTestId('rules-line'), `${lang} ${tag}: Linja's rules line`).toHaveText(w.linja);
      await expect(page.getByTestId('variant-line'), `${lang} ${tag}: Linja's variant line`).toContainText(w.linja);
      // Super Dimensiones: the rule set by its cards' faces.
      await page.goto(`${BASE}/play/${dim.id}`);
      await expect(page.locator('.info-line').first()).toBeVisible();
      check(!/(Variant|Variante|Rule set|Reglas): M-C-N-W-R/.test(await page.locator('main').innerText()), `${lang} ${tag}: "M-C-N-W-R" named as the rule set`);
      await expect(page.getByTestId('rules-line'), `${lang} ${tag}: the rule set line`).toContainText(w.dim);
      await expect(page.getByTestId('variant-line'), `${lang} ${tag}: the variant line`).toContainText(w.dim);
      await expect(page.getByTestId('variant-line')).not.toContainText('M-C-N-W-R');
      if (tag === 'wide') await shoot(page, `details-dimensiones-${lang}-${tag}`);
      // The explorer and the puzzles, where they offer the game.
      await page.goto(`${BASE}/explore/linja`);
      await expect(page.locator('.info-line').first()).toBeVisible();
      check(!RAW_LINJA.test(await page.locator('main').innerText()), `${lang} ${tag}: "publisher" in the explorer`);
      await expect(page.getByTestId('rules-line'), `${lang} ${tag}: the explorer's rules line`).toHaveText(w.linja);
      check(!RAW_LINJA.test(await page.locator('main').innerText()), `${lang} ${tag}: "publisher" in the explorer`);
      for (const game of ['linja', 'dimensiones']) {
        if (!themes.some((x) => x.game === game)) continue;
        await page.goto(`${BASE}/puzzles?game=${game}`);
        await expect(page.getByTestId('rules-line'), `${lang} ${tag}: the ${game} puzzle's rules line`).toContainText(game === 'linja' ? w.linja : '·');
        const text = await page.locator('main').innerText();
        check(!/\bpublisher\b(?!')|[MI]-[CD]-[AN]-[WE]-[RS]/.test(text.replace(/(Code|Código): \S+/g, '')), `${lang} ${tag}: a raw rule set in the ${game} puzzle: ${text.slice(0, 400)}`);
      }
      // The leaderboards: the four games offered, no draughts.
      await page.goto(`${BASE}/leaderboard`);
      await expect(page.locator('.leaderboard').first()).toBeVisible();
      const pools = await page.$$eval('section.leaderboard', (els) => els.map((e) => e.dataset.testid));
      check(JSON.stringify(pools) === JSON.stringify(['board-imago', 'board-jarmo', 'board-linja', 'board-dimensiones']), `${lang} ${tag}: the leaderboards ${pools}`);
      check(!/draughts|damas/i.test(await page.locator('main').innerText()), `${lang} ${tag}: draughts on the leaderboards`);
      await ctx.close();
    }
  }
});

test('testBars', async ({ browser, newPage }) => {
  for (const lang of LANGS) {
    const w = WORDS[lang];
    // A timed game between two people, each at their own screen.
    const made = await api('POST', '/api/games', { game: 'jarmo', clock: '5+3', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const id = made.id;
    const other = await pageIn(browser, newPage, lang, 390, 844, `bars-${lang}-other`);
    await holdSeats(other.page, id, [made.tokens['1']]);
    await other.page.goto(`${BASE}/play/${id}`);
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `bars-${lang}-${tag}`);
      await holdSeats(page, id, [made.tokens['0']]);
      await page.goto(`${BASE}/play/${id}`);
      for (const i of [0, 1]) await expect(page.getByTestId(`presence-${i}`), `${lang} ${tag}: seat ${i} connected`).toHaveAttribute('data-connected', '1');
      const turn = page.locator('.seat.turn .turn-tag');
      await expect(turn).toHaveText(` ${w.toMove}`);
      for (const [what, el] of [['presence 0', page.getByTestId('presence-0')], ['presence 1', page.getByTestId('presence-1')], ['to move', turn]]) {
        await expect(el).toContainText(what === 'to move' ? w.toMove : w.connected);
        const m = await wholeIn(el, '.seat');
        check(m.whole, `${lang} ${tag}: "${m.text}" (${what}) is cut by its bar: ${JSON.stringify(m.rect)}`);
      }
      await shoot(page, `details-bars-${lang}-${tag}`);
      await ctx.close();
    }
    await other.ctx.close();
  }
});

test('testLobby', async ({ browser, newPage }) => {
  for (const lang of LANGS) {
    const w = WORDS[lang];
    // An open seek, on the first screen.
    const seek = await api('POST', '/api/lobby/seeks', { game: 'linja', clock: '10+5', colour: 'random' });
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `lobby-${lang}-${tag}`);
      await page.goto(`${BASE}/lobby`);
      const row = page.getByTestId(`seek-${seek.id}`);
      await expect(row, `${lang} ${tag}: the open seek`).toBeVisible();
      await expect(row, `${lang} ${tag}: the open seek's variant in words`).toContainText(w.linja);
      const box = await row.boundingBox();
      check(box && box.y >= 0 && box.y + box.height <= hgt, `${lang} ${tag}: the open seek is below the fold (${JSON.stringify(box)})`);
      await shoot(page, `details-lobby-${lang}-${tag}`);
      await ctx.close();
    }
    await api('DELETE', `/api/lobby/seeks/${seek.id}`, null, [seek.secret]);
  }
});

test('testProfile', async ({ browser, newPage }) => {
  // A profile: every game's date and length on a phone too.
  const { ctx, page } = await pageIn(browser, newPage, 'en', 1366, 768, 'profile-owner');
  const name = `det_${Date.now() % 100000}`;
  await page.goto(`${BASE}/`);
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', 'a long password');
  await page.click('[data-testid=account-signup]');
  await expect(page.getByTestId('account-summary')).toHaveText(name);
  const id = await page.evaluate(async () => {
    const post = async (p, b) => (await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) })).json();
    const g = await post('/api/games', { game: 'jarmo', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const tok = Object.values(g.tokens).join(',');
    let st = g.game;
    for (let i = 0; i < 2; i++) {
      st = await (await fetch(`/api/games/${g.id}/move`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify({ move: st.legal[0].move }) })).json();
    }
    await fetch(`/api/games/${g.id}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${g.tokens['0']}` }, body: '{}' });
    return g.id;
  });
  await ctx.close();
  for (const lang of LANGS) {
    for (const [tag, width, hgt] of SIZES) {
      const v = await pageIn(browser, newPage, lang, width, hgt, `profile-${lang}-${tag}`);
      await v.page.goto(`${BASE}/@/${name}`);
      const row = v.page.getByTestId(`profile-game-${id}`);
      await expect(row, `${lang} ${tag}: the game on the profile`).toBeVisible();
      const shown = await row.evaluate((tr) => {
        const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        const cells = [...tr.querySelectorAll('td, .game-meta')].filter(visible);
        const r = tr.closest('.table-wrap').getBoundingClientRect();
        return { text: cells.map((c) => c.innerText).join(' | '), fits: tr.closest('table').getBoundingClientRect().right <= r.right + 1 };
      });
      const today = await v.page.evaluate(() => new Date().toLocaleDateString());
      check(shown.text.includes(today), `${lang} ${tag}: the game's date (${today}) is not shown: ${shown.text}`);
      check(WORDS[lang].moves.test(shown.text) || (tag === 'wide' && /\|\s*2\s*$/.test(shown.text)), `${lang} ${tag}: the game's moves are not shown: ${shown.text}`);
      check(shown.fits, `${lang} ${tag}: the games' table is wider than its box`);
      await shoot(v.page, `details-profile-${lang}-${tag}`);
      await v.ctx.close();
    }
  }
});

test('testGear', async ({ browser, newPage }) => {
  const name = `gear_${Date.now() % 100000}`;
  const reg = await fetch(`${BASE}/api/account/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE }, body: JSON.stringify({ name, password: 'a long password' }) });
  check(reg.ok, `signing up ${name}: ${reg.status}`);
  for (const lang of LANGS) {
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `gear-${lang}-${tag}`);
      for (const path of [`/@/${name}`, '/leaderboard', '/lab', '/no-such-page']) {
        await page.goto(`${BASE}${path}`);
        await expect(page.locator('main h1, main .error').first(), `${lang} ${tag}: ${path} drawn`).toBeVisible();
        const gear = page.getByTestId('settings');
        await expect(gear, `${lang} ${tag}: the settings gear on ${path}`).toBeVisible();
        const box = await gear.boundingBox();
        check(box && box.x >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= hgt, `${lang} ${tag}: the gear on ${path} is off the screen (${JSON.stringify(box)})`);
        if (path === '/no-such-page') await shoot(page, `details-gear-404-${lang}-${tag}`);
      }
      await ctx.close();
    }
  }
});

test('testFinished', async ({ browser, newPage }) => {
  for (const lang of LANGS) {
    const w = WORDS[lang];
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `finished-${lang}-${tag}`);
      // A game against the computer, the reader to move first: "(1)" in the tab.
      const made = await api('POST', '/api/games', { game: 'jarmo', first: 0, seats: [{ kind: 'human' }, { kind: 'ai', level: 1 }] });
      await holdSeats(page, made.id, [made.tokens['0']]);
      await page.goto(`${BASE}/play/${made.id}`);
      await expect(page.getByTestId('conn')).toHaveAttribute('data-state', 'live');
      await expect.poll(() => page.title(), { message: `${lang} ${tag}: the tab counts the game waiting`, timeout: 10_000 }).toMatch(/^\(1\) /);
      // It ends: the count and the live mark go at once.
      await page.click('[data-testid=resign]');
      await page.click('[data-testid=resign-confirm]');
      await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
      await expect.poll(() => page.title(), { message: `${lang} ${tag}: the tab keeps a stale count after the game ended`, timeout: 5_000 }).not.toMatch(/^\(\d+\)/);
      await expect(page.getByTestId('conn'), `${lang} ${tag}: the live mark on a finished game`).toBeHidden();
      check(!(await page.locator('main').innerText()).includes(`● ${w.live}`), `${lang} ${tag}: "● ${w.live}" on a finished game`);
      await shoot(page, `details-finished-${lang}-${tag}`);
      // Opened again: still no live mark, no count.
      await page.reload();
      await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
      await page.waitForTimeout(500);
      await expect(page.getByTestId('conn')).toBeHidden();
      check(!(await page.locator('main').innerText()).includes(`● ${w.live}`), `${lang} ${tag}: "● ${w.live}" on a finished game opened again`);
      check(!/^\(\d+\)/.test(await page.title()), `${lang} ${tag}: a count in the title of a finished game: ${await page.title()}`);
      await ctx.close();
    }
  }
});

test('testReviewChart', async ({ browser, newPage }) => {
  // A finished Jarmo game: moves at random, then a resignation.
  const g = await apiGame('jarmo');
  const st = await randomMoves(g.id, g.tokens, 16);
  if (!st.result) await api('POST', `/api/games/${g.id}/resign`, {}, [g.tokens[st.to_move]]);
  log(`Jarmo game ${g.id} over after ${st.ply} plies`);
  for (const lang of LANGS) {
    const w = WORDS[lang];
    for (const [tag, width, hgt] of SIZES) {
      const { ctx, page } = await pageIn(browser, newPage, lang, width, hgt, `review-${lang}-${tag}`);
      await page.goto(`${BASE}/play/${g.id}`);
      const button = page.locator('[data-testid=review]:not([hidden])');
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const chart = page.getByTestId('review-chart');
      await expect(chart, `${lang} ${tag}: the review's chart`).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(300);
      // On the first screen, as the reader asked for it.
      const inView = async (loc, what) => {
        const b = await loc.boundingBox();
        check(b && b.y >= 0 && b.y + b.height <= hgt + 0.5 && b.x >= 0 && b.x + b.width <= width + 0.5, `${lang} ${tag}: ${what} is not on the screen: ${JSON.stringify(b)} in ${width}x${hgt}`);
        return b;
      };
      const box = await inView(chart, 'the chart');
      check(box.height >= 120 && box.width >= 300, `${lang} ${tag}: the chart is tiny: ${box.width}x${box.height}`);
      await inView(page.getByTestId('review-accuracy-0'), "the first player's accuracy");
      // Both axes named in the page's language, marked.
      await expect(page.getByTestId('review-x-title')).toHaveText(w.ply);
      await expect(page.getByTestId('review-y-title')).toHaveText(w.value);
      const yLabels = await page.$$eval('[data-testid=review-y-axis] .tick-label', (ls) => ls.map((l) => l.textContent));
      check(JSON.stringify(yLabels) === JSON.stringify([w.win, w.draw, w.loss]), `${lang} ${tag}: the value axis' marks ${yLabels}`);
      const xLabels = await page.$$eval('[data-testid=review-x-axis] .tick-label', (ls) => ls.map((l) => Number(l.textContent)));
      check(xLabels.length >= 3 && xLabels[0] === 0 && xLabels.every((v, i) => i === 0 || v > xLabels[i - 1]) && xLabels[xLabels.length - 1] <= st.ply, `${lang} ${tag}: the ply axis' marks ${xLabels}`);
      for (const sel of ['review-x-title', 'review-y-title']) await inView(page.getByTestId(sel), sel);
      // Text large enough to read: at least 10 px.
      const px = await page.$eval('[data-testid=review-x-axis] .tick-label', (e) => e.getBoundingClientRect().height);
      check(px >= 10, `${lang} ${tag}: the axis labels are ${px} px tall`);
      await shoot(page, `details-review-${lang}-${tag}`);
      await ctx.close();
    }
  }
});
