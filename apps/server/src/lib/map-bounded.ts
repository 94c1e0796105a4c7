/** `items.map(fn)` with at most `limit` calls running at once; the answers keep the items' order. */
export const mapBounded = async <T, U>(items: readonly T[], limit: number, fn: (item: T) => Promise<U>): Promise<U[]> => {
  const out = new Array<U>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
};
