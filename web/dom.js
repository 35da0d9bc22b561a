// Tiny DOM helpers. Text always goes through textContent / text nodes,
// never innerHTML, so nothing from the server or the user is parsed as HTML.

/**
 * h('button', {class: 'x', onclick: fn, dataset: {cell: 'b2'}}, 'text', child)
 * Attributes starting with "on" become event listeners; `text` sets
 * textContent; `dataset` fills data-*; false/null attributes are skipped.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  appendChildren(el, children);
  return el;
}

export function applyAttrs(el, attrs) {
  if (!attrs) return el;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'text') el.textContent = String(v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' && 'value' in el) el.value = v;
    else if (k === 'checked' || k === 'selected' || k === 'disabled' || k === 'hidden') el[k] = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  return el;
}

export function appendChildren(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replace all children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  return appendChildren(el, children);
}

/** Format a score number: 0.5 -> ½, 1.5 -> 1½. */
export function fmtScore(x) {
  if (typeof x !== 'number') return String(x);
  const whole = Math.floor(x);
  const frac = x - whole;
  if (Math.abs(frac - 0.5) < 1e-9) return whole === 0 ? '½' : `${whole}½`;
  return String(x);
}

let boot = null;

/**
 * The data the server put in the page for its first draw: the JSON of
 * `<script type="application/json" id="boot">` (never run), read once:
 * `messages` ({lang, ftl}), `catalog` (as GET /api/catalog's `games`) and on
 * a game page `game` (its state as a spectator sees it). {} when absent.
 */
export function bootData() {
  if (!boot) {
    try {
      const el = document.getElementById('boot');
      const v = el ? JSON.parse(el.textContent) : {};
      boot = v && typeof v === 'object' ? v : {};
    } catch {
      boot = {};
    }
  }
  return boot;
}
