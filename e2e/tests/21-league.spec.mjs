// A correspondence league in real Chromium (issue #45): four players
// (Ana and Cleo in English on laptops, Bea and Dani in Spanish, Bea on a
// phone) leave and confirm their addresses (the links in their
// confirmation mails, from the SMTP sink), Ana makes a league of Jarmo at
// 3 days per move from /tournaments, everyone joins, Ana starts it: the
// group is made (four players, each pair twice: 12 games, all at once),
// nobody is sent away from the league's page, and each player gets one
// mail, in their language, naming the group and linking the league and
// their six games. Screenshots of the league's page at 1366x768 and
// 390x844 in English and Spanish, before and after the start.

import { test, expect, check, log, shoot, sleep, BASE, person, bothSizes } from '../harness.mjs';

test('testLeague', async ({ browser, newPage, server }) => {
  const { smtp } = server;
  const run = String(Date.now() % 100000);
  const A = await person(browser, newPage, `ana${run}`, 'en', { switchLang: true });
  const B = await person(browser, newPage, `bea${run}`, 'es', { phone: true, switchLang: true });
  const C = await person(browser, newPage, `cleo${run}`, 'en', { switchLang: true });
  const D = await person(browser, newPage, `dani${run}`, 'es', { switchLang: true });
  const all = [A, B, C, D];
  const email = (p) => `${p.name}@example.org`;

  // Each leaves an address for their account and confirms it by the link
  // in its confirmation mail.
  for (const p of all) {
    await p.page.evaluate(async ([e, lang]) => (await import('/static/api.js')).post('/api/notify', { email: e, lang, tokens: [] }), [email(p), p.lang]);
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(email(p)) && m.data.includes('/confirm/')),
      { message: `no confirmation mail to ${email(p)}`, timeout: 15_000, intervals: [100] }).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes(email(p)) && m.data.includes('/confirm/'));
    await p.page.goto(/(https?:\/\/\S+\/confirm\/[A-Za-z0-9]+)/.exec(mail.data)[1]);
    await p.page.click('[data-testid=page-button]');
    await expect(p.page.locator('main p').first()).toContainText(p.lang === 'es' ? 'llegarán a esta dirección' : 'will come to this address');
  }
  log('league: four addresses confirmed');

  // Ana makes the league from the form: choosing the kind sets days per move.
  await A.page.goto(`${BASE}/tournaments`);
  await expect(A.page.getByTestId('tn-form')).toBeVisible();
  await A.page.selectOption('[data-testid=tn-kind]', 'league');
  await A.page.selectOption('[data-testid=tn-game]', 'jarmo');
  await expect(A.page.getByTestId('tn-clock')).toHaveValue('3d');
  await expect(A.page.getByTestId('tn-cycles')).toHaveValue('2');
  await A.page.fill('[data-testid=tn-name]', `League ${run}`);
  await A.page.click('[data-testid=tn-create]');
  await A.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
  const id = new URL(A.page.url()).pathname.split('/').pop();
  for (const p of all) {
    if (!new URL(p.page.url()).pathname.endsWith(id)) await p.page.goto(`${BASE}/tournament/${id}`);
    await p.page.click('[data-testid=tn-join]');
    await expect(p.page.getByTestId(`tn-row-${p.name}`)).toBeVisible();
  }
  for (const p of [A, B]) for (const q of all) await expect(p.page.getByTestId(`tn-row-${q.name}`)).toBeVisible();
  await bothSizes(A.page, 'league-upcoming-en', { full: true });
  await bothSizes(B.page, 'league-upcoming-es', { full: true });
  const before = smtp.mails.length;
  const started = Date.now();
  await A.page.click('[data-testid=tn-start]');
  // The group is made: one group of four, its grid of 12 games.
  for (const p of all) {
    await expect(p.page.getByTestId('tn-group-1')).toBeVisible({ timeout: 5000 });
    // Each game shows twice in the grid, from each player's row.
    await expect(p.page.getByTestId('tn-grid-1').locator('a.tn-mark')).toHaveCount(24);
    const hrefs = await p.page.getByTestId('tn-grid-1').locator('a.tn-mark').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    check(new Set(hrefs).size === 12, `${new Set(hrefs).size} games in the grid, not 12`);
    check(new URL(p.page.url()).pathname.endsWith(id), `${p.name} was sent away from the league's page`);
  }
  // Each player gets one mail, in their language, with their six games.
  await expect.poll(() => smtp.mails.slice(before).filter((m) => m.data.includes(`/tournament/${id}`)).length,
    { message: 'not every player got the group mail', timeout: 15_000, intervals: [100] }).toBe(4);
  log(`league: four group mails ${Date.now() - started} ms after Start`);
  await sleep(1500);
  const mails = smtp.mails.slice(before).filter((m) => m.data.includes(`/tournament/${id}`));
  check(mails.length === 4, `${mails.length} group mails, not one each`);
  for (const p of all) {
    const mine = mails.filter((m) => m.to.includes(email(p)));
    check(mine.length === 1, `${p.name} got ${mine.length} group mails`);
    const data = mine[0].data.replace(/=\r?\n/g, '');
    const subject = p.lang === 'es' ? /Subject: .*grupo 1/ : /Subject: .*group 1/;
    check(subject.test(data), `${p.name}'s mail's subject: ${data.slice(0, 400)}`);
    const games = data.match(/\/play\/[A-Za-z0-9_-]+/g) || [];
    check(new Set(games).size === 6, `${p.name}'s mail names ${new Set(games).size} games, not 6`);
  }
  for (const lang of ['en', 'es']) {
    const p = lang === 'en' ? A : B;
    await p.page.reload();
    await expect(p.page.getByTestId('tn-group-1')).toBeVisible();
    await bothSizes(p.page, `league-group-${lang}`, { full: true });
  }
  for (const p of all) await p.ctx.close();
});
