// Mutes and moderation in the browser (issue #44), on a server of this
// test's own (its database named, for `tablero moderator grant`): Ana
// (English laptop) and Bea (Spanish phone) play; Cleo and Dani watch,
// logged in. Dani says something rude in the spectators' room; Cleo mutes
// Dani and reports the line. Cleo's /following page lists Dani as muted,
// with Unmute. Modesto, made a moderator from the command line, opens
// /moderation: the report is there; "Hide the line" takes it away from
// Cleo's page at once, and "Mark the account" marks Dani. Anyone else is
// told the page is for moderators. Screenshots: muted-en-1366,
// moderation-en-1366, moderation-es-390.

import { test, expect, check, shoot, serve, stop, BIN } from '../harness.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

async function person(browser, newPage, base, name, lang, phone = false) {
  const ctx = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 768 },
    locale: lang === 'es' ? 'es-ES' : 'en-US', isMobile: phone, hasTouch: phone,
  });
  const page = await newPage(ctx, `${name} ${lang}`);
  await page.goto(`${base}/`);
  const status = await page.evaluate(async (n) => (await fetch('/api/account/signup', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'a long password' }),
  })).status, name);
  check(status === 200, `signing up ${name}: ${status}`);
  return { ctx, page };
}

async function say(page, text) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-input')).toHaveValue('');
}

test('testModeration', async ({ browser, newPage }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tablero-mod-'));
  const db = path.join(dir, 'm.db');
  const [server, base] = await serve(['--database', db], 'the moderation server');
  try {
    const made = await (await fetch(`${base}/api/games`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'jarmo', clock: '10+5', seats: [{ kind: 'human' }, { kind: 'human' }] }),
    })).json();
    const id = made.id;
    const C = await person(browser, newPage, base, 'cleo', 'en');
    const D = await person(browser, newPage, base, 'dani', 'en');
    const M = await person(browser, newPage, base, 'modesto', 'en');
    for (const p of [C, D]) {
      await p.page.goto(`${base}/play/${id}`);
      await expect(p.page.getByTestId('chat-tab-spectators')).toHaveAttribute('aria-selected', 'true');
    }
    await say(D.page, 'you all play badly');
    await expect(C.page.getByTestId('chat-lines')).toContainText('you all play badly');
    // Cleo reports the line, then mutes Dani.
    await C.page.getByTestId('chat-report-open').first().click();
    await C.page.getByTestId('chat-reason').selectOption('abuse');
    await C.page.getByTestId('chat-report-send').click();
    await expect(C.page.getByTestId('chat-note')).toContainText('Reported');
    const [muted] = await C.page.evaluate(async () => {
      const r = await fetch('/api/chat/mute', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'dani' }) });
      return [r.status];
    });
    check(muted === 200, `muting answered ${muted}`);
    await C.page.goto(`${base}/following`);
    await expect(C.page.getByTestId('muted-dani')).toBeVisible();
    await expect(C.page.getByTestId('to-moderation')).toHaveCount(0);
    await shoot(C.page, 'muted-en-1366');
    await C.page.getByTestId('unmute-dani').click();
    await expect(C.page.getByTestId('muted-none')).toBeVisible();

    // Not a moderator yet: refused.
    await M.page.goto(`${base}/moderation`);
    await expect(M.page.getByTestId('mod-refused')).toBeVisible();
    execFileSync(BIN, ['moderator', 'grant', 'modesto', '--database', db]);
    await M.page.goto(`${base}/following`);
    await expect(M.page.getByTestId('to-moderation')).toBeVisible();
    await M.page.getByTestId('to-moderation').click();
    const row = M.page.locator('[data-testid^=report-]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('you all play badly');
    await expect(row).toContainText('dani');
    await expect(row).toContainText('cleo');
    await shoot(M.page, 'moderation-en-1366');

    // Cleo watches the game again; the moderator hides the line.
    await C.page.goto(`${base}/play/${id}`);
    await expect(C.page.getByTestId('chat-lines')).toContainText('you all play badly');
    await M.page.locator('[data-testid^=hide-]').click();
    await expect(M.page.getByTestId('mod-note')).toContainText('hidden');
    await expect(C.page.getByTestId('chat-lines')).not.toContainText('you all play badly', { timeout: 5000 });
    // ... and marks Dani: Dani's next line reaches nobody else.
    await M.page.locator('[data-testid^=mark-]').click();
    await expect(M.page.getByTestId('mod-note')).toContainText('marked');
    await say(D.page, 'still here');
    await expect(D.page.getByTestId('chat-lines')).toContainText('still here');
    await C.page.waitForTimeout(800);
    check(!(await C.page.getByTestId('chat-lines').innerText()).includes('still here'), 'a marked account\'s line reached another spectator');

    // The page in Spanish on a phone.
    await M.page.setViewportSize({ width: 390, height: 844 });
    await M.page.getByRole('button', { name: 'ES' }).click();
    await expect(M.page.locator('h1')).toHaveText('Moderación');
    await shoot(M.page, 'moderation-es-390', true);
    for (const p of [C, D, M]) await p.ctx.close();
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
