// The games being played now (/watch; issue #44, docs/web-ui.md "Live
// games"), as lichess's TV and its current games: the featured game's
// board at the top, following its moves on the game's socket (as a
// spectator), then every game being played, best rated first, grouped by
// game, with the players (online marks, ratings), the clock and the
// spectators, each opening the game's page. The featured game is the
// first of the server's list; the board keeps it until it ends, then
// shows the next best game.

import { h, fill } from './dom.js';
import { t, gameName, onLangChange, sideName } from './i18n.js';
import * as api from './api.js';
import { loadBoard, loadCatalog } from './games.js';
import { nameLink } from './people.js';

/** How long the page waits after the featured game ends before it switches. */
const SWITCH_MS = 3000;

export function mountWatch(root) {
  let list = null;
  let error = null;
  let destroyed = false;
  // The featured game: its id, its socket, its latest state and board module.
  let featured = null;
  let socket = null;
  let state = null;
  let board = null;
  let switching = null;

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  const boardWrap = h('div', { class: 'board-wrap watch-board', 'data-testid': 'featured-board' }, svg);
  const featuredBox = h('section', { class: 'watch-featured', 'data-testid': 'featured' });
  const listBox = h('div', { class: 'watch-list', 'data-testid': 'live-games' });

  function feature(id) {
    if (featured === id) return;
    if (socket) socket.close();
    socket = null;
    featured = id;
    state = null;
    board = null;
    clearTimeout(switching);
    switching = null;
    if (!id) { renderFeatured(); return; }
    const g = (list || []).find((x) => x.id === id);
    if (g) loadBoard(g.game).then((m) => { if (featured === id) { board = m; renderFeatured(); } });
    socket = api.connectGame(id, [], {
      onState: (st) => {
        if (featured !== id || destroyed) return;
        state = st;
        if (!board) loadBoard(st.game).then((m) => { if (featured === id) { board = m; renderFeatured(); } });
        renderFeatured();
        if (st.result && !switching) {
          // Over: the next best game, after a moment to see the end.
          switching = setTimeout(() => { switching = null; load(true); }, SWITCH_MS);
        }
      },
    });
    renderFeatured();
  }

  async function load(afterEnd = false) {
    try {
      const r = await api.get('/api/watch');
      if (destroyed) return;
      list = r.games;
      error = null;
      const still = featured && list.some((g) => g.id === featured);
      // The board keeps its game until it ends (or leaves the list).
      if (afterEnd || !still || (state && state.result)) feature(r.featured);
    } catch (e) {
      error = e;
    }
    renderList();
    renderFeatured();
  }

  function player(g, seat) {
    const p = g.players[seat];
    return h('span', { class: 'watch-player' },
      p.name && !p.private ? nameLink(p.name, { on: p.online, testid: `watch-name-${p.name}` }) : h('span', { text: p.name || t('profile_vs_anonymous') }),
      p.rating !== null && p.rating !== undefined ? h('span', { class: 'muted', text: ` (${p.rating})` }) : null);
  }

  function renderFeatured() {
    if (destroyed) return;
    const g = (list || []).find((x) => x.id === featured);
    if (!featured) {
      fill(featuredBox, h('h2', { text: t('watch_featured') }), h('p', { class: 'none', 'data-testid': 'watch-none', text: t('watch_none') }));
      return;
    }
    boardWrap.dataset.game = featured;
    boardWrap.dataset.ply = state ? String(state.ply) : '';
    if (board && state && state.view) {
      const last = state.ply > 0 && state.moves ? state.moves[state.ply - 1] : null;
      const lm = board.lastMoveCells && last ? board.lastMoveCells(last, state.view) : { set: new Set(), path: [] };
      board.draw(svg, state.view, { flip: false, selected: [], targets: new Set(), last: lm.set, lastPath: lm.path, onCell: () => {} });
    }
    const bar = (seat) => h('p', { class: 'watch-bar', 'data-testid': `featured-seat-${seat}` },
      g ? player(g, seat) : null,
      state ? h('span', { class: 'muted', text: ` · ${sideName(state.game, seat)}` }) : null);
    fill(featuredBox,
      h('h2', null, t('watch_featured'), g ? h('span', { class: 'muted', text: ` · ${gameName(g.game)}${g.clock ? ` ${g.clock}` : ''}` }) : null),
      bar(1), boardWrap, bar(0),
      state && state.result ? h('p', { class: 'muted', 'data-testid': 'featured-over', text: t('watch_next') }) : null,
      h('p', null, h('a', { class: 'button', href: `/play/${featured}`, 'data-link': '', 'data-testid': 'featured-open', text: t('watch_open') })));
  }

  function renderList() {
    if (destroyed) return;
    const parts = [];
    if (error) parts.push(h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: error.message }) }));
    if (list === null) parts.push(h('p', { text: t('loading') }));
    else if (!list.length) parts.push(h('p', { class: 'none', text: t('watch_none') }));
    else {
      // Grouped by game, each group in the list's order (best first).
      const games = [];
      for (const g of list) if (!games.includes(g.game)) games.push(g.game);
      for (const name of games) {
        const rows = list.filter((g) => g.game === name).map((g) => h('tr', { 'data-testid': `live-${g.id}` },
          h('td', null, player(g, 0), h('span', { class: 'muted', text: ' – ' }), player(g, 1)),
          h('td', { class: 'num', text: String(g.rating) }),
          h('td', { text: `${g.clock || '–'} · ${t(g.rated ? 'watch_rated' : 'watch_casual')}` }),
          h('td', { class: 'num', 'data-testid': 'spectators', 'data-n': String(g.spectators), text: String(g.spectators), title: t('watch_spectators', { n: g.spectators }) }),
          h('td', null, h('a', { class: 'button', href: g.url, 'data-link': '', 'data-testid': `watch-${g.id}`, text: t('watch_open') }))));
        parts.push(h('section', { class: 'watch-group', 'data-testid': `live-group-${name}` },
          h('h2', { text: gameName(name) }),
          h('div', { class: 'table-wrap' }, h('table', { class: 'data-table' },
            h('thead', null, h('tr', null, ...['watch_col_players', 'watch_col_rating', 'watch_col_clock', 'watch_col_spectators', null]
              .map((k) => h('th', { scope: 'col', class: k === 'watch_col_rating' || k === 'watch_col_spectators' ? 'num' : null, text: k ? t(k) : '' })))),
            h('tbody', null, ...rows)))));
      }
    }
    fill(listBox, ...parts);
  }

  fill(root, h('div', { class: 'watch' },
    h('h1', { text: t('watch_title') }),
    h('div', { class: 'watch-layout' }, featuredBox, listBox)));
  const off = onLangChange(() => { renderList(); renderFeatured(); });
  loadCatalog().catch(() => {}).then(() => load());
  // The list's order, the spectators and the online marks change: asked again every few seconds.
  const timer = setInterval(() => load(), 5000);
  return () => {
    destroyed = true;
    off();
    clearInterval(timer);
    clearTimeout(switching);
    if (socket) socket.close();
  };
}
