// The lobby page: post a seek (game, variant, time control, colour) or play
// now; the open seeks, kept up to date by the lobby's socket
// (GET /api/lobby/ws, docs/web-api.md "Lobby"), each with Accept; the
// computer's levels as opponents always there. When a seek of ours is
// taken the socket says `start` and we go to the game with our seat's
// token; a seek is cancelled when we leave the page (the socket closes).

import { h, fill } from './dom.js';
import { t, getLang, gameName, sideName, onLangChange, errorText } from './i18n.js';
import * as api from './api.js';
import { loadCatalog, loadBoard, offered, entry as catalogEntry, levelsOf, levelRating } from './games.js';
import { timeControlPicker, controlName } from './clock.js';
import { currentAccount, onAccountKnown } from './account.js';


export function mountLobby(root, navigate) {
  const form = { game: null, variant: null, clock: '5+3', colour: 'random', rated: false };
  const boards = {};
  const pickerData = {};
  let seeks = null; // the open seeks, as the socket last said
  const mine = new Map(); // id -> {secret, game} of the seeks this page posted
  let error = '';
  let busy = false;
  let destroyed = false;
  let ws = null;
  let wsTimer = null;
  let wsDelay = 500;
  let connected = false;

  // ---- the lobby's socket ----

  function hello() {
    if (ws && ws.readyState === WebSocket.OPEN && mine.size) {
      ws.send(JSON.stringify({ type: 'hello', secrets: [...mine.values()].map((m) => m.secret) }));
    }
  }

  function connect() {
    if (destroyed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
    } catch {
      schedule();
      return;
    }
    ws.onopen = () => { wsDelay = 500; connected = true; hello(); renderLists(); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (!msg) return;
      if (msg.type === 'seeks' && Array.isArray(msg.seeks)) {
        seeks = msg.seeks;
        renderLists();
      } else if (msg.type === 'start' && msg.game && msg.token) {
        const m = mine.get(msg.seek);
        mine.delete(msg.seek);
        go(msg.game, msg.token, m ? m.game : form.game);
      } else if (msg.type === 'gone') {
        mine.delete(msg.seek);
        renderLists();
      } else if (msg.type === 'error') {
        error = t('error_prefix', { error: errorText(msg) });
        render();
      }
    };
    ws.onclose = () => { connected = false; if (!destroyed) { renderLists(); schedule(); } };
    ws.onerror = () => { /* onclose follows */ };
  }

  function schedule() {
    if (destroyed) return;
    clearTimeout(wsTimer);
    wsTimer = setTimeout(connect, wsDelay);
    wsDelay = Math.min(wsDelay * 2, 8000);
  }

  /** Goes to game `id` (of `game`) holding the seat of `token`. */
  function go(id, token, game) {
    api.rememberGame(id, { tokens: [token], game });
    navigate(`/play/${encodeURIComponent(id)}`);
  }

  // ---- what the form asks for ----

  function clockValue() {
    return form.clock || null;
  }

  function seekBody() {
    const rated = form.rated && !!currentAccount() && !!clockValue();
    const num = (v) => (v === '' || v == null ? undefined : Number(v));
    const range = currentAccount() ? { min_rating: num(form.min), max_rating: num(form.max) } : {};
    return { game: form.game, variant: form.variant || undefined, clock: clockValue() || undefined, colour: form.colour, rated, ...range };
  }

  async function act(fn) {
    if (busy) return;
    busy = true;
    error = '';
    render();
    try {
      await fn();
    } catch (e) {
      error = t('error_prefix', { error: e.message });
    }
    busy = false;
    render();
  }

  const postSeek = () => act(async () => {
    const r = await api.post('/api/lobby/seeks', seekBody());
    mine.set(r.id, { secret: r.secret, game: form.game });
    hello();
  });

  const playNow = () => act(async () => {
    const r = await api.post('/api/lobby/play-now', seekBody(), [...mine.values()].map((m) => m.secret));
    if (r.result === 'game') go(r.game, r.token, form.game);
    else {
      mine.set(r.id, { secret: r.secret, game: form.game });
      hello();
    }
  });

  const cancel = (id) => act(async () => {
    await api.request('DELETE', `/api/lobby/seeks/${encodeURIComponent(id)}`, null, [mine.get(id)?.secret]);
    mine.delete(id);
  });

  const accept = (s) => act(async () => {
    const r = await api.post(`/api/lobby/seeks/${encodeURIComponent(s.id)}/accept`, {});
    go(r.game, r.token, s.game);
  });

  /** A game against the computer at `level`, with the form's game, variant, clock, colour and rated tick. */
  const playComputer = (level) => act(async () => {
    const me = form.colour === 'random' ? (Math.random() < 0.5 ? 0 : 1) : (form.colour === 'first' ? 0 : 1);
    const seats = [0, 1].map((i) => (i === me ? { kind: 'human' } : { kind: 'ai', level }));
    const body = { game: form.game, variant: form.variant || undefined, first: 0, seats };
    const clock = clockValue();
    if (clock) body.clock = clock;
    // Rated only when the form's "Rated game" is ticked (chosen before the game, default off).
    if (seekBody().rated) body.rated = true;
    const r = await api.post('/api/games', body);
    api.rememberGame(r.id, { tokens: Object.values(r.tokens || {}).filter(Boolean), game: form.game });
    navigate(`/play/${encodeURIComponent(r.id)}`);
  });

  // ---- drawing ----

  function variantText(game, variant) {
    const mod = boards[game];
    if (!variant) return '';
    return mod && mod.variantLabel ? mod.variantLabel(variant, t, catalogEntry(game), getLang()) : variant;
  }

  /** The side the reader plays against a seek whose owner asked for `colour`. */
  function takerSide(game, colour) {
    if (colour === 'first') return sideName(game, 1);
    if (colour === 'second') return sideName(game, 0);
    return t('lobby_colour_random');
  }

  function ownerSide(game, colour) {
    if (colour === 'first') return sideName(game, 0);
    if (colour === 'second') return sideName(game, 1);
    return t('lobby_colour_random');
  }

  function variantControl() {
    const mod = boards[form.game];
    if (!mod || !mod.variantPicker) return null;
    const picker = mod.variantPicker({
      value: form.variant,
      entry: catalogEntry(form.game),
      data: pickerData[form.game],
      t,
      lang: getLang(),
      onChange: (v) => { form.variant = v; },
    });
    form.variant = picker.value;
    return picker.node;
  }

  function clockControl() {
    return timeControlPicker({
      id: 'lobby-clock',
      value: form.clock,
      onChange: (c) => { form.clock = c; renderLists(); updateRated(); },
    });
  }

  /** Rated or casual: a rated game needs an account and a clock. */
  let ratedBox = null;
  let ratedWhy = null;
  function ratedControl() {
    ratedBox = h('input', {
      type: 'checkbox', id: 'lobby-rated', 'data-testid': 'lobby-rated',
      onchange: (e) => { form.rated = e.target.checked; },
    });
    ratedWhy = h('small', { class: 'hint', 'data-testid': 'lobby-rated-why' });
    updateRated();
    return h('div', { class: 'field check' },
      ratedBox, h('label', { for: 'lobby-rated', text: ` ${t('lobby_rated_box')}` }), ratedWhy);
  }

  function updateRated() {
    if (!ratedBox) return;
    const can = !!currentAccount() && !!clockValue();
    ratedBox.disabled = !can;
    ratedBox.checked = can && form.rated;
    ratedWhy.hidden = can;
    ratedWhy.textContent = can ? '' : ` ${t(currentAccount() ? 'lobby_rated_needs_clock' : 'lobby_rated_needs_account')}`;
  }

  /** An optional rating range for takers (logged-in posters only: a visitor has no rating to be matched near). */
  function rangeControl() {
    if (!currentAccount()) return null;
    const input = (key, id, label) => {
      const el = h('input', { type: 'number', id, 'data-testid': id, min: '0', max: '4000', step: '50', value: form[key] ?? '', inputmode: 'numeric', 'aria-label': label });
      el.addEventListener('input', () => { form[key] = el.value; });
      return el;
    };
    return h('div', { class: 'field range-field' },
      h('label', { for: 'lobby-min', text: t('lobby_range') }),
      input('min', 'lobby-min', t('lobby_range_min')), h('span', { text: ' – ' }), input('max', 'lobby-max', t('lobby_range_max')),
      h('small', { class: 'hint', text: ` ${t('lobby_range_hint')}` }));
  }

  function colourControl() {
    const sel = h('select', { id: 'lobby-colour', 'data-testid': 'lobby-colour', onchange: (e) => { form.colour = e.target.value; renderLists(); } },
      h('option', { value: 'first', text: t('lobby_colour_first', { side: sideName(form.game, 0) }) }),
      h('option', { value: 'second', text: t('lobby_colour_second', { side: sideName(form.game, 1) }) }),
      h('option', { value: 'random', text: t('lobby_colour_random') }));
    sel.value = form.colour;
    return h('div', { class: 'field' }, h('label', { for: 'lobby-colour', text: t('lobby_colour') }), sel);
  }

  function seekRow(s) {
    const yours = s.yours || mine.has(s.id);
    const action = yours
      ? h('button', { type: 'button', 'data-testid': `cancel-${s.id}`, disabled: busy, onclick: () => cancel(s.id), text: t('lobby_cancel') })
      : h('button', { type: 'button', class: 'primary', 'data-testid': `accept-${s.id}`, disabled: busy, onclick: () => accept(s), text: t('lobby_accept') });
    const variant = variantText(s.game, s.variant);
    // The poster's face (issue #44): name and rating in the seek's pool, or "anonymous"; the range asked of takers.
    const face = s.player
      ? h('span', { class: 'seek-player', 'data-testid': `seek-player-${s.id}` }, h('strong', { text: s.player }),
        s.rating != null ? h('span', { class: 'seek-rating', text: ` ${s.rating}${s.provisional ? '?' : ''}` }) : null)
      : h('span', { class: 'seek-player anonymous', 'data-testid': `seek-player-${s.id}`, text: t('lobby_anonymous') });
    const range = (s.min_rating != null || s.max_rating != null)
      ? h('span', { class: 'seek-range', 'data-testid': `seek-range-${s.id}`, text: t('lobby_range_shown', { min: s.min_rating ?? '–', max: s.max_rating ?? '–' }) })
      : null;
    return h('li', { class: `seek${yours ? ' yours' : ''}`, 'data-testid': `seek-${s.id}`, 'data-game': s.game },
      face,
      h('span', { class: 'seek-game' }, h('strong', { text: gameName(s.game) }), variant ? h('span', { class: 'seek-variant', text: ` · ${variant}` }) : null),
      h('span', { class: 'seek-clock', text: controlName(s.clock) }, range ? ' ' : null, range),
      h('span', { class: 'seek-side', text: yours ? t('lobby_you_play', { side: ownerSide(s.game, s.colour) }) : t('lobby_you_play', { side: takerSide(s.game, s.colour) }) }),
      h('span', { class: `seek-who${s.rated ? ' rated' : ''}`, 'data-rated': s.rated ? '1' : '0', text: yours ? t('lobby_yours_waiting') : t(s.rated ? 'lobby_rated' : 'lobby_casual') }),
      action);
  }

  // The page: the form and the lists are drawn apart, so that the live
  // list's updates never redraw a control the reader is using.
  let section = null;
  let formBox = null;
  let listBox = null;
  let compBox = null;

  function renderForm() {
    const gameSel = h('select', {
      id: 'lobby-game', 'data-testid': 'lobby-game',
      onchange: (e) => { form.game = e.target.value; form.variant = null; prepare(form.game).then(() => { render(); refocus('lobby-game'); }); },
    }, ...offered().map((g) => h('option', { value: g, text: gameName(g) })));
    gameSel.value = form.game;
    fill(formBox,
      h('h2', { text: t('lobby_post_title') }),
      h('div', { class: 'field' }, h('label', { for: 'lobby-game', text: t('lobby_game') }), gameSel),
      variantControl(),
      clockControl(),
      colourControl(),
      ratedControl(),
      rangeControl(),
      h('div', { class: 'lobby-buttons' },
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'lobby-post', disabled: busy, text: t('lobby_post') }),
        h('button', { type: 'button', 'data-testid': 'lobby-play-now', disabled: busy, onclick: playNow, text: t('lobby_play_now') })),
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error', text: error }) : null);
  }

  function renderLists() {
    if (destroyed || !listBox) return;
    section.dataset.ready = seeks === null ? '0' : '1';
    section.dataset.connected = connected ? '1' : '0';
    const list = h('ul', { class: 'seeks', 'data-testid': 'seeks', 'aria-live': 'polite' });
    if (seeks === null) list.append(h('li', { class: 'none', text: t('loading') }));
    else if (!seeks.length) list.append(h('li', { class: 'none', text: t('lobby_no_seeks') }));
    else list.append(...seeks.map(seekRow));
    const levels = levelsOf(catalogEntry(form.game));
    const computers = h('ul', { class: 'seeks computers', 'data-testid': 'computers' },
      ...levels.map((n) => h('li', { class: 'seek computer' },
        h('span', { class: 'seek-game' }, h('strong', { text: t('lobby_computer', { n }) }), h('span', { class: 'seek-variant', text: ` · ${gameName(form.game)}` }),
          levelRating(catalogEntry(form.game), n) ? h('span', { class: 'seek-rating', 'data-testid': `computer-rating-${n}`, title: t('lobby_computer_rating'), text: ` · ${levelRating(catalogEntry(form.game), n)}` }) : null),
        h('span', { class: 'seek-clock', text: controlName(clockValue()) }),
        h('span', { class: 'seek-side', text: t('lobby_you_play', { side: ownerSide(form.game, form.colour) }) }),
        h('span', { class: 'seek-who', text: t('lobby_always') }),
        h('button', { type: 'button', 'data-testid': `computer-${n}`, disabled: busy, onclick: () => playComputer(n), text: t('lobby_play') }))));
    fill(listBox,
      h('h2', { text: t('lobby_open_title') }),
      connected ? null : h('p', { class: 'lobby-offline', text: t('lobby_connecting') }),
      list);
    fill(compBox,
      h('h2', { text: t('lobby_computers_title') }),
      computers);
  }

  /** Gives the focus back to a control the reader changed (a redraw replaced it). */
  function refocus(id) {
    const el = document.getElementById(id);
    if (el) el.focus();
  }

  function render() {
    if (destroyed) return;
    if (!form.game) {
      section = null;
      fill(root, h('section', { class: 'lobby' }, h('h1', { text: t('lobby_title') }), h('p', { class: error ? 'error' : '', text: error || t('loading') })));
      return;
    }
    formBox = h('form', { class: 'lobby-form', 'data-testid': 'lobby-form', onsubmit: (e) => { e.preventDefault(); postSeek(); } });
    listBox = h('div', { class: 'lobby-lists', 'data-testid': 'lobby-seeks' });
    compBox = h('div', { class: 'lobby-computers' });
    section = h('section', { class: 'lobby' },
      h('h1', { text: t('lobby_title') }),
      h('p', { class: 'desc', text: t('lobby_intro') }),
      h('div', { class: 'lobby-grid' }, listBox, formBox, compBox));
    renderForm();
    renderLists();
    fill(root, section);
  }

  /** Loads a game's board module (for its variant picker and labels). */
  async function prepare(game) {
    const mod = await loadBoard(game);
    boards[game] = mod;
    if (mod && mod.pickerData && !pickerData[game]) pickerData[game] = await mod.pickerData(api.get);
  }

  render();
  const off = onLangChange(render);
  const offAccount = onAccountKnown(updateRated);
  (async () => {
    try {
      await loadCatalog();
      const games = offered();
      form.game = games[0];
      await Promise.all(games.map((g) => prepare(g).catch(() => {})));
    } catch (e) {
      error = t('error_prefix', { error: e.message });
    }
    render();
  })();
  connect();
  return () => {
    destroyed = true;
    off();
    offAccount();
    clearTimeout(wsTimer);
    if (ws) {
      ws.onclose = null;
      try { ws.close(); } catch { /* ignore */ }
    }
  };
}
