// Imago layout editor: toggle walls on edges, move the four start pieces,
// edit the layout text; every change is solved on the server.

import { h, fill } from './dom.js';
import { t, sideName, onLangChange, errorText } from './i18n.js';
import * as api from './api.js';
import { draw as drawImago, IMAGO_CELLS, IMAGO_GOALS, allEdges } from './boards/imago.js';
import { parseCell } from './boards/common.js';

const DEFAULT = { red: ['b2', 'b5'], blue: ['g2', 'g5'], walls: [] };
const GRID = new Set(IMAGO_CELLS.filter((c) => /^[b-g][1-6]$/.test(c)));
/** The wall handles' least thickness and length on screen (WCAG 2.5.8: 24 px). */
const HANDLE_PX = 26;
const EDGE_SET = new Set(allEdges().map(([a, b]) => `${a}-${b}`));
/** This browser's owner token for its saved layouts (the server gives it with the first save). */
const OWNER_KEY = 'tablero_layout_owner';

function ownerToken() {
  try { const t0 = localStorage.getItem(OWNER_KEY); return t0 ? [t0] : []; } catch { return []; }
}

function keepOwner(token) {
  try { if (!localStorage.getItem(OWNER_KEY)) localStorage.setItem(OWNER_KEY, token); } catch { /* ignore */ }
}

function normWall(a, b) {
  const pa = parseCell(a); const pb = parseCell(b);
  if (!pa || !pb) return [a, b];
  return (pa.col < pb.col || (pa.col === pb.col && pa.row < pb.row)) ? [a, b] : [b, a];
}

function sortCells(cells) {
  return cells.slice().sort((x, y) => x.charCodeAt(0) - y.charCodeAt(0) || Number(x.slice(1)) - Number(y.slice(1)));
}

/** The one-line form: red:b2,b5 blue:g2,g5 walls:c3-d3,c4-d4 */
export function formatLayout(l) {
  let s = `red:${sortCells(l.red).join(',')} blue:${sortCells(l.blue).join(',')}`;
  if (l.walls.length) s += ` walls:${l.walls.map((w) => w.join('-')).join(',')}`;
  return s;
}

