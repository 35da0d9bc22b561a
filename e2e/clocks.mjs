// Browser tests of the clocks (issue #33), run by run.mjs:
//   E2E_ONLY=testClocks,testCorrespondence node e2e/run.mjs target/debug/tablero
//
// testClocks: a 1+0 game between two browser contexts (English on a
// laptop, Spanish on a phone): the clocks wait for the first move, then the
// second seat's clock counts down on both pages, within 0.3 s of the
// server's time left; the side that does not move loses on time, said in
// both languages. testCorrespondence: a days-per-move game, a move by one
// player puts the game on the other's "your turn" list with its time left.

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
async function timedGame(a, b, base, game, clock) {
  await a.goto(`${base}/new/${game}`);
  await a.waitForSelector('[data-testid=new-game-form][data-ready="1"]');
  await a.check('[data-testid=seat-0-human]');
  await a.check('[data-testid=seat-1-link]');
  await a.selectOption('[data-testid=first]', '0');
  await a.selectOption('[data-testid=clock]', clock);
  await a.click('[data-testid=create]');
  await a.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(a.url())[1];
  const link = await a.inputValue('[data-testid=invite-link]');
  await b.goto(link);
  await b.waitForSelector('[data-testid=board] [data-cell]');
  return id;
}

/** The state of game `id` as A's stored tokens see it. */
async function stateOnPage(a, id) {
  return a.evaluate(async (gid) => {
    const toks = JSON.parse(localStorage.getItem('tablero.games') || '{}')[gid].tokens;
    return (await fetch(`/api/games/${gid}`, { headers: { Authorization: `Bearer ${toks.join(',')}` } })).json();
  }, id);
}

export async function testClocks({ browser, base, newPage, check, log, shoot, sleep }) {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'clock-en');
  const b = await newPage(ctxB, 'clock-es');
  const id = await timedGame(a, b, base, 'jarmo', '1+0');
  await b.waitForSelector('[data-testid=clock-1]');
  await a.waitForSelector('[data-testid=conn][data-state=live]');
  await b.waitForSelector('[data-testid=conn][data-state=live]');
  check((await a.textContent('[data-testid=clock-0]')) === '1:00', `A's clock before the first move: ${await a.textContent('[data-testid=clock-0]')}`);
  // The first move starts the clocks: the second seat's runs.
  const st = await stateOnPage(a, id);
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  await a.waitForSelector('[data-testid=board][data-ply="1"]');
  await b.waitForSelector('[data-testid=board][data-ply="1"]');
  await b.waitForSelector('[data-testid=clock-1].running');
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
  await b.waitForSelector('[data-testid=clock-1].low', { timeout: 65_000 });
  await shoot(b, 'clock-low-390-es');
  // The side that does not move loses on time, with nobody's help.
  await a.waitForFunction(() => /lost on time/.test(document.querySelector('[data-testid=status]')?.textContent || ''), null, { timeout: 20_000 });
  await b.waitForFunction(() => /perdida por tiempo/.test(document.querySelector('[data-testid=status]')?.textContent || ''), null, { timeout: 20_000 });
  const end = await a.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
  check(end.result && end.result.reason === 'time' && end.result.winner === 0, `the result: ${JSON.stringify(end.result)}`);
  check(end.clock.left[1] === 0 && end.clock.running === null, `the clocks after the flag: ${JSON.stringify(end.clock)}`);
  check((await a.textContent('[data-testid=clock-1]')) === '0:00.0', `the fallen clock shows ${await a.textContent('[data-testid=clock-1]')}`);
  log(`clocks: ${id} lost on time by the side that did not move ("${(await a.textContent('[data-testid=status]')).trim()}" / "${(await b.textContent('[data-testid=status]')).trim()}")`);
  await shoot(a, 'clock-flag-1366-en');
  await shoot(b, 'clock-flag-390-es');
  await ctxA.close();
  await ctxB.close();
}

