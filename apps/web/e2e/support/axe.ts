import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';

/*
 * axe-core run inside the page. @axe-core/playwright would do the same, but its releases need
 * Node 22; the engine itself runs anywhere, so the test injects it and calls axe.run.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail the check: axe's "serious" and "critical". */
const FAILING = ['serious', 'critical'];

const Violation = z.object({
  id: z.string(),
  impact: z.string().nullish(),
  help: z.string(),
  nodes: z.array(z.object({ target: z.array(z.unknown()), failureSummary: z.string().nullish() })),
});
export type Violation = z.infer<typeof Violation>;

/** Serious and critical violations of axe's default rules (WCAG 2.x A and AA plus best practices). */
const runAxe = async (page: Page): Promise<Violation[]> => {
  // Evaluated through the debugger protocol, so the portal's Content-Security-Policy does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const raw = await page.evaluate(async () => {
    const axe: unknown = Reflect.get(window, 'axe');
    const run: unknown = axe && Reflect.get(axe, 'run');
    if (typeof run !== 'function') throw new Error('axe-core did not load');
    const result: unknown = await run.call(axe, document, { resultTypes: ['violations'] });
    return result && Reflect.get(result, 'violations');
  });
  return z
    .array(Violation)
    .parse(raw)
    .filter((v) => FAILING.includes(v.impact ?? ''));
};

/**
 * Waits until the page shows its content: some text in `root`, no spinner, skeleton or busy region,
 * and no transition or animation still playing (a fading element would be measured half-transparent).
 * Every step waits for a condition, with the test's generous expect timeout.
 */
export const settled = async (page: Page, root = '#root') => {
  const busy = page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]').filter({ visible: true });
  await expect(page.locator(root)).toHaveText(/\S/);
  await expect(busy).toHaveCount(0);
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .length === 0,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

const describe = (where: string, violations: Violation[]) =>
  violations.flatMap((v) => [
    `${where}: ${v.id} (${v.impact ?? ''}) ${v.help}`,
    ...v.nodes.map(
      (n) => `    ${n.target.map(String).join(' ')}${n.failureSummary ? ` | ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  ]);

/**
 * The serious and critical violations on the page as it is now, described one line per rule and
 * one per element. A violation must show in two runs, the page settled before each, so that a
 * state passing by (a message fading out, a list refreshing) does not count.
 */
export const seriousViolations = async (page: Page, where: string, root?: string): Promise<string[]> => {
  await settled(page, root);
  const first = await runAxe(page);
  if (first.length === 0) return [];
  await settled(page, root);
  return describe(where, await runAxe(page));
};
