/** `{ '…/en/jobs.json': texts }` → `{ jobs: texts }`. */
export const byNamespace = (files: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(files).map(([path, texts]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, texts]));
