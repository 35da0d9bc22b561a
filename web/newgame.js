// New game page: variant, who plays each side, who moves first. The game's
// words come from the catalog, its variant control from its board module.

import { h, fill } from './dom.js';
import { t, getLang, gameName, gameSummary, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { loadCatalog, loadBoard, entry as catalogEntry, levelsOf } from './games.js';
import { timeControlPicker } from './clock.js';
import { currentAccount, onAccountKnown } from './account.js';

export function mountNewGame(root, game, navigate) {
  const params = new URLSearchParams(location.search);
  const form = {
    variant: params.get('variant') || null,
    seats: [{ kind: 'human', level: 3 }, { kind: 'ai', level: 3 }],
    first: 0,
    match: false,
    clock: params.get('clock') || null,
    rated: false,
  };
  let board = null;
  let pickerData = null;
  let ready = false;
  let busy = false;
  let error = '';
  let destroyed = false;

  function variantControl() {
    if (!board || !board.variantPicker) return null;
    const picker = board.variantPicker({
      value: form.variant,
      entry: catalogEntry(game),
      data: pickerData,
      t,
      lang: getLang(),
      onChange: (v) => {
        // A variant that names its sides otherwise (catalog variant_sides) redraws the form's side names.
        const before = sideName(game, 0, null, form.variant);
        form.variant = v;
        if (sideName(game, 0, null, v) !== before) render();
      },
    });
    form.variant = picker.value;
    return picker.node;
  }

  function seatControl(i) {
    const seat = form.seats[i];
    const side = sideName(game, i, null, form.variant);
    const name = `seat${i}`;
    const levels = levelsOf(catalogEntry(game));
    const levelSel = h('select', {
      id: `level${i}`, 'data-testid': `level-${i}`, 'aria-label': `${t('level')} (${side})`, disabled: seat.kind !== 'ai',
      onchange: (e) => { seat.level = Number(e.target.value); },
    }, ...levels.map((n) => h('option', { value: String(n), text: t('level_n', { n }) })));
    levelSel.value = String(seat.level);
    const radio = (kind, label) => h('label', { class: 'radio' },
      h('input', {
        type: 'radio', name, value: kind, checked: seat.kind === kind, 'data-testid': `seat-${i}-${kind}`,
        onchange: () => { seat.kind = kind; levelSel.disabled = kind !== 'ai'; },
      }), ` ${label}`);
    return h('fieldset', { class: 'seat-field' },
      h('legend', { text: t('who_plays', { side }) }),
      radio('human', t('seat_me')),
      radio('link', t('seat_link')),
      h('span', { class: 'ai-row' }, radio('ai', t('seat_ai')), ' ', levelSel));
  }

  /** The two-game match checkbox, where the game's rules have one (the catalog says). */
  function matchControl() {
    const entry = catalogEntry(game);
    if (!entry || !entry.two_game_match) return null;
    return h('div', { class: 'field' }, h('label', { class: 'checkbox' },
      h('input', {
        type: 'checkbox', id: 'match', 'data-testid': 'match', checked: form.match,
        onchange: (e) => { form.match = e.target.checked; },
      }), ` ${t('match_option')}`));
  }

  /** Rated or casual, chosen before the game (off by default): a rated game needs an account and a clock. */
  let ratedBox = null;
  let ratedWhy = null;
  function ratedControl() {
    ratedBox = h('input', {
      type: 'checkbox', id: 'rated', 'data-testid': 'rated',
      onchange: (e) => { form.rated = e.target.checked; },
    });
    ratedWhy = h('small', { class: 'hint', 'data-testid': 'rated-why' });
    updateRated();
    return h('div', { class: 'field' },
      h('label', { class: 'checkbox' }, ratedBox, ` ${t('lobby_rated_box')}`), ratedWhy);
  }

  function updateRated() {
    if (!ratedBox) return;
    const can = !!currentAccount() && !!form.clock;
    ratedBox.disabled = !can;
    ratedBox.checked = can && form.rated;
    ratedWhy.hidden = can;
    ratedWhy.textContent = can ? '' : ` ${t(currentAccount() ? 'lobby_rated_needs_clock' : 'lobby_rated_needs_account')}`;
  }

  function render() {
    if (destroyed) return;
    if (!ready) {
      fill(root, h('p', { text: t('loading') }));
      return;
    }
    if (!board) {
      fill(root, h('p', { class: 'error', 'data-testid': 'error', text: error || t('not_found') }));
      return;
    }
    const firstSel = h('select', { id: 'first', 'data-testid': 'first', onchange: (e) => { form.first = Number(e.target.value); } },
      h('option', { value: '0', text: sideName(game, 0, null, form.variant) }), h('option', { value: '1', text: sideName(game, 1, null, form.variant) }));
    firstSel.value = String(form.first);
    const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'create', disabled: busy, text: busy ? t('creating') : t('create') });
    fill(root, h('section', { class: 'newgame' },
      h('h1', { text: t('new_title', { game: gameName(game) }) }),
      h('p', { class: 'desc', text: gameSummary(game) }),
      h('p', null, h('a', { href: `/rules/${game}`, 'data-link': '', 'data-testid': 'rules-link', text: t('rules_link', { game: gameName(game) }) }),
        ' · ', h('a', { href: `/learn/${game}`, 'data-link': '', 'data-testid': 'learn-link', text: t('learn_link_game', { game: gameName(game) }) })),
      h('form', { 'data-ready': '1', 'data-testid': 'new-game-form', onsubmit: (e) => { e.preventDefault(); create(); } },
        variantControl(),
        seatControl(0),
        seatControl(1),
        h('div', { class: 'field' }, h('label', { for: 'first', text: t('first_mover') }), firstSel),
        matchControl(),
        timeControlPicker({ value: form.clock, onChange: (c) => { form.clock = c; updateRated(); } }),
        ratedControl(),
        submit,
        error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error', text: error }) : null)));
  }

  async function create() {
    if (busy) return;
    busy = true;
    error = '';
    render();
    const body = {
      game,
      variant: form.variant || undefined,
      first: form.first,
      seats: form.seats.map((s) => (s.kind === 'ai' ? { kind: 'ai', level: s.level } : { kind: s.kind })),
    };
    if (form.match && (catalogEntry(game) || {}).two_game_match) body.match = true;
    if (form.clock) body.clock = form.clock;
    if (form.rated && form.clock && currentAccount()) body.rated = true;
    try {
      const res = await api.post('/api/games', body);
      const tokens = Object.values(res.tokens || {}).filter(Boolean);
      api.rememberGame(res.id, { tokens, links: res.links || {}, game });
      busy = false;
      navigate(`/play/${encodeURIComponent(res.id)}`);
    } catch (e) {
      busy = false;
      error = t('error_prefix', { error: e.message });
      render();
    }
  }

  render();
  const off = onLangChange(render);
  const offAccount = onAccountKnown(updateRated);
  (async () => {
    try {
      await loadCatalog();
      board = await loadBoard(game);
      if (board && board.pickerData) pickerData = await board.pickerData(api.get);
    } catch (e) {
      error = t('error_prefix', { error: e.message });
    }
    ready = true;
    if (!busy) render();
  })();
  return () => { destroyed = true; off(); offAccount(); };
}
