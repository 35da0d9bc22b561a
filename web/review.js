// The review of a finished game on the play page (issue #35): a "Review"
// button asks the server for it (a job off the request path, its progress
// shown), then the panel shows each player's accuracy, the move where the
// result slipped, the value over the game as a chart, and the moves worth
// a look; the move list marks every move's verdict (see play.js).

import { h, fill } from './dom.js';
import { t, sideName } from './i18n.js';
import * as api from './api.js';

/** The mark a verdict puts after a move in the list (lichess's signs). */
const SIGN = { slip: '??', blunder: '??', mistake: '?', inaccuracy: '?!', worse: '?!' };

/** Verdicts listed in the panel as the moves worth a look. */
const NOTABLE = new Set(['slip', 'blunder', 'mistake', 'inaccuracy', 'worse']);

/** A value for its mover, in words: win in 5, draw, +2 points, an evaluation. */
export function reviewValueText(v) {
  if (!v) return '?';
  switch (v.kind) {
    case 'win': return t('review_win', { plies: v.plies });
    case 'loss': return t('review_loss', { plies: v.plies });
    case 'draw': return t('review_draw');
    case 'margin': return t('review_margin', { points: v.points });
    default: return t('review_eval', { score: v.score });
  }
}

/**
 * The review of game `id`: `button` goes with the page's actions, `el`
 * under the move list; `update(live)` after every state, `sign(ply)` for
 * the move list's mark of the move that made `ply`.
 */
