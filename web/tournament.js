// Tournaments (issue #45, docs/web-ui.md "Tournaments"), as lichess's
// tournament pages: /tournaments lists the public ones (upcoming, running,
// finished) with a form to make one; /tournament/{id} shows one: its
// settings, Join / Pause / Withdraw (and Start for its creator), the
// standings with their tie-breaks and the crosstable (a Swiss's and a
// round-robin's: a row per player, a column per round; an arena's: each
// player's results in order). The page reads the tournament every second
// while it is open; when the reader is paired, it goes to the game with
// its seat's token (docs/web-api.md "Tournaments"). A league's edition
// (kind `league`, days per move) shows its groups instead: a table and a
// grid of results per group, each line marked ↑ or ↓ where it would take
// the player in the next edition, and links to the editions before and
// after; its players are not sent to a game (they have several).

import { h, fill } from './dom.js';
import { t, gameName, onLangChange, errorText } from './i18n.js';
import * as api from './api.js';
import { loadCatalog, offered } from './games.js';
import { controlName } from './clock.js';
import { currentAccount, onAccountKnown } from './account.js';
import { markTournamentGame } from './tournament-link.js';

/** How often an open tournament page reads the tournament again. */
const POLL_MS = 1000;

const KINDS = ['arena', 'swiss', 'round_robin', 'league'];

function title(x) {
  return x.name || t('tn_default_name', { game: gameName(x.game), kind: t(`tn_kind_${x.kind}`) });
}

