// A player's tools on the game page (issues #44 and #49), in real Chromium
// with several browser contexts:
// testAbortTakeback: two players (two contexts): a takeback offered by the
// mover is declined, then accepted (both boards go back); an offer lapses
// when the other side moves; a game is aborted after one move, and the
// button is gone once both sides have moved.
// testNextGame: the next-game button (and the key n) walks through three
// games waiting for our move, most urgent (nearest deadline) first.
// testNotes: notes typed are kept after a reload, and never shown to the
// opponent or a spectator.
// testPlyLink: /play/ID#ply=N opens the board at ply N; the share box
// links the ply shown; a finished game offers its record.
// testToolShots: the game page with a takeback offered and notes, at
// 1366x768 and 390x844 in English and Spanish (e2e/screenshots/tools-*.png).

import { test, expect, check, shoot, BASE, api, contextFor, axeCheck } from '../harness.mjs';

/** A new game between seat 0 and seat 1 held by separate browsers: its id and the two tokens. */
async function duel(game = 'jarmo', clock = null, seats = ['human', 'link']) {
  const body = { game, seats: seats.map((kind) => ({ kind })) };
  if (clock) body.clock = clock;
  const g = await api('POST', '/api/games', body);
  const tok = (seat) => g.tokens[String(seat)] || decodeURIComponent(g.links[String(seat)].split('#token=')[1]);
  return { id: g.id, tokens: [tok(0), tok(1)] };
}

/** The first legal move of seat `token`, played through the API. */
async function moveBy(id, token) {
  const st = await api('GET', `/api/games/${id}`, null, [token]);
  check(st.legal.length, `game ${id}: no legal move for the token`);
  return api('POST', `/api/games/${id}/move`, { move: st.legal[0].move, ply: st.ply }, [token]);
}

/** A page of a new context (`lang`, `w`x`hgt`) holding the seat tokens `tokens` of games by id. */
async function pageHolding(browser, newPage, name, held, { lang = 'en', w = 1366, hgt = 768, axe = false } = {}) {
  // axe-core is injected: the page's CSP is bypassed where it runs.
  const ctx = await browser.newContext(contextFor(lang, w, hgt, axe ? { bypassCSP: true } : {}));
  const page = await newPage(ctx, name);
  await page.goto(`${BASE}/`);
  await page.evaluate((entries) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    for (const [gid, toks] of entries) all[gid] = { ...(all[gid] || {}), tokens: toks };
    localStorage.setItem('tablero.games', JSON.stringify(all));
  }, Object.entries(held));
  return { ctx, page };
}

/** Opens game `id` on `page` and waits for its board and its seats. */
async function openGame(page, id, hash = '') {
  await page.goto(`${BASE}/play/${id}${hash}`);
  await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
}

const plyIs = (page, n) => expect(page.getByTestId('board')).toHaveAttribute('data-ply', String(n));

