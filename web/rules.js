// Rules page: the game's page for players in the chosen language (GET
// /api/rules/GAME?lang=), with its diagrams drawn by the game's own board
// module (web/boards/GAME.js) from positions the server computes (POST
// /api/position) and "try it" boards where clicking plays the example
// move; a Print button (the game's print-and-play kit as PDF, GET
// /api/print/GAME.pdf); and the developer page folded away as "details".
//
// A diagram is a fenced block ```board with `key: value` lines: `variant`,
// `position`, `moves` (comma-separated, played from the start or from
// `position`), `try` (one move the reader plays by clicking) and `caption`.
// A block ```cards shows Super Dimensiones' ten cards.

import { h, fill } from './dom.js';
import { t, gameName, getLang, onLangChange } from './i18n.js';
import * as api from './api.js';
import { renderMarkdown } from './markdown.js';
import { loadCatalog, loadBoard, entry } from './games.js';
import { cardImage, ensureStyle } from './cards.js';
import { SVGNS } from './boards/common.js';

/** A diagram block's `key: value` lines. */
export function parseSpec(body) {
  const spec = {};
  for (const line of String(body || '').split('\n')) {
    const m = /^\s*([a-z]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) spec[m[1]] = m[2];
  }
  return spec;
}

function moveList(text) {
  return String(text || '').split(',').map((m) => m.trim()).filter(Boolean);
}

function positionBody(game, spec, extra = []) {
  const body = { game, moves: [...moveList(spec.moves), ...extra] };
  if (spec.variant) body.variant = spec.variant;
  if (spec.position) body.position = spec.position;
  return body;
}

/** One diagram: the board drawn by the game's module, its caption, and the "try it" move. */
function diagram(game, spec, seq) {
  const svg = document.createElementNS(SVGNS, 'svg');
  const note = h('p', { class: 'diagram-note', role: 'status', 'aria-live': 'polite' });
  const again = h('button', { type: 'button', class: 'small', hidden: true, 'data-testid': 'try-again', text: t('rules_try_again') });
  const fig = h('figure', { class: 'diagram', 'data-testid': 'diagram', 'data-index': String(seq), 'data-ready': '0' },
    h('div', { class: 'diagram-board' }, svg),
    spec.caption ? h('figcaption', { text: spec.caption }) : null,
    spec.try ? h('div', { class: 'try' }, h('strong', { text: `${t('rules_try')}: ` }), note, again) : null);
  if (spec.caption) svg.setAttribute('aria-label', t('rules_diagram_label', { caption: spec.caption }));
  if (spec.try) fig.dataset.try = spec.try;

  let mod = null;
  let state = null;
  let path = [];
  let k = 0;
  let played = false;

  function lastOf(moves) {
    const last = moves.length ? moves[moves.length - 1] : null;
    return last && mod.lastMoveCells ? mod.lastMoveCells(last, state.view) : { set: new Set(), path: [] };
  }

  function draw(moves) {
    const lm = lastOf(moves);
    const trying = spec.try && !played;
    mod.draw(svg, state.view, {
      flip: false,
      selected: trying ? path.slice(0, k) : [],
      targets: trying && k < path.length ? new Set([path[k]]) : new Set(),
      last: lm.set,
      lastPath: lm.path,
      onCell: trying ? onCell : null,
    });
    svg.setAttribute('aria-label', t('rules_diagram_label', { caption: spec.caption || gameName(game) }));
  }

  async function load(extra) {
    const body = positionBody(game, spec, extra);
    state = await api.post('/api/position', body);
    draw(body.moves);
  }

  async function onCell(cell) {
    if (played) return;
    if (cell !== path[k]) {
      // A wrong cell: said, and the highlighted one stays the one to click.
      note.textContent = t('rules_try_wrong', { move: spec.try });
      note.dataset.kind = 'wrong';
      fig.dataset.wrong = String(Number(fig.dataset.wrong || 0) + 1);
      return;
    }
    k++;
    note.textContent = t('rules_try_hint', { move: spec.try });
    delete note.dataset.kind;
    played = k === path.length;
    // Drawn before the played position loads: no target stays clickable.
    draw(moveList(spec.moves));
    if (!played) return;
    try {
      await load([spec.try]);
      note.textContent = t('rules_try_done', { move: spec.try });
      again.hidden = false;
      fig.dataset.played = '1';
    } catch (e) {
      note.textContent = t('rules_diagram_error', { error: e.message });
    }
  }

  again.addEventListener('click', async () => {
    played = false;
    k = 0;
    again.hidden = true;
    fig.dataset.played = '0';
    note.textContent = t('rules_try_hint', { move: spec.try });
    try { await load([]); } catch (e) { note.textContent = t('rules_diagram_error', { error: e.message }); }
  });

  (async () => {
    try {
      mod = await loadBoard(game);
      if (!mod) throw new Error(t('not_found'));
      await load([]);
      if (spec.try) {
        const m = (state.legal || []).find((x) => x && (x.move ?? x.text) === spec.try);
        if (!m) throw new Error(`${spec.try}?`);
        path = m.path || [];
        note.textContent = t('rules_try_hint', { move: spec.try });
        draw(moveList(spec.moves));
      }
      fig.dataset.ready = '1';
    } catch (e) {
      fig.dataset.ready = 'error';
      fig.append(h('p', { class: 'error', text: t('rules_diagram_error', { error: e.message }) }));
    }
  })();
  return fig;
}

