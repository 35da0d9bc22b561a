// A player's profile (/@/NAME) and the leaderboards (/leaderboard), as on
// lichess (docs/web-api.md, "Profiles and leaderboards"; docs/web-ui.md).
// The profile: the name, the ratings per pool (± deviation, "provisional"
// while the deviation is high), the counts, the games newest first with
// three filters (game, result, opponent) and "More games" for the next
// page, each row opening /play/ID (the board, or the replay once over),
// the zip of every record, and for its owner the "Private profile"
// switch. The leaderboards: one table per pool.

import { h, fill } from './dom.js';
import { t, gameName, onLangChange, has } from './i18n.js';
import * as api from './api.js';
import { loadCatalog } from './games.js';
// Online mark, follow and block, the rating chart (#44).
import { mountProfilePeople } from './people.js';
import { mountRatingChart } from './ratingchart.js';
import { currentAccount, onAccountKnown } from './account.js';
import { challengeBox, whoBox } from './challenges.js';
import { botBadge } from './play/players.js';

const POOL_GAMES = ['imago', 'jarmo', 'linja', 'dimensiones'];

/** A pool's name: the game's, or the draughts variant's. */
export function poolName(pool) {
  return has(`pool_${pool}`) ? t(`pool_${pool}`) : gameName(pool);
}

/** The opponent's cell: a link to a player's profile, else the text. */
function opponentCell(o) {
  if (o && o.kind === 'player') return h('a', { href: `/@/${encodeURIComponent(o.name)}`, 'data-link': '', 'data-testid': 'opponent-link', text: o.name });
  return opponentText(o);
}

function opponentText(o) {
  if (!o) return '';
  switch (o.kind) {
    case 'player': return o.name;
    case 'deleted': return t('player_deleted');
    case 'computer': return t('profile_vs_computer', { level: o.level });
    case 'self': return t('profile_vs_self');
    case 'private': return t('player_private');
    default: return t('profile_vs_anonymous');
  }
}

function resultText(g) {
  if (!g.result) return t('profile_result_over');
  return t(`profile_result_${g.result}`);
}

function date(ms) {
  return ms ? new Date(ms).toLocaleDateString() : '';
}

