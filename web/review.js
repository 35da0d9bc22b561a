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

  function chart(r) {
    const values = r.chart || [];
    const W = 300;
    const H = 80;
    const n = Math.max(values.length - 1, 1);
    const x = (i) => (i / n) * W;
    const y = (v) => ((1 - v) / 2) * H;
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
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('class', 'review-chart');
    svg.setAttribute('data-testid', 'review-chart');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', t('review_chart', { side: sideName(r.game, 0) }));
    const line = (x1, y1, x2, y2, cls) => {
      const l = document.createElementNS(ns, 'line');
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(v));
      l.setAttribute('class', cls);
      svg.append(l);
    };
    line(0, H / 2, W, H / 2, 'axis');
    for (const p of parts) {
      const pl = document.createElementNS(ns, 'polyline');
      pl.setAttribute('points', p.join(' '));
      pl.setAttribute('class', 'value');
      svg.append(pl);
    }
    if (r.slipped !== null && r.slipped !== undefined) {
      const i = r.slipped + 1;
      line(x(i), 0, x(i), H, 'slip');
    }
    svg.addEventListener('click', (e) => {
      const box = svg.getBoundingClientRect();
      const ply = Math.round(((e.clientX - box.left) / box.width) * n);
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
    fill(el, h('h2', { text: t('review_title') }),
      h('p', { class: 'review-how', text: how }),
      h('ul', { class: 'review-accuracy' }, ...acc),
      slip,
      chart(r),
      notable.length ? h('ul', { class: 'review-moves', 'data-testid': 'review-moves' }, ...notable) : null);
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
