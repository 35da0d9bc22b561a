// The clocks (issue #33):
//
// testClocks: a 1+0 game between two browser contexts (English on a
// laptop, Spanish on a phone): the clocks wait for the first move, then the
// second seat's clock counts down on both pages, within 0.3 s of the
// server's time left; the side that does not move loses on time, said in
// both languages. testCorrespondence: a days-per-move game, a move by one
// player puts the game on the other's "your turn" list with its time left.
// testMail: with the server's mail going to the SMTP sink, two players
// leave their addresses on the home page and confirm them by the links of
// their confirmation mails; a correspondence move by one
// sends exactly one mail, to the other, and none to the mover.

import { test, expect, check, log, sleep, board, shoot, BASE, FAST } from '../harness.mjs';

/** The shown time (data-ms) of seat `seat`'s clock and the server's left, read at once. */
async function shownAndServer(page, id, seat) {
  return page.evaluate(async ([gid, s]) => {
    const res = await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } });
    const st = await res.json();
    const el = document.querySelector(`[data-testid=clock-${s}]`);
    return { shown: Number(el && el.dataset.ms), server: st.clock.left[s], text: el && el.textContent, running: st.clock.running };
  }, [id, seat]);
}

/**
 * A game created on A's new-game page with the friend's seat by link and
 * time control `clock`, opened by B from the link: its id.
 */
