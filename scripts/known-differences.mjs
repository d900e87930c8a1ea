// Development aid: list every corpus disagreement as a known-differences.tsv row,
// keeping the reasons already written for rows that are still disagreements.
// usage: node scripts/known-differences.mjs > test/conformance/known-differences.tsv.new
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

await build({ entryPoints: ['src/index.ts'], outfile: '/tmp/tw/index.mjs', bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
const { parse } = await import('/tmp/tw/index.mjs?' + Date.now());
const dir = '../shared/corpus/parser';
const tsv = 'test/conformance/known-differences.tsv';
const old = new Map();
if (existsSync(tsv)) for (const line of readFileSync(tsv, 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const c = line.split('\t');
  old.set(c[0] + c[1] + c[2], c[5]);
}
const seen = new Map();
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
  if (!line) continue;
  const o = JSON.parse(line);
  if (!seen.has(o.src)) seen.set(o.src, { ...o, file: f });
}
const rules = [
  [/inside backquotes/, 'rejects', 'bash parses a backquoted body only when it runs it (then prints a syntax error and runs the rest); treeward reads every body now and refuses one that does not parse'],
  [/\u0000/, null, 'NUL byte: bash and dash drop NUL bytes from a script file, but a command line reaches a shell as a C string that ends there (node will not even spawn one), so treeward refuses any line holding one'],
];
const out = [];
for (const o of seen.values()) for (const d of ['bash', 'sh', 'zsh']) {
  if (o.real_error_kind?.[d]) continue;
  const v = d === 'bash' ? (o.real.bash_extglob ?? o.real.bash) : o.real[d];
  if (v !== 'ok' && v !== 'error') continue;
  let ok, msg = '';
  try { parse(o.src, { dialect: d }); ok = true; } catch (e) { ok = false; msg = e.message; }
  if (ok === (v === 'ok')) continue;
  const key = createHash('sha1').update(o.src).digest('hex').slice(0, 12);
  const verdict = ok ? 'treeward-accepts' : 'treeward-rejects';
  let reason = old.get(d + verdict + key) ?? '';
  if (!reason) for (const [re, kind, text] of rules) if ((re.test(msg) || re.test(o.src)) && (!kind || (kind === 'rejects') === !ok)) { reason = text; break; }
  const snippet = JSON.stringify(o.src.length > 70 ? o.src.slice(0, 70) + '…' : o.src).replace(/\t/g, '\\t');
  out.push([d, verdict, key, o.file, snippet, reason || `TODO ${ok ? 'shell: ' + (o.real_errors?.[d] ?? '') : 'treeward: ' + msg}`].join('\t'));
}
console.log(`# Corpus snippets where treeward's verdict differs from the real shell's -n (see corpus.test.ts).
# dialect\ttreeward-accepts|treeward-rejects\tsha1(src)[:12]\tfile\tsnippet\treason`);
console.log(out.sort().join('\n'));
