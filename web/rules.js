// Rules page: a short summary in the chosen language, then the full rules
// as implemented (GET /api/rules/GAME, markdown in English).

import { h, fill } from './dom.js';
import { t, gameName, getLang, SUMMARIES, onLangChange } from './i18n.js';
import * as api from './api.js';
import { renderMarkdown } from './markdown.js';
import { loadCatalog, entry } from './games.js';

export function mountRules(root, game) {
  let markdown = null;
  let error = '';
  let known = null; // is the game in the catalog? (null: not known yet)

  function render() {
    if (known === false) {
      fill(root, h('p', { class: 'error', text: t('not_found') }));
      return;
    }
    const summary = (SUMMARIES[getLang()] || SUMMARIES.en)[game] || [];
    const full = h('div', { class: 'markdown', 'data-testid': 'rules-full', lang: 'en' });
    if (error) full.append(h('p', { class: 'error', text: t('error_prefix', { error }) }));
    else if (markdown === null) full.append(h('p', { text: t('loading') }));
    else full.append(renderMarkdown(markdown));
    fill(root, h('article', { class: 'rules' },
      h('h1', { text: t('rules_title', { game: gameName(game) }) }),
      h('p', null, h('a', { class: 'button primary', href: `/new/${game}`, 'data-link': '', text: t('play_now', { game: gameName(game) }) })),
      h('section', { class: 'summary', 'data-testid': 'rules-summary' },
        h('h2', { text: t('in_short') }),
        h('ul', null, ...summary.map((p) => h('li', { text: p })))),
      h('section', null, h('h2', { text: t('full_rules') }), full)));
  }

  render();
  const off = onLangChange(render);
  loadCatalog().then(() => { known = !!entry(game); render(); }).catch(() => { known = true; render(); });
  api.get(`/api/rules/${encodeURIComponent(game)}`).then((res) => {
    markdown = (res && typeof res.markdown === 'string') ? res.markdown : '';
    render();
  }).catch((e) => { error = e.message; render(); });
  return () => off();
}
