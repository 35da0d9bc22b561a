// The designer's lab (`tablero serve --lab DIR`): /lab lists the reports
// of DIR (GET /api/lab), /lab/NAME shows one (GET /api/lab/NAME): its
// figures table and its SVG plots (GET /api/lab/NAME/files/FILE), or, for
// an exact study, its layouts' values. A survey that is still being played
// shows its progress, read from its lab.sqlite by the server: the page
// polls every 2 seconds while a report is not finished (and stops when the
// page is left or the survey finishes, then shows the final figures).

import { h, fill } from './dom.js';
import { t, gameName, onLangChange } from './i18n.js';
import * as api from './api.js';

/** How often a running survey is asked for again (ms). */
export const POLL_MS = 2000;

const pct = (x) => (typeof x === 'number' ? `${(100 * x).toFixed(0)} %` : '–');
const num = (x, d = 1) => (typeof x === 'number' ? x.toFixed(d) : '–');

/** A rate with its interval: "45 % (30–60)". */
function rate(r) {
  if (!r || typeof r.rate !== 'number') return '–';
  return `${pct(r.rate)} (${(100 * r.low).toFixed(0)}–${(100 * r.high).toFixed(0)})`;
}

/** A bootstrap estimate with its interval. */
function estimate(e, d = 2) {
  if (!e || typeof e.value !== 'number') return '–';
  const range = typeof e.low === 'number' ? ` (${num(e.low, d)}–${num(e.high, d)})` : '';
  return `${num(e.value, d)}${range}`;
}

function stateText(r) {
  return t(`lab_state_${r.state}`) || r.state;
}

function when(ms) {
  return typeof ms === 'number' ? new Date(ms).toLocaleString() : '';
}

function gameLabel(g) {
  return g ? gameName(g) : '?';
}

function progressBar(done, total, label) {
  if (typeof done !== 'number' || typeof total !== 'number' || total <= 0) return null;
  return h('progress', { max: String(total), value: String(done), 'aria-label': label });
}

