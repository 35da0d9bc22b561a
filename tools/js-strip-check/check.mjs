// Cross-check of crates/server/src/minify.rs (not run by CI): every module
// of web/ and the copy a running server sends (comments and indentation
// stripped) must give the same tokens, on the same lines, by acorn's
// tokenizer (an independent JavaScript parser).
//
//   cd tools/js-strip-check && npm install && node check.mjs ../../web http://127.0.0.1:PORT
import * as acorn from 'acorn';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
const [web, base] = process.argv.slice(2);
const files = [];
(function walk(d) { for (const f of readdirSync(d)) { const p = path.join(d, f); if (statSync(p).isDirectory()) walk(p); else if (p.endsWith('.js') && !p.includes('.min.')) files.push(p); } })(web);
const toks = (src) => { const out = []; for (const t of acorn.tokenizer(src, { ecmaVersion: 'latest', sourceType: 'module' })) out.push([t.type.label, t.value === undefined ? '' : String(t.value)]); return out; };
const lines = (src) => { const out = []; for (const t of acorn.tokenizer(src, { ecmaVersion: 'latest', sourceType: 'module', locations: true })) out.push(t.loc.start.line); return out; };
let bad = 0;
for (const f of files) {
  const rel = path.relative(web, f);
  const orig = readFileSync(f, 'utf8');
  const sent = await (await fetch(`${base}/static/${rel}`, { headers: { 'accept-encoding': 'identity' } })).text();
  const a = JSON.stringify(toks(orig)), b = JSON.stringify(toks(sent));
  const la = JSON.stringify(lines(orig)), lb = JSON.stringify(lines(sent));
  const same = a === b && la === lb;
  if (!same) bad++;
  console.log(`${same ? 'same' : 'DIFFERENT'} ${rel} ${orig.length} -> ${sent.length}`);
}
console.log(bad ? `${bad} differ` : 'all token streams and token lines identical');
process.exitCode = bad ? 1 : 0;
