// Browser tests of profiles and leaderboards (issue #34), run by run.mjs:
//   E2E_ONLY=testProfile node e2e/run.mjs target/debug/tablero
//
// testProfile: in English on a laptop and in Spanish on a phone, a player
// signs up, plays a short game against the computer (one move, then
// resigns), opens the profile from the account box: the game is listed
// (lost, against the computer's level), the filters keep and drop it, the
// zip link answers a zip; the owner makes the profile private and another
// browser gets "no player" in its language, then opens the finished game
// from the profile as a spectator; the leaderboards page renders
// one table per pool. Screenshots of both pages at 1366x768 and 390x844.

const SIZES = [['wide', 1366, 768], ['phone', 390, 844]];

async function playFirstLegal(page, id) {
  const st = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`, { headers: { Accept: 'application/json' } })).json(), id);
  const mv = st.legal.find((m) => m.path && m.path.length) || st.legal[0];
  for (const cell of mv.path) await page.click(`[data-testid=board] [data-cell="${cell}"]`);
}

/** Screenshots of `page` at both sizes. */
async function shootSizes(page, shoot, name) {
  const before = page.viewportSize();
  for (const [tag, w, hgt] of SIZES) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(150);
    await shoot(page, `${name}-${tag}`);
  }
  if (before) await page.setViewportSize(before);
}

/** One player's story in `lang`; answers the player's name. */
async function story({ base, check, log, shoot, axe }, page, lang, words) {
  const name = `prof_${lang}_${Date.now() % 100000}`;
  await page.goto(`${base}/`);
  await page.waitForSelector('[data-testid=account-summary]');
  await page.click('[data-testid=account]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', 'a long password');
  await page.click('[data-testid=account-signup]');
  await page.waitForFunction((n) => document.querySelector('[data-testid=account-summary]').textContent === n, name);

  // A short game against the computer: one move, then a resignation.
  await page.goto(`${base}/new/jarmo`);
  await page.waitForSelector('[data-testid=new-game-form][data-ready="1"]');
  await page.check('[data-testid=seat-0-human]');
  await page.check('[data-testid=seat-1-ai]');
  await page.selectOption('[data-testid=level-1]', '1');
  await page.selectOption('[data-testid=first]', '0');
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const id = /\/play\/([A-Za-z0-9_-]+)/.exec(page.url())[1];
  await page.waitForSelector('[data-testid=board][data-ply="0"] [data-cell]');
  await playFirstLegal(page, id);
  await page.waitForSelector('[data-testid=board][data-ply="2"]');
  const resigned = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, id);
  check(resigned === 200, `the resignation answers ${resigned}`);

  // The account box's link opens the profile.
  await page.goto(`${base}/`);
  await page.click('[data-testid=account]');
  await page.waitForSelector('[data-testid=account-profile]');
  check((await page.textContent('[data-testid=account-profile]')) === words.my, 'the box links to my profile');
  await page.click('[data-testid=account-profile]');
  await page.waitForURL(new RegExp(`/@/${name}$`));
  await page.waitForSelector(`[data-testid=profile-game-${id}]`);
  check((await page.textContent('[data-testid=profile-name]')) === name, 'the profile names the player');
  const row = await page.textContent(`[data-testid=profile-game-${id}]`);
  check(row.includes(words.lost) && row.includes(words.computer), `the row says lost to the computer: ${row}`);
  check((await page.textContent('[data-testid=profile-ratings]')) === words.noRatings, 'no rated games yet');
  const counts = await page.textContent('[data-testid=profile-counts]');
  check(counts.startsWith(words.counts), `the counts: ${counts}`);
  await shootSizes(page, shoot, `profile-${lang}`);
  await axe(page, `the profile page (${lang})`);

  // The filters: a win drops it, a loss keeps it, another opponent drops it.
  await page.selectOption('[data-testid=filter-result]', 'win');
  await page.waitForSelector('[data-testid=profile-no-games]');
  await page.selectOption('[data-testid=filter-result]', 'loss');
  await page.waitForSelector(`[data-testid=profile-game-${id}]`);
  await page.selectOption('[data-testid=filter-game]', 'imago');
  await page.waitForSelector('[data-testid=profile-no-games]');
  await page.selectOption('[data-testid=filter-game]', 'jarmo');
  await page.waitForSelector(`[data-testid=profile-game-${id}]`);
  await page.fill('[data-testid=filter-opponent]', 'nobody_else');
  await page.press('[data-testid=filter-opponent]', 'Enter');
  await page.waitForSelector('[data-testid=profile-no-games]');
  await page.fill('[data-testid=filter-opponent]', '');
  await page.press('[data-testid=filter-opponent]', 'Enter');
  await page.waitForSelector(`[data-testid=profile-game-${id}]`);

  // The row opens the game's replay.
  await page.click(`[data-testid=profile-game-${id}] a`);
  await page.waitForURL(new RegExp(`/play/${id}$`));
  await page.waitForSelector('[data-testid=board] [data-cell]');
  await page.goBack();
  await page.waitForSelector(`[data-testid=profile-game-${id}]`);

  // The zip of every record.
  const href = await page.getAttribute('[data-testid=profile-zip]', 'href');
  const zip = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const b = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, type: r.headers.get('content-type'), magic: String.fromCharCode(b[0], b[1]) };
  }, href);
  check(zip.status === 200 && zip.type === 'application/zip' && zip.magic === 'PK', `the zip: ${JSON.stringify(zip)}`);
  log(`${lang}: profile of ${name} lists game ${id}`);
  return { name, id };
}

export async function testProfile(helpers) {
  const { browser, base, newPage, check, log, shoot, axe } = helpers;
  const ctxEn = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US', bypassCSP: true /* axe-core is injected */ });
  const ctxEs = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true, bypassCSP: true });
  const en = await newPage(ctxEn, 'profile-en');
  const es = await newPage(ctxEs, 'profile-es');
  const { name: nameEn, id: gameEn } = await story(helpers, en, 'en', {
    my: 'My profile', lost: 'Lost', computer: 'Computer, level 1', noRatings: 'No rated games yet.', counts: '1 game: 0 won',
  });
  await story(helpers, es, 'es', {
    my: 'Mi perfil', lost: 'Perdida', computer: 'Ordenador, nivel 1', noRatings: 'Todavía no hay partidas puntuables.', counts: '1 partida: 0 ganadas',
  });

  // Private: the English player hides the profile; the Spanish browser is
  // told there is no such player, in Spanish; public again, it sees it.
  await en.goto(`${base}/@/${nameEn}`);
  await en.waitForSelector('[data-testid=profile-private]');
  check(!(await en.isChecked('[data-testid=profile-private]')), 'public at first');
  await en.check('[data-testid=profile-private]');
  await en.waitForSelector('[data-testid=profile-private-note]');
  await es.goto(`${base}/@/${nameEn}`);
  await es.waitForSelector('[data-testid=profile-missing]');
  const missing = await es.textContent('[data-testid=profile-missing]');
  check(missing === `no hay ningún jugador ${nameEn}`, `a private profile, in Spanish: ${missing}`);
  check(!(await es.$('[data-testid=profile-private]')), 'no switch for another player');
  await en.reload();
  await en.waitForSelector('[data-testid=profile-private]');
  check(await en.isChecked('[data-testid=profile-private]'), 'the switch stays on');
  await en.uncheck('[data-testid=profile-private]');
  await en.waitForFunction(() => !document.querySelector('[data-testid=profile-private-note]'));
  await es.reload();
  await es.waitForSelector('[data-testid=profile-name]');
  log('private profile: hidden from others, then shown again');

  // The finished game's address is public: another browser, holding no
  // seat, opens it as a spectator, the board at its last move and the
  // analysis at hand.
  await es.click(`[data-testid=profile-game-${gameEn}] a`);
  await es.waitForURL(new RegExp(`/play/${gameEn}$`));
  await es.waitForSelector('[data-testid=board][data-ply="2"] [data-cell]');
  await es.waitForSelector('[data-testid=analyse]');
  const status = await es.textContent('[data-testid=status]');
  check(status.length > 0, `the finished game says how it ended: ${status}`);
  log(`a spectator opens the finished game: ${status}`);

  // The leaderboards, from the home page's link: one table per pool.
  for (const [page, lang, title] of [[en, 'en', 'Leaderboards'], [es, 'es', 'Clasificaciones']]) {
    await page.goto(`${base}/`);
    await page.click('[data-testid=home-leaderboard]');
    await page.waitForURL(/\/leaderboard$/);
    await page.waitForSelector('[data-testid=board-imago]');
    check((await page.textContent('h1')) === title, `the leaderboards' title in ${lang}`);
    const pools = await page.$$eval('[data-testid^=board-]', (els) => els.map((e) => e.dataset.testid));
    check(pools.length === 7 && pools.includes('board-draughts-russian'), `one table per pool: ${pools}`);
    await shootSizes(page, shoot, `leaderboard-${lang}`);
    await axe(page, `the leaderboards (${lang})`);
  }
  log('leaderboards shown in both languages');
  await ctxEn.close();
  await ctxEs.close();
}