async function timedGame(a, b, game, clock) {
  await a.goto(`${BASE}/new/${game}`);
  await expect(a.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await a.check('[data-testid=seat-0-human]');
  await a.check('[data-testid=seat-1-link]');
  await a.selectOption('[data-testid=first]', '0');
  await a.selectOption('[data-testid=clock]', clock);
  await a.click('[data-testid=create]');
  await a.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(a.url())[1];
  const link = await a.inputValue('[data-testid=invite-link]');
  await b.goto(link);
  await expect(b.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  return id;
}

/** The state of game `id` as A's stored tokens see it. */
async function stateOnPage(a, id) {
  return a.evaluate(async (gid) => {
    const toks = JSON.parse(localStorage.getItem('tablero.games') || '{}')[gid].tokens;
    return (await fetch(`/api/games/${gid}`, { headers: { Authorization: `Bearer ${toks.join(',')}` } })).json();
  }, id);
}

/** Two contexts: A in English on a laptop, B in Spanish on a phone. */
async function twoPlayers(browser, newPage, tag) {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  return { ctxA, ctxB, a: await newPage(ctxA, `${tag}-en`), b: await newPage(ctxB, `${tag}-es`) };
}

test('testClocks', async ({ browser, newPage }) => {
  const { ctxA, ctxB, a, b } = await twoPlayers(browser, newPage, 'clock');
  const id = await timedGame(a, b, 'jarmo', '1+0');
  await expect(b.getByTestId('clock-1')).toBeVisible();
  await expect(a.getByTestId('conn')).toHaveAttribute('data-state', 'live');
  await expect(b.getByTestId('conn')).toHaveAttribute('data-state', 'live');
  await expect(a.getByTestId('clock-0'), 'A\'s clock before the first move').toHaveText('1:00');
  // The first move starts the clocks: the second seat's runs.
  const st = await stateOnPage(a, id);
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  await expect(board(a)).toHaveAttribute('data-ply', '1');
  await expect(board(b)).toHaveAttribute('data-ply', '1');
  await expect(b.getByTestId('clock-1')).toHaveClass(/\brunning\b/);
  // The clock counts down smoothly and agrees with the server's time left.
  const first = await shownAndServer(b, id, 1);
  await sleep(1000);
  const second = await shownAndServer(b, id, 1);
  const fell = first.shown - second.shown;
  check(fell > 700 && fell < 1300, `the running clock fell ${fell} ms in a second (${first.text} → ${second.text})`);
  for (const [page, name] of [[a, 'laptop'], [b, 'phone']]) {
    const r = await shownAndServer(page, id, 1);
    check(Math.abs(r.shown - r.server) <= 300, `${name}: the clock shows ${r.shown} ms, the server says ${r.server} ms`);
  }
  const c0 = await shownAndServer(a, id, 0);
  check(c0.shown === 60_000 && c0.running === 1, `the first seat's clock, stopped: ${JSON.stringify(c0)}`);
  log(`clocks: the running clock fell ${fell} ms in 1 s; display within 0.3 s of the server on both pages`);
  await shoot(a, 'clock-running-1366-en');
  await shoot(b, 'clock-running-390-es');
  // Under ten seconds: the clock warns (class low).
  await expect(b.getByTestId('clock-1')).toHaveClass(/\blow\b/, { timeout: 65_000 });
  await shoot(b, 'clock-low-390-es');
  // The side that does not move loses on time, with nobody's help.
  await expect(a.getByTestId('status')).toContainText('lost on time', { timeout: 20_000 });
  await expect(b.getByTestId('status')).toContainText('perdida por tiempo', { timeout: 20_000 });
  const end = await a.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  check(end.result && end.result.reason === 'time' && end.result.winner === 0, `the result: ${JSON.stringify(end.result)}`);
  check(end.clock.left[1] === 0 && end.clock.running === null, `the clocks after the flag: ${JSON.stringify(end.clock)}`);
  await expect(a.getByTestId('clock-1'), 'the fallen clock').toHaveText('0:00.0');
  log(`clocks: ${id} lost on time by the side that did not move ("${(await a.getByTestId('status').textContent()).trim()}" / "${(await b.getByTestId('status').textContent()).trim()}")`);
  await shoot(a, 'clock-flag-1366-en');
  await shoot(b, 'clock-flag-390-es');
  await ctxA.close();
  await ctxB.close();
});

test('testCorrespondence', async ({ browser, newPage }) => {
  const { ctxA, ctxB, a, b } = await twoPlayers(browser, newPage, 'corr');
  const id = await timedGame(a, b, 'linja', '3d');
  // Before A's move B's home page lists nothing to play.
  await b.goto(`${BASE}/`);
  await expect(b.getByTestId('recent')).toBeVisible();
  await a.bringToFront();
  const tokens = await a.evaluate((gid) => JSON.parse(localStorage.getItem('tablero.games') || '{}')[gid].tokens, id);
  const st = await stateOnPage(a, id);
  check(st.clock && st.clock.days === true && st.clock.control === '3d', `the game's clock: ${JSON.stringify(st.clock)}`);
  await expect(b.getByTestId(`your-turn-${id}`), 'the game is on B\'s list before A moved').toHaveCount(0);
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  await expect(a.locator('[data-testid=board] [data-cell].target').first()).toBeVisible();
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  const choice = a.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
  await expect.poll(() => board(a).getAttribute('data-ply').then(Number), { intervals: FAST }).toBeGreaterThanOrEqual(1);
  // Linja's turn may go on with more moves: A plays until it is B's turn.
  for (let i = 0; i < 8; i++) {
    const now = await stateOnPage(a, id);
    if (now.to_move !== 0) break;
    await a.evaluate(async ([gid, toks, m, ply]) => fetch(`/api/games/${gid}/move`, { method: 'POST', headers: { Authorization: `Bearer ${toks.join(',')}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: m, ply }) }), [id, tokens, now.legal[0].move, now.ply]);
  }
  // B's home page: the game waits for B's move, with its time left.
  await b.reload();
  const item = b.getByTestId(`your-turn-${id}`);
  await expect(item, 'B\'s "your turn" line').toHaveText(/quedan (2 d 23 h|3 d 0 h)/, { timeout: 10_000 });
  const text = await item.textContent();
  await expect(b).toHaveTitle(/^\(1\) /, { timeout: 5000 });
  check(await a.getByTestId('your-turn').count() === 0 || !(await a.getByTestId('your-turn').textContent()).includes(id), 'the mover\'s list has the game');
  log(`correspondence: after A's move ${id} is on B's "your turn" list ("${text.trim()}"), B's tab says "${await b.title()}"`);
  await shoot(b, 'your-turn-390-es');
  await a.goto(`${BASE}/`);
  await expect(a.getByTestId('recent')).toBeVisible();
  await shoot(a, 'home-1366-en');
  await ctxA.close();
  await ctxB.close();
});

test('testMail', async ({ browser, newPage, server }) => {
  const { smtp } = server;
  const { ctxA, ctxB, a, b } = await twoPlayers(browser, newPage, 'mail');
  const id = await timedGame(a, b, 'jarmo', '2d');
  // The home page is drawn again when its lists change; an address being
  // typed keeps its focus and its text through that (a redraw once moved
  // the box, the focus went, and the rest of the typing was lost).
  await a.goto(`${BASE}/`);
  await a.click('[data-testid=mail-email]');
  await a.keyboard.type('ana@');
  await a.evaluate(async () => {
    const drawn = new Promise((resolve) => new MutationObserver((_, o) => { o.disconnect(); resolve(); }).observe(document.querySelector('main') || document.body, { childList: true, subtree: true }));
    await (await import('/static/yourturn.js')).refresh();
    await drawn;
  });
  await a.keyboard.type('example.org');
  await expect(a.getByTestId('mail-email'), 'the address typed across a redraw').toHaveValue('ana@example.org');
  await expect(a.getByTestId('mail-email')).toBeFocused();
  for (const [page, email] of [[a, 'ana@example.org'], [b, 'bea@example.org']]) {
    await page.goto(`${BASE}/`);
    await page.fill('[data-testid=mail-email]', email);
    await expect(page.getByTestId('mail-email')).toHaveValue(email);
    await page.click('[data-testid=mail-save]');
    await page.locator('[data-testid=mail-saved], [data-testid=mail-error]').first().waitFor();
    await expect(page.getByTestId('mail-error'), `saving ${email} was refused`).toHaveCount(0);
  }
  log('mail: both addresses saved');
  await expect(b.getByTestId('mail-saved'), 'B\'s address is not shown as saved').toContainText('bea@example.org');
  await expect(b.getByTestId('mail-saved'), 'B is told to open the confirmation link').toHaveAttribute('data-confirmed', '0');
  await shoot(b, 'mail-unconfirmed-390-es');
  // Each address gets a confirmation mail; nothing else comes to it before
  // its link is opened. Each player opens the link from the mail and confirms.
  for (const [page, email] of [[a, 'ana@example.org'], [b, 'bea@example.org']]) {
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(email) && m.data.includes('/confirm/')),
      { message: `no confirmation mail to ${email}`, timeout: 15_000, intervals: [100] }).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes(email) && m.data.includes('/confirm/'));
    const url = /(https?:\/\/\S+\/confirm\/[A-Za-z0-9]+)/.exec(mail.data)[1];
    await page.goto(url);
    await page.click('[data-testid=page-button]');
    await expect(page.locator('main p').first()).toContainText(email === 'bea@example.org' ? 'llegarán a esta dirección' : 'will come to this address');
    await page.goto(`${BASE}/`);
    await expect(page.getByTestId('mail-saved')).toHaveAttribute('data-confirmed', '1');
  }
  log('mail: both addresses confirmed by the links in their confirmation mails');
  await shoot(b, 'mail-saved-390-es');
  const before = smtp.mails.length;
  await a.goto(`${BASE}/play/${id}`);
  await expect(a.locator('[data-testid=board] [data-cell].target').first()).toBeVisible();
  const st = await stateOnPage(a, id);
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  await expect(board(a)).toHaveAttribute('data-ply', '1');
  const t0 = Date.now();
  await expect.poll(() => smtp.mails.length, { message: 'no mail arrived', timeout: 15_000, intervals: [100] }).toBeGreaterThan(before);
  const arrived = Date.now() - t0;
  // Wait past the quiet time: still exactly one, to the player to move.
  await sleep(6000);
  const mails = smtp.mails.slice(before);
  check(mails.length === 1, `${mails.length} mails arrived: ${JSON.stringify(mails.map((m) => m.to))}`);
  expect(mails[0].to, 'the mail\'s recipients').toEqual(['bea@example.org']);
  check(/Subject: Te toca en Jarmo/.test(mails[0].data) && mails[0].data.includes(`${BASE}/play/${id}`), `the mail says: ${mails[0].data.slice(0, 600)}`);
  check(!mails.some((m) => m.to.includes('ana@example.org')), 'the mover got a mail about her own move');
  log(`mail: one notice to the player to move ${arrived} ms after the move, none to the mover`);
  // A bad address is refused in Spanish on B's page.
  await b.goto(`${BASE}/`);
  await b.click('[data-testid=mail-stop]');
  await b.fill('[data-testid=mail-email]', 'no es una dirección');
  await b.evaluate(() => { document.querySelector('[data-testid=mail-email]').type = 'text'; });
  await b.click('[data-testid=mail-save]');
  await expect(b.getByTestId('mail-error'), 'the refusal').toContainText('no es una dirección de correo');
  // A local address is refused with its reason.
  await b.fill('[data-testid=mail-email]', 'a@localhost');
  await b.click('[data-testid=mail-save]');
  await expect(b.getByTestId('mail-error'), 'the refusal of a local address').toContainText('no puede recibir correo desde internet');
  await ctxA.close();
  await ctxB.close();
});
