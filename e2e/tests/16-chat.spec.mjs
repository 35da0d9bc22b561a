// The game's chat (issue #44), with four browser contexts: two players
// (anonymous, holding their seats' tokens) and two spectators (logged
// in), in English and Spanish, on a laptop (1366x768) and a phone
// (390x844):
// - the players chat both ways in the players' room;
// - a spectator's line in the spectators' room is seen by the other
//   spectator, and not by the players while the game is played (their
//   spectators' tab is closed), then by them once it is over;
// - a `<script>` / `<b>` line is shown as literal text (no element made,
//   no script run);
// - a spectator reports a line from its page.
// Screenshots: e2e/screenshots/chat-{en,es}-{1366,390}.png and
// chat-over-en-1366.png.

import { test, expect, check, log, shoot, BASE, api, contextFor } from '../harness.mjs';

const EVIL = '<script>window.pwned = 1</script><b>bold?</b> & "quotes"';

/** A page of a new context in `lang` at `w`x`hgt`. */
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

/** Signs `name` up from `page` (its context keeps the session cookie). */
async function signUp(page, name) {
  await page.goto(`${BASE}/`);
  const status = await page.evaluate(async (n) => {
    const r = await fetch('/api/account/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: n, password: 'a long password' }),
    });
    return r.status;
  }, name);
  check(status === 200, `signing up ${name}: ${status}`);
}

/** Types `text` in `page`'s chat box and sends it. */
async function say(page, text) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-input'), `sending "${text}": ${await page.getByTestId('chat-note').textContent().catch(() => '')}`).toHaveValue('', { timeout: 5000 }).catch(async (e) => {
    await shoot(page, 'chat-failed');
    throw new Error(`${e.message}\nnote: ${await page.getByTestId('chat-note').textContent()}`);
  });
}

/** The texts of the lines `page`'s chat shows. */
async function lines(page) {
  return page.getByTestId('chat-text').allTextContents();
}

test('testChat', async ({ browser, newPage }) => {
  const tag = String(Date.now() % 100000);
  const made = await api('POST', '/api/games', { game: 'jarmo', clock: '10+5', seats: [{ kind: 'human' }, { kind: 'human' }] });
  const id = made.id;
  const a = await pageIn(browser, newPage, 'en', 1366, 768, 'chat-a');
  const b = await pageIn(browser, newPage, 'es', 390, 844, 'chat-b');
  const s1 = await pageIn(browser, newPage, 'es', 1366, 768, 'chat-s1');
  const s2 = await pageIn(browser, newPage, 'en', 390, 844, 'chat-s2');
  await holdSeats(a.page, id, [made.tokens['0']]);
  await holdSeats(b.page, id, [made.tokens['1']]);
  await signUp(s1.page, `watcher${tag}`);
  await signUp(s2.page, `fan${tag}`);
  for (const p of [a, b, s1, s2]) {
    await p.page.goto(`${BASE}/play/${id}`);
    await expect(p.page.getByTestId('chat')).toBeVisible();
  }
  // The players' room is the players' tab; the spectators' tab is closed to them.
  for (const p of [a, b]) {
    await expect(p.page.getByTestId('chat-tab-players')).toHaveAttribute('aria-selected', 'true');
    await expect(p.page.getByTestId('chat-tab-spectators')).toBeDisabled();
  }
  for (const p of [s1, s2]) {
    await expect(p.page.getByTestId('chat-tab-spectators')).toHaveAttribute('aria-selected', 'true');
    await expect(p.page.getByTestId('chat-tab-players')).toBeDisabled();
  }
  // Both ways between the players.
  const t0 = Date.now();
  await say(a.page, 'good luck!');
  await expect(b.page.getByTestId('chat-lines')).toContainText('good luck!');
  log(`a player's line reached the other in ${Date.now() - t0} ms`);
  await say(b.page, '¡suerte igualmente!');
  await expect(a.page.getByTestId('chat-lines')).toContainText('¡suerte igualmente!');
  check(JSON.stringify(await lines(a.page)) === JSON.stringify(['good luck!', '¡suerte igualmente!']), `the players' room on A: ${await lines(a.page)}`);
  // A spectator's line, markup and all, reaches the other spectator as text.
  await say(s1.page, EVIL);
  await expect(s2.page.getByTestId('chat-text').last()).toHaveText(EVIL);
  check(await s2.page.evaluate(() => window.pwned === undefined), 'the script in a line ran');
  check(await s2.page.locator('[data-testid=chat-lines] b, [data-testid=chat-lines] script').count() === 0, 'a line made elements');
  await say(s2.page, 'nice opening');
  await expect(s1.page.getByTestId('chat-lines')).toContainText('nice opening');
  // The players saw none of it.
  await a.page.waitForTimeout(500);
  for (const p of [a, b]) {
    const text = await p.page.getByTestId('chat').innerText();
    check(!text.includes('bold?') && !text.includes('nice opening'), `a player sees the spectators' room during the game: ${text}`);
  }
  // The players' room is not the spectators'.
  for (const p of [s1, s2]) {
    check(!(await p.page.getByTestId('chat').innerText()).includes('good luck!'), 'a spectator reads the players\' room during the game');
  }
  await shoot(a.page, 'chat-en-1366');
  await shoot(b.page, 'chat-es-390', true);
  await shoot(s1.page, 'chat-es-1366');
  await shoot(s2.page, 'chat-en-390', true);
  // A spectator reports a line.
  await s2.page.getByTestId('chat-report-open').first().click();
  await s2.page.getByTestId('chat-reason').selectOption('spam');
  await s2.page.getByTestId('chat-report-send').click();
  await expect(s2.page.getByTestId('chat-note')).toContainText('Reported');
  // The game ends: the players read the spectators' room, anyone both.
  await api('POST', `/api/games/${id}/resign`, {}, [made.tokens['0']]);
  await expect(a.page.getByTestId('chat-tab-spectators')).toBeEnabled();
  await a.page.getByTestId('chat-tab-spectators').click();
  await expect(a.page.getByTestId('chat-text').first()).toHaveText(EVIL);
  await expect(s2.page.getByTestId('chat-tab-players')).toBeEnabled();
  await s2.page.getByTestId('chat-tab-players').click();
  await expect(s2.page.getByTestId('chat-lines')).toContainText('good luck!');
  await shoot(a.page, 'chat-over-en-1366');
  // The layout: beside the board on a laptop, below it on a phone, inside the page's width.
  const beside = await a.page.evaluate(() => {
    const c = document.querySelector('[data-testid=chat]').getBoundingClientRect();
    const bd = document.querySelector('[data-testid=board]').getBoundingClientRect();
    return c.left >= bd.right - 1;
  });
  check(beside, 'the chat is not beside the board at 1366x768');
  const below = await b.page.evaluate(() => {
    const c = document.querySelector('[data-testid=chat]').getBoundingClientRect();
    const bd = document.querySelector('[data-testid=board]').getBoundingClientRect();
    return c.top >= bd.bottom - 1 && c.right <= window.innerWidth + 1 && document.documentElement.scrollWidth <= window.innerWidth + 1;
  });
  check(below, 'the chat is not below the board, inside the width, at 390x844');
  for (const p of [a, b, s1, s2]) await p.ctx.close();
});
