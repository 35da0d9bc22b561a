// The rules pages (#18): each rules page in both languages (diagrams drawn,
// a "try it" move clicked, the Print button's PDF), the card picker against
// the text form, and the running game's five cards; errors in Spanish.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, check, log, api, BASE, SHOTS, FAST, createViaUi, contextFor, shoot } from '../harness.mjs';

const diagrams = (page) => page.getByTestId('diagram');

/** Every diagram of the page drawn (data-ready not 0), waited for. */
async function diagramsSettled(page) {
  await expect.poll(() => diagrams(page).evaluateAll((fs) => fs.filter((f) => f.dataset.ready === '0').length), { message: 'diagrams still drawing', intervals: FAST }).toBe(0);
}

async function rulesPage(page, game, lang) {
  await page.goto(`${BASE}/rules/${game}`);
  await page.click(`[data-testid=lang-${lang}]`);
  await expect(page.locator(`article.rules[data-lang=${lang}] [data-testid=rules-full] h2`).first()).toBeVisible();
  const n = await diagrams(page).count();
  check(n >= 2, `${game} ${lang}: ${n} diagrams, expected at least 2`);
  await diagramsSettled(page);
  const bad = await diagrams(page).evaluateAll((fs) => fs.filter((f) => f.dataset.ready !== '1').map((f) => f.textContent));
  expect(bad, `${game} ${lang}: diagrams not drawn`).toEqual([]);
  const boards = await page.$$eval('[data-testid=diagram] svg.board', (l) => l.map((x) => x.querySelectorAll('[data-cell]').length));
  check(boards.length === n && boards.every((c) => c > 0), `${game} ${lang}: a diagram without cells (${boards})`);
  // try it: click the highlighted cells until the move is played
  const fig = page.locator('[data-testid=diagram][data-try]').first();
  const move = await fig.getAttribute('data-try');
  for (let k = 0; k < 8 && (await fig.getAttribute('data-played')) !== '1'; k++) {
    await fig.locator('[data-cell].target').first().click();
    await expect.poll(() => fig.evaluate((el) => el.dataset.played === '1' || !!el.querySelector('[data-cell].target')), { intervals: FAST }).toBe(true);
  }
  await expect(fig, `${game} ${lang}: the try-it move ${move} was not played`).toHaveAttribute('data-played', '1');
  await expect(fig.locator('.diagram-note', { hasText: move })).toBeVisible();
  // the Print button: the kit in the page's language
  const href = await page.getAttribute('[data-testid=print]', 'href');
  check(href.includes(`lang=${lang}`) && href.startsWith(`/api/print/${game}.pdf`), `${game} ${lang}: print link ${href}`);
  const res = await page.request.get(`${BASE}${href}`);
  check(res.status() === 200 && res.headers()['content-type'] === 'application/pdf', `${game} ${lang}: print gave ${res.status()} ${res.headers()['content-type']}`);
  check((await res.body()).subarray(0, 5).toString() === '%PDF-', `${game} ${lang}: not a PDF`);
  await expect(page.getByTestId('rules-details'), `${game} ${lang}: no details section`).toHaveCount(1);
}

test('testRulesPages', async ({ browser, newPage }) => {
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await newPage(ctx, 'rules');
  for (const game of ['imago', 'jarmo', 'linja', 'dimensiones']) {
    for (const lang of ['en', 'es']) {
      await rulesPage(page, game, lang);
      if ((game === 'dimensiones' && lang === 'es') || (game === 'imago' && lang === 'en')) {
        await page.screenshot({ path: path.join(SHOTS, `rules-${game}-${lang}-1280.png`), fullPage: true });
      }
    }
  }
  await expect(page.locator('[data-testid=card-gallery] img'), 'the ten cards are not on the rules page').toHaveCount(10);
  log('rules pages: 4 games x 2 languages, diagrams drawn, try-it moves played, print PDFs');

  // the card picker and the text form give the same code
  await page.click('[data-testid=lang-en]');
  await page.goto(`${BASE}/new/dimensiones`);
  await expect(page.locator('[data-testid=card-picker] [data-testid=card-5] img')).toBeVisible();
  await expect(page.getByTestId('rules-link'), 'no rules link on the new-game form').toHaveCount(1);
  const code = page.getByTestId('card-code');
  const selected = page.getByTestId('variant');
  const codeIs = (c, what) => expect(code, what).toHaveText(new RegExp(`: ${c}\\s*$`));
  await codeIs('M-C-N-W-R', 'the default code');
  await expect(selected, 'the default variant').toHaveValue('M-C-N-W-R');
  for (const n of [1, 2, 3, 4, 5]) await page.click(`[data-testid=card-${n}]`);
  await codeIs('I-D-A-E-S', 'flipping all five cards');
  await expect(selected, 'the text form after flipping all five cards').toHaveValue('I-D-A-E-S');
  await page.click('[data-testid=card-2]');
  await expect(selected, 'one flip back: the text form').toHaveValue('I-C-A-E-S');
  await codeIs('I-C-A-E-S', 'one flip back');
  await page.selectOption('[data-testid=variant]', 'M-D-N-W-S');
  await codeIs('M-D-N-W-S', 'the text form\'s choice');
  const faces = await page.$$eval('[data-testid=card-picker] .card-btn', (l) => l.map((b) => b.dataset.face).join(','));
  check(faces === 'red,red,blue,red,blue', `faces of M-D-N-W-S: ${faces}`);
  await page.screenshot({ path: path.join(SHOTS, 'rules-card-picker-1280.png') });
  // a card's face name is 5.2 of its 85 units of width: at least 12 px on a laptop
  const pickW = await page.$eval('[data-testid=card-picker] .card-img', (e) => e.getBoundingClientRect().width);
  check(pickW * 5.2 / 85 >= 12, `the picker's cards are ${pickW.toFixed(0)} px wide: their face names ${(pickW * 5.2 / 85).toFixed(1)} px`);
  await page.click('[data-testid=seat-1-human]');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\//);
  await expect(page.locator('[data-testid=game-cards][data-code="M-D-N-W-S"] [data-card]').first()).toBeVisible();
  const chipsEl = page.locator('[data-testid=game-cards] [data-card]');
  await expect(chipsEl, 'the running game does not show five cards').toHaveCount(5);
  const chips = await chipsEl.evaluateAll((l) => l.map((c) => `${c.dataset.card}:${c.dataset.face}`).join(','));
  check(chips === '1M:red,2D:red,3N:blue,4W:red,5S:blue', `the game's cards for M-D-N-W-S: ${chips}`);
  const chipPx = await page.$$eval('[data-testid=game-cards] [data-card] *', (l) => Math.min(...l.map((e) => parseFloat(getComputedStyle(e).fontSize))));
  check(chipPx >= 12, `the game's cards' text is ${chipPx} px`);
  await expect(page.getByTestId('rules-link'), 'no rules link on the game page').toHaveAttribute('href', '/rules/dimensiones');
  log('card picker: same code as the text form; the game page shows its five cards and links the rules');

  // a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await rulesPage(page, 'linja', 'es');
  await page.screenshot({ path: path.join(SHOTS, 'rules-linja-es-390.png'), fullPage: true });
  await page.goto(`${BASE}/new/dimensiones`);
  await expect(page.locator('[data-testid=card-picker] [data-testid=card-5] img')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'rules-card-picker-390.png'), fullPage: true });
  await ctx.close();
  log('rules pages on a phone (390 px)');
});