/** The ten cards, red face left and blue right. */
function cardGallery(lang) {
  return h('div', { class: 'card-gallery', 'data-testid': 'card-gallery' },
    ...[1, 2, 3, 4, 5].map((n) => h('div', { class: 'card-pair' },
      cardImage(n, 'red', lang, t), cardImage(n, 'blue', lang, t))));
}

export function mountRules(root, game) {
  ensureStyle();
  let res = null;
  let error = '';
  let known = null; // is the game in the catalog? (null: not known yet)
  let paper = 'a4';
  let asked = null;

  function printHref() {
    const q = new URLSearchParams({ lang: getLang(), paper });
    return `/api/print/${encodeURIComponent(game)}.pdf?${q}`;
  }

  function render() {
    if (known === false) {
      fill(root, h('p', { class: 'error', text: t('not_found') }));
      return;
    }
    const lang = getLang();
    let md = res && typeof res.markdown === 'string' ? res.markdown : '';
    let title = t('rules_title', { game: gameName(game) });
    const first = /^# (.*)\n/.exec(md);
    if (first) { title = first[1]; md = md.slice(first[0].length); }
    const play = h('div', { class: 'markdown', 'data-testid': 'rules-full', lang: res ? res.lang : lang });
    if (error) play.append(h('p', { class: 'error', text: t('error_prefix', { error }) }));
    else if (!res) play.append(h('p', { text: t('loading') }));
    else {
      let seq = 0;
      play.append(renderMarkdown(md, {
        shift: 0,
        fence: (info, body) => {
          if (info === 'board') return diagram(game, parseSpec(body), seq++);
          if (info === 'cards') return cardGallery(res.lang);
          return null;
        },
      }));
    }
    const paperSel = h('select', { id: 'paper', 'data-testid': 'paper', onchange: (e) => { paper = e.target.value; printLink.href = printHref(); } },
      h('option', { value: 'a4', text: 'A4' }), h('option', { value: 'letter', text: 'Letter / Carta' }));
    paperSel.value = paper;
    const printLink = h('a', { class: 'button', href: printHref(), download: '', 'data-testid': 'print', text: t('rules_print') });
    const details = h('details', { class: 'rules-details', 'data-testid': 'rules-details' },
      h('summary', { text: t('rules_details') }));
    if (res && res.details) details.append(h('div', { class: 'markdown', lang: 'en' }, renderMarkdown(res.details)));
    fill(root, h('article', { class: 'rules', 'data-lang': res ? res.lang : '' },
      h('h1', { text: title }),
      h('div', { class: 'rules-actions' },
        h('a', { class: 'button primary', href: `/new/${game}`, 'data-link': '', text: t('play_now', { game: gameName(game) }) }),
        h('a', { class: 'button', href: `/learn/${game}`, 'data-link': '', 'data-testid': 'rules-learn', text: t('learn_link_game', { game: gameName(game) }) }),
        printLink,
        h('label', { class: 'paper' }, `${t('rules_paper')} `, paperSel)),
      play,
      details));
  }

  async function fetchPage() {
    const lang = getLang();
    if (asked === lang) return;
    asked = lang;
    try {
      const r = await api.get(`/api/rules/${encodeURIComponent(game)}?lang=${lang}`);
      if (asked !== lang) return;
      res = r;
      error = '';
    } catch (e) {
      error = e.message;
    }
    render();
  }

  render();
  const off = onLangChange(() => fetchPage());
  loadCatalog().then(() => { known = !!entry(game); render(); }).catch(() => { known = true; render(); });
  fetchPage();
  return () => off();
}
