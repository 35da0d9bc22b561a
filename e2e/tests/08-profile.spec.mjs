// Profiles and leaderboards (issue #34).
//
// testProfile: in English on a laptop and in Spanish on a phone, a player
// signs up, plays a short game against the computer (one move, then
// resigns), opens the profile from the account box: the game is listed
// (lost, against the computer's level), the filters keep and drop it, the
// zip link answers a zip; the owner makes the profile private and another
// browser gets "no player" in its language, then opens the finished game
// from the profile as a spectator; the leaderboards page renders
// one table per pool of a game offered on the web. Screenshots of both pages at 1366x768 and 390x844.

import { test, expect, check, log, shoot, axeCheck, BASE, signUpOn } from '../harness.mjs';

const SIZES = [['wide', 1366, 768], ['phone', 390, 844]];

async function playFirstLegal(page, id) {
  const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json(), id);
  const mv = st.legal.find((m) => m.path && m.path.length) || st.legal[0];
  for (const cell of mv.path) await page.click(`[data-testid=board] [data-cell="${cell}"]`);
}

/** Screenshots of `page` at both sizes. */
async function shootSizes(page, name) {
  const before = page.viewportSize();
  for (const [tag, w, hgt] of SIZES) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(150);
    await shoot(page, `${name}-${tag}`);
  }
  if (before) await page.setViewportSize(before);
}

