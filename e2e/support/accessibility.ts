import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 16, accessibility: every screen a journey opens is checked with axe-core against WCAG 2.0/2.1 A and AA; a
// violation of impact "serious" or "critical" fails the journey, naming the rule, its help and the offending elements.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules switched off for every screen. Only provable false positives of third-party components belong here, each
 * with its reason.
 */
const DISABLED_RULES: readonly string[] = [];

/**
 * Known violations not yet fixed: rule id, the screen (the name given to `expectAccessible`, a prefix matches) and why
 * it is left. Empty is the goal; an entry here still shows in the report, it only does not fail the journey.
 */
const KNOWN_VIOLATIONS: readonly { rule: string; screen: string; reason: string }[] = [];

/**
 * Nodes of a rule that are false positives of a third-party component, found by the element's closest ancestor.
 * Only provable ones belong here, each with its reason.
 */
const FALSE_POSITIVES: readonly { rule: string; within: string; reason: string }[] = [
  {
    rule: 'scrollable-region-focusable',
    within: '[role="presentation"]:has([role="listbox"])', // the dropdown of a Select, MultiSelect or Autocomplete
    reason: "Mantine's open select list: focus stays in its input and the arrow keys move and scroll the options (aria-activedescendant)",
  },
];

const reportDir = join(import.meta.dirname, '..', 'output', 'accessibility');

const isKnown = (rule: string, screen: string) => KNOWN_VIOLATIONS.some((k) => k.rule === rule && screen.startsWith(k.screen));

/** Runs axe on the page as it is now and fails on a serious or critical violation of WCAG 2.1 A/AA. */
export const expectAccessible = async (page: Page, screen: string): Promise<void> => {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .disableRules([...DISABLED_RULES])
    .analyze();
  const blocking = [];
  for (const violation of results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))) {
    const nodes = [];
    for (const node of violation.nodes) {
      const selector = node.target.at(-1);
      const falsePositive = FALSE_POSITIVES.filter((f) => f.rule === violation.id);
      const isFalse =
        typeof selector === 'string' &&
        falsePositive.length > 0 &&
        (await page
          .locator(selector)
          .first()
          .evaluate(
            (el, within) => within.some((w) => el.closest(w) !== null),
            falsePositive.map((f) => f.within),
          )
          .catch(() => false));
      if (!isFalse) nodes.push(node);
    }
    if (nodes.length > 0) blocking.push({ ...violation, nodes });
  }
  const lines = blocking.map((v) => {
    const targets = v.nodes.map(
      (n) => `    ${n.target.join(' ')}${n.failureSummary ? ` -- ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    );
    return [`${v.id} (${v.impact}${isKnown(v.id, screen) ? ', known' : ''}): ${v.help} ${v.helpUrl}`, ...targets].join('\n');
  });
  if (blocking.length > 0) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${screen}.txt`), `${page.url()}\n${lines.join('\n')}\n`);
    await test.info().attach(`axe-${screen}`, { body: lines.join('\n'), contentType: 'text/plain' });
  }
  const failing = blocking.filter((v) => !isKnown(v.id, screen)).map((v) => v.id);
  // Soft: the journey goes on, so one run reports every screen's violations; it still fails at its end.
  expect.soft(failing, `accessibility of ${screen} (${page.url()}):\n${lines.join('\n')}`).toEqual([]);
};