function when(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function half(n) {
  const whole = Math.floor(n / 2);
  return n % 2 ? (whole ? `${whole}½` : '½') : String(whole);
}

// ---- the list and the form ----

export function mountTournaments(root, navigate) {
  let lists = null;
  let error = null;
  const form = { kind: 'swiss', game: null, clock: '5+3', rounds: 5, minutes: 60, cycles: 1, rated: false, private: false, allow_bots: false, starts_in: 5, name: '' };
  const formErr = h('p', { class: 'error', role: 'alert', hidden: true });

  function field(label, input) {
    return h('label', { class: 'tn-field' }, h('span', { text: label }), input);
  }

  function renderForm() {
    const games = offered();
    if (!form.game && games.length) form.game = games[0];
    const input = (key, attrs) => {
      const el = h('input', { ...attrs, value: String(form[key]), 'data-testid': `tn-${key}` });
      el.addEventListener('input', () => { form[key] = attrs.type === 'number' ? Number(el.value) : el.value; });
      return el;
    };
    const select = (key, options) => {
      const el = h('select', { 'data-testid': `tn-${key}` }, ...options.map(([v, text]) => h('option', { value: v, text })));
      el.value = String(form[key]);
      el.addEventListener('change', () => {
        form[key] = key === 'cycles' ? Number(el.value) : el.value;
        // A league is played at days per move, its groups twice by default.
        if (key === 'kind' && el.value === 'league') {
          if (!/d$/.test(form.clock)) form.clock = '3d';
          form.cycles = 2;
        }
        renderForm();
      });
      return el;
    };
    const check = (key) => {
      const el = h('input', { type: 'checkbox', 'data-testid': `tn-${key}` });
      el.checked = form[key];
      el.addEventListener('change', () => { form[key] = el.checked; });
      return el;
    };
    const submit = h('button', { type: 'submit', class: 'button primary', 'data-testid': 'tn-create', text: t('tn_create') });
    const f = h('form', { class: 'tn-form', 'data-testid': 'tn-form' },
      h('h2', { text: t('tn_new') }),
      field(t('tn_name'), input('name', { type: 'text', maxlength: 60, placeholder: t('tn_name_hint') })),
      field(t('tn_kind'), select('kind', KINDS.map((k) => [k, t(`tn_kind_${k}`)]))),
      field(t('tn_game'), select('game', games.map((g) => [g, gameName(g)]))),
      field(t('tn_clock'), input('clock', { type: 'text', size: 6 })),
      form.kind === 'arena' ? field(t('tn_minutes'), input('minutes', { type: 'number', min: 1, max: 720 })) : null,
      form.kind === 'swiss' ? field(t('tn_rounds'), input('rounds', { type: 'number', min: 1, max: 20 })) : null,
      form.kind === 'round_robin' || form.kind === 'league' ? field(t('tn_cycles'), select('cycles', [['1', t('tn_cycles_1')], ['2', t('tn_cycles_2')]])) : null,
      field(t('tn_starts_in'), input('starts_in', { type: 'number', min: 0, max: 43200 })),
      h('label', { class: 'tn-check' }, check('rated'), h('span', { text: t('tn_rated') })),
      h('label', { class: 'tn-check' }, check('private'), h('span', { text: t('tn_private') })),
      h('label', { class: 'tn-check' }, check('allow_bots'), h('span', { text: t('tn_allow_bots') })),
      submit, formErr);
    f.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      formErr.hidden = true;
      const body = { kind: form.kind, game: form.game, clock: form.clock, rated: form.rated, private: form.private, starts_in: Math.round(form.starts_in * 60) };
      if (form.allow_bots) body.allow_bots = true;
      if (form.name.trim()) body.name = form.name.trim();
      if (form.kind === 'arena') body.minutes = form.minutes;
      if (form.kind === 'swiss') body.rounds = form.rounds;
      if (form.kind === 'round_robin' || form.kind === 'league') body.cycles = form.cycles;
      try {
        const made = await api.post('/api/tournaments', body);
        navigate(`/tournament/${encodeURIComponent(made.id)}`);
      } catch (e) {
        formErr.textContent = errorText(e.data) || e.message;
        formErr.hidden = false;
      }
    });
    fill(formBox, currentAccount() ? f : h('p', { class: 'muted', text: t('tn_login_to_make') }));
  }

  function section(key, rows) {
    return h('section', { class: 'tn-list', 'data-testid': `tn-${key}` },
      h('h2', { text: t(`tn_${key}`) }),
      rows.length ? h('ul', null, ...rows.map((x) => h('li', null,
        h('a', { href: `/tournament/${encodeURIComponent(x.id)}`, 'data-link': '', 'data-testid': `tn-link-${x.id}`, text: title(x) }),
        h('span', { class: 'muted', text: ` · ${t(`tn_kind_${x.kind}`)} · ${controlName(x.clock)} · ${x.rated ? t('tn_rated_short') : t('tn_casual_short')} · ${when(x.starts_at)} · ${x.creator}` }))))
        : h('p', { class: 'muted', text: t('tn_none') }));
  }

  function renderLists() {
    if (error) { fill(listBox, h('p', { class: 'error', text: errorText(error.data) || error.message })); return; }
    if (!lists) { fill(listBox, h('p', { class: 'muted', text: '…' })); return; }
    fill(listBox, section('running', lists.running), section('upcoming', lists.upcoming), section('finished', lists.finished));
  }

  const formBox = h('div', { class: 'tn-form-box' });
  const listBox = h('div', { class: 'tn-lists' });
  fill(root, h('div', { class: 'tn-page' }, h('h1', { text: t('tn_title') }), h('div', { class: 'tn-columns' }, listBox, formBox)));

  async function load() {
    try { lists = await api.get('/api/tournaments'); error = null; } catch (e) { error = e; }
    renderLists();
  }
  loadCatalog().then(renderForm).catch(() => {});
  load();
  const timer = setInterval(load, 5000);
  const offLang = onLangChange(() => { renderForm(); renderLists(); });
  const offAccount = onAccountKnown(renderForm);
  return () => { clearInterval(timer); offLang(); offAccount(); };
}

// ---- one tournament ----

const RESULT_MARK = { '1-0': ['1', '0'], '0-1': ['0', '1'], '1/2': ['½', '½'], '+-': ['+', '−'], '-+': ['−', '+'], '--': ['−', '−'], bye: ['B', ''] };

