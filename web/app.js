// The app: a router on location.pathname (history.pushState), the header
// with the language switch, and the pages.

import { h } from './dom.js';
import { t, getLang, setLang, LANGS, onLangChange } from './i18n.js';
import { mountHome } from './home.js';
import { mountNewGame } from './newgame.js';
import { mountPlay } from './play.js';
import { mountEditor } from './editor.js';
import { mountRules } from './rules.js';
import { mountAnalysis, analysisSource } from './analysis.js';
import { loadCatalog } from './games.js';
import { mountLab } from './lab.js';

const main = document.getElementById('main');
let cleanup = null;
let currentPath = null;

function route() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (cleanup) {
    try { cleanup(); } catch (e) { console.error(e); }
    cleanup = null;
  }
  main.replaceChildren();
  let m;
  let title = 'tablero';
  if (path === '/') {
    cleanup = mountHome(main);
  } else if ((m = /^\/new\/([a-z]+)$/.exec(path))) {
    cleanup = mountNewGame(main, m[1], navigate);
    title = `${t('new_game')} · tablero`;
  } else if ((m = /^\/play\/([A-Za-z0-9_-]+)$/.exec(path))) {
    cleanup = mountPlay(main, m[1], navigate);
  } else if (/^\/analysis(\/[A-Za-z0-9_-]+)?$/.test(path)) {
    cleanup = mountAnalysis(main, analysisSource(path, location.search));
    title = `${t('analyse')} · tablero`;
  } else if (path === '/editor') {
    cleanup = mountEditor(main, navigate);
    title = `${t('editor_title')} · tablero`;
  } else if ((m = /^\/rules\/([a-z]+)$/.exec(path))) {
    cleanup = mountRules(main, m[1]);
    title = `${t('rules')} · tablero`;
  } else if ((m = /^\/lab(?:\/([A-Za-z0-9._-]+))?$/.exec(path))) {
    cleanup = mountLab(main, m[1] || null);
    title = `${t('lab_title')} · tablero`;
  } else {
    main.append(h('p', { class: 'error', text: t('not_found') }), h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
  }
  document.title = title;
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
  document.getElementById('nav-editor').textContent = t('nav_editor');
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
loadCatalog().catch(() => { /* each page asks again and shows the error */ });
route();
