// Started fresh by bench/run.mjs, once per sample:
//   node bench/load-probe.mjs bare                 — node start-up only (the baseline: an ES module that imports nothing)
//   node bench/load-probe.mjs import ENTRY LINE    — import ENTRY, then parse LINE twice; ENTRY is
//        parse (dist/lib/parse.js, `treeward/parse`: the parser alone) or lib (dist/lib/index.js: parser and approver)
//   node bench/load-probe.mjs nest SHAPE N         — parse nesting shape SHAPE (index) at depth N, cold
// Prints JSON with in-process timings (ns) or the outcome.
const [mode, arg, arg2] = process.argv.slice(2);
const entries = { parse: '../dist/lib/parse.js', lib: '../dist/lib/index.js' };
if (mode === 'import') {
  const url = new URL(entries[arg], import.meta.url).href;
  const t0 = process.hrtime.bigint();
  const lib = await import(url);
  const t1 = process.hrtime.bigint();
  lib.parse(arg2);
  const t2 = process.hrtime.bigint();
  lib.parse(arg2);
  const t3 = process.hrtime.bigint();
  process.stdout.write(JSON.stringify({ importNs: Number(t1 - t0), firstParseNs: Number(t2 - t1), secondParseNs: Number(t3 - t2) }));
} else if (mode === 'nest') {
  const { nest, nestShapes } = await import('./shapes.mjs');
  const lib = await import(new URL(entries.parse, import.meta.url).href);
  const src = nest(nestShapes[Number(arg)], Number(arg2));
  try {
    lib.parse(src);
    process.stdout.write(JSON.stringify({ ok: true }));
  } catch (e) {
    const kind = e instanceof lib.BudgetError ? 'BudgetError' : e?.constructor?.name ?? 'Error';
    process.stdout.write(JSON.stringify({ ok: false, error: `${kind}: ${e?.message}` }));
  }
} else {
  process.stdout.write('{}');
}