export function createReview({ id, goToPly, changed }) {
  let answer = null;
  let asked = false;
  let timer = null;
  let failed = '';
  let live = null;
  let shown = false; // the finished review was brought on screen
  const button = h('button', { type: 'button', 'data-testid': 'review', hidden: true, onclick: () => ask() });
  const el = h('section', { class: 'review', 'data-testid': 'review-panel', hidden: true, 'aria-live': 'polite' });

  async function ask() {
    asked = true;
    failed = '';
    clearTimeout(timer);
    try {
      answer = await api.post(`/api/games/${encodeURIComponent(id)}/review`, {});
    } catch (e) {
      failed = e.message;
      answer = null;
    }
    draw();
    if (answer && answer.state === 'running') timer = setTimeout(ask, 400);
    else changed();
  }

  function review() {
    return answer && answer.state === 'done' ? answer.review : null;
  }

  /**
   * The value over the game as a chart with its axes: the ply along x
   * (ticks at a round step), the value for the first player along y (win
   * at the top, draw across the middle, loss at the bottom), each axis
   * named; a click picks the nearest ply.
   */
  function chart(r) {
    const values = r.chart || [];
    const W = 400;
    const H = 170;
    const [L, R, T, B] = [64, 10, 8, 36]; // the margins: the axes' labels
    const pw = W - L - R;
    const ph = H - T - B;
    const n = Math.max(values.length - 1, 1);
    const x = (i) => L + (i / n) * pw;
    const y = (v) => T + ((1 - v) / 2) * ph;
    const parts = [];
    let run = [];
    values.forEach((v, i) => {
      if (v === null || v === undefined) {
        if (run.length) parts.push(run);
        run = [];
      } else run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    });
    if (run.length) parts.push(run);
    const ns = 'http://www.w3.org/2000/svg';
    const node = (tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const side = sideName(r.game, 0);
    const svg = node('svg', { viewBox: `0 0 ${W} ${H}`, class: 'review-chart', 'data-testid': 'review-chart', role: 'img', 'aria-label': t('review_chart', { side }) });
    const line = (x1, y1, x2, y2, cls) => svg.append(node('line', { x1, y1, x2, y2, class: cls }));
    // the plot's frame, the draw line, the value axis' marks
    svg.append(node('rect', { x: L, y: T, width: pw, height: ph, class: 'plot' }));
    line(L, y(0), L + pw, y(0), 'axis');
    const yAxis = node('g', { class: 'y-axis', 'data-testid': 'review-y-axis' });
    for (const [v, key] of [[1, 'review_axis_win'], [0, 'review_axis_draw'], [-1, 'review_axis_loss']]) {
      yAxis.append(node('line', { x1: L - 4, y1: y(v), x2: L, y2: y(v), class: 'tick' }));
      yAxis.append(node('text', { x: L - 6, y: y(v), class: 'tick-label', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, t(key)));
    }
    yAxis.append(node('text', { class: 'axis-title', 'data-testid': 'review-y-title', 'text-anchor': 'middle', transform: `translate(11 ${T + ph / 2}) rotate(-90)` }, t('review_axis_value', { side })));
    svg.append(yAxis);
    // the ply axis: a tick at every step of 1, 2, 5, 10, 20... that gives at most 8
    const step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((s) => n / s <= 8) || Math.ceil(n / 8);
    const xAxis = node('g', { class: 'x-axis', 'data-testid': 'review-x-axis' });
    for (let i = 0; i <= n; i += step) {
      xAxis.append(node('line', { x1: x(i), y1: T + ph, x2: x(i), y2: T + ph + 4, class: 'tick' }));
      xAxis.append(node('text', { x: x(i), y: T + ph + 15, class: 'tick-label', 'text-anchor': 'middle' }, String(i)));
    }
    xAxis.append(node('text', { x: L + pw / 2, y: H - 3, class: 'axis-title', 'data-testid': 'review-x-title', 'text-anchor': 'middle' }, t('review_axis_ply')));
    svg.append(xAxis);
    for (const p of parts) svg.append(node('polyline', { points: p.join(' '), class: 'value' }));
    if (r.slipped !== null && r.slipped !== undefined) {
      const i = r.slipped + 1;
      line(x(i), T, x(i), T + ph, 'slip');
    }
    svg.addEventListener('click', (e) => {
      // the click in the chart's own units, then the nearest ply
      const m = svg.getScreenCTM();
      if (!m) return;
      const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      const ply = Math.round(((at.x - L) / pw) * n);
      goToPly(Math.max(0, Math.min(n, ply)));
    });
    return svg;
  }

  function draw() {
    el.hidden = !asked;
    if (!asked) return;
    button.disabled = !!answer && answer.state === 'running';
    if (failed) {
      fill(el, h('h2', { text: t('review_title') }), h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: failed }) }));
      return;
    }
    const r = review();
    if (!r) {
      const done = answer ? answer.done || 0 : 0;
      const total = answer ? answer.total || 0 : 0;
      fill(el, h('h2', { text: t('review_title') }),
        h('p', { 'data-testid': 'review-progress', text: total ? t('review_progress', { done, total }) : t('review_waiting') }));
      return;
    }
    const game = r.game;
    const how = r.method === 'exact' ? t('review_how_exact') : t('review_how_search', { depth: r.depth ?? '?' });
    const acc = [0, 1].map((p) => {
      const a = r.accuracy[p];
      const side = sideName(game, p);
      return h('li', { 'data-testid': `review-accuracy-${p}` }, a.percent === null || a.percent === undefined
        ? t('review_accuracy_none', { side })
        : t('review_accuracy', { side, percent: Math.round(a.percent), kept: a.kept, judged: a.judged }));
    });
    let slip = h('p', { 'data-testid': 'review-slipped', text: t('review_no_slip') });
    if (r.slipped !== null && r.slipped !== undefined) {
      const m = r.moves[r.slipped];
      const side = sideName(game, m.player === 'p2' ? 1 : 0);
      slip = h('p', { class: 'review-slip', 'data-testid': 'review-slipped', 'data-ply': String(m.ply) },
        h('button', { type: 'button', class: 'linkish', onclick: () => goToPly(m.ply),
          text: t('review_slipped', { ply: m.ply, side, played: m.played, before: reviewValueText(m.before), after: reviewValueText(m.after) }) }),
        m.best.length ? h('span', { text: ` ${t('review_best', { moves: m.best.slice(0, 3).join(', ') })}` }) : null);
    }
    const notable = r.moves.filter((m) => NOTABLE.has(m.verdict)).slice(0, 12).map((m) =>
      h('li', null, h('button', {
        type: 'button', class: `linkish v-${m.verdict}`, 'data-testid': `review-move-${m.ply}`, onclick: () => goToPly(m.ply),
        text: `${m.ply}. ${m.played}${SIGN[m.verdict] || ''} · ${t(`review_verdict_${m.verdict}`)}${m.best.length ? ` · ${t('review_best', { moves: m.best[0] })}` : ''}`,
      })));
    // The chart first, as lichess shows it, then the figures and the moves.
    fill(el, h('h2', { text: t('review_title') }),
      h('div', { class: 'review-summary' }, chart(r), h('ul', { class: 'review-accuracy' }, ...acc), slip),
      notable.length ? h('ul', { class: 'review-moves', 'data-testid': 'review-moves' }, ...notable) : null,
      h('p', { class: 'review-how', text: how }));
    // The reader asked for it: once it is there, its chart and figures are
    // brought on screen, the page scrolled no more than that needs.
    if (!shown) {
      shown = true;
      requestAnimationFrame(() => {
        const c = el.querySelector('.review-summary');
        if (c) c.scrollIntoView({ block: 'nearest' });
      });
    }
  }

  return {
    button,
    el,
    update(state) {
      live = state;
      button.hidden = !(live && live.result);
      button.textContent = t('review');
      if (asked) draw();
    },
    /** The verdict of the move that made `ply` and its sign, once reviewed. */
    sign(ply) {
      const r = review();
      const m = r && r.moves[ply - 1];
      return m ? { verdict: m.verdict, sign: SIGN[m.verdict] || '' } : null;
    },
    destroy() { clearTimeout(timer); },
  };
}