/** One player's story in `lang`; answers the player's name and game. */
async function story(page, lang, words) {
  const name = `prof_${lang}_${Date.now() % 100000}`;
  await signUpOn(page, name);

  // A short game against the computer: one move, then a resignation.
  await page.goto(`${BASE}/new/jarmo`);
  await expect(page.getByTestId('new-game-form')).toHaveAttribute('data-ready', '1');
  await page.check('[data-testid=seat-0-human]');
  await page.check('[data-testid=seat-1-ai]');
  await page.selectOption('[data-testid=level-1]', '1');
  await page.selectOption('[data-testid=first]', '0');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(page.url())[1];
  await expect(page.locator('[data-testid=board][data-ply="0"] [data-cell]').first()).toBeVisible();
  await playFirstLegal(page, id);
  await expect(page.getByTestId('board')).toHaveAttribute('data-ply', '2');
  const resigned = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, id);
  check(resigned === 200, `the resignation answers ${resigned}`);

  // The account box's link opens the profile.
  await page.goto(`${BASE}/`);
  await page.click('[data-testid=account]');
  await expect(page.getByTestId('account-profile'), 'the box links to my profile').toHaveText(words.my);
  await page.click('[data-testid=account-profile]');
  await page.waitForURL(new RegExp(`/@/${name}$`));
  const row = page.getByTestId(`profile-game-${id}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('profile-name'), 'the profile names the player').toHaveText(name);
  await expect(row, 'the row says lost').toContainText(words.lost);
  await expect(row, 'the row says the computer').toContainText(words.computer);
  await expect(page.getByTestId('profile-ratings'), 'no rated games yet').toHaveText(words.noRatings);
  await expect(page.getByTestId('profile-counts'), 'the counts').toHaveText(new RegExp(`^${words.counts}`));
  await shootSizes(page, `profile-${lang}`);
  await axeCheck(page, `the profile page (${lang})`);

  // The filters: a win drops it, a loss keeps it, another opponent drops it.
  const none = page.getByTestId('profile-no-games');
  await page.selectOption('[data-testid=filter-result]', 'win');
  await expect(none).toBeVisible();
  await page.selectOption('[data-testid=filter-result]', 'loss');
  await expect(row).toBeVisible();
  await page.selectOption('[data-testid=filter-game]', 'imago');
  await expect(none).toBeVisible();
  await page.selectOption('[data-testid=filter-game]', 'jarmo');
  await expect(row).toBeVisible();
  await page.fill('[data-testid=filter-opponent]', 'nobody_else');
  await page.press('[data-testid=filter-opponent]', 'Enter');
  await expect(none).toBeVisible();
  await page.fill('[data-testid=filter-opponent]', '');
  await page.press('[data-testid=filter-opponent]', 'Enter');
  await expect(row).toBeVisible();

  // The row opens the game's replay.
  await page.click(`[data-testid=profile-game-${id}] a`);
  await page.waitForURL(new RegExp(`/play/${id}$`));
  await expect(page.locator('[data-testid=board] [data-cell]').first()).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();

  // The zip of every record.
  const href = await page.getAttribute('[data-testid=profile-zip]', 'href');
  const zip = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const b = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, type: r.headers.get('content-type'), magic: String.fromCharCode(b[0], b[1]) };
  }, href);
  expect(zip, 'the zip').toEqual({ status: 200, type: 'application/zip', magic: 'PK' });
  log(`${lang}: profile of ${name} lists game ${id}`);
  return { name, id };
}

test('testProfile', async ({ browser, newPage }) => {
  const ctxEn = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
  const ctxEs = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true, bypassCSP: true });
  const en = await newPage(ctxEn, 'profile-en');
  const es = await newPage(ctxEs, 'profile-es');
  const { name: nameEn, id: gameEn } = await story(en, 'en', {
    my: 'My profile', lost: 'Lost', computer: 'Computer, level 1', noRatings: 'No rated games yet.', counts: '1 game: 0 won',
  });
  await story(es, 'es', {
    my: 'Mi perfil', lost: 'Perdida', computer: 'Ordenador, nivel 1', noRatings: 'Todavía no hay partidas puntuables.', counts: '1 partida: 0 ganadas',
  });

  // Private: the English player hides the profile; the Spanish browser is
  // told there is no such player, in Spanish; public again, it sees it.
  await en.goto(`${BASE}/@/${nameEn}`);
  const priv = en.getByTestId('profile-private');
  await expect(priv, 'public at first').not.toBeChecked();
  await en.check('[data-testid=profile-private]');
  await expect(en.getByTestId('profile-private-note')).toBeVisible();
  await es.goto(`${BASE}/@/${nameEn}`);
  await expect(es.getByTestId('profile-missing'), 'a private profile, in Spanish').toHaveText(`no hay ningún jugador ${nameEn}`);
  await expect(es.getByTestId('profile-private'), 'no switch for another player').toHaveCount(0);
  await en.reload();
  await expect(priv, 'the switch stays on').toBeChecked();
  await en.uncheck('[data-testid=profile-private]');
  await expect(en.getByTestId('profile-private-note')).toHaveCount(0);
  await es.reload();
  await expect(es.getByTestId('profile-name')).toBeVisible();
  log('private profile: hidden from others, then shown again');

  // The finished game's address is public: another browser, holding no
  // seat, opens it as a spectator, the board at its last move and the
  // analysis at hand.
  await es.click(`[data-testid=profile-game-${gameEn}] a`);
  await es.waitForURL(new RegExp(`/play/${gameEn}$`));
  await expect(es.locator('[data-testid=board][data-ply="2"] [data-cell]').first()).toBeVisible();
  await expect(es.getByTestId('analyse')).toBeVisible();
  await expect(es.getByTestId('status'), 'the finished game says how it ended').not.toBeEmpty();
  const status = await es.getByTestId('status').textContent();
  log(`a spectator opens the finished game: ${status}`);
  // Private again (#47): the spectator's page names the seat "a private
  // player", never the name; public, the name again.
  await en.goto(`${BASE}/@/${nameEn}`);
  await en.check('[data-testid=profile-private]');
  await expect(en.getByTestId('profile-private-note')).toBeVisible();
  await es.reload();
  await expect(es.locator('.seat.player .kind', { hasText: 'un jugador privado' })).toHaveCount(1);
  check(!(await es.content()).includes(nameEn), 'the private player\'s name on a spectator\'s page');
  await shootSizes(es, 'private-spectator-es');
  await en.uncheck('[data-testid=profile-private]');
  await expect(en.getByTestId('profile-private-note')).toHaveCount(0);
  await es.reload();
  await expect(es.locator('.seat.player .kind', { hasText: nameEn })).toHaveCount(1);
  log('a private player\'s seat, to a spectator: "un jugador privado"');

  // The leaderboards, from the home page's link: one table per pool.
  for (const [page, lang, title] of [[en, 'en', 'Leaderboards'], [es, 'es', 'Clasificaciones']]) {
    await page.goto(`${BASE}/`);
    await page.click('[data-testid=home-leaderboard]');
    await page.waitForURL(/\/leaderboard$/);
    await expect(page.getByTestId('board-imago')).toBeVisible();
    await expect(page.locator('h1').first(), `the leaderboards' title in ${lang}`).toHaveText(title);
    const pools = await page.$$eval('[data-testid^=board-]', (els) => els.map((e) => e.dataset.testid));
    // one table per pool of a game offered on the web: no draughts (#47)
    check(JSON.stringify(pools) === JSON.stringify(['board-imago', 'board-jarmo', 'board-linja', 'board-dimensiones']), `one table per pool: ${pools}`);
    await shootSizes(page, `leaderboard-${lang}`);
    await axeCheck(page, `the leaderboards (${lang})`);
  }
  log('leaderboards shown in both languages');
  await ctxEn.close();
  await ctxEs.close();
});
