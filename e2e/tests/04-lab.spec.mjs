// The lab (#21): `tablero serve --lab DIR` on its own port.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, check, log, sleep, serve, shootBoth, axeCheck, BIN, STEP_TIMEOUT, FAST } from '../harness.mjs';

/**
 * The /lab page: a finished survey (its figures table and a plot drawn), a
 * survey started in the background by `tablero lab` whose progress changes
 * on the page while it runs (the page polls every 2 s), English and Spanish,
 * axe-core on the list and a report, screenshots at 1280x800 and 390x844
 * (lab-*.png).
 */
test('testLabPage', async ({ browser, newPage }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tablero-e2e-lab-'));
  const lab = (args) => execFileSync(BIN, ['lab', ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  lab(['jarmo', '--level', '1', '--games', '2', '--threads', '1', '--report', path.join(dir, 'done')]);
  let srv = null;
  let survey = null;
  try {
    const [p, base] = await serve(['--rate', '0', '--database', path.join(dir, 'lab-serve.db'), '--lab', dir], 'the lab server');
    srv = p;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
    const page = await newPage(ctx, 'lab');
    // A survey in another process: 2 variants x 4000 games at level 2; its
    // count of games must move on the page itself.
    survey = spawn(BIN, ['lab', 'jarmo', '--variants', 'all', '--level', '2', '--games', '4000', '--threads', '1', '--report', path.join(dir, 'live')], { stdio: 'ignore' });
    const until0 = Date.now() + 30_000;
    while (Date.now() < until0 && !existsSync(path.join(dir, 'live', 'lab.sqlite'))) await sleep(100);
    await page.goto(`${base}/lab/live`);
    const progress = page.getByTestId('lab-progress');
    await expect(progress).toBeVisible({ timeout: 30_000 });
    const done = () => progress.getAttribute('data-done').then(Number);
    const total = Number(await progress.getAttribute('data-total'));
    const first = await done();
    // Long enough to be still running on a fast machine (it is killed at the end).
    check(total === 8000, `the live survey counts ${total} games, not 8000`);
    check(first < total, 'the survey had finished before the page showed it running');
    await expect(progress, `the progress did not change on the page (stuck at ${first}/${total})`)
      .not.toHaveAttribute('data-done', String(first), { timeout: 60_000 });
    const seen = [first, await done()];
    await shootBoth(page, 'lab-live');

    await page.goto(`${base}/lab`);
    await expect(page.getByTestId('lab-report-done'), 'the finished survey is not listed as finished').toHaveAttribute('data-state', 'finished');
    await expect(page.getByTestId('lab-report-live'), 'the live survey is not listed as running').toHaveAttribute('data-state', 'running');
    await axeCheck(page, 'the lab list');
    await shootBoth(page, 'lab-list');

    await page.click('[data-testid=lab-report-done] a');
    await expect(page.locator('[data-testid=lab-figures] tbody tr').first()).toBeVisible();
    await expect.poll(() => page.locator('[data-testid="lab-plot-first-player.svg"] img').evaluate((img) => (img.complete ? img.naturalWidth : 0)),
      { message: 'the first-player plot is not drawn', timeout: STEP_TIMEOUT, intervals: FAST }).toBeGreaterThan(0);
    await axeCheck(page, 'a lab report');
    await shootBoth(page, 'lab-report');

    await page.goto(`${base}/lab/live`);
    await expect(page.getByTestId('lab-progress-text')).toBeVisible();
    // Spanish.
    await page.click('[data-testid=lang-es]');
    await expect(page.getByTestId('lab-progress-text')).toContainText('partidas jugadas');
    await page.click('[data-testid=lang-en]');
    log(`lab: list, a report with its plot, live progress ${seen.join(' -> ')} of ${total} games; axe clean`);
    await ctx.close();
  } finally {
    if (survey && survey.exitCode === null) survey.kill('SIGKILL');
    if (srv && srv.exitCode === null) srv.kill('SIGKILL');
    try { rmSync(dir, { recursive: true, force: true }); } catch { /* ignore */ }
  }
});