function tableWrap(table) {
  const wrap = h('div', { class: 'markdown' }, h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': table.getAttribute('aria-label') || '' }, table));
  return wrap;
}

function table(caption, head, rows, testid) {
  return tableWrap(h('table', { 'data-testid': testid, 'aria-label': caption },
    h('caption', { text: caption }),
    h('thead', null, h('tr', null, head.map((c) => h('th', { scope: 'col', text: c })))),
    h('tbody', null, rows.map((r) => h('tr', null, r.map((c, i) => (i === 0 ? h('th', { scope: 'row', text: c }) : h('td', { text: c }))))))));
}

/** The list of reports. */
function renderList(root, data, error) {
  const items = (data && data.reports) || [];
  const list = h('ul', { class: 'recent', 'data-testid': 'lab-reports' });
  if (error) list.append(h('li', { class: 'error', text: t('error_prefix', { error }) }));
  else if (!data) list.append(h('li', { text: t('loading') }));
  else if (!items.length) list.append(h('li', { class: 'none', text: t('lab_none') }));
  for (const r of items) {
    const games = typeof r.games_total === 'number'
      ? t('lab_games_done', { done: r.games_done, total: r.games_total })
      : '';
    list.append(h('li', { class: 'recent-item', 'data-testid': `lab-report-${r.name}`, 'data-state': r.state },
      h('a', { href: `/lab/${encodeURIComponent(r.name)}`, 'data-link': '' }, h('strong', { text: r.name })),
      ' ',
      h('span', { class: 'recent-meta', text: [gameLabel(r.game), t('lab_variant_count', { n: (r.variants || []).length }), games, stateText(r), when(r.updated)].filter(Boolean).join(' · ') }),
      r.state === 'running' ? h('div', null, progressBar(r.games_done, r.games_total, t('lab_progress_label'))) : null));
  }
  fill(root,
    h('h1', { text: t('lab_title') }),
    h('p', { class: 'hint', text: t('lab_intro') }),
    list);
}

/** A survey's figures, one row per variant (and match-up). */
function surveyTable(report) {
  const groups = report.groups || [];
  const players = groups.some((g) => g.a !== g.b);
  const head = [t('lab_col_variant')];
  if (players) head.push(t('lab_col_players'));
  head.push(t('lab_col_games'), t('lab_col_first'), t('lab_col_second'), t('lab_col_draws'), t('lab_col_capped'),
    t('lab_col_balance'), t('lab_col_length'), t('lab_col_branching'), t('lab_col_lead_changes'), t('lab_col_decided'),
    t('lab_col_drama'), t('lab_col_coverage'));
  const rows = groups.map((g) => {
    const row = [g.variant];
    if (players) row.push(`${g.a} – ${g.b}`);
    const len = g.length || {};
    row.push(String(g.games), rate(g.first_wins), rate(g.second_wins), rate(g.draws), rate(g.capped),
      estimate(g.balance), `${num(len.median, 0)} [${num(len.q1, 0)}–${num(len.q3, 0)}]`,
      estimate(g.branching, 1), estimate(g.lead_changes, 1), estimate(g.decided_at), estimate(g.drama), estimate(g.coverage));
    return row;
  });
  const out = [table(t('lab_figures'), head, rows, 'lab-figures')];
  if ((report.ladder || []).length) {
    out.push(table(t('lab_ladder'), [t('lab_col_variant'), t('lab_col_rung'), t('lab_col_games'), t('lab_col_score'), t('lab_col_elo')],
      report.ladder.map((r) => [r.variant, `${r.stronger} > ${r.weaker}`, String(r.games), rate(r.stronger_score),
        typeof r.elo === 'number' ? r.elo.toFixed(0) : '–']), 'lab-ladder'));
  }
  return out;
}

function valueText(v) {
  if (!v || !v.value) return '–';
  const word = t(`lab_value_${v.value}`);
  return typeof v.plies === 'number' ? t('lab_value_in', { value: word, plies: v.plies }) : word;
}

/** An exact study: Imago's layouts, or an endgame table's figures. */
function exactTables(report) {
  const out = [];
  if (Array.isArray(report.layouts)) {
    const rows = report.layouts.map((s, i) => [
      `#${i + 1}`, s.layout, valueText(s.red_first && s.red_first.start), valueText(s.blue_first && s.blue_first.start),
      `${s.losing_first_moves}`, `${pct(s.won_share)} / ${pct(s.drawn_share)} / ${pct(s.lost_share)}`, String(s.longest_win)]);
    out.push(table(t('lab_layouts'), ['#', t('lab_col_layout'), t('lab_col_first_a'), t('lab_col_first_b'),
      t('lab_col_losing_first'), t('lab_col_shares'), t('lab_col_longest')], rows, 'lab-exact'));
  }
  if (Array.isArray(report.starts)) {
    const signed = (x) => (typeof x === 'number' ? (x > 0 ? `+${x}` : String(x)) : '–');
    const rows = report.starts.map((s) => [s.first, signed(s.value), `${s.losing}/${s.moves}`, signed(s.worst),
      `${s.mistakes} (${s.largest_drop})`, s.shortest == null ? '–' : `${s.shortest}–${s.longest}`]);
    out.push(table(t('lab_exact_starts'), [t('lab_col_first_player'), t('lab_col_value'), t('lab_col_losing_first'),
      t('lab_col_worst'), t('lab_col_mistakes'), t('lab_col_perfect')], rows, 'lab-exact'));
  }
  if (report.shares) {
    out.push(h('p', { 'data-testid': 'lab-shares', text: t('lab_shares', { won: pct(report.shares.won), drawn: pct(report.shares.drawn), lost: pct(report.shares.lost), positions: report.positions ?? '?' }) }));
  }
  return out;
}

/** The live progress: the whole survey and each variant. */
function progressBlock(p, state) {
  if (!p) return null;
  const rows = (p.variants || []).map((v) => [v.variant, `${v.games_done}/${v.games_total}`, String(v.first), String(v.second), String(v.draws)]);
  return h('section', { 'data-testid': 'lab-progress', 'data-done': String(p.games_done), 'data-total': String(p.games_total) },
    h('h2', { text: t('lab_progress') }),
    h('p', { role: 'status', 'aria-live': 'polite', 'data-testid': 'lab-progress-text', text: t('lab_progress_text', { done: p.games_done, total: p.games_total, units: p.units_done, units_total: p.units_total }) }),
    progressBar(p.games_done, p.games_total, t('lab_progress_label')),
    state === 'finished' ? null : table(t('lab_progress_variants'), [t('lab_col_variant'), t('lab_col_games'), t('lab_col_first_n'), t('lab_col_second_n'), t('lab_col_draws_n')], rows, 'lab-progress-table'));
}

const PLOT_KEYS = { 'first-player.svg': 'lab_plot_first', 'draws.svg': 'lab_plot_draws', 'lengths.svg': 'lab_plot_lengths', 'ladder.svg': 'lab_plot_ladder' };

/** One report. */
function renderReport(root, name, data, error) {
  const back = h('p', null, h('a', { href: '/lab', 'data-link': '', text: t('lab_back') }));
  if (error) {
    fill(root, h('h1', { text: name }), h('p', { class: 'error', text: t('error_prefix', { error }) }), back);
    return;
  }
  if (!data) {
    fill(root, h('h1', { text: name }), h('p', { text: t('loading') }), back);
    return;
  }
  const r = data.report;
  const meta = [gameLabel(data.game), t('lab_variant_count', { n: (data.variants || []).length }), stateText(data), when(data.updated)].filter(Boolean).join(' · ');
  const parts = [h('h1', { text: `${t('lab_title')}: ${name}` }), back, h('p', { class: 'hint', 'data-testid': 'lab-state', 'data-state': data.state, text: meta })];
  parts.push(progressBlock(data.progress, data.state));
  if (r && Array.isArray(r.groups)) parts.push(...surveyTable(r));
  else if (r) parts.push(...exactTables(r));
  else parts.push(h('p', { class: 'hint', 'data-testid': 'lab-no-report', text: t('lab_no_report') }));
  const plots = (data.plots || []).map((f) => h('figure', { class: 'lab-plot', 'data-testid': `lab-plot-${f}` },
    h('img', { src: `/api/lab/${encodeURIComponent(name)}/files/${encodeURIComponent(f)}?v=${data.updated || 0}`, alt: t(PLOT_KEYS[f] || 'lab_plot_other', { file: f }), loading: 'lazy' }),
    h('figcaption', { text: t(PLOT_KEYS[f] || 'lab_plot_other', { file: f }) })));
  if (plots.length) parts.push(h('h2', { text: t('lab_plots') }), ...plots);
  fill(root, ...parts);
  for (const img of root.querySelectorAll('.lab-plot img')) {
    img.style.maxWidth = '100%';
    img.style.height = 'auto';
  }
}

/** Mounts /lab (name null) or /lab/NAME; returns the cleanup. */
export function mountLab(root, name) {
  const page = h('div', { class: 'lab', 'data-testid': 'lab-page' });
  root.append(page);
  let data = null;
  let error = null;
  let timer = null;
  let destroyed = false;

  function render() {
    if (destroyed) return;
    if (name) renderReport(page, name, data, error);
    else renderList(page, data, error);
  }

  async function load() {
    timer = null;
    try {
      data = await api.request('GET', name ? `/api/lab/${encodeURIComponent(name)}` : '/api/lab');
      error = null;
    } catch (e) {
      error = e.message;
    }
    if (destroyed) return;
    render();
    const open = data && (name ? data.state !== 'finished' : (data.reports || []).some((r) => r.state !== 'finished'));
    if (open || error) timer = setTimeout(load, POLL_MS);
  }

  const off = onLangChange(render);
  render();
  load();
  return () => {
    destroyed = true;
    off();
    if (timer) clearTimeout(timer);
  };
}
