// Development aid: parse every corpus snippet in each dialect and compare with the real shells.
// usage: node scripts/conformance.mjs [dialect] [--show N] [--filter substring] [--kind accept|reject]
import { build } from 'esbuild';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const only = args.find((a) => ['bash', 'sh', 'zsh'].includes(a));
const show = Number(args[args.indexOf('--show') + 1] || 0) || (args.includes('--show') ? 20 : 0);
const kind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : null;
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1] : null;
await build({ entryPoints: ['src/index.ts'], outfile: '/tmp/tw/index.mjs', bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
const { parse } = await import('/tmp/tw/index.mjs?' + Date.now());
const dir = '../shared/corpus/parser';
const seen = new Map();
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
  for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
    if (!line) continue;
    const o = JSON.parse(line);
    if (!seen.has(o.src)) seen.set(o.src, { ...o, file: f });
  }
}
const expected = (o, d) => {
  const kinds = o.real_error_kind || {};
  const key = d === 'bash' ? 'bash' : d;
  if (kinds[key]) return null;
  let v = d === 'bash' ? (o.real.bash_extglob ?? o.real.bash) : o.real[d];
  if (v !== 'ok' && v !== 'error') return null;
  return v === 'ok';
};
for (const d of only ? [only] : ['bash', 'sh', 'zsh']) {
  let n = 0, agree = 0, falseAccept = 0, falseReject = 0, crash = 0;
  const samples = [];
  const t0 = performance.now();
  for (const o of seen.values()) {
    const exp = expected(o, d);
    if (exp === null) continue;
    n++;
    let ok, msg = '';
    try { parse(o.src, { dialect: d }); ok = true; } catch (e) { ok = false; msg = e.message; if (e.name !== 'ParseError' && e.name !== 'BudgetError') { crash++; msg = 'CRASH ' + e.stack; } }
    if (ok === exp) { agree++; continue; }
    if (ok) falseAccept++; else falseReject++;
    if ((!kind || (kind === 'accept') === ok) && (!filter || o.src.includes(filter))) samples.push({ src: o.src, ok, msg, err: (o.real_errors || {})[d === 'sh' ? 'sh' : d], file: o.file });
  }
  const ms = performance.now() - t0;
  console.log(`${d}: ${agree}/${n} agree (${(100 * agree / n).toFixed(2)}%), treeward accepts what shell rejects: ${falseAccept}, rejects what shell accepts: ${falseReject}, crashes: ${crash}, ${ms.toFixed(0)} ms`);
  for (const s of samples.slice(0, show)) {
    console.log('----', s.file, s.ok ? 'TREEWARD ACCEPTS; shell: ' + s.err : 'TREEWARD REJECTS: ' + s.msg);
    console.log(s.src.length > 600 ? s.src.slice(0, 600) + '…' : s.src);
  }
}
