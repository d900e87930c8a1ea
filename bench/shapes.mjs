// Inputs for treeward's linearity figures, shared by bench/run.mjs (which checks them with
// bash -n, or dash -n for the sh ones) and bench/worker.mjs (which times them, in bash unless the
// shape says otherwise).

/** One long input grown to a size by repeating `unit` (# becomes a counter). */
export const lineShapes = [
  { name: 'echo w0 w1 w2 …', head: 'echo', unit: ' w#' },
  { name: 'true && echo 0 && …', head: 'true', unit: ' && echo #' },
  // bash refuses a pipeline of more than about 3,333 commands (so does treeward in bash): read as sh, as dash does
  { name: 'cat f | grep -v 0 | … (sh)', head: 'cat f', unit: ' | grep -v #', dialect: 'sh' },
  { name: "echo '…' (one quoted word)", head: "echo '", unit: 'lorem ipsum # ', tail: "'" },
  { name: 'echo "$x ${y:-0} $(echo 0) …"', head: 'echo "', unit: '$x ${y:-#} $(echo #) ', tail: '"' },
  { name: "cat <<'EOF' (heredoc body, multi-line)", head: "cat <<'EOF'\n", unit: 'line # of a heredoc body\n', tail: 'EOF\n' },
];

/** Nesting: open × depth, inner, close × depth. */
export const nestShapes = [
  { name: 'echo $(echo $(… echo x …))', open: 'echo $(', inner: 'echo x', close: ')' },
  { name: '( ( … true … ) )', open: '( ', inner: 'true', close: ' )' },
];

export const lineSizes = [10_000, 100_000, 1_000_000];
export const depths = [10, 100, 1000];

export function build(shape, size) {
  const parts = [shape.head];
  let n = shape.head.length;
  for (let i = 0; n < size; i++) {
    const u = shape.unit.replaceAll('#', String(i % 1000));
    parts.push(u);
    n += u.length;
  }
  return parts.join('') + (shape.tail ?? '');
}

export function nest(shape, depth) {
  return shape.open.repeat(depth) + shape.inner + shape.close.repeat(depth);
}
