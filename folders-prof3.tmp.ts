import { readFileSync } from 'node:fs';
import { parseNames } from './apps/server/src/cluster/access/listing.js';
import { firstSorted, sortEntries, visible } from './apps/server/src/modules/files/listing.js';
const out = readFileSync('/tmp/folders-names.out', 'utf8');
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  const names = parseNames(out);
  const a = performance.now() - t; t = performance.now();
  const rows = visible(names, false, undefined);
  const v = performance.now() - t; t = performance.now();
  const first = firstSorted(rows, 'name', 'asc', 100);
  const b = performance.now() - t; t = performance.now();
  console.log({ parse: a, visible: v, select: b, first: first[0]?.name });
}