test('testAbortTakeback', async ({ browser, newPage }) => {
  const g = await duel();
  const a = await pageHolding(browser, newPage, 'takeback A', { [g.id]: [g.tokens[0]] });
  const b = await pageHolding(browser, newPage, 'takeback B', { [g.id]: [g.tokens[1]] }, { lang: 'es' });
  await openGame(a.page, g.id);
  await openGame(b.page, g.id);
  await expect(a.page.getByTestId('abort')).toBeVisible();
  await expect(a.page.getByTestId('takeback-offer')).toBeHidden();

  // A moves: A may propose to take it back; B may not.
  await moveBy(g.id, g.tokens[0]);
  await plyIs(a.page, 1);
  await plyIs(b.page, 1);
  await expect(b.page.getByTestId('takeback-offer')).toBeHidden();
  await a.page.getByTestId('takeback-offer').click();
  await expect(a.page.getByTestId('takeback-note')).toBeVisible();
  await expect(b.page.getByTestId('takeback-accept')).toBeVisible();
  await expect(b.page.getByTestId('takeback-note')).toContainText('propone retirar');
  // Declined: the move stands, the offer is gone on both pages.
  await b.page.getByTestId('takeback-decline').click();
  await expect(a.page.getByTestId('takeback-note')).toBeHidden();
  await expect(b.page.getByTestId('takeback-accept')).toBeHidden();
  await plyIs(a.page, 1);
  // Proposed again and accepted: both boards back at the start.
  await a.page.getByTestId('takeback-offer').click();
  await b.page.getByTestId('takeback-accept').click();
  await plyIs(a.page, 0);
  await plyIs(b.page, 0);

  // An offer lapses when the other side moves instead.
  await moveBy(g.id, g.tokens[0]);
  await plyIs(b.page, 1);
  await a.page.getByTestId('takeback-offer').click();
  await expect(b.page.getByTestId('takeback-accept')).toBeVisible();
  await moveBy(g.id, g.tokens[1]);
  await plyIs(a.page, 2);
  await expect(b.page.getByTestId('takeback-accept')).toBeHidden();
  await expect(a.page.getByTestId('takeback-note')).toBeHidden();
  // Both sides have moved: no abort any more.
  await expect(a.page.getByTestId('abort')).toBeHidden();
  await expect(b.page.getByTestId('abort')).toBeHidden();

  // Another game: aborted by B after A's first move; over for both, no winner.
  const h = await duel();
  await a.page.evaluate(([gid, tok]) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    all[gid] = { tokens: [tok] };
    localStorage.setItem('tablero.games', JSON.stringify(all));
  }, [h.id, h.tokens[0]]);
  await b.page.evaluate(([gid, tok]) => {
    const all = JSON.parse(localStorage.getItem('tablero.games') || '{}');
    all[gid] = { tokens: [tok] };
    localStorage.setItem('tablero.games', JSON.stringify(all));
  }, [h.id, h.tokens[1]]);
  await openGame(a.page, h.id);
  await openGame(b.page, h.id);
  await moveBy(h.id, h.tokens[0]);
  await plyIs(b.page, 1);
  await b.page.getByTestId('abort').click();
  for (const p of [a.page, b.page]) {
    await expect(p.getByTestId('status')).toHaveAttribute('data-over', '1');
    await expect(p.getByTestId('abort')).toBeHidden();
  }
  const st = await api('GET', `/api/games/${h.id}`);
  check(st.result && st.result.reason === 'aborted' && st.result.winner == null, `aborted: ${JSON.stringify(st.result)}`);
  await a.ctx.close();
  await b.ctx.close();
});

test('testNextGame', async ({ browser, newPage }) => {
  // Three correspondence games where the other side has moved (so our
  // clock runs: 3, 1 and 2 days), and one untimed game, all waiting for us.
  const games = [];
  for (const days of ['3d', '1d', '2d']) {
    const g = await duel('jarmo', days, ['link', 'human']);
    await moveBy(g.id, g.tokens[0]);
    games.push({ ...g, days });
  }
  const here = await duel('jarmo', null, ['link', 'human']);
  await moveBy(here.id, here.tokens[0]);
  const held = Object.fromEntries([...games, here].map((g) => [g.id, [g.tokens[1]]]));
  const c = await pageHolding(browser, newPage, 'next game', held);
  await openGame(c.page, here.id);
  const byUrgency = ['1d', '2d', '3d'].map((d) => games.find((g) => g.days === d).id);
  // The button, then the key n, then the button: most urgent first.
  await c.page.getByTestId('next-game').click();
  await c.page.waitForURL(`**/play/${byUrgency[0]}`);
  await expect(c.page.getByTestId('board')).toHaveAttribute('data-my-turn', '1');
  await c.page.evaluate(() => document.activeElement && document.activeElement.blur());
  await c.page.keyboard.press('n');
  await c.page.waitForURL(`**/play/${byUrgency[1]}`);
  await expect(c.page.getByTestId('board')).toHaveAttribute('data-my-turn', '1');
  await c.page.getByTestId('next-game').click();
  await c.page.waitForURL(`**/play/${byUrgency[2]}`);
  await expect(c.page.getByTestId('board')).toHaveAttribute('data-my-turn', '1');
  // And round again to the untimed game (the least urgent).
  await c.page.getByTestId('next-game').click();
  await c.page.waitForURL(`**/play/${here.id}`);
  await c.ctx.close();
});

