// New game page: variant, who plays each side, who moves first.

import { h, fill } from './dom.js';
import { t, gameName, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { GAMES } from './home.js';

const CARDS = [['M', 'I'], ['C', 'D'], ['A', 'N'], ['W', 'E'], ['R', 'S']];

/** All 32 rule sets of Super Dimensiones, default first. */
export function allRuleSets() {
  const out = [];
  const rec = (i, acc) => {
    if (i === CARDS.length) { out.push(acc.join('-')); return; }
    for (const c of CARDS[i]) rec(i + 1, [...acc, c]);
  };
  rec(0, []);
  out.sort((a, b) => (a === 'M-C-N-W-R' ? -1 : b === 'M-C-N-W-R' ? 1 : a.localeCompare(b)));
  return out;
}

/** Find a game's entry in the catalog, whatever its exact shape. */
export function catalogEntry(catalog, game) {
  if (!catalog) return null;
  const list = Array.isArray(catalog) ? catalog : (catalog.games ?? catalog);
  if (Array.isArray(list)) return list.find((g) => g && (g.game === game || g.id === game || g.name === game || g.key === game)) || null;
  if (list && typeof list === 'object') return list[game] || null;
  return null;
}

function variantNames(entry) {
  const v = entry && (entry.variants ?? entry.rule_sets ?? entry.rulesets);
  if (!Array.isArray(v)) return null;
  return v.map((x) => (typeof x === 'string' ? x : (x && (x.name ?? x.id ?? x.variant)))).filter((x) => typeof x === 'string');
}

function levelsOf(entry) {
  const l = entry && entry.levels;
  if (Array.isArray(l) && l.length) return l.map((x) => (typeof x === 'number' ? x : Number(x?.level ?? x))).filter((x) => x >= 1);
  return [1, 2, 3, 4, 5];
}

export function mountNewGame(root, game, navigate) {
  if (!GAMES.includes(game)) {
    fill(root, h('p', { class: 'error', text: t('not_found') }));
    return () => {};
  }
  const params = new URLSearchParams(location.search);
  const form = {
    variant: params.get('variant') || null,
    huff: false,
    seats: [{ kind: 'human', level: 3 }, { kind: 'ai', level: 3 }],
    first: 0,
  };
  let catalog = null;
  let layouts = null;
  let ready = false;
  let busy = false;
  let error = '';

  function variantControl() {
    const entry = catalogEntry(catalog, game);
    const fromCat = variantNames(entry);
    if (game === 'imago') {
      const opts = [h('option', { value: 'default', text: t('layout_default') })];
      const known = new Set(['default']);
      for (const l of layouts || []) {
        if (!l || typeof l.layout !== 'string') continue;
        known.add(l.layout);
        opts.push(h('option', { value: l.layout, text: `${l.name} — ${l.layout}` }));
      }
      if (form.variant && !known.has(form.variant)) opts.push(h('option', { value: form.variant, text: t('layout_from_editor', { layout: form.variant }) }));
      const sel = h('select', { id: 'variant', 'data-testid': 'variant', onchange: (e) => { form.variant = e.target.value; } }, ...opts);
      sel.value = form.variant || 'default';
      form.variant = sel.value;
      return h('div', { class: 'field' }, h('label', { for: 'variant', text: t('layout') }), sel,
        h('p', { class: 'hint' }, h('a', { href: '/editor', 'data-link': '', text: t('nav_editor') })));
    }
    if (game === 'jarmo' || game === 'linja') {
      const names = fromCat && fromCat.length ? fromCat : (game === 'jarmo' ? ['standard', 'flipped'] : ['publisher', 'seed']);
      const sel = h('select', { id: 'variant', 'data-testid': 'variant', onchange: (e) => { form.variant = e.target.value; } },
        ...names.map((n) => h('option', { value: n, text: labelFor(game, n) })));
      if (form.variant && names.includes(form.variant)) sel.value = form.variant;
      form.variant = sel.value;
      return h('div', { class: 'field' }, h('label', { for: 'variant', text: t('variant') }), sel);
    }
    // dimensiones
    let sets = fromCat && fromCat.length ? fromCat.filter((n) => !n.includes('+huff')) : allRuleSets();
    if (!sets.length) sets = allRuleSets();
    const huffable = (rs) => rs.split('-')[2] === 'N';
    const base = (form.variant || 'M-C-N-W-R').replace('+huff', '');
    if ((form.variant || '').includes('+huff')) form.huff = true;
    const huffBox = h('input', { type: 'checkbox', id: 'huff', 'data-testid': 'huff', checked: form.huff, onchange: (e) => { form.huff = e.target.checked; } });
    const sel = h('select', {
      id: 'variant', 'data-testid': 'variant',
      onchange: (e) => {
        form.variant = e.target.value;
        huffBox.disabled = !huffable(form.variant);
        if (huffBox.disabled) { huffBox.checked = false; form.huff = false; }
      },
    }, ...sets.map((n) => h('option', { value: n, text: n })));
    sel.value = sets.includes(base) ? base : sets[0];
    form.variant = sel.value;
    huffBox.disabled = !huffable(form.variant);
    if (huffBox.disabled) { huffBox.checked = false; form.huff = false; }
    return h('div', { class: 'field' },
      h('label', { for: 'variant', text: t('ruleset') }), sel,
      h('p', { class: 'hint', text: t('cards_help') }),
      h('label', { class: 'check' }, huffBox, ` ${t('huff')}`));
  }

  function seatControl(i) {
    const seat = form.seats[i];
    const side = sideName(game, i);
    const name = `seat${i}`;
    const levels = levelsOf(catalogEntry(catalog, game));
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

  function render() {
    const firstSel = h('select', { id: 'first', 'data-testid': 'first', onchange: (e) => { form.first = Number(e.target.value); } },
      h('option', { value: '0', text: sideName(game, 0) }), h('option', { value: '1', text: sideName(game, 1) }));
    firstSel.value = String(form.first);
    const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'create', disabled: busy, text: busy ? t('creating') : t('create') });
    fill(root, h('section', { class: 'newgame' },
      h('h1', { text: t('new_title', { game: gameName(game) }) }),
      h('p', { class: 'desc', text: t(`desc_${game}`) }),
      h('form', { 'data-ready': ready ? '1' : '0', 'data-testid': 'new-game-form', onsubmit: (e) => { e.preventDefault(); create(); } },
        variantControl(),
        seatControl(0),
        seatControl(1),
        h('div', { class: 'field' }, h('label', { for: 'first', text: t('first_mover') }), firstSel),
        submit,
        error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error', text: error }) : null),
      h('p', null, h('a', { href: `/rules/${game}`, 'data-link': '', text: t('rules') }))));
  }

  async function create() {
    if (busy) return;
    busy = true;
    error = '';
    render();
    let variant = form.variant || undefined;
    if (game === 'dimensiones' && form.huff && variant && !variant.includes('+huff')) variant += '+huff';
    const body = {
      game,
      variant,
      first: form.first,
      seats: form.seats.map((s) => (s.kind === 'ai' ? { kind: 'ai', level: s.level } : { kind: s.kind })),
    };
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
  (async () => {
    try { catalog = await api.get('/api/catalog'); } catch { catalog = null; }
    if (game === 'imago') {
      try { layouts = (await api.get('/api/layouts')).layouts || []; } catch { layouts = []; }
    }
    ready = true;
    if (!busy) render();
  })();
  return () => off();
}

function labelFor(game, name) {
  const k = `${game}_${name}`;
  const v = t(k);
  return v === k ? name : v;
}
