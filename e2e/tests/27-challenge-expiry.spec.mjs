// A challenge leaves the screen when it expires (issue #44): expiry is a
// stored time (10 minutes for a live clock), so each page reads the
// challenges again at the next expiry instead of waiting for a notice.
// The pages' clocks are Playwright's fake clocks, moved on 10 minutes:
// Bea's (Spanish phone) incoming challenge disappears, and Ana's
// (English laptop) profile form says it expired. The server's own expiry
// is tested in crates/server/tests/challenges.rs.

import { test, expect, shoot, BASE, person } from '../harness.mjs';

test('testChallengeExpiry', async ({ browser, newPage }) => {
  const run = String(Date.now() % 100000);
  const [ana, bea] = [`anax${run}`, `beax${run}`];
  const A = await person(browser, newPage, ana, 'en', { clock: true });
  const B = await person(browser, newPage, bea, 'es', { phone: true, clock: true });
  await A.page.goto(`${BASE}/@/${bea}`);
  await A.page.click('[data-testid=challenge-open]');
  await A.page.selectOption('[data-testid=ch-clock]', '5+3');
  await A.page.click('[data-testid=challenge-send]');
  await expect(A.page.getByTestId('challenge-status')).toHaveAttribute('data-state', 'open');
  await B.page.reload(); // (under the fake clock the page is read afresh rather than told)
  const incoming = B.page.locator('[data-testid^=challenge-in-]');
  await expect(incoming).toBeVisible({ timeout: 5000 });

  // Ten minutes and a second later, on both pages' clocks.
  await B.ctx.clock.fastForward('10:01');
  await A.ctx.clock.fastForward('10:01');
  await expect(incoming).toHaveCount(0);
  await expect(A.page.getByTestId('challenge-status')).toHaveAttribute('data-state', 'expired');
  await expect(A.page.getByTestId('challenge-status')).toContainText('expired');
  // ... and so does the panel of answered challenges, in words.
  const out = A.page.locator('[data-testid^=challenge-out-]');
  await expect(out).toHaveAttribute('data-state', 'expired');
  await expect(out).toContainText(`The challenge to ${bea} expired`);
  await shoot(A.page, 'challenge-expired-en-1366');
  await A.ctx.close();
  await B.ctx.close();
});
