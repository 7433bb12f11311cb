import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe's findings, one readable line per offending element, so a failure says what to fix. With
 * the rule Lighthouse adds to axe's defaults: a control's name contains the words it shows, so
 * voice control can press it by what it says.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary}`,
    ),
  )
}
