/*
 * A sort that gives the event loop a turn every few milliseconds. Array.prototype.sort holds the
 * thread until it is done: a million file names take about 5 s, during which the server answers
 * nobody. This bottom-up merge sort does the same work in slices, so other requests are answered
 * while a big folder's order is being made.
 */

/** Runs sorted by Array.prototype.sort before merging: short enough to stay inside a slice. */
const RUN = 2048;
/** The clock is read once per this many elements (reading it is not free either). */
const CHECK_EVERY = 1024;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(fn)`, with a turn for the event loop every `sliceMs`. */
export const mapInTurns = async <T, U>(items: readonly T[], fn: (item: T) => U, sliceMs = 10): Promise<U[]> => {
  const out = new Array<U>(items.length);
  let until = performance.now() + sliceMs;
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i] as T);
    if (i % CHECK_EVERY === 0 && performance.now() >= until) {
      await turn();
      until = performance.now() + sliceMs;
    }
  }
  return out;
};

/** Sorts a copy of `items` by `compare` (stable), yielding to the event loop every `sliceMs`. */
export const sortInTurns = async <T>(items: readonly T[], compare: (a: T, b: T) => number, sliceMs = 10): Promise<T[]> => {
  const n = items.length;
  let src = items.slice();
  let until = performance.now() + sliceMs;
  const maybeYield = async () => {
    if (performance.now() < until) return;
    await turn();
    until = performance.now() + sliceMs;
  };

  for (let lo = 0; lo < n; lo += RUN) {
    const run = src.slice(lo, lo + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) src[lo + i] = run[i] as T;
    await maybeYield();
  }

  let dst = new Array<T>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const a = src[i] as T;
        const b = src[j] as T;
        if (compare(a, b) <= 0) {
          dst[k++] = a;
          i++;
        } else {
          dst[k++] = b;
          j++;
        }
        if (k % CHECK_EVERY === 0) await maybeYield();
      }
      while (i < mid) dst[k++] = src[i++] as T;
      while (j < hi) dst[k++] = src[j++] as T;
    }
    [src, dst] = [dst, src];
    await maybeYield();
  }
  return src;
};
