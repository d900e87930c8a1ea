// Started fresh by bench/run.mjs, once per sample:
//   node bench/load-probe.mjs bare            — node start-up only (the baseline)
//   node bench/load-probe.mjs import LINE     — import dist/lib/index.js, then parse LINE twice
//   node bench/load-probe.mjs nest SHAPE N    — parse nesting shape SHAPE (index) at depth N, cold
// Prints JSON with in-process timings (ns) or the outcome.
const [mode, arg, arg2] = process.argv.slice(2);
const url = new URL('../dist/lib/index.js', import.meta.url).href;
if (mode === 'import') {
  const t0 = process.hrtime.bigint();
  const lib = await import(url);
  const t1 = process.hrtime.bigint();
  lib.parse(arg);
  const t2 = process.hrtime.bigint();
  lib.parse(arg);
  const t3 = process.hrtime.bigint();
  process.stdout.write(JSON.stringify({ importNs: Number(t1 - t0), firstParseNs: Number(t2 - t1), secondParseNs: Number(t3 - t2) }));
} else if (mode === 'nest') {
  const { nest, nestShapes } = await import('./shapes.mjs');
  const lib = await import(url);
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
