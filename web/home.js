// Home page: the games of the catalog and the list of my recent games.

import { h, fill } from './dom.js';
import { t, gameName, gameSummary, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { statusText, swatchSpans } from './play.js';
import { offered, loadAllBoards } from './games.js';
import { waitingGames, onWaiting, refresh as refreshWaiting, notifyState, askNotify } from './yourturn.js';
import { remaining, formatClock } from './clock.js';

export function mountHome(root) {
  let summaries = null;
  let error = null;
  let boards = null;
  let destroyed = false;

  function render() {
    if (destroyed) return;
    const cards = (boards ? offered() : []).map((g) => h('li', { class: `game-card card-${g}`, 'data-testid': `game-${g}` },
      h('h2', { text: gameName(g) }),
      h('p', { class: 'desc', text: gameSummary(g) }),
      h('div', { class: 'card-actions' },
        h('a', { class: 'button primary', href: `/new/${g}`, 'data-link': '', 'data-testid': `new-${g}`, text: t('new_game') }),
        h('a', { class: 'button', href: `/rules/${g}`, 'data-link': '', 'data-testid': `rules-${g}`, text: t('rules') }))));
    const list = h('ul', { class: 'recent', 'data-testid': 'recent' });
    if (error) list.append(h('li', { class: 'error', text: t('error_prefix', { error }) }));
    else if (summaries === null) list.append(h('li', { text: t('loading') }));
    else if (!summaries.length) list.append(h('li', { class: 'none', text: t('no_games') }));
    else {
      for (const s of summaries) {
        const you = s.you || [];
        let state;
        const hasTurn = s.to_move === 0 || s.to_move === 1; // (older servers leave it out)
        const board = boards && boards[s.game];
        if (s.result) state = statusText({ ...s, view: null }, board);
        else if (!hasTurn) state = '';
        else if (you.includes(s.to_move)) state = t('your_move_short');
        else state = t('to_move_short', { side: sideName(s.game, s.to_move, s.seats?.[s.to_move]?.name) });
        const when = s.updated ? new Date(s.updated).toLocaleString() : '';
        list.append(h('li', { class: `recent-item${you.includes(s.to_move) && !s.result ? ' my-turn' : ''}` },
          h('a', { href: `/play/${encodeURIComponent(s.id)}`, 'data-link': '', 'data-testid': `recent-${s.id}` },
            h('strong', { text: gameName(s.game) }),
            ' ',
            ...you.flatMap((seat) => swatchSpans(board, seat)),
            h('span', { class: 'recent-state', text: ` ${state}` }),
            h('span', { class: 'recent-meta', text: ` · ${t('ply_n', { n: s.ply ?? 0 })}${when ? ` · ${when}` : ''}` }))));
      }
    }
    fill(root, h('section', { class: 'home' },
      h('p', { class: 'tagline', text: t('tagline') }),
      yourTurn(),
      h('p', { class: 'lobby-link' }, h('a', { class: 'button primary', href: '/lobby', 'data-link': '', 'data-testid': 'lobby-link', text: t('lobby_link') })),
      h('ul', { class: 'game-cards' }, ...cards),
      h('p', { class: 'editor-link' }, h('a', { href: '/editor', 'data-link': '', 'data-testid': 'editor-link', text: t('editor_link') })),
      h('h2', { text: t('my_games') }),
      list));
  }

  /** The games waiting for this browser's move, the most urgent first. */
  function yourTurn() {
    const games = waitingGames();
    if (!games.length) return null;
    const state = notifyState();
    const notify = state === 'default'
      ? h('button', { type: 'button', class: 'link-button', 'data-testid': 'notify', text: t('your_turn_notify'),
        onclick: async () => { await askNotify(); render(); } })
      : h('span', { class: 'muted', text: state === 'granted' ? t('your_turn_notify_on') : state === 'denied' ? t('your_turn_notify_denied') : '' });
    return h('section', { class: 'your-turn', 'data-testid': 'your-turn' },
      h('h2', { text: t('your_turn') }),
      h('ul', null, ...games.map((g) => {
        const left = g.clock ? remaining(g.clock, g.to_move) : null;
        return h('li', null, h('a', { href: `/play/${encodeURIComponent(g.id)}`, 'data-link': '', 'data-testid': `your-turn-${g.id}` },
          h('strong', { text: gameName(g.game) }),
          ' ',
          ...swatchSpans(boards && boards[g.game], g.to_move),
          left !== null ? h('span', { class: 'recent-meta', text: ` · ${t('your_turn_left', { left: formatClock(left, g.clock.days) })}` }) : null));
      })),
      notify);
  }

  async function load() {
    const tokens = api.allTokens();
    if (!tokens.length) {
      summaries = [];
      render();
      return;
    }
    try {
      const res = await api.post('/api/my-games', { tokens });
      summaries = (res && Array.isArray(res.games)) ? res.games : [];
      error = null;
    } catch (e) {
      error = e.message;
    }
    render();
  }

  render();
  loadAllBoards().then((b) => { boards = b; render(); }).catch((e) => { error = e.message; boards = {}; render(); });
  load();
  refreshWaiting();
  const offWaiting = onWaiting(render);
  const off = onLangChange(render);
  return () => { destroyed = true; off(); offWaiting(); };
}
