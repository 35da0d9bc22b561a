// The moderators' page (/moderation; issue #44, docs/web-ui.md): the chat
// lines players reported, newest first (GET /api/moderation/reports), each
// with its game, who said it and who reported it, why; "Hide the line"
// (gone for everyone) and "Mark the account" (its lines shown to itself
// alone), or "Unmark". Anyone else is told the page is for moderators.

import { h, fill } from './dom.js';
import { t, onLangChange, getLang } from './i18n.js';
import * as api from './api.js';
import { nameLink } from './people.js';

export function mountModeration(root) {
  let reports = null;
  let marked = new Set(); // marked here, this visit (the list does not say)
  let error = null;
  let note = '';
  let destroyed = false;

  async function load() {
    try {
      reports = (await api.get('/api/moderation/reports')).reports;
      error = null;
    } catch (e) {
      error = e;
    }
    render();
  }

  async function hide(r) {
    try {
      await api.post(`/api/moderation/lines/${encodeURIComponent(r.line)}/hide`, {});
      note = t('mod_hidden', { name: r.player });
    } catch (e) {
      note = t('error_prefix', { error: e.message });
    }
    load();
  }

  async function mark(name, on) {
    try {
      await api.post('/api/moderation/marks', { name, marked: on });
      if (on) marked.add(name); else marked.delete(name);
      note = t(on ? 'mod_marked' : 'mod_unmarked', { name });
    } catch (e) {
      note = t('error_prefix', { error: e.message });
    }
    render();
  }

  function row(r) {
    const on = marked.has(r.player);
    // Each cell carries its column's name: a phone shows a report as a
    // card of labelled lines (style.css).
    const cell = (key, attrs, ...kids) => h('td', { ...attrs, 'data-label': t(key) }, ...kids);
    return h('tr', { 'data-testid': `report-${r.id}` },
      cell('mod_col_when', { text: new Date(r.at).toLocaleString(getLang(), { dateStyle: 'medium', timeStyle: 'short' }) }),
      cell('mod_col_player', null, nameLink(r.player)),
      cell('mod_col_line', { class: 'mod-text', text: r.text }),
      cell('mod_col_game', null, h('a', { href: `/play/${encodeURIComponent(r.game)}`, 'data-link': '', text: t('mod_game') })),
      cell('mod_col_reporter', null, h('span', null, nameLink(r.reporter), h('br'), h('span', { class: 'muted', text: t('chat_reason', { reason: r.reason }) }), r.note ? h('span', { class: 'muted', text: ` · ${r.note}` }) : null)),
      cell('mod_col_act', { class: 'mod-actions' }, h('span', { class: 'mod-buttons' },
        h('button', { type: 'button', class: 'secondary', 'data-testid': `hide-${r.id}`, text: t('mod_hide'), onclick: () => hide(r) }),
        h('button', { type: 'button', class: on ? 'secondary' : 'danger', 'data-testid': `mark-${r.id}`, text: t(on ? 'mod_unmark' : 'mod_mark'), onclick: () => mark(r.player, !on) }))));
  }

  function render() {
    if (destroyed) return;
    const parts = [h('h1', { text: t('mod_title') })];
    if (error && (error.status === 401 || error.status === 403)) {
      parts.push(h('p', { 'data-testid': 'mod-refused', text: t('mod_only') }));
    } else if (error) {
      parts.push(h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: error.message }) }));
    } else if (reports === null) {
      parts.push(h('p', { text: t('loading') }));
    } else if (!reports.length) {
      parts.push(h('p', { class: 'none', 'data-testid': 'mod-none', text: t('mod_none') }));
    } else {
      parts.push(h('p', { class: 'muted', text: t('mod_note') }));
      if (note) parts.push(h('p', { role: 'status', 'data-testid': 'mod-note', text: note }));
      parts.push(h('div', { class: 'table-wrap' }, h('table', { class: 'data-table', 'data-testid': 'reports' },
        h('thead', null, h('tr', null, ...['mod_col_when', 'mod_col_player', 'mod_col_line', 'mod_col_game', 'mod_col_reporter', 'mod_col_act']
          .map((k) => h('th', { scope: 'col', text: t(k) })))),
        h('tbody', null, ...reports.map(row)))));
    }
    fill(root, h('section', { class: 'people moderation' }, ...parts));
  }

  const off = onLangChange(() => { note = ''; render(); });
  render();
  load();
  return () => { destroyed = true; off(); };
}
