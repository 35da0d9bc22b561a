// A player's tools on the game page (issues #44 and #49): abort (until both
// sides have moved), takeback offers between people, the next-game queue
// (a button and the key `n`, and the setting to go there after each
// move), private notes (saved as they are typed, seen by their writer
// only), and the positions to share (a link to the shown ply, its board
// as a PNG picture, and the record of a finished game to download). See docs/web-ui.md.

import { h } from '../dom.js';
import { t, sideName } from '../i18n.js';
import * as api from '../api.js';
import { refresh as refreshWaiting, waitingGames } from '../yourturn.js';
import { setting } from '../settings.js';

/** How long typing pauses before a note is saved (ms). */
const NOTE_PAUSE = 600;

/** The ply asked for by the address (`#ply=N` or `?ply=N`), or null. */
export function plyOfAddress(loc = location) {
  const m = /(?:^#|&)ply=(\d+)/.exec(loc.hash || '') || /[?&]ply=(\d+)/.exec(loc.search || '');
  return m ? Number(m[1]) : null;
}

/** The address of game `id` at ply `n`. */
export function plyLink(id, n) {
  return new URL(`/play/${encodeURIComponent(id)}#ply=${n}`, location.origin).href;
}

/**
 * The tools of game `id` on the page whose state is `ctx`; `tokens()`,
 * `act(what, body)` (the page's action request), `say(text, kind)`,
 * `navigate(path)`, `shownPly()`. Returns the buttons to put with the
 * actions (`buttons`), the takeback note (`note`), the side boxes
 * (`notesBox`, `shareBox`), `render(live, browsing)`, `onKey(ev)`,
 * `moved()` (after an own move: the setting may go to the next game) and
 * `destroy()`.
 */
export function createTools({ id, ctx, tokens, act, say, navigate, shownPly }) {
  const mkBtn = (testid, onclick, cls = '') => h('button', { type: 'button', class: cls, 'data-testid': testid, onclick });
  const bAbort = mkBtn('abort', () => act('abort'), 'danger');
  const bOffer = mkBtn('takeback-offer', () => act('takeback', { action: 'offer' }));
  const bAccept = mkBtn('takeback-accept', () => act('takeback', { action: 'accept' }), 'primary');
  const bDecline = mkBtn('takeback-decline', () => act('takeback', { action: 'decline' }));
  const bNext = mkBtn('next-game', () => next());
  const note = h('p', { class: 'takeback-note', 'data-testid': 'takeback-note', 'aria-live': 'polite', hidden: true });

  // ---- notes ----
  const notesTitle = h('h2', { class: 'notes-title' });
  const notesHint = h('p', { class: 'hint notes-hint' });
  const notesArea = h('textarea', { class: 'notes-text', 'data-testid': 'notes', rows: 4, maxlength: 10000 });
  const notesState = h('span', { class: 'notes-state', 'data-testid': 'notes-state', 'aria-live': 'polite' });
  const notesBox = h('div', { class: 'notes', hidden: true }, notesTitle, notesArea, h('p', { class: 'notes-foot' }, notesHint, ' ', notesState));
  let notesLoaded = false;
  let noteTimer = null;
  let saving = Promise.resolve();
  let stateKey = '';

  async function loadNotes() {
    notesLoaded = true;
    try {
      const n = await api.get(`/api/games/${encodeURIComponent(id)}/notes`, tokens());
      if (document.activeElement !== notesArea) notesArea.value = n.text || '';
      notesBox.dataset.seat = String(n.seat);
    } catch {
      notesLoaded = false; // not a seat of ours (yet): asked again later
      notesBox.hidden = true;
    }
  }

  function saveNotes() {
    clearTimeout(noteTimer);
    noteTimer = null;
    const text = notesArea.value;
    stateKey = 'tools_notes_saving';
    notesState.textContent = t(stateKey);
    notesState.dataset.state = 'saving';
    saving = saving.then(async () => {
      try {
        await api.post(`/api/games/${encodeURIComponent(id)}/notes`, { text }, tokens());
        if (notesArea.value === text) {
          stateKey = 'tools_notes_saved';
          notesState.textContent = t(stateKey);
          notesState.dataset.state = 'saved';
        }
      } catch (e) {
        stateKey = '';
        notesState.textContent = t('tools_notes_failed', { error: e.message });
        notesState.dataset.state = 'failed';
      }
    });
  }
  notesArea.addEventListener('input', () => {
    clearTimeout(noteTimer);
    noteTimer = setTimeout(saveNotes, NOTE_PAUSE);
  });
  // Leaving the box saves at once (no pause lost).
  notesArea.addEventListener('blur', () => { if (noteTimer) saveNotes(); });

  // ---- share ----
  const shareTitle = h('h2', { class: 'share-title' });
  const shareInput = h('input', { type: 'text', readonly: true, 'data-testid': 'ply-link' });
  const bCopy = mkBtn('copy-ply-link', () => copy());
  const aRecord = h('a', { class: 'button', 'data-testid': 'download-record', download: '' });
  const aPng = h('a', { class: 'button', 'data-testid': 'board-png', target: '_blank', rel: 'noopener' });
  // The whole game as an animated GIF (#49), on a finished game's page.
  const aGif = h('a', { class: 'button', 'data-testid': 'game-gif', target: '_blank', rel: 'noopener' });
  const shareBox = h('div', { class: 'share' }, shareTitle, h('div', { class: 'invite-row' }, shareInput, bCopy), h('p', { class: 'share-files' }, aPng, ' ', aRecord, ' ', aGif));

  async function copy() {
    shareInput.select();
    try {
      await navigator.clipboard.writeText(shareInput.value);
    } catch {
      try { document.execCommand('copy'); } catch { /* the link stays selected */ }
    }
    say(t('tools_ply_copied'));
  }

  // ---- next game ----
  /** Goes to the most urgent other game waiting for our move; `auto`: after a move (silent when there is none). */
  async function next({ auto = false } = {}) {
    await refreshWaiting();
    if (ctx.destroyed) return;
    // The list is the most urgent first (yourturn.js): the game after this
    // one in it, round to the first (so the button walks through them all).
    const list = waitingGames();
    const here = list.findIndex((w) => w.id === id);
    const g = list.length ? list[(here + 1) % list.length] : null;
    if (!g || g.id === id) {
      if (!auto) say(t('tools_next_none'));
      return;
    }
    navigate(`/play/${encodeURIComponent(g.id)}`);
  }

  function render(live, browsing) {
    bAbort.textContent = t('tools_abort');
    bOffer.textContent = t('tools_takeback_offer');
    bAccept.textContent = t('tools_takeback_accept');
    bDecline.textContent = t('tools_takeback_decline');
    bNext.textContent = t('tools_next');
    bNext.title = t('tools_next_title');
    bNext.setAttribute('aria-keyshortcuts', 'n');
    notesTitle.textContent = t('tools_notes');
    notesHint.textContent = t('tools_notes_hint');
    if (stateKey) notesState.textContent = t(stateKey);
    notesArea.setAttribute('aria-label', t('tools_notes'));
    shareTitle.textContent = t('tools_share');
    bCopy.textContent = t('tools_ply_link');
    aRecord.textContent = t('tools_download_record');
    aPng.textContent = t('tools_board_png');
    aGif.textContent = t('gif_link');
    if (!live) return;
    const you = live.you || [];
    const over = !!live.result;
    bAbort.hidden = !live.abort || browsing;
    bAbort.disabled = ctx.busy;
    const offer = live.takeback_offer;
    const offered = offer === 0 || offer === 1;
    bOffer.hidden = !live.takeback || browsing;
    bOffer.disabled = ctx.busy;
    const canAnswer = !over && offered && you.some((s) => s !== offer);
    bAccept.hidden = !canAnswer;
    bDecline.hidden = !canAnswer;
    note.hidden = !offered || over;
    if (offered) {
      note.textContent = you.length === 1 && you[0] === offer
        ? t('tools_takeback_sent')
        : t('tools_takeback_offered', { side: sideName(live.game, offer, live.seats?.[offer]?.name, live.variant) });
    }
    bNext.hidden = !you.length && !api.allTokens().length;
    notesBox.hidden = !you.length;
    if (you.length && !notesLoaded) loadNotes();
    const sp = shownPly();
    shareInput.value = plyLink(id, sp);
    shareInput.setAttribute('aria-label', t('tools_ply_link'));
    aPng.href = `/api/games/${encodeURIComponent(id)}/board.png?ply=${sp}`;
    aRecord.hidden = !over;
    aRecord.href = `/api/games/${encodeURIComponent(id)}/record`;
    aGif.hidden = !over;
    aGif.href = `/api/games/${encodeURIComponent(id)}/game.gif`;
  }

  function onKey(ev) {
    if (ev.key !== 'n' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const el = ev.target;
    if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
    ev.preventDefault();
    next();
  }

  function moved() {
    if (setting('autoNext')) next({ auto: true });
  }

  function destroy() {
    if (noteTimer) saveNotes();
  }

  return { buttons: [bAbort, bOffer, bAccept, bDecline, bNext], note, notesBox, shareBox, render, onKey, moved, destroy };
}