export function mountProfile(root, name, navigate) {
  const enc = encodeURIComponent(name);
  const filter = { game: '', result: '', opponent: '' };
  let profile = null;
  let error = null;
  let games = null;
  let next = null;
  let listError = null;
  let busy = false;
  let destroyed = false;
  let asked = 0;
  let chBox = null;

  const gameSel = h('select', { id: 'filter-game', 'data-testid': 'filter-game' });
  const resultSel = h('select', { id: 'filter-result', 'data-testid': 'filter-result' });
  const opponentIn = h('input', { id: 'filter-opponent', type: 'search', 'data-testid': 'filter-opponent', maxlength: '20' });
  // Each filter's label stays with its field when the line wraps.
  const filters = h('form', { class: 'profile-filters', 'data-testid': 'filters' },
    h('span', { class: 'filter' }, h('label', { for: 'filter-game', dataset: { k: 'profile_filter_game' } }), gameSel),
    h('span', { class: 'filter' }, h('label', { for: 'filter-result', dataset: { k: 'profile_filter_result' } }), resultSel),
    h('span', { class: 'filter' }, h('label', { for: 'filter-opponent', dataset: { k: 'profile_filter_opponent' } }), opponentIn));
  filters.addEventListener('submit', (ev) => { ev.preventDefault(); apply(); });
  gameSel.addEventListener('change', () => apply());
  resultSel.addEventListener('change', () => apply());
  opponentIn.addEventListener('change', () => apply());

  function apply() {
    filter.game = gameSel.value;
    filter.result = resultSel.value;
    filter.opponent = opponentIn.value.trim();
    loadGames(false);
  }

  function query(before) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
    if (before) q.set('before', String(before));
    q.set('limit', '20');
    return q.toString();
  }

  async function loadProfile() {
    try {
      profile = await api.get(`/api/players/${enc}`);
      error = null;
    } catch (e) {
      error = e;
    }
    render();
  }

  async function loadGames(more) {
    const n = ++asked;
    busy = true;
    renderList();
    try {
      const r = await api.get(`/api/players/${enc}/games?${query(more ? next : null)}`);
      if (n !== asked || destroyed) return;
      games = more ? [...(games || []), ...r.games] : r.games;
      next = r.next;
      listError = null;
    } catch (e) {
      if (n !== asked || destroyed) return;
      listError = e;
    }
    busy = false;
    renderList();
  }

  async function setPrivate(value, box) {
    box.disabled = true;
    try {
      const r = await api.post('/api/account/private', { private: value });
      profile.private = !!r.private;
    } catch (e) {
      box.checked = !value;
      error = null;
      listError = e;
    }
    box.disabled = false;
    render();
  }

  const listBox = h('div', { class: 'profile-games', 'data-testid': 'profile-games' });
  const peopleBox = h('div', { class: 'profile-people-box' });
  const chartBox = h('div', { class: 'profile-chart', 'data-testid': 'profile-chart' });

  function renderList() {
    if (destroyed) return;
    const rows = (games || []).map((g) => h('tr', { 'data-testid': `profile-game-${g.id}`, dataset: { result: g.result || 'over' } },
      h('td', { class: 'col-date', text: date(g.updated) }),
      // On a phone the date and moves columns give way to a line under the game.
      h('td', null, h('a', { href: g.url, 'data-link': '', text: poolOrGame(g) }),
        h('span', { class: 'game-meta', 'data-testid': 'game-meta', text: t('profile_game_meta', { date: date(g.updated), moves: g.plies }) })),
      h('td', null, opponentCell(g.opponent)),
      h('td', { class: `result result-${g.result || 'over'}`, text: resultText(g) }),
      h('td', { text: ratingChange(g) }),
      h('td', { class: 'num col-moves', text: String(g.plies) })));
    const parts = [];
    if (listError) parts.push(h('p', { class: 'error', role: 'alert', 'data-testid': 'profile-error', text: t('error_prefix', { error: listError.message }) }));
    if (games === null) parts.push(h('p', { text: t('loading') }));
    else if (!games.length) parts.push(h('p', { class: 'none', 'data-testid': 'profile-no-games', text: t('profile_no_games') }));
    else {
      parts.push(h('div', { class: 'table-wrap' }, h('table', { class: 'data-table' },
        h('thead', null, h('tr', null,
          ...['profile_col_date', 'profile_col_game', 'profile_col_opponent', 'profile_col_result', 'profile_col_rating', 'profile_col_moves']
            .map((k) => h('th', { scope: 'col', class: { profile_col_moves: 'num col-moves', profile_col_date: 'col-date' }[k] || null, text: t(k) })))),
        h('tbody', null, ...rows))));
    }
    if (next) parts.push(h('p', null, h('button', { type: 'button', 'data-testid': 'profile-more', disabled: busy, onclick: () => loadGames(true), text: t('profile_more') })));
    fill(listBox, ...parts);
  }

  function poolOrGame(g) {
    return g.game === 'draughts' && g.rated ? poolName(g.rated) : gameName(g.game);
  }

  function ratingChange(g) {
    if (g.rating) {
      const d = g.rating.after - g.rating.before;
      return `${g.rating.after} (${d >= 0 ? '+' : ''}${d})`;
    }
    return g.rated ? '' : t('profile_casual');
  }

  function fillSelects() {
    const gv = gameSel.value;
    fill(gameSel, h('option', { value: '', text: t('profile_any') }),
      ...POOL_GAMES.map((g) => h('option', { value: g, text: gameName(g) })),
      h('option', { value: 'draughts', text: t('profile_game_draughts') }));
    gameSel.value = gv;
    const rv = resultSel.value;
    fill(resultSel, h('option', { value: '', text: t('profile_any') }),
      ...['win', 'loss', 'draw', 'playing'].map((r) => h('option', { value: r, text: t(`profile_result_${r}`) })));
    resultSel.value = rv;
    opponentIn.placeholder = t('profile_filter_opponent_hint');
    for (const l of filters.querySelectorAll('label')) l.textContent = t(l.dataset.k);
  }

  function render() {
    if (destroyed) return;
    fillSelects();
    if (error) {
      fill(root, h('section', { class: 'profile' },
        h('h1', { text: name }),
        h('p', { class: 'error', role: 'alert', 'data-testid': 'profile-missing', text: error.message }),
        h('p', null, h('a', { href: '/leaderboard', 'data-link': '', text: t('leaderboard_all') }))));
      return;
    }
    if (!profile) {
      fill(root, h('section', { class: 'profile' }, h('h1', { text: name }), h('p', { text: t('loading') })));
      return;
    }
    const c = profile.counts;
    const ratings = profile.ratings.length
      ? h('ul', { class: 'profile-ratings', 'data-testid': 'profile-ratings' }, ...profile.ratings.map((r) => h('li', { 'data-testid': `rating-${r.pool}`, dataset: { provisional: r.provisional ? '1' : '0' } },
        h('span', { class: 'pool', text: poolName(r.pool) }),
        h('span', null, h('strong', { class: 'rating', text: r.provisional ? `${r.rating}?` : String(r.rating) }),
          h('span', { class: 'deviation', text: ` ± ${r.deviation}` })),
        r.provisional ? h('span', { class: 'provisional', text: t('profile_provisional') }) : null,
        h('span', { class: 'muted', text: t('profile_rated_games', { n: r.games }) }))))
      : h('p', { class: 'none', 'data-testid': 'profile-ratings', text: t('profile_no_ratings') });
    let privacy = null;
    if (profile.own) {
      const box = h('input', { type: 'checkbox', id: 'profile-private', 'data-testid': 'profile-private', checked: profile.private });
      box.addEventListener('change', () => setPrivate(box.checked, box));
      privacy = h('p', { class: 'profile-private' }, box, ' ', h('label', { for: 'profile-private', text: t('profile_private') }),
        profile.private ? h('span', { class: 'muted', 'data-testid': 'profile-private-note', text: ` ${t('profile_private_note')}` }) : null);
    }
    // Challenges (issue #44): the form on another's profile, the choice on one's own.
    if (!chBox && currentAccount()) chBox = profile.own ? whoBox() : challengeBox(profile.name);
    fill(root, h('section', { class: 'profile' },
      h('h1', { 'data-testid': 'profile-name' }, profile.name, profile.bot ? botBadge() : null),
      h('p', { class: 'muted', text: t('profile_since', { date: date(profile.created) }) }),
      peopleBox,
      privacy,
      chBox,
      h('h2', { text: t('profile_ratings') }),
      ratings,
      chartBox,
      h('h2', { text: t('profile_games') }),
      h('p', { 'data-testid': 'profile-counts', text: t('profile_counts', c) }),
      h('p', null, h('a', { class: 'button', href: `/api/players/${enc}/games.zip`, download: '', 'data-testid': 'profile-zip', text: t('profile_download') })),
      filters,
      listBox,
      h('p', null, h('a', { href: '/leaderboard', 'data-link': '', 'data-testid': 'leaderboard-link', text: t('leaderboard_all') }))));
    renderList();
  }

  const off = onLangChange(render);
  // The challenge box needs to know who is looking: the page may be drawn
  // before the account's first answer.
  const offAccount = onAccountKnown(() => { if (!destroyed) render(); });
  render();
  loadCatalog().catch(() => {}).then(() => { if (!destroyed) render(); });
  loadProfile();
  loadGames(false);
  const offPeople = mountProfilePeople(peopleBox, name);
  const offChart = mountRatingChart(chartBox, name);
  return () => { destroyed = true; off(); offAccount(); offPeople(); offChart(); if (chBox && chBox.destroy) chBox.destroy(); };
}