export async function testCorrespondence({ browser, base, newPage, check, log, shoot }) {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'corr-en');
  const b = await newPage(ctxB, 'corr-es');
  const id = await timedGame(a, b, base, 'linja', '3d');
  // Before A's move B's home page lists nothing to play.
  await b.goto(`${base}/`);
  await b.waitForSelector('[data-testid=recent]');
  await a.bringToFront();
  const tokens = await a.evaluate((gid) => JSON.parse(localStorage.getItem('tablero.games') || '{}')[gid].tokens, id);
  const st = await stateOnPage(a, id);
  check(st.clock && st.clock.days === true && st.clock.control === '3d', `the game's clock: ${JSON.stringify(st.clock)}`);
  check(await b.locator(`[data-testid=your-turn-${id}]`).count() === 0, 'the game is on B\'s list before A moved');
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  await a.waitForSelector('[data-testid=board] [data-cell].target');
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  const choice = a.locator(`[data-testid=choose-move][data-move="${mv.move}"]`);
  if (await choice.count()) await choice.click();
  await a.waitForFunction(() => Number(document.querySelector('[data-testid=board]')?.dataset.ply) >= 1);
  // Linja's turn may go on with more moves: A plays until it is B's turn.
  for (let i = 0; i < 8; i++) {
    const now = await stateOnPage(a, id);
    if (now.to_move !== 0) break;
    await a.evaluate(async ([gid, toks, m, ply]) => fetch(`/api/games/${gid}/move`, { method: 'POST', headers: { Authorization: `Bearer ${toks.join(',')}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: m, ply }) }), [id, tokens, now.legal[0].move, now.ply]);
  }
  // B's home page: the game waits for B's move, with its time left.
  await b.reload();
  const item = b.locator(`[data-testid=your-turn-${id}]`);
  await item.waitFor({ timeout: 10_000 });
  const text = await item.textContent();
  check(/quedan (2 d 23 h|3 d 0 h)/.test(text), `B's "your turn" line says "${text}"`);
  await b.waitForFunction(() => /^\(1\) /.test(document.title), null, { timeout: 5000 });
  check(await a.locator('[data-testid=your-turn]').count() === 0 || !(await a.textContent('[data-testid=your-turn]')).includes(id), 'the mover\'s list has the game');
  log(`correspondence: after A's move ${id} is on B's "your turn" list ("${text.trim()}"), B's tab says "${await b.title()}"`);
  await shoot(b, 'your-turn-390-es');
  await a.goto(`${base}/`);
  await a.waitForSelector('[data-testid=recent]');
  await shoot(a, 'home-1366-en');
  await ctxA.close();
  await ctxB.close();
}

// testMail: with the server's mail going to the sink run.mjs started, two
// players leave their addresses on the home page; a correspondence move
// by one sends exactly one mail, to the other, and none to the mover.
export async function testMail({ browser, base, newPage, check, log, shoot, sleep, smtp }) {
  const ctxA = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const a = await newPage(ctxA, 'mail-en');
  const b = await newPage(ctxB, 'mail-es');
  const id = await timedGame(a, b, base, 'jarmo', '2d');
  for (const [page, email] of [[a, 'ana@example.org'], [b, 'bea@example.org']]) {
    await page.goto(`${base}/`);
    await page.fill('[data-testid=mail-email]', email);
    await page.click('[data-testid=mail-save]');
    await page.locator('[data-testid=mail-saved], [data-testid=mail-error]').first().waitFor();
    const refused = await page.$('[data-testid=mail-error]');
    check(!refused, `saving ${email} was refused: ${refused ? await refused.textContent() : ''}`);
  }
  log('mail: both addresses saved');
  check(/bea@example.org/.test(await b.textContent('[data-testid=mail-saved]')), 'B\'s address is not shown as saved');
  await shoot(b, 'mail-saved-390-es');
  const before = smtp.mails.length;
  await a.goto(`${base}/play/${id}`);
  await a.waitForSelector('[data-testid=board] [data-cell].target');
  const st = await stateOnPage(a, id);
  const mv = st.legal.find((m) => m.path.length) || st.legal[0];
  for (const cell of mv.path) await a.click(`[data-testid=board] [data-cell="${cell}"]`);
  await a.waitForSelector('[data-testid=board][data-ply="1"]');
  const t0 = Date.now();
  while (smtp.mails.length === before && Date.now() - t0 < 15_000) await sleep(100);
  const arrived = Date.now() - t0;
  // Wait past the quiet time: still exactly one, to the player to move.
  await sleep(6000);
  const mails = smtp.mails.slice(before);
  check(mails.length === 1, `${mails.length} mails arrived: ${JSON.stringify(mails.map((m) => m.to))}`);
  check(mails[0].to.length === 1 && mails[0].to[0] === 'bea@example.org', `the mail went to ${mails[0].to}`);
  check(/Subject: Te toca en Jarmo/.test(mails[0].data) && mails[0].data.includes(`${base}/play/${id}`), `the mail says: ${mails[0].data.slice(0, 600)}`);
  check(!smtp.mails.some((m) => m.to.includes('ana@example.org')), 'the mover got a mail about her own move');
  log(`mail: one notice to the player to move ${arrived} ms after the move, none to the mover`);
  // A bad address is refused in Spanish on B's page.
  await b.goto(`${base}/`);
  await b.click('[data-testid=mail-stop]');
  await b.fill('[data-testid=mail-email]', 'no es una dirección');
  await b.evaluate(() => { document.querySelector('[data-testid=mail-email]').type = 'text'; });
  await b.click('[data-testid=mail-save]');
  await b.waitForSelector('[data-testid=mail-error]');
  const err = await b.textContent('[data-testid=mail-error]');
  check(/no es una dirección de correo/.test(err), `the refusal says "${err}"`);
  await ctxA.close();
  await ctxB.close();
}
