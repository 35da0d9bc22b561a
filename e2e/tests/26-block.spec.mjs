// A block stops chat and challenges (issue #44), with two browsers: Ana
// (English laptop) and Bea (Spanish phone) play a game their challenge
// made and chat both ways; Bea blocks Ana from Ana's profile; Ana's next
// chat line is refused with the reason and never reaches Bea, Bea's too;
// Ana's challenge from Bea's profile is refused; once Bea unblocks, Ana's
// challenge goes through, from the form with a Super Dimensiones rule set
// chosen. Screenshots: block-profile-es-390,
// block-chat-en-1366, block-challenge-en-1366, challenge-variant-en-1366.

import { test, expect, check, log, shoot, BASE, person } from '../harness.mjs';

/** `fetch` in `page` (its cookie, its origin); resolves to [status, body]. */
function call(page, method, url, body) {
  return page.evaluate(async ([m, u, b]) => {
    const res = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
    return [res.status, await res.json().catch(() => null)];
  }, [method, url, body]);
}

async function say(page, text) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

test('testBlock', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const [ana, bea] = [`anab${run}`, `beab${run}`];
  const A = await person(browser, newPage, ana, 'en');
  const B = await person(browser, newPage, bea, 'es', { phone: true });

  // A game between them, from Ana's challenge.
  const [sent, ch] = await call(A.page, 'POST', '/api/challenges', { to: bea, game: 'linja', clock: '10+5' });
  check(sent === 200, `the challenge answered ${sent}`);
  const [took, accepted] = await call(B.page, 'POST', `/api/challenges/${ch.id}/accept`, {});
  check(took === 200, `the accept answered ${took}`);
  const gid = accepted.game_id;
  // Both open the game (that a page follows its accepted challenge by
  // itself is 15-challenges' test: here Ana's notices socket may still be
  // opening again after her sign-up when Bea accepts). Ana's page may
  // follow it by itself meanwhile, which aborts the address typed: she is
  // there all the same.
  for (const p of [A, B]) {
    const there = new RegExp(`/play/${gid}(#.*)?$`);
    await p.page.goto(`${BASE}/play/${gid}`).catch(async (e) => {
      log(`${p === A ? "Ana" : "Bea"} opening the game: ${e.message.split('\n')[0]}; the page is at ${p.page.url()}`);
      await p.page.waitForURL(there, { timeout: 5000 }).catch(() => p.page.goto(`${BASE}/play/${gid}`));
    });
  }
  for (const p of [A, B]) await expect(p.page.getByTestId('chat')).toBeVisible();
  await say(A.page, 'good luck');
  await expect(B.page.getByTestId('chat-lines')).toContainText('good luck');
  await say(B.page, 'igualmente');
  await expect(A.page.getByTestId('chat-lines')).toContainText('igualmente');

  // Bea blocks Ana from Ana's profile.
  await B.page.goto(`${BASE}/@/${ana}`);
  await B.page.getByTestId('block').click();
  await expect(B.page.getByTestId('unblock')).toBeVisible();
  await expect(B.page.getByTestId('follow')).toHaveCount(0);
  await shoot(B.page, 'block-profile-es-390');
  log('Bea blocked Ana');

  // Ana's line is refused, with the reason, and never reaches Bea.
  await B.page.goto(`${BASE}/play/${gid}`);
  await expect(B.page.getByTestId('chat')).toBeVisible();
  await say(A.page, 'are you still there?');
  await expect(A.page.getByTestId('chat-note')).toContainText('blocked');
  await shoot(A.page, 'block-chat-en-1366');
  const [st] = await call(A.page, 'GET', `/api/games/${gid}`);
  check(st === 200, 'the game still reads');
  await B.page.waitForTimeout(1000);
  check(!(await B.page.getByTestId('chat-lines').innerText()).includes('still there'), 'a blocked line reached Bea');
  // Bea cannot speak to Ana either.
  await say(B.page, 'adiós');
  await expect(B.page.getByTestId('chat-note')).not.toHaveText('');
  await A.page.waitForTimeout(500);
  check(!(await A.page.getByTestId('chat-lines').innerText()).includes('adiós'), 'Bea\'s line reached the player she blocked');

  // Ana's challenge from Bea's profile is refused.
  await A.page.goto(`${BASE}/@/${bea}`);
  await A.page.click('[data-testid=challenge-open]');
  await expect(A.page.getByTestId('challenge-form')).toBeVisible();
  await A.page.click('[data-testid=challenge-send]');
  await expect(A.page.getByTestId('challenge-error')).toBeVisible();
  await shoot(A.page, 'block-challenge-en-1366');
  const [again] = await call(A.page, 'POST', '/api/challenges', { to: bea, game: 'imago' });
  check(again === 403, `a challenge across a block answered ${again}`);
  const [list, mine] = await call(B.page, 'GET', '/api/challenges');
  check(list === 200 && mine.incoming.length === 0, `Bea was shown a challenge across the block: ${JSON.stringify(mine)}`);

  // Unblocked, the challenge goes through.
  await B.page.goto(`${BASE}/following`);
  await B.page.getByTestId(`unblock-${ana}`).click();
  await expect(B.page.getByTestId(`blocked-${ana}`)).toHaveCount(0);
  // ... here from the form, with a variant: a Super Dimensiones rule set.
  await A.page.goto(`${BASE}/@/${bea}`);
  await A.page.click('[data-testid=challenge-open]');
  await A.page.selectOption('[data-testid=ch-game]', 'dimensiones');
  const variant = A.page.locator('[data-testid=challenge-form] [data-testid=variant]');
  await expect(variant).toBeVisible();
  const sets = await variant.locator('option').evaluateAll((os) => os.map((o) => o.value));
  check(sets.length > 1, `the rule sets offered: ${sets}`);
  await variant.selectOption(sets[1]);
  await shoot(A.page, 'challenge-variant-en-1366');
  await A.page.click('[data-testid=challenge-send]');
  await expect(A.page.getByTestId('challenge-status')).toHaveAttribute('data-state', 'open');
  const [, out] = await call(A.page, 'GET', '/api/challenges');
  check(out.outgoing[0].game === 'dimensiones' && out.outgoing[0].variant === sets[1], `the challenge sent: ${JSON.stringify(out.outgoing[0])}`);
  await A.ctx.close();
  await B.ctx.close();
});
