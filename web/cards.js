// Super Dimensiones' five cards in the browser: each face drawn by the
// server (GET /api/cards/N.svg, the same drawing as the printed kit), a
// picker whose cards flip on a click, and a running game's rule set shown
// as its five cards. A rule set's code is five letters, card 1 first
// (`M-C-N-W-R`), with `+huff` appended where the option is on.

import { h } from './dom.js';

/** The letters of each card's faces, red first (as tablero-print draws them). */
export const LETTERS = [['M', 'I'], ['D', 'C'], ['A', 'N'], ['W', 'E'], ['R', 'S']];
const FACES = ['red', 'blue'];

/** The URL of one face of card n (1 to 5). */
export function cardUrl(n, face, lang) {
  return `/api/cards/${n}.svg?face=${face}&lang=${lang === 'es' ? 'es' : 'en'}`;
}

/** The faces ('red'/'blue') of a code's five cards, or null for a code that is not one. */
export function facesOf(code) {
  const parts = String(code || '').replace(/\+huff$/, '').split('-');
  if (parts.length !== 5) return null;
  const out = [];
  for (let i = 0; i < 5; i++) {
    const k = LETTERS[i].indexOf(parts[i]);
    if (k < 0) return null;
    out.push(FACES[k]);
  }
  return out;
}

/** The code of five faces. */
export function codeOf(faces) {
  return faces.map((f, i) => LETTERS[i][f === 'blue' ? 1 : 0]).join('-');
}

function words(n, face, t) {
  const letter = LETTERS[n - 1][face === 'blue' ? 1 : 0];
  return { n, name: t(`card_name_${n}`), face: t(`card_face_${letter}`), colour: t(`card_${face}`), letter };
}

/** One card face as an image. */
export function cardImage(n, face, lang, t, cls = 'card-img') {
  return h('img', {
    class: cls, src: cardUrl(n, face, lang), alt: t('card_alt', words(n, face, t)),
    width: '170', height: '96', 'data-card': `${n}${words(n, face, t).letter}`, 'data-face': face,
  });
}

/**
 * A rule set shown as its five cards, its code small under them; null for
 * a code that is not a rule set. Each card is drawn in HTML in its face's
 * colours (number, name, letter, face), its words at the page's text size:
 * the card's picture, small enough to fit five in a row, would make them
 * a few pixels tall (the pictures are on the rules page and the picker).
 */
export function cardRow(code, lang, t) {
  const faces = facesOf(code);
  if (!faces) return null;
  ensureStyle();
  return h('div', { class: 'card-row', 'data-testid': 'game-cards', 'data-code': code, role: 'group', 'aria-label': t('game_cards') },
    h('ul', { class: 'card-chips' }, ...faces.map((f, i) => {
      const w = words(i + 1, f, t);
      return h('li', { class: `card-chip face-${f}`, 'data-card': `${w.n}${w.letter}`, 'data-face': f },
        h('span', { class: 'chip-name' }, h('strong', { text: String(w.n) }), ` ${w.name}`),
        h('span', { class: 'chip-face' }, h('strong', { class: 'chip-letter', text: w.letter }), ` ${w.face}`));
    })),
    h('small', { class: 'card-code', text: `${t('cards_code')}: ${code}` }));
}

/**
 * The picker: five cards as buttons, each click flips one; the code is
 * shown small. `onChange(code)` on every flip; `set(code)` turns the cards
 * to a code chosen elsewhere (the text form).
 */
export function cardPicker({ code, lang, t, onChange }) {
  ensureStyle();
  let faces = facesOf(code) || facesOf('M-C-N-W-R');
  const codeEl = h('small', { class: 'card-code', 'data-testid': 'card-code' });
  const buttons = [1, 2, 3, 4, 5].map((n) => h('button', {
    type: 'button', class: 'card-btn', 'data-testid': `card-${n}`,
    onclick: () => {
      faces = faces.map((f, i) => (i === n - 1 ? (f === 'red' ? 'blue' : 'red') : f));
      paint();
      onChange(codeOf(faces));
    },
  }));
  function paint() {
    buttons.forEach((b, i) => {
      const n = i + 1;
      b.replaceChildren(cardImage(n, faces[i], lang, t));
      b.dataset.face = faces[i];
      b.setAttribute('aria-label', t('card_flip', words(n, faces[i], t)));
    });
    codeEl.textContent = `${t('cards_code')}: ${codeOf(faces)}`;
  }
  paint();
  return {
    node: h('div', { class: 'card-picker', 'data-testid': 'card-picker', role: 'group', 'aria-label': t('cards_title') },
      ...buttons, codeEl),
    set(c) { const f = facesOf(c); if (f) { faces = f; paint(); } },
    code: () => codeOf(faces),
  };
}

/** Loads the stylesheet of the cards and the rules pages (web/rules.css) once. */
export function ensureStyle() {
  if (document.getElementById('rules-css')) return;
  document.head.append(h('link', { id: 'rules-css', rel: 'stylesheet', href: '/static/rules.css' }));
}