/** Parse a layout text (lenient; the server does the full validation). */
export function parseLayout(text) {
  const clean = String(text).replace(/#[^\n]*/g, ' ').trim();
  if (!clean || clean === 'default') return { red: [...DEFAULT.red], blue: [...DEFAULT.blue], walls: [] };
  const out = { red: [...DEFAULT.red], blue: [...DEFAULT.blue], walls: [] };
  const re = /(red|blue|walls)\s*:/gi;
  const marks = [];
  let m;
  while ((m = re.exec(clean))) marks.push({ key: m[1].toLowerCase(), start: m.index, end: re.lastIndex });
  if (!marks.length || clean.slice(0, marks[0].start).trim()) throw new Error('expected red:, blue: or walls:');
  marks.forEach((mk, i) => {
    const val = clean.slice(mk.end, i + 1 < marks.length ? marks[i + 1].start : clean.length);
    const toks = val.split(/[\s,]+/).filter(Boolean);
    if (mk.key === 'walls') {
      out.walls = toks.map((tk) => {
        const p = tk.split('-');
        if (p.length !== 2 || !EDGE_SET.has(normWall(p[0], p[1]).join('-'))) throw new Error(`bad wall ${tk}`);
        return normWall(p[0], p[1]);
      });
    } else {
      for (const tk of toks) if (!GRID.has(tk)) throw new Error(`bad cell ${tk}`);
      out[mk.key] = toks;
    }
  });
  return out;
}

export function mountEditor(root, navigate) {
  let layout = { red: [...DEFAULT.red], blue: [...DEFAULT.blue], walls: [] };
  let selected = null;
  let solve = null; // {layout, value_red_first, value_blue_first, warnings}
  let solving = false;
  let solveError = '';
  let parseError = '';
  let saveMsg = '';
  let seq = 0;
  let timer = null;
  let saved = [];
  let drag = null;
  let suppressClick = false;

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap editor-board', 'data-testid': 'editor-board' }, svg);
  const textArea = h('textarea', { id: 'layout-text', rows: 3, spellcheck: 'false', 'data-testid': 'layout-text' });
  const applyBtn = h('button', { type: 'button', 'data-testid': 'apply-text' });
  const textErr = h('p', { class: 'error', 'data-testid': 'parse-error', role: 'alert' });
  const solveBox = h('div', { class: 'solve', 'data-testid': 'solve', 'aria-live': 'polite' });
  const nameInput = h('input', { type: 'text', id: 'layout-name', maxlength: '60', 'data-testid': 'layout-name' });
  const saveBtn = h('button', { type: 'button', 'data-testid': 'save-layout' });
  const saveMsgEl = h('p', { class: 'message', 'data-testid': 'save-message', role: 'status' });
  const playBtn = h('button', { type: 'button', class: 'primary', 'data-testid': 'play-layout' });
  const resetBtn = h('button', { type: 'button', 'data-testid': 'reset-layout' });
  const clearBtn = h('button', { type: 'button', 'data-testid': 'clear-walls' });
  const savedList = h('ul', { class: 'saved-layouts', 'data-testid': 'saved-layouts' });
  const titleEl = h('h1');
  const helpEl = h('p', { class: 'hint' });
  const textLabel = h('label', { for: 'layout-text' });
  const nameLabel = h('label', { for: 'layout-name' });
  const solveTitle = h('h2');
  const savedTitle = h('h2');

  fill(root, h('section', { class: 'editor' },
    titleEl, helpEl,
    h('div', { class: 'play-grid' },
      h('div', { class: 'board-col' }, boardWrap, h('div', { class: 'actions' }, resetBtn, clearBtn)),
      h('div', { class: 'side-col' },
        solveTitle, solveBox,
        textLabel, textArea, h('div', { class: 'actions' }, applyBtn), textErr,
        h('div', { class: 'field inline' }, nameLabel, nameInput, saveBtn), saveMsgEl,
        h('div', { class: 'actions' }, playBtn),
        savedTitle, savedList))));

  function view() {
    return {
      cols: 8, rows: 6, cells: IMAGO_CELLS, goals: IMAGO_GOALS, walls: layout.walls,
      pieces: [...layout.red.map((c) => ({ cell: c, seat: 0 })), ...layout.blue.map((c) => ({ cell: c, seat: 1 }))],
      passes: 0,
    };
  }

  const occupied = () => new Set([...layout.red, ...layout.blue]);

  function onCell(id) {
    if (suppressClick) { suppressClick = false; return; }
    if (id.includes('-')) {
      const [a, b] = id.split('-');
      const k = normWall(a, b).join('-');
      const had = layout.walls.some((w) => w.join('-') === k);
      layout.walls = had ? layout.walls.filter((w) => w.join('-') !== k) : [...layout.walls, normWall(a, b)];
      changed();
      return;
    }
    const occ = occupied();
    if (selected) {
      if (id === selected) { selected = null; render(); return; }
      if (occ.has(id)) { selected = id; render(); return; }
      if (GRID.has(id)) { movePiece(selected, id); return; }
      selected = null;
      render();
      return;
    }
    if (occ.has(id)) { selected = id; render(); }
  }

  function movePiece(from, to) {
    if (!GRID.has(to) || occupied().has(to)) return;
    for (const key of ['red', 'blue']) layout[key] = layout[key].map((c) => (c === from ? to : c));
    selected = null;
    changed();
  }

  // drag a piece to a cell
  svg.addEventListener('pointerdown', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-cell]');
    if (g && occupied().has(g.dataset.cell)) drag = { from: g.dataset.cell, x: ev.clientX, y: ev.clientY };
  });
  svg.addEventListener('pointerup', (ev) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 8) return;
    const el = document.elementFromPoint(ev.clientX, ev.clientY);
    const g = el && el.closest && el.closest('[data-cell]');
    if (g && GRID.has(g.dataset.cell) && !occupied().has(g.dataset.cell)) {
      suppressClick = g.dataset.cell === d.from;
      movePiece(d.from, g.dataset.cell);
    }
  });

  function changed({ fromText = false } = {}) {
    if (!fromText) textArea.value = formatLayout(layout);
    parseError = '';
    solving = true; // the value shown is stale until the new answer
    render();
    clearTimeout(timer);
    timer = setTimeout(runSolve, 250);
  }

  async function runSolve() {
    const my = ++seq;
    solving = true;
    solveError = '';
    renderSolve();
    try {
      const res = await api.post('/api/imago/solve', { layout: formatLayout(layout) }, null, 120000);
      if (my !== seq) return;
      solve = res;
    } catch (e) {
      if (my !== seq) return;
      solve = null;
      solveError = e.message;
    }
    solving = false;
    renderSolve();
  }

  function valueText(v, mover) {
    if (!v) return '?';
    const other = 1 - mover;
    if (v.result === 'draw') return t('value_draw');
    const winner = v.result === 'win' ? mover : other;
    const side = sideName('imago', winner);
    return typeof v.plies === 'number' ? t('value_win', { side, plies: v.plies }) : t('value_win_np', { side });
  }

  function renderSolve() {
    solveBox.replaceChildren();
    solveBox.dataset.state = solving ? 'solving' : (solveError ? 'error' : (solve ? 'done' : 'idle'));
    if (solving) solveBox.append(h('p', { class: 'solving', text: t('solving') }));
    if (solveError) solveBox.append(h('p', { class: 'error', text: t('error_prefix', { error: solveError }) }));
    if (solve && !solving) {
      solveBox.append(h('dl', null,
        h('dt', { text: t('red_first') }), h('dd', { 'data-testid': 'solve-red', text: valueText(solve.value_red_first, 0) }),
        h('dt', { text: t('blue_first') }), h('dd', { 'data-testid': 'solve-blue', text: valueText(solve.value_blue_first, 1) })));
      const w = Array.isArray(solve.warnings) ? solve.warnings : [];
      if (w.length) {
        solveBox.append(h('p', { class: 'warn-title', text: t('warnings') }),
          h('ul', { class: 'warnings', 'data-testid': 'solve-warnings' }, ...w.map((x) => h('li', { text: typeof x === 'object' && x ? errorText(x) : String(x) }))));
      }
    }
  }

  function renderSaved() {
    savedList.replaceChildren();
    for (const l of saved) {
      if (!l || typeof l.layout !== 'string') continue;
      savedList.append(h('li', null,
        h('button', {
          type: 'button', class: 'link', text: `${t('load')}: ${l.name}`,
          onclick: () => { try { layout = parseLayout(l.layout); selected = null; changed(); } catch (e) { parseError = e.message; render(); } },
        }),
        h('code', { text: ` ${l.layout}` }),
        ' ',
        h('a', { href: `/editor?saved=${encodeURIComponent(l.id)}`, text: t('layout_link') })));
    }
  }

  function render() {
    titleEl.textContent = t('editor_title');
    helpEl.textContent = t('editor_help');
    textLabel.textContent = t('layout_text');
    applyBtn.textContent = t('apply_text');
    nameLabel.textContent = t('layout_name');
    saveBtn.textContent = t('save_layout');
    playBtn.textContent = t('play_layout');
    resetBtn.textContent = t('reset_default');
    clearBtn.textContent = t('clear_walls');
    solveTitle.textContent = t('solve_title');
    savedTitle.textContent = t('saved_layouts');
    savedTitle.hidden = !saved.length;
    textErr.textContent = parseError ? t('parse_error', { error: parseError }) : '';
    saveMsgEl.textContent = saveMsg;
    const occ = occupied();
    const targets = selected ? new Set([...GRID].filter((c) => !occ.has(c))) : new Set();
    drawImago(svg, view(), { edges: true, handlePx: HANDLE_PX, selected: selected ? [selected] : [], targets, onCell });
    boardWrap.dataset.layout = formatLayout(layout);
    renderSolve();
    renderSaved();
  }

  applyBtn.addEventListener('click', applyText);
  textArea.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); applyText(); }
  });
  textArea.addEventListener('change', applyText);
  function applyText() {
    try {
      layout = parseLayout(textArea.value);
      selected = null;
      changed({ fromText: true });
    } catch (e) {
      parseError = e.message;
      render();
    }
  }
  resetBtn.addEventListener('click', () => { layout = { red: [...DEFAULT.red], blue: [...DEFAULT.blue], walls: [] }; selected = null; changed(); });
  clearBtn.addEventListener('click', () => { layout.walls = []; changed(); });
  saveBtn.addEventListener('click', async () => {
    const name = nameInput.value.trim();
    if (!name) { saveMsg = t('name_needed'); render(); nameInput.focus(); return; }
    try {
      const res = await api.post('/api/layouts', { name, layout: formatLayout(layout) }, ownerToken());
      if (res && typeof res.owner === 'string') keepOwner(res.owner);
      saveMsg = t('saved', { name: res && res.name ? res.name : name });
      loadSaved();
    } catch (e) {
      saveMsg = t('error_prefix', { error: e.message });
    }
    render();
  });
  playBtn.addEventListener('click', () => navigate(`/new/imago?variant=${encodeURIComponent(formatLayout(layout))}`));
  const onKey = (ev) => { if (ev.key === 'Escape' && selected) { selected = null; render(); } };
  document.addEventListener('keydown', onKey);

  async function loadSaved() {
    try {
      const res = await api.get('/api/layouts', ownerToken());
      saved = (res && Array.isArray(res.layouts)) ? res.layouts : [];
    } catch { saved = []; }
    render();
  }

  const start = new URLSearchParams(location.search).get('layout');
  if (start) { try { layout = parseLayout(start); } catch { /* keep default */ } }
  // A layout shared by its link: anyone may play it or save a copy.
  const shared = new URLSearchParams(location.search).get('saved');
  if (shared) {
    api.get(`/api/layouts/${encodeURIComponent(shared)}`).then((res) => {
      if (!res || typeof res.layout !== 'string') return;
      layout = parseLayout(res.layout);
      nameInput.value = res.name || '';
      saveMsg = t('layout_shared', { name: res.name || '' });
      changed();
    }).catch((e) => { saveMsg = t('error_prefix', { error: e.message }); render(); });
  }
  textArea.value = formatLayout(layout);
  render();
  runSolve();
  loadSaved();
  const off = onLangChange(render);
  // The handles keep their size on screen: redraw when the board's width changes.
  let lastWidth = 0;
  const onResize = () => {
    const w = Math.round(svg.getBoundingClientRect().width);
    if (w && w !== lastWidth) { lastWidth = w; render(); }
  };
  window.addEventListener('resize', onResize);
  requestAnimationFrame(onResize);
  return () => { off(); clearTimeout(timer); seq++; document.removeEventListener('keydown', onKey); window.removeEventListener('resize', onResize); };
}
