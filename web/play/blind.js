// The screen-reader mode of the game page (issue #49), after lichess's
// blind mode: the board becomes text. One input takes a move in the game's
// notation or a command; what happens (each move, ours and the other
// side's, the end, the answers to commands) is written to a log that is an
// aria-live region, so a screen reader reads it as it comes. Commands, in
// either language: board/b (tablero/t) reads the pieces by cell, moves/m
// (jugadas/j) the legal moves, clock/c (reloj/r) the clocks, last/l
// (última/u) the last move, help/h (ayuda/a) the commands. On with the
// setting in the header's settings box or ?blind=1 in the address; see
// docs/web-ui.md, "The screen-reader mode".

import { h } from '../dom.js';
import { t, sideName } from '../i18n.js';
import { remaining, formatClock } from '../clock.js';
import { setting } from '../settings.js';

/** Whether the page is in the screen-reader mode (the setting, or ?blind=1 / ?blind=0). */
export function blindWanted() {
  const q = new URLSearchParams(location.search).get('blind');
  if (q === '1') return true;
  if (q === '0') return false;
  return !!setting('blind');
}

const COMMANDS = {
  board: ['board', 'b', 'tablero', 't'],
  moves: ['moves', 'm', 'jugadas', 'j'],
  clock: ['clock', 'c', 'reloj', 'r'],
  last: ['last', 'l', 'última', 'ultima', 'u'],
  help: ['help', 'h', '?', 'ayuda', 'a'],
};

/** A move as typed, for comparing: lower case, no spaces. */
const norm = (s) => String(s || '').toLowerCase().replace(/\s+/g, '');

/**
 * The screen-reader panel: `el` (put it where the board was), `render(st)`
 * after each state. `submit(move)` plays a move; `svg` is the drawn board
 * (its cells' labels are read); `status(st)` the status sentence;
 * `refusal()` why no move can be made now.
 */
export function createBlind({ submit, svg, status, refusal }) {
  const title = h('h2', { id: 'blind-title', class: 'blind-title' });
  const label = h('label', { for: 'blind-input' });
  const input = h('input', {
    id: 'blind-input', type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
    'data-testid': 'blind-input', 'aria-describedby': 'blind-help',
  });
  const send = h('button', { type: 'submit', 'data-testid': 'blind-send' });
  const form = h('form', { class: 'blind-form', 'data-testid': 'blind-form' }, label, ' ', input, ' ', send);
  const logTitle = h('h3', { id: 'blind-log-title' });
  const log = h('div', { class: 'blind-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'blind-log-title', 'data-testid': 'blind-log', tabindex: '0' });
  const help = h('p', { id: 'blind-help', class: 'blind-help', 'data-testid': 'blind-help' });
  const el = h('section', { class: 'blind', 'aria-labelledby': 'blind-title', 'data-testid': 'blind' }, title, form, help, logTitle, log);
  let live = null;
  let seen = null; // the moves already written to the log
  let ended = false;

  let written = 0;
  const write = (text, kind = 'info') => {
    written += 1;
    log.dataset.count = String(written);
    log.append(h('p', { 'data-kind': kind, 'data-n': String(written), text }));
    while (log.childElementCount > 500) log.firstElementChild.remove();
  };

  const side = (st, seat) => sideName(st.game, seat, st.seats?.[seat]?.name, st.variant);

  const text = () => {
    title.textContent = t('blind_title');
    label.textContent = t('blind_input_label');
    send.textContent = t('blind_send');
    logTitle.textContent = t('blind_log');
    help.textContent = t('blind_help');
  };

  /** The board read cell by cell: the cells not empty (pieces, walls, goals). */
  function boardText() {
    const cells = [...svg.querySelectorAll('[data-cell]')];
    const said = [];
    let empty = 0;
    for (const c of cells) {
      const id = c.getAttribute('data-cell');
      const l = c.getAttribute('aria-label') || '';
      if (!l) continue;
      if (l === t('cell_empty', { cell: id }) || (c.classList.contains('edge') && !c.classList.contains('on'))) {
        empty += 1;
        continue;
      }
      said.push(l);
    }
    return t('blind_board', { n: empty, cells: said.join('; ') || t('blind_nothing') });
  }

  function movesText(st) {
    const legal = (st.legal || []).map((m) => m.move);
    if (!legal.length) return refusal();
    return t('blind_moves', { n: legal.length, moves: legal.join(', ') });
  }

  function clockText(st) {
    if (!st.clock) return t('clock_none');
    const days = !!st.clock.days;
    return [0, 1].map((s) => `${side(st, s)}: ${formatClock(remaining(st.clock, s), days)}`).join('; ');
  }

  function lastText(st) {
    const moves = st.moves || [];
    if (!moves.length) return t('no_moves_yet');
    const n = moves.length;
    // Who made the last move: the seat not to move now (at the end: the
    // seat that was to move before it).
    const seat = st.to_move === 0 || st.to_move === 1 ? 1 - st.to_move : (n - 1) % 2;
    return t('blind_last', { n, side: side(st, seat), move: moves[n - 1] });
  }

  function command(raw) {
    const st = live;
    const word = norm(raw);
    if (!word) return;
    if (!st) { write(t('loading')); return; }
    const is = (k) => COMMANDS[k].includes(word);
    // A legal move first: a command never hides one.
    const found = (st.legal || []).find((m) => norm(m.move) === word);
    if (found) submit(found.move);
    else if (is('board')) write(boardText(), 'board');
    else if (is('moves')) write(movesText(st), 'moves');
    else if (is('clock')) write(clockText(st), 'clock');
    else if (is('last')) write(lastText(st), 'last');
    else if (is('help')) write(t('blind_help'), 'help');
    else if (!(st.legal || []).length) write(refusal(), 'refused');
    else write(t('blind_unknown', { text: raw.trim() }), 'refused');
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const v = input.value;
    input.value = '';
    command(v);
  });

  /** Writes the moves made since the last state (both sides'), and the end. */
  function render(st) {
    if (!st) return;
    text();
    const moves = st.moves || [];
    if (seen === null) {
      seen = moves.length;
      write(status(st), 'status');
    } else if (moves.length < seen) {
      seen = moves.length;
      write(status(st), 'status');
    } else {
      // One new move: made by the seat that was to move. Several at once:
      // turns taken in alternation, the last by the seat not to move now.
      const lastMover = moves.length === seen + 1 && live && (live.to_move === 0 || live.to_move === 1)
        ? live.to_move
        : (st.to_move === 0 || st.to_move === 1 ? 1 - st.to_move : (live ? live.to_move ?? 0 : 0));
      for (let i = seen; i < moves.length; i++) {
        const seat = (moves.length - 1 - i) % 2 === 0 ? lastMover : 1 - lastMover;
        write(t('announce_move', { side: side(st, seat), move: moves[i] }), 'move');
      }
      if (moves.length > seen && !st.result && (st.you || []).includes(st.to_move)) write(status(st), 'status');
      seen = moves.length;
    }
    if (st.result && !ended) {
      ended = true;
      write(status(st), 'end');
    }
    live = st;
  }

  text();
  return { el, render, input };
}
