// axe's accessibility check on a page, as every browser test runs it.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe on a page, as every browser test runs it: with the rule Lighthouse adds to axe's defaults
 * (a control's name contains the words it shows, so voice control can press it by what it says),
 * and in the page itself. axe's default runs each frame's part, then opens a blank page beside it
 * to merge them, injecting its 550 KB a second time there; that costs a second Chromium page and
 * doubles the time (2.4 s to 1.1 s for /store, bench/results.md). The merge page exists for
 * frames from other origins, and the site has none: the same-origin frames are still checked.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    // Every violation with all its elements; the rules that passed or did not apply, which no
    // test reads, without building and sending a selector for each element they checked.
    resultTypes: ['violations'],
  })
}

/**
 * axe's findings, one readable line per offending element, so a failure says what to fix. axe
 * reads colours as painted: an element still fading in (an overlay alert's entrance) fails the
 * contrast rule, so the fades running when it is called finish first.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY &&
            (animation.effect as KeyframeEffect | null)
              ?.getKeyframes()
              .some((frame) => 'opacity' in frame),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await axeOn(page).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary}`,
    ),
  )
}