export function mountTournament(root, id, navigate) {
  let tn = null;
  let error = null;
  let destroyed = false;
  let sent = null; // the game this page sent the reader to
  const actErr = h('p', { class: 'error', role: 'alert', hidden: true });
  const box = h('div', { class: 'tn-page', 'data-testid': 'tournament' });
  root.append(box);
  const link = new URLSearchParams(location.search).get('link');

  async function act(what) {
    actErr.hidden = true;
    try {
      tn = await api.post(`/api/tournaments/${encodeURIComponent(id)}/${what}`, what === 'join' && link ? { link } : {});
      render();
    } catch (e) {
      actErr.textContent = errorText(e.data) || e.message;
      actErr.hidden = false;
    }
  }

  function button(what, primary) {
    return h('button', { type: 'button', class: `button${primary ? ' primary' : ''}`, 'data-testid': `tn-${what}`, text: t(`tn_${what}`), onclick: () => act(what) });
  }

  function standings() {
    const arena = tn.kind === 'arena';
    const head = [t('tn_rank'), t('tn_player'), t('tn_rating'), t('tn_points')]
      .concat(arena ? [t('tn_games'), t('tn_streak')] : [t('tn_buchholz'), t('tn_sb')]);
    return h('table', { class: 'tn-standings', 'data-testid': 'tn-standings' },
      h('thead', null, h('tr', null, ...head.map((x) => h('th', { text: x })))),
      h('tbody', null, ...tn.standings.map((s) => h('tr', { 'data-testid': `tn-row-${s.name}`, class: s.state === 'in' ? '' : 'tn-out' },
        h('td', { text: String(s.rank) }),
        h('td', null, h('a', { href: `/@/${encodeURIComponent(s.name)}`, 'data-link': '', text: s.name }),
          s.state === 'in' ? null : h('span', { class: 'muted', text: ` (${t(`tn_state_${s.state}`)})` })),
        h('td', { text: String(s.rating) }),
        h('td', { class: 'tn-points', 'data-testid': `tn-points-${s.name}`, text: arena ? String(s.points) : half(s.points) }),
        ...(arena
          ? [h('td', { text: String(s.games) }), h('td', { text: s.streak >= 2 ? `🔥 ${s.streak}` : String(s.streak) })]
          : [h('td', { text: half(s.buchholz) }), h('td', { text: (s.sonneborn_berger / 4).toString() })])))));
  }

  /** A league's group `g`: its table, then its grid of results. */
  function group(g, lines) {
    const names = lines.map((s) => s.name);
    const arrow = (s) => (s.moves === 'up' ? '↑' : s.moves === 'down' ? '↓' : '');
    const table = h('table', { class: 'tn-standings', 'data-testid': `tn-group-${g}` },
      h('thead', null, h('tr', null, ...[t('tn_rank'), t('tn_player'), t('tn_rating'), t('tn_points'), t('tn_games'), t('tn_sb'), ''].map((x) => h('th', { text: x })))),
      h('tbody', null, ...lines.map((s) => h('tr', { 'data-testid': `tn-row-${s.name}`, class: s.state === 'withdrawn' ? 'tn-out' : '' },
        h('td', { text: String(s.rank) }),
        h('td', null, h('a', { href: `/@/${encodeURIComponent(s.name)}`, 'data-link': '', text: s.name })),
        h('td', { text: String(s.rating) }),
        h('td', { class: 'tn-points', 'data-testid': `tn-points-${s.name}`, text: half(s.points) }),
        h('td', { text: String(s.games) }),
        h('td', { text: (s.sonneborn_berger / 4).toString() }),
        h('td', { class: `tn-move tn-move-${s.moves || 'stay'}`, title: s.moves ? t(`tn_moves_${s.moves}`) : '', text: arrow(s) })))));
    const cell = (row, col) => {
      if (row === col) return h('td', { class: 'tn-self', text: '' });
      const games = tn.pairings.filter((p) => p.round === g && ((p.first === row && p.second === col) || (p.first === col && p.second === row)));
      return h('td', null, ...games.map((p) => {
        const mark = p.result ? RESULT_MARK[p.result][p.first === row ? 0 : 1] : '*';
        return h('a', { class: 'tn-mark', href: `/play/${encodeURIComponent(p.game)}`, 'data-link': '', title: p.first === row ? t('tn_first_seat') : t('tn_second_seat'), text: mark });
      }));
    };
    const grid = h('table', { class: 'tn-cross tn-grid', 'data-testid': `tn-grid-${g}` },
      h('thead', null, h('tr', null, h('th', { text: '' }), ...names.map((_, i) => h('th', { text: String(i + 1) })))),
      h('tbody', null, ...names.map((n, i) => h('tr', null, h('th', { text: `${i + 1}. ${n}` }), ...names.map((m) => cell(n, m))))));
    return h('section', { class: 'tn-group' }, h('h3', { text: t('tn_group_n', { n: g }) }),
      h('div', { class: 'tn-table-wrap' }, table), h('div', { class: 'tn-table-wrap' }, grid));
  }

  function league() {
    const groups = [...new Set(tn.standings.filter((s) => s.group).map((s) => s.group))].sort((a, b) => a - b);
    const waiting = tn.standings.filter((s) => !s.group);
    return [
      groups.length ? h('h2', { text: t('tn_groups') }) : null,
      ...groups.map((g) => group(g, tn.standings.filter((s) => s.group === g))),
      waiting.length ? h('h2', { text: groups.length ? t('tn_waiting') : t('tn_standings') }) : null,
      waiting.length ? h('div', { class: 'tn-table-wrap' }, h('table', { class: 'tn-standings', 'data-testid': 'tn-standings' },
        h('thead', null, h('tr', null, ...[t('tn_player'), t('tn_rating')].map((x) => h('th', { text: x })))),
        h('tbody', null, ...waiting.map((s) => h('tr', { 'data-testid': `tn-row-${s.name}`, class: s.state === 'in' ? '' : 'tn-out' },
          h('td', null, h('a', { href: `/@/${encodeURIComponent(s.name)}`, 'data-link': '', text: s.name }),
            s.state === 'in' ? null : h('span', { class: 'muted', text: ` (${t(`tn_state_${s.state}`)})` })),
          h('td', { text: String(s.rating) })))))) : null,
    ];
  }

  function crosstable() {
    const names = tn.standings.map((s) => s.name);
    const rounds = Math.max(tn.round, 0);
    const cell = (name, r) => {
      const p = tn.pairings.find((x) => x.round === r && (x.first === name || x.second === name));
      if (!p) return h('td', { text: '' });
      const mine = p.first === name ? 0 : 1;
      const other = mine === 0 ? p.second : p.first;
      const mark = p.result ? RESULT_MARK[p.result][mine] : '*';
      const text = other ? `${mark} ${other}` : mark;
      return p.game
        ? h('td', null, h('a', { href: `/play/${encodeURIComponent(p.game)}`, 'data-link': '', text }))
        : h('td', { text });
    };
    if (tn.kind === 'arena') {
      return h('table', { class: 'tn-cross', 'data-testid': 'tn-cross' },
        h('tbody', null, ...names.map((n) => h('tr', null, h('th', { text: n }),
          h('td', null, ...tn.pairings.filter((p) => p.first === n || p.second === n).map((p) => {
            const mine = p.first === n ? 0 : 1;
            return h('span', { class: 'tn-mark', text: p.result ? `${p.points ? p.points[mine] : RESULT_MARK[p.result][mine]} ` : '* ' });
          }))))));
    }
    return h('table', { class: 'tn-cross', 'data-testid': 'tn-cross' },
      h('thead', null, h('tr', null, h('th', { text: t('tn_player') }),
        ...Array.from({ length: rounds }, (_, i) => h('th', { text: t('tn_round_n', { n: i + 1 }) })))),
      h('tbody', null, ...names.map((n) => h('tr', null, h('th', { text: n }),
        ...Array.from({ length: rounds }, (_, i) => cell(n, i + 1))))));
  }

  function render() {
    if (destroyed) return;
    if (error && !tn) { fill(box, h('p', { class: 'error', text: errorText(error.data) || error.message })); return; }
    if (!tn) { fill(box, h('p', { class: 'muted', text: '…' })); return; }
    const me = tn.me;
    const facts = [t(`tn_kind_${tn.kind}`), gameName(tn.game), controlName(tn.clock), tn.rated ? t('tn_rated_short') : t('tn_casual_short')];
    if (tn.kind === 'swiss') facts.push(t('tn_rounds_of', { n: tn.round, of: tn.rounds }));
    if (tn.kind === 'round_robin' && tn.rounds) facts.push(t('tn_rounds_of', { n: tn.round, of: tn.rounds }));
    const isLeague = tn.kind === 'league';
    if (tn.allow_bots) facts.push(t('tn_bots_welcome'));
    if (isLeague) facts.push(t('tn_edition_n', { n: tn.edition }));
    const state = tn.state === 'upcoming'
      ? t('tn_starts', { when: when(tn.starts_at) })
      : tn.state === 'running' && tn.ends_at ? t('tn_ends', { when: when(tn.ends_at) }) : t(`tn_state_${tn.state}`);
    const buttons = [];
    if (me && tn.state !== 'finished') {
      if (!me.joined || me.state !== 'in') buttons.push(button('join', true));
      // A league has no pause: its games are all made at once.
      if (me.joined && me.state === 'in') buttons.push(...(tn.kind === 'league' ? [] : [button('pause')]), button('withdraw'));
      if (me.creator && tn.state === 'upcoming') buttons.push(button('start'));
    }
    const playing = me && me.game
      ? h('p', { class: 'tn-playing' }, h('a', { class: 'button primary', href: `/play/${encodeURIComponent(me.game)}`, 'data-testid': 'tn-your-game', text: t('tn_your_game') }))
      : null;
    const share = tn.link
      ? h('p', { class: 'muted', 'data-testid': 'tn-share' }, t('tn_share'), ' ', h('code', { text: `${location.origin}/tournament/${tn.id}?link=${tn.link}` }))
      : null;
    fill(box,
      h('p', null, h('a', { href: '/tournaments', 'data-link': '', text: `← ${t('tn_title')}` })),
      h('h1', { 'data-testid': 'tn-title', text: title(tn) }),
      h('p', { class: 'tn-facts', text: facts.join(' · ') }),
      h('p', { class: 'tn-state', 'data-testid': 'tn-state', text: state }),
      me ? null : h('p', { class: 'muted', text: t('tn_login_to_join') }),
      isLeague ? h('p', { class: 'muted tn-rule', text: t('tn_league_rule') }) : null,
      isLeague && (tn.previous || tn.next) ? h('p', { class: 'tn-editions' },
        tn.previous ? h('a', { href: `/tournament/${encodeURIComponent(tn.previous)}`, 'data-link': '', 'data-testid': 'tn-previous', text: `← ${t('tn_previous_edition')}` }) : null,
        tn.previous && tn.next ? ' · ' : null,
        tn.next ? h('a', { href: `/tournament/${encodeURIComponent(tn.next)}`, 'data-link': '', 'data-testid': 'tn-next', text: `${t('tn_next_edition')} →` }) : null) : null,
      h('div', { class: 'tn-actions' }, ...buttons), actErr, isLeague ? null : playing, share,
      ...(isLeague ? league() : [
        h('h2', { text: t('tn_standings') }), h('div', { class: 'tn-table-wrap' }, standings()),
        tn.pairings.length ? h('h2', { text: t('tn_crosstable') }) : null,
        tn.pairings.length ? h('div', { class: 'tn-table-wrap' }, crosstable()) : null]));
    // Paired: off to the game, with this seat's token (not from a league:
    // its players have all their games at once, at days per move).
    if (!isLeague && me && me.game && me.token && sent !== me.game && tn.state !== 'finished') {
      sent = me.game;
      api.rememberGame(me.game, { tokens: [me.token], game: tn.game, you: [me.seat] });
      markTournamentGame(me.game, tn.id);
      navigate(`/play/${encodeURIComponent(me.game)}`);
    }
  }

  async function load() {
    try { tn = await api.get(`/api/tournaments/${encodeURIComponent(id)}`); error = null; } catch (e) { error = e; }
    render();
  }
  load();
  const timer = setInterval(() => { if (!document.hidden) load(); }, POLL_MS);
  const offLang = onLangChange(render);
  const offAccount = onAccountKnown(load);
  return () => { destroyed = true; clearInterval(timer); offLang(); offAccount(); };
}
