// A tiny markdown renderer that builds DOM nodes with textContent only:
// headings, paragraphs, lists (nested by indent), fenced code, tables,
// and inline code, bold, italics and links (rendered as text or safe links).
// `opts.fence(info, body)` may turn a fenced block (```info) into a node of
// its own (the rules pages' boards and cards); null leaves it as code.

import { h } from './dom.js';
import { t } from './i18n.js';

export function renderMarkdown(src, opts = {}) {
  const lines = String(src || '').replace(/\r\n?/g, '\n').split('\n');
  const out = document.createDocumentFragment();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const fence = /^\s*(```|~~~)\s*([\w-]*)/.exec(line);
    if (fence) {
      const buf = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) buf.push(lines[i++]);
      i++;
      const own = fence[2] && opts.fence ? opts.fence(fence[2], buf.join('\n')) : null;
      out.append(own || h('pre', null, h('code', { text: buf.join('\n') })));
      continue;
    }
    const hd = /^(#{1,6})\s+(.*)$/.exec(line);
    if (hd) {
      const level = Math.max(1, Math.min(6, hd[1].length + (opts.shift ?? 1))); // the page has its own h1
      out.append(inline(h(`h${level}`), hd[2].replace(/\s+#+\s*$/, '')));
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      out.append(table(rows));
      continue;
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const items = [];
      while (i < lines.length && (lines[i].trim() === '' ? nextIsList(lines, i) : /^\s*([-*+]|\d+[.)])\s+|^\s{2,}\S/.test(lines[i]))) {
        items.push(lines[i++]);
      }
      out.append(list(items));
      continue;
    }
    if (/^\s*>/.test(line)) {
      const buf = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) buf.push(lines[i++].replace(/^\s*>\s?/, ''));
      out.append(inline(h('blockquote'), buf.join(' ')));
      continue;
    }
    const buf = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|\s*```|\s*~~~|\s*\||\s*([-*+]|\d+[.)])\s+)/.test(lines[i])) buf.push(lines[i++].trim());
    out.append(inline(h('p'), buf.join(' ')));
  }
  return out;
}

function nextIsList(lines, i) {
  let j = i;
  while (j < lines.length && !lines[j].trim()) j++;
  return j < lines.length && /^\s*([-*+]|\d+[.)])\s+|^\s{2,}\S/.test(lines[j]) && j - i <= 1;
}

function list(rawLines) {
  // items: {indent, ordered, text}
  const items = [];
  for (const raw of rawLines) {
    if (!raw.trim()) continue;
    const m = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(raw);
    if (m) items.push({ indent: m[1].length, ordered: /\d/.test(m[2]), start: parseInt(m[2], 10), text: m[3] });
    else if (items.length) items[items.length - 1].text += ` ${raw.trim()}`;
  }
  return build(items, 0, items.length ? items[0].indent : 0).el;

  function build(arr, start, indent) {
    const first = arr[start];
    const el = h(first && first.ordered ? 'ol' : 'ul');
    if (first && first.ordered && first.start > 1) el.setAttribute('start', String(first.start));
    let k = start;
    let li = null;
    while (k < arr.length) {
      const it = arr[k];
      if (it.indent < indent) break;
      if (it.indent > indent && li) {
        const sub = build(arr, k, it.indent);
        li.append(sub.el);
        k = sub.next;
        continue;
      }
      li = inline(h('li'), it.text);
      el.append(li);
      k++;
    }
    return { el, next: k };
  }
}

function splitRow(row) {
  let r = row.trim();
  if (r.startsWith('|')) r = r.slice(1);
  if (r.endsWith('|')) r = r.slice(0, -1);
  // split on | not inside backticks
  const cells = [];
  let cur = '';
  let code = false;
  for (let k = 0; k < r.length; k++) {
    const ch = r[k];
    if (ch === '`') code = !code;
    if (ch === '\\' && r[k + 1] === '|') { cur += '|'; k++; continue; }
    if (ch === '|' && !code) { cells.push(cur.trim()); cur = ''; continue; }
    cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

function table(rows) {
  const tbl = h('table');
  const parsed = rows.map(splitRow);
  let body = parsed;
  if (parsed.length >= 2 && parsed[1].every((c) => /^:?-{2,}:?$/.test(c))) {
    const thead = h('thead');
    const tr = h('tr');
    for (const c of parsed[0]) tr.append(inline(h('th'), c));
    thead.append(tr);
    tbl.append(thead);
    body = parsed.slice(2);
  }
  const tbody = h('tbody');
  for (const r of body) {
    const tr = h('tr');
    for (const c of r) tr.append(inline(h('td'), c));
    tbody.append(tr);
  }
  tbl.append(tbody);
  // The wrapper scrolls sideways on a narrow screen: focusable, so that the
  // keyboard can scroll it, and named by the table's columns.
  const head = parsed.length >= 2 && body !== parsed ? parsed[0].map((c) => c.replace(/[`*_]/g, '')).join(', ') : '';
  return h('div', {
    class: 'table-wrap', tabindex: '0', role: 'region',
    'aria-label': head ? t('md_table_label', { columns: head }) : t('md_table'),
  }, tbl);
}

/** Inline markup: `code`, **bold**, *em* / _em_, [text](url). */
export function inline(el, text) {
  const re = /(`+)([\s\S]*?)\1|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|(?<![\w])_([^_]+)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) el.append(document.createTextNode(text.slice(last, m.index)));
    if (m[1]) el.append(h('code', { text: m[2] }));
    else if (m[3] !== undefined) el.append(inline(h('strong'), m[3]));
    else if (m[4] !== undefined) el.append(inline(h('em'), m[4]));
    else if (m[5] !== undefined) el.append(inline(h('em'), m[5]));
    else if (m[6] !== undefined) {
      const url = m[7];
      if (/^https?:\/\//i.test(url)) el.append(inline(h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }), m[6]));
      else el.append(inline(h('span', { class: 'ref' }), m[6]));
    }
    last = re.lastIndex;
  }
  if (last < text.length) el.append(document.createTextNode(text.slice(last)));
  return el;
}