/** A refused draw answer, a claim out of turn and a bad move, asked through the
 * page's own api.js with Spanish chosen: the text the page shows (the
 * error's message) is the Spanish one from games.ftl, not the English
 * `error` of the answer. */
test('testErrorsInSpanish', async ({ browser, newPage }) => {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'es-ES' });
  const page = await newPage(ctx, 'errors-es');
  await page.goto(`${BASE}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const created = await api('POST', '/api/games', { game: 'imago', seats: [{ kind: 'human' }, { kind: 'human' }] });
  const token = created.tokens['0'];
  const other = created.tokens['1'];
  const said = await page.evaluate(async ({ id, token, other }) => {
    const api = await import('/static/api.js');
    const out = {};
    for (const [name, path, body, who] of [
      ['draw', `/api/games/${id}/draw`, { action: 'accept' }, token],
      ['claim', `/api/games/${id}/claim`, {}, other],
      ['move', `/api/games/${id}/move`, { move: 'b2-b3' }, token],
    ]) {
      try { await api.post(path, body, [who]); out[name] = 'accepted'; } catch (e) { out[name] = e.message; }
    }
    return out;
  }, { id: created.id, token, other });
  expect(said.draw, 'refused draw in Spanish').toBe('no hay ninguna oferta de tablas que responder');
  expect(said.claim, 'claim out of turn in Spanish').toBe('solo se reclama en el turno propio');
  expect(said.move, 'bad move in Spanish').toBe('b2-b3 no es legal aquí: indica tras un espacio la pieza contraria que empujas, p. ej. `b2-c2 g5`');
  log(`errors in Spanish: "${said.draw}", "${said.claim}", "${said.move}"`);
  await ctx.close();
});

/** Imago's claim (the Jacke) is offered on every turn, whatever the
 * position, and asks to confirm, saying that a claim that is not a proved
 * win loses; confirmed at the start, where nothing is proved, it loses the
 * game (reason false-claim). Both languages, 1366x768 and 390x844. */
test('testFalseClaimLosesAfterAConfirm', async ({ browser, newPage }) => {
  const said = { en: /a claim that is not a proven win loses the game/, es: /una reclamación que no sea una victoria demostrada pierde la partida/ };
  const reason = { en: /a claim that was not a proven win/, es: /se reclamó una victoria no demostrada/ };
  for (const [lang, w, hgt] of [['en', 1366, 768], ['es', 390, 844]]) {
    const ctx = await browser.newContext(contextFor(lang, w, hgt));
    const page = await newPage(ctx, `claim-${lang}-${w}`);
    const id = await createViaUi(page, 'imago');
    await expect(page.getByTestId('claim')).toBeVisible();
    await expect(page.getByTestId('claim-confirm')).toBeHidden();
    await page.getByTestId('claim').click();
    await expect(page.getByTestId('claim-confirm')).toHaveText(said[lang]);
    await expect(page.getByTestId('claim-cancel')).toBeVisible();
    await shoot(page, `claim-confirm-${lang}-${w}`);
    // Cancel changes nothing; the claim is offered again.
    await page.getByTestId('claim-cancel').click();
    await expect(page.getByTestId('claim')).toBeVisible();
    const before = await api('GET', `/api/games/${id}`);
    check(!before.result, 'a cancelled claim ended the game');
    await page.getByTestId('claim').click();
    await page.getByTestId('claim-confirm').click();
    await expect(page.getByTestId('status')).toHaveAttribute('data-over', '1');
    await expect(page.getByTestId('status')).toContainText(reason[lang]);
    const after = await api('GET', `/api/games/${id}`);
    check(after.result && after.result.reason === 'false-claim' && after.result.winner === 1, `the claim gave ${JSON.stringify(after.result)}`);
    await shoot(page, `claim-lost-${lang}-${w}`);
    log(`${lang} ${w}: confirm "${await page.getByTestId('status').textContent()}"`);
    await ctx.close();
  }
});
