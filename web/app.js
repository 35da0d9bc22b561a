// The app: a router on location.pathname (history.pushState), the header
// with the language switch, and the pages. Each page's module is imported
// when its route is first shown; the server preloads the one of the page it
// sends (crates/server/src/assets.rs, page_module), so the first page needs
// no request after the modules.

import { h } from './dom.js';
import { t, getLang, setLang, LANGS, onLangChange } from './i18n.js';
import { loadCatalog } from './games.js';
import { setTitle } from './yourturn.js';
import { mountAccount } from './account.js';
// Who is online (#44): every page opens the online socket.
import { startOnline, restartOnline } from './people.js';
// The settings gear in the header, on every page (not only those that load a board).
import './settings.js';
// Challenges made to this account, shown on every page (issue #44).
import './challenges.js';

const main = document.getElementById('main');
let cleanup = null;
let currentPath = null;
// The route shown last: a page module that arrives after the reader has
// moved on is not mounted.
let shown = 0;

/** Mounts the page that `load()` (an import) gives, with `mount(module)`. */
function show(load, mount) {
  const n = shown;
  load().then((mod) => {
    if (n === shown) cleanup = mount(mod);
  }).catch((e) => {
    if (n !== shown) return;
    main.append(h('p', { class: 'error', 'data-testid': 'error', text: t('error_prefix', { error: e.message }) }));
  });
}

function route() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  shown += 1;
  if (cleanup) {
    try { cleanup(); } catch (e) { console.error(e); }
    cleanup = null;
  }
  main.replaceChildren();
  let m;
  let title = 'tablero';
  if (path === '/') {
    show(() => import('./home.js'), (p) => p.mountHome(main));
  } else if ((m = /^\/new\/([a-z]+)$/.exec(path))) {
    const game = m[1];
    show(() => import('./newgame.js'), (p) => p.mountNewGame(main, game, navigate));
    title = `${t('new_game')} · tablero`;
  } else if ((m = /^\/play\/([A-Za-z0-9_-]+)$/.exec(path))) {
    const id = m[1];
    show(() => import('./play.js'), (p) => p.mountPlay(main, id, navigate));
  } else if (/^\/analysis(\/[A-Za-z0-9_-]+)?$/.test(path)) {
    const search = location.search;
    show(() => import('./analysis.js'), (p) => p.mountAnalysis(main, p.analysisSource(path, search)));
    title = `${t('analyse')} · tablero`;
  } else if (/^\/explore\/[a-z]+$/.test(path)) {
    const search = location.search;
    show(() => import('./explore.js'), (p) => p.mountExplore(main, p.exploreSource(path, search)));
    title = `${t('ex_open')} · tablero`;
  } else if (path === '/moderation') {
    show(() => import('./moderation.js'), (p) => p.mountModeration(main));
    title = `${t('mod_title')} · tablero`;
  } else if (path === '/puzzles') {
    const search = location.search;
    show(() => import('./puzzles.js'), (p) => p.mountPuzzles(main, p.puzzlesSource(search)));
    title = `${t('pz_title')} · tablero`;
  } else if (/^\/learn(\/[a-z]+(\/[a-z0-9-]+)?)?\/?$/.test(path)) {
    show(() => import('./learn.js'), (p) => p.mountLearn(main, p.learnSource(path)));
    title = `${t('learn_title')} · tablero`;
  } else if (path === '/lobby') {
    show(() => import('./lobby.js'), (p) => p.mountLobby(main, navigate));
    title = `${t('lobby_title')} · tablero`;
  } else if ((m = /^\/@\/([^/]+)$/.exec(path))) {
    let name = m[1];
    try { name = decodeURIComponent(name); } catch { /* shown as typed */ }
    show(() => import('./profile.js'), (p) => p.mountProfile(main, name, navigate));
    title = `${name} · tablero`;
  } else if (path === '/tournaments') {
    show(() => import('./tournament.js'), (p) => p.mountTournaments(main, navigate));
    title = `${t('tn_title')} · tablero`;
  } else if ((m = /^\/tournament\/([A-Za-z0-9]+)$/.exec(path))) {
    const id = m[1];
    show(() => import('./tournament.js'), (p) => p.mountTournament(main, id, navigate));
    title = `${t('tn_title')} · tablero`;
  } else if (path === '/watch') {
    show(() => import('./watch.js'), (p) => p.mountWatch(main));
    title = `${t('watch_title')} · tablero`;
  } else if (path === '/following') {
    show(() => import('./people.js'), (p) => p.mountFollowing(main));
    title = `${t('people_following_title')} · tablero`;
  } else if (path === '/leaderboard') {
    show(() => import('./profile.js'), (p) => p.mountLeaderboard(main));
    title = `${t('leaderboard_title')} · tablero`;
  } else if (path === '/editor') {
    show(() => import('./editor.js'), (p) => p.mountEditor(main, navigate));
    title = `${t('editor_title')} · tablero`;
  } else if ((m = /^\/rules\/([a-z]+)$/.exec(path))) {
    const game = m[1];
    show(() => import('./rules.js'), (p) => p.mountRules(main, game));
    title = `${t('rules')} · tablero`;
  } else if ((m = /^\/lab(?:\/([A-Za-z0-9._-]+))?$/.exec(path))) {
    const name = m[1] || null;
    show(() => import('./lab.js'), (p) => p.mountLab(main, name));
    title = `${t('lab_title')} · tablero`;
  } else {
    main.append(h('p', { class: 'error', text: t('not_found') }), h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
  }
  setTitle(title);
  if (currentPath !== null && currentPath !== path) main.focus({ preventScroll: true });
  currentPath = path;
}

export function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  route();
}

// Internal links: <a data-link href="/...">.
document.addEventListener('click', (ev) => {
  if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const a = ev.target.closest && ev.target.closest('a[data-link]');
  if (!a) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  ev.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});

window.addEventListener('popstate', route);

function renderHeader() {
  document.querySelector('.skip').textContent = t('skip');
  document.getElementById('nav-home').textContent = t('nav_home');
  // On a phone the editor's link says one word, so that the header keeps to one line.
  document.getElementById('nav-editor').replaceChildren(
    h('span', { class: 'nav-long', text: t('nav_editor') }),
    h('span', { class: 'nav-short', text: t('nav_editor_short') }));
  document.querySelector('nav.nav').setAttribute('aria-label', t('nav_label'));
  const box = document.getElementById('lang-switch');
  box.setAttribute('aria-label', t('lang_switch'));
  box.replaceChildren(...LANGS.map((l) => h('button', {
    type: 'button',
    class: `lang-btn${l === getLang() ? ' active' : ''}`,
    'aria-pressed': l === getLang() ? 'true' : 'false',
    'data-testid': `lang-${l}`,
    lang: l,
    title: l === 'es' ? 'Español' : 'English',
    text: l.toUpperCase(),
    onclick: () => setLang(l),
  })));
}

onLangChange(renderHeader);
renderHeader();
// After a login or logout the page is shown again, with the account's seats.
mountAccount(() => { restartOnline(); route(); });
startOnline();
loadCatalog().catch(() => { /* each page asks again and shows the error */ });
route();
// The installable app (#49): the service worker keeps the app's files for
// offline use and shows Web Push notices (web/sw.js, served at /sw.js).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e) => console.warn('service worker:', e));
}