export function mountLeaderboard(root) {
  let pools = null;
  let error = null;
  let destroyed = false;

  function table(p) {
    if (!p.leaders.length) return h('p', { class: 'none', text: t('leaderboard_empty') });
    return h('div', { class: 'table-wrap' }, h('table', { class: 'data-table' },
      h('thead', null, h('tr', null, ...['leaderboard_col_rank', 'leaderboard_col_player', 'leaderboard_col_rating', 'leaderboard_col_games']
        .map((k) => h('th', { scope: 'col', class: k === 'leaderboard_col_player' ? null : 'num', text: t(k) })))),
      h('tbody', null, ...p.leaders.map((l, i) => h('tr', null,
        h('td', { class: 'num', text: String(i + 1) }),
        h('td', null, h('a', { href: `/@/${encodeURIComponent(l.name)}`, 'data-link': '', text: l.name })),
        h('td', { class: 'num', text: t('profile_rating', { rating: l.rating, deviation: l.deviation }) }),
        h('td', { class: 'num', text: String(l.games) }))))));
  }

  function render() {
    if (destroyed) return;
    const body = [];
    if (error) body.push(h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: error.message }) }));
    else if (!pools) body.push(h('p', { text: t('loading') }));
    else {
      for (const p of pools) {
        body.push(h('section', { class: 'leaderboard', 'data-testid': `board-${p.pool}` },
          h('h2', { text: poolName(p.pool) }), table(p)));
      }
    }
    fill(root, h('section', { class: 'leaderboards' },
      h('h1', { text: t('leaderboard_title') }),
      h('p', { class: 'muted', text: t('leaderboard_note') }),
      ...body));
  }

  const off = onLangChange(render);
  render();
  loadCatalog().catch(() => {}).then(() => { if (!destroyed) render(); });
  api.get('/api/leaderboard').then((r) => { pools = r.pools; render(); }).catch((e) => { error = e; render(); });
  return () => { destroyed = true; off(); };
}
