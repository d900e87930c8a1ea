import { build } from 'esbuild';
import { readFileSync, readdirSync } from 'node:fs';
await build({ entryPoints: ['src/index.ts'], outfile: '/tmp/tw/index.mjs', bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
const { parse } = await import('/tmp/tw/index.mjs?' + Date.now());
const [d, needle] = process.argv.slice(2);
const dir = '../shared/corpus/parser';
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) for (const line of readFileSync(dir + '/' + f, 'utf8').split('\n')) {
  if (!line) continue; const o = JSON.parse(line);
  if (!o.src.includes(needle)) continue;
  try { parse(o.src, { dialect: d }); console.log('OK', JSON.stringify(o.real)); } catch (e) { console.log('ERR', e.message, JSON.stringify(o.src.slice(Math.max(0,e.span[0]-40), e.span[1]+40)), JSON.stringify(o.real)); }
  break;
}
