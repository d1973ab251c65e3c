import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The impacts that fail a test; `minor` and `moderate` findings are left to review. */
const failingImpacts: readonly ImpactValue[] = ['serious', 'critical'];

export interface Violation {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

type AxeRun = (context: Document, options: RunOptions) => Promise<AxeResults>;

/**
 * Waits until nothing on the page is still fading or sliding in: axe reads computed colours,
 * and a half-transparent element has a contrast it will not have a moment later. Endless
 * animations (spinners, skeleton pulses) are left out; they never settle.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe on the page as it is now and returns the serious and critical violations. The page
 * must come from a context made with `bypassCSP`, since axe is injected as an inline script.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await settleAnimations(page);
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: AxeRun } }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html,
        summary: node.failureSummary ?? '',
      })),
    }));
  });
  return violations.filter((violation) => failingImpacts.includes(violation.impact));
}

/** One readable block per violation: rule, impact, help page, and every element it found. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    ${node.target}\n      ${node.html}\n      ${node.summary.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}
