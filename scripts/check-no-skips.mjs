#!/usr/bin/env node
// Fails when a test report holds a skipped test, or no test at all. The Slurm and ssh suites skip
// themselves without PORTAL_TEST_SLURM=1 or the dev cluster; where scripts/test-all.sh runs them,
// a skip would hide that they never ran.
//   node scripts/check-no-skips.mjs vitest <report.json>       (vitest --reporter=json)
//   node scripts/check-no-skips.mjs playwright <report.json>   (playwright --reporter=json)
import { readFileSync } from 'node:fs';

/** [name, status] of every test in a vitest (Jest-style) JSON report; status is passed, failed, skipped, pending or todo. */
const vitestTests = (report) =>
  report.testResults.flatMap((file) => file.assertionResults.map((t) => [`${file.name} > ${t.fullName}`, t.status]));

/** [name, status] of every test in a Playwright JSON report; status is expected, unexpected, flaky or skipped. */
const playwrightTests = (report) => {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) out.push([[...path, spec.title].join(' > '), t.status]);
    for (const inner of suite.suites ?? []) walk(inner, [...path, inner.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return out;
};

/** Why the report fails the run, or null. */
const problems = (tests) => {
  if (tests.length === 0) return 'the report holds no test: the suite did not run';
  const skipped = tests.filter(([, status]) => ['skipped', 'pending', 'todo'].includes(status));
  if (skipped.length === 0) return null;
  return `${skipped.length} test(s) skipped where they must run:\n${skipped.map(([name]) => `  - ${name}`).join('\n')}`;
};

const [kind, file] = process.argv.slice(2);
if (!['vitest', 'playwright'].includes(kind) || !file) {
  console.error('usage: check-no-skips.mjs vitest|playwright <report.json>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const tests = kind === 'vitest' ? vitestTests(report) : playwrightTests(report);
const problem = problems(tests);
if (problem) {
  console.error(`${file}: ${problem}`);
  process.exit(1);
}
console.warn(`${file}: all ${tests.length} tests ran`);
