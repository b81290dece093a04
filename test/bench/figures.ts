// One row of the table `npm run bench` prints at the end: each bench prints its headline figures as
// `BENCH {json}` lines on stdout, and test/bench/run.ts collects them in order. Values are formatted text.
export type Figure = {
  /** What was measured, e.g. "cold start to first 200". */
  row: string;
  /** my-crew's figure with its unit, e.g. "28 ms". */
  value: string;
  /** The same measure on the floor of the stack (a bare Bun.serve hello probe), when there is one. */
  floor?: string;
  /** The target, e.g. "≤ 30 ms". */
  target?: string;
};

export const FIGURE_PREFIX = "BENCH ";

export function figure(f: Figure): void {
  console.log(`${FIGURE_PREFIX}${JSON.stringify(f)}`);
}
