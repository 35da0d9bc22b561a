// Courses (/learn and /learn/GAME/STAGE, issue #46), as lichess's Learn:
// each game's stages from the moves to winning technique (GET /api/learn,
// in the reader's language, with the stars this account or browser
// earned), and a stage's exercises played on the board against the coach:
// every move so far goes to POST /api/learn/GAME/STAGE/N, which replays
// them with the coach's answers and says whether the goal is reached and
// the stars (3 at par, the fewest moves; the best kept by the server).

import { h, fill } from './dom.js';
import { t, gameName, getLang, onLangChange } from './i18n.js';
import * as api from './api.js';
import { setTitle } from './yourturn.js';
import { loadBoard, loadCatalog } from './games.js';
import { nextCells, pickCell } from './play.js';

/** The page's choice from its path: a game's course, or one stage. */
export function learnSource(path) {
  const m = /^\/learn(?:\/([a-z]+)(?:\/([a-z0-9-]+))?)?\/?$/.exec(path) || [];
  return { game: m[1] || '', stage: m[2] || '' };
}

/** "★★☆" for `stars` of 3. */
function starsText(stars) {
  const n = Math.max(0, Math.min(3, stars || 0));
  return '★'.repeat(n) + '☆'.repeat(3 - n);
}

export function mountLearn(root, source) {
  const ctx = {
    game: source.game,
    stage: source.stage,
    courses: null,
    index: 0, // the exercise shown
    moves: [], // the learner's moves so far
    played: null, // the last replay
    state: null, // the board's state (POST /api/position)
    board: null,
    prefix: [],
    busy: false,
    error: '',
    seq: 0,
    destroyed: false,
  };

  async function loadCourses() {
    ctx.courses = (await api.get(`/api/learn?lang=${getLang()}`)).courses;
  }

  function courseOf(game) {
    return (ctx.courses || []).find((c) => c.game === game) || null;
  }

  function stageOf() {
    const c = courseOf(ctx.game);
    return c ? c.stages.find((s) => s.id === ctx.stage) || null : null;
  }

  /** Stars earned and possible in a stage. */
  function tally(stage) {
    const got = stage.exercises.reduce((a, e) => a + (e.stars || 0), 0);
    return { got, of: stage.exercises.length * 3 };
  }

  // ---- the list of courses, or one game's stages

  function renderList() {
    const games = ctx.game ? [courseOf(ctx.game)].filter(Boolean) : ctx.courses || [];
    const title = ctx.game ? t('learn_title_game', { game: gameName(ctx.game) }) : t('learn_title');
    setTitle(`${title} · tablero`);
    const sections = games.map((c) => h('section', { class: 'learn-course', 'data-testid': 'learn-course', 'data-game': c.game },
      h('h2', null, h('a', { href: `/learn/${c.game}`, 'data-link': '', text: gameName(c.game) })),
      h('ol', { class: 'learn-stages' }, ...c.stages.map((s, i) => {
        const { got, of } = tally(s);
        return h('li', { class: `learn-stage${got === of ? ' done' : ''}`, 'data-testid': 'learn-stage', 'data-stage': s.id },
          h('a', { href: `/learn/${c.game}/${s.id}`, 'data-link': '' },
            h('span', { class: 'learn-stage-n', text: String(i + 1) }),
            h('span', { class: 'learn-stage-title', text: s.title }),
            h('span', { class: 'learn-stage-stars', 'aria-label': t('learn_stars_of', { got, of }), text: `${got}/${of} ★` })));
      }))));
    fill(root, h('article', { class: 'learn' },
      h('h1', { text: title }),
      h('p', { class: 'tagline', text: t('learn_tagline') }),
      ctx.game ? h('p', null, h('a', { href: '/learn', 'data-link': '', text: t('learn_all_games') }), ' · ',
        h('a', { href: `/rules/${ctx.game}`, 'data-link': '', text: t('rules_link', { game: gameName(ctx.game) }) })) : null,
      ...sections));
  }

  // ---- one stage: its exercises on the board

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap', 'data-testid': 'board' }, svg);
  const infoEl = h('div', { class: 'board-info' });
  const statusEl = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  const side = h('aside', { class: 'side-col learn-side' });

  /** Starts exercise `index` again from its position. */
  async function start(index) {
    const stage = stageOf();
    if (!stage) return;
    const seq = ++ctx.seq;
    ctx.index = Math.max(0, Math.min(index, stage.exercises.length - 1));
    ctx.moves = [];
    ctx.played = null;
    ctx.prefix = [];
    ctx.error = '';
    await show(seq, []);
  }

  /** Draws the exercise's position after `all` (every move, both sides'). */
  async function show(seq, all) {
    const e = stageOf().exercises[ctx.index];
    try {
      const [board, st] = await Promise.all([
        loadBoard(ctx.game),
        api.post('/api/position', { game: ctx.game, variant: e.variant, position: e.position, moves: all }),
      ]);
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.board = board;
      ctx.state = st;
      if (all.length === 0) ctx.learner = st.to_move;
    } catch (err) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.error = err.message;
    }
    renderStage();
  }

  /** Sends the learner's moves with `move` added; shows the replay. */
  async function play(move) {
    if (ctx.busy) return;
    const seq = ctx.seq;
    ctx.busy = true;
    ctx.prefix = [];
    renderStage();
    const moves = [...ctx.moves, move];
    try {
      const r = await api.post(`/api/learn/${ctx.game}/${ctx.stage}/${ctx.index}`, { moves });
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.moves = moves;
      ctx.played = r;
      ctx.error = '';
      const ex = stageOf().exercises[ctx.index];
      if (r.best != null) ex.stars = r.best;
      ctx.busy = false;
      await show(seq, r.moves);
      return;
    } catch (err) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.error = err.message;
    }
    ctx.busy = false;
    renderStage();
  }

  function onCell(cell) {
    const r = ctx.played;
    if (ctx.busy || !ctx.state || (r && (r.reached || r.over))) return;
    const pick = pickCell(ctx.state.legal || [], ctx.prefix, cell);
    ctx.prefix = pick.prefix;
    if (pick.move) { play(pick.move); return; }
    renderStage();
  }

  function renderStage() {
    if (ctx.destroyed) return;
    const stage = stageOf();
    if (!stage) {
      fill(root, h('p', { class: 'error', 'data-testid': 'error', text: t('not_found') }),
        h('p', null, h('a', { href: '/learn', 'data-link': '', text: t('learn_all_games') })));
      return;
    }
    const c = courseOf(ctx.game);
    const stageNo = c.stages.indexOf(stage);
    const e = stage.exercises[ctx.index];
    const r = ctx.played;
    const finished = !!(r && (r.reached || r.over));
    setTitle(`${stage.title} · ${t('learn_title_game', { game: gameName(ctx.game) })} · tablero`);
    if (ctx.error) statusEl.textContent = t('error_prefix', { error: ctx.error });
    else if (r && r.reached) statusEl.textContent = t('learn_reached', { n: r.learner_moves, stars: starsText(r.stars) });
    else if (r && r.over) statusEl.textContent = t('learn_missed');
    else if (ctx.busy) statusEl.textContent = t('learn_coach_thinks');
    else statusEl.textContent = t('learn_your_move');
    statusEl.dataset.reached = r && r.reached ? '1' : '0';
    const mod = ctx.board;
    const st = ctx.state;
    if (mod && st && st.view) {
      const lastMove = r && r.moves.length ? r.moves[r.moves.length - 1] : null;
      const lm = lastMove && mod.lastMoveCells ? mod.lastMoveCells(lastMove, st.view) : { set: new Set(), path: [] };
      const live = !finished && !ctx.busy;
      mod.draw(svg, st.view, {
        flip: ctx.learner === 1,
        selected: live ? ctx.prefix : [],
        targets: live ? nextCells(st.legal || [], ctx.prefix) : new Set(),
        last: lm.set,
        lastPath: lm.path,
        onCell,
      });
      fill(infoEl, ...mod.info(st.view));
    }
    boardWrap.dataset.exercise = String(ctx.index);
    const nextStage = c.stages[stageNo + 1];
    const last = ctx.index + 1 >= stage.exercises.length;
    const claim = e.goal.kind === 'claim' && !finished
      ? h('button', { type: 'button', 'data-testid': 'learn-claim', disabled: ctx.busy, onclick: () => play('claim'), text: t('learn_claim') })
      : null;
    const again = h('button', { type: 'button', 'data-testid': 'learn-retry', disabled: ctx.busy, onclick: () => start(ctx.index), text: t('learn_retry') });
    let forward = null;
    if (r && r.reached && !last) {
      forward = h('button', { type: 'button', class: 'primary', 'data-testid': 'learn-next', onclick: () => start(ctx.index + 1), text: t('learn_next') });
    } else if (r && r.reached && nextStage) {
      forward = h('a', { class: 'button primary', href: `/learn/${ctx.game}/${nextStage.id}`, 'data-link': '', 'data-testid': 'learn-next-stage', text: t('learn_next_stage') });
    } else if (r && r.reached) {
      forward = h('a', { class: 'button primary', href: `/learn/${ctx.game}`, 'data-link': '', 'data-testid': 'learn-course-done', text: t('learn_course_done') });
    }
    const dots = h('ol', { class: 'learn-dots', 'aria-label': t('learn_exercises') }, ...stage.exercises.map((x, i) => h('li', null,
      h('button', {
        type: 'button',
        class: `learn-dot${i === ctx.index ? ' current' : ''}${x.stars ? ' done' : ''}`,
        'data-testid': 'learn-dot',
        'data-stars': String(x.stars || 0),
        'aria-current': i === ctx.index ? 'step' : null,
        'aria-label': t('learn_exercise_n', { n: i + 1, total: stage.exercises.length, stars: x.stars || 0 }),
        onclick: () => start(i),
        text: x.stars ? starsText(x.stars) : String(i + 1),
      }))));
    fill(side,
      h('p', { class: 'learn-crumbs' },
        h('a', { href: `/learn/${ctx.game}`, 'data-link': '', text: t('learn_title_game', { game: gameName(ctx.game) }) }),
        ` · ${t('learn_stage_n', { n: stageNo + 1, total: c.stages.length })}`),
      // The goal and the buttons first (a phone shows them right under
      // the board), then the exercises and the lesson.
      h('p', { class: 'learn-goal', 'data-testid': 'learn-goal' },
        h('strong', { text: `${t('learn_goal')} ` }), e.goal_text),
      h('p', { class: 'learn-count', 'data-testid': 'learn-count', text: t('learn_moves', { n: r ? r.learner_moves : 0, par: e.par }) }),
      h('div', { class: 'actions' }, claim, again, forward),
      dots,
      h('p', { class: 'learn-intro', 'data-testid': 'learn-intro', text: stage.intro }));
  }

  function mountStage() {
    fill(root, h('section', { class: 'play learn-play' },
      h('div', { class: 'play-head' }, h('h1', { class: 'play-title', 'data-testid': 'learn-title', text: stageOf() ? stageOf().title : '' })),
      h('div', { class: 'status-bar' }, statusEl),
      h('div', { class: 'play-grid' },
        h('div', { class: 'board-col' }, boardWrap, infoEl),
        side)));
  }

  async function init() {
    try {
      await Promise.all([loadCatalog(), loadCourses()]);
      if (ctx.destroyed) return;
      if (ctx.stage) {
        if (!stageOf()) { renderStage(); return; }
        mountStage();
        const first = stageOf().exercises.findIndex((x) => !x.stars);
        await start(first < 0 ? 0 : first);
      } else {
        renderList();
      }
    } catch (e) {
      fill(root, h('p', { class: 'error', 'data-testid': 'error', text: t('error_prefix', { error: e.message }) }),
        h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
    }
  }

  // Another language: the texts come again from the server.
  const off = onLangChange(async () => {
    try { await loadCourses(); } catch { return; }
    if (ctx.destroyed) return;
    if (ctx.stage) {
      const title = root.querySelector('[data-testid="learn-title"]');
      if (title && stageOf()) title.textContent = stageOf().title;
      renderStage();
    } else {
      renderList();
    }
  });
  init();
  return () => { ctx.destroyed = true; off(); };
}
