// KNOWN FAILURES: the approver bugs the regression suite found, each with its
// fixture (a corpus case named `bug: …`). While an entry is here its test is
// reported, not failed; an entry whose test passes fails the suite, so the list
// never outlives the bug. Fixing a bug means deleting its entries; when all are
// fixed, empty `bugs` (the tests need nothing else from this file).
//
// Each bug names its tests exactly as the suite names them:
//   corpus:       `<class> › <case name> [<dialect>]`
//   properties:   `<wrapper> › <class> › <case name> [<dialect>]`
//   containment:  `containment › <class> › <case name> [<dialect>]`
// or, for generated lines, `match` (a regular expression the generated line must match).

export interface KnownFailure {
  /** The test's name as above; or omit it and give `match`. */
  test?: string;
  /** For generated lines: a pattern of the line. */
  match?: RegExp;
  /** What the approver should say, and what it said. */
  expected: string;
  got: string;
  /** Why it is a bug, with the evidence (SPEC, the real shells). */
  why: string;
}

/** One bug and every test it fails. */
interface KnownBug extends Omit<KnownFailure, 'test'> {
  tests: string[];
}

const bugs: KnownBug[] = [];

export const knownFailures: KnownFailure[] = bugs.flatMap(({ tests, ...bug }) => (tests.length ? tests.map((test) => ({ ...bug, test })) : [bug]));
