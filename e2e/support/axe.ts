import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AxeResults, RunOptions } from 'axe-core';

declare global {
  interface Window {
    axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Issue 3: no violations of the WCAG 2.2 A and AA rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface Violation {
  frame: string;
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * axe in every frame of the page (the host page and, in iframe mode, the Dais page inside it).
 * axe reads open shadow roots, so the widget's content is checked, not just its host element.
 * Injected with evaluate(), which the widget page's Content-Security-Policy does not apply to.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank') continue;
    await frame.evaluate(AXE_SOURCE);
    const violations = await frame.evaluate(async (tags) => {
      const result = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: JSON.stringify(n.target), html: n.html, summary: n.failureSummary ?? '' })),
      }));
    }, WCAG_TAGS);
    found.push(...violations.map((v) => ({ frame: frame.url(), ...v })));
  }
  return found;
}

function formatViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  in ${v.frame}\n` +
        v.nodes.map((n) => `  - ${n.target}\n    ${n.html}\n    ${n.summary.replace(/\n/g, '\n    ')}`).join('\n'),
    )
    .join('\n');
}

/**
 * Asserts zero violations, printing each one (rule, element, what to fix) when there are some. Soft:
 * the test goes on, so one state's failure does not hide the states after it.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page);
  expect.soft(formatViolations(violations), `axe (WCAG 2.2 A/AA) in "${state}"`).toBe('');
}