test('testNotes', async ({ browser, newPage }) => {
  const g = await duel();
  const a = await pageHolding(browser, newPage, 'notes A', { [g.id]: [g.tokens[0]] }, { axe: true });
  const b = await pageHolding(browser, newPage, 'notes B', { [g.id]: [g.tokens[1]] });
  const watcher = await pageHolding(browser, newPage, 'notes spectator', {});
  await openGame(a.page, g.id);
  const notes = a.page.getByTestId('notes');
  await expect(notes).toBeVisible();
  await notes.fill('Keep the centre; <script>x</script> is text');
  await expect(a.page.getByTestId('notes-state')).toHaveAttribute('data-state', 'saved');
  await a.page.reload();
  await expect(a.page.getByTestId('notes')).toHaveValue('Keep the centre; <script>x</script> is text');
  // The opponent sees an empty box of their own; a spectator sees none.
  await openGame(b.page, g.id);
  await expect(b.page.getByTestId('notes')).toBeVisible();
  await expect(b.page.getByTestId('notes')).toHaveValue('');
  check(!(await b.page.content()).includes('Keep the centre'), 'the opponent was shown the notes');
  await openGame(watcher.page, g.id);
  await expect(watcher.page.getByTestId('notes')).toBeHidden();
  check(!(await watcher.page.content()).includes('Keep the centre'), 'a spectator was shown the notes');
  await axeCheck(a.page, 'the game page with notes');
  for (const x of [a, b, watcher]) await x.ctx.close();
});

test('testPlyLink', async ({ browser, newPage }) => {
  const g = await duel();
  for (let i = 0; i < 4; i++) await moveBy(g.id, g.tokens[i % 2]);
  const v = await pageHolding(browser, newPage, 'ply link', {});
  await openGame(v.page, g.id, '#ply=2');
  await expect(v.page.getByTestId('board')).toHaveAttribute('data-shown-ply', '2');
  await expect(v.page.getByTestId('ply-link')).toHaveValue(`${BASE}/play/${g.id}#ply=2`);
  await v.page.getByTestId('hist-prev').click();
  await expect(v.page.getByTestId('ply-link')).toHaveValue(`${BASE}/play/${g.id}#ply=1`);
  await expect(v.page.getByTestId('download-record')).toBeHidden();
  // Finished: its record to download.
  await api('POST', `/api/games/${g.id}/resign`, {}, [g.tokens[0]]);
  await expect(v.page.getByTestId('download-record')).toBeVisible();
  const [download] = await Promise.all([
    v.page.waitForEvent('download'),
    v.page.getByTestId('download-record').click(),
  ]);
  check(download.suggestedFilename() === `${g.id}.txt`, `record file: ${download.suggestedFilename()}`);
  await v.ctx.close();
});

test('testToolShots', async ({ browser, newPage }) => {
  for (const lang of ['en', 'es']) {
    for (const [tag, w, hgt] of [['wide', 1366, 768], ['phone', 390, 844]]) {
      const g = await duel();
      await moveBy(g.id, g.tokens[0]);
      await api('POST', `/api/games/${g.id}/takeback`, { action: 'offer' }, [g.tokens[0]]);
      await api('POST', `/api/games/${g.id}/notes`, { text: lang === 'es' ? 'Defender el centro.' : 'Hold the centre.' }, [g.tokens[1]]);
      const x = await pageHolding(browser, newPage, `shots ${lang} ${tag}`, { [g.id]: [g.tokens[1]] }, { lang, w, hgt });
      await openGame(x.page, g.id);
      await expect(x.page.getByTestId('takeback-accept')).toBeVisible();
      await expect(x.page.getByTestId('notes')).toHaveValue(/centr/);
      const keys = (await x.page.evaluate(() => document.body.innerText)).match(/\b(?:tools|api)_[a-z_]+\b/g);
      check(!keys, `message keys shown: ${keys}`);
      await shoot(x.page, `tools-${lang}-${tag}`);
      await shoot(x.page, `tools-${lang}-${tag}-full`, true);
      await x.ctx.close();
    }
  }
});
