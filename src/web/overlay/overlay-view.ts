import { onStageWords } from '../../shared/comics'
import { type GoalView, goalShare, goalTexts } from '../../shared/goal'
import {
  type AlertContent,
  type AlertSize,
  alertSizes,
  alertSoundUrl,
  overlayFit,
  overlaySize,
  overlayTexts,
} from '../../shared/overlay'

/** The page's parts, found once in overlay.html. */
export interface OverlayElements {
  stage: HTMLElement
  alerts: HTMLElement
  total: HTMLElement
  /** The lower third: who is on stage. */
  onStage: HTMLElement
  /** The night's goal: how far the room is. */
  goal: HTMLElement
}

/** Finds the page's parts; throws when overlay.html lacks one. */
export function overlayElements(doc: Document): OverlayElements {
  const find = (id: string) => {
    const element = doc.getElementById(id)
    if (!element) throw new Error(`overlay: #${id} is missing`)
    return element
  }
  return {
    stage: find('overlay-stage'),
    alerts: find('overlay-alerts'),
    total: find('overlay-total'),
    onStage: find('overlay-onstage'),
    goal: find('overlay-goal'),
  }
}

/**
 * An alert's element. Text only (textContent, never HTML): a fan's name and message are shown as
 * typed (once cleaned), and nothing in them can change the page.
 */
export function alertElement(doc: Document, alert: AlertContent): HTMLElement {
  const element = doc.createElement('section')
  element.className = `overlay-alert overlay-alert-${alert.size}${alert.kind === 'goal' ? ' overlay-alert-goal' : ''}`
  element.dataset.size = alert.size
  if (alert.kind === 'goal') element.dataset.kind = 'goal'
  if (alert.test) element.dataset.test = 'true'
  const line = (className: string, text: string) => {
    const part = doc.createElement('p')
    part.className = className
    part.textContent = text
    element.append(part)
    return part
  }
  if (alert.test) line('overlay-alert-test', overlayTexts.test)
  line('overlay-alert-boosts', alert.boosts)
  line('overlay-alert-text overlay-fit', alert.text)
  if (alert.message) line('overlay-alert-message overlay-fit', overlayTexts.quoted(alert.message))
  const tags = line('overlay-alert-tags', '')
  const tag = (className: string, text: string) => {
    const part = doc.createElement('span')
    part.className = className
    part.textContent = text
    tags.append(part)
  }
  if (alert.vip) tag('overlay-tag overlay-tag-vip', overlayTexts.vip)
  tag('overlay-tag', alert.product)
  return element
}

/** The corner's running total; hidden until there is one: no "0 boosts tonight". */
export function showTotal(element: HTMLElement, boosts: number | undefined): void {
  const shown = boosts !== undefined && boosts > 0
  element.hidden = !shown
  element.textContent = shown ? overlayTexts.total(boosts) : ''
}

/** The smallest an alert's words get, as a share of their size (36 px down to 14 px). */
const smallestFit = 0.4

/** Shrinks `parts` together, a step at a time, while `overflows` (down to the smallest). */
function shrinkWhile(parts: HTMLElement[], overflows: () => boolean): void {
  for (const part of parts) {
    let scale = Number(part.style.getPropertyValue('--fit') || '1')
    while (overflows() && scale > smallestFit) {
      scale = Math.max(smallestFit, Math.round((scale - 0.05) * 100) / 100)
      part.style.setProperty('--fit', String(scale))
    }
  }
}

/**
 * Fits an alert's words in its box: they wrap between words only (the stylesheet never breaks
 * one). A line with a word wider than the box shrinks until the word fits, the other lines
 * keeping their size; then, if the lines are taller than the alert may be, they shrink in turn,
 * the last line first. Measured in the 1920×1080 stage's own pixels, so it holds at any size
 * OBS scales the stage to.
 */
export function fitAlert(alert: HTMLElement): void {
  const parts = [...alert.querySelectorAll<HTMLElement>('.overlay-fit')]
  for (const part of parts) {
    part.style.setProperty('--fit', '1')
    shrinkWhile([part], () => part.scrollWidth > part.clientWidth)
  }
  shrinkWhile(parts.reverse(), () => alert.scrollHeight > overlayFit.maxAlertHeight)
}

/** Fits every alert on screen again (the window changed, or a font arrived late). */
export function fitAlerts(container: HTMLElement): void {
  for (const alert of container.querySelectorAll<HTMLElement>('.overlay-alert')) fitAlert(alert)
}

/**
 * The night's goal above the total's corner: "Goal 312 / 500", a bar, and what happens when the
 * room gets there (as text); hidden without a goal or a total to show.
 */
export function showGoal(
  element: HTMLElement,
  goal: GoalView | null | undefined,
  boosts: number | undefined,
): void {
  element.hidden = !goal
  element.replaceChildren()
  if (!goal) return
  const total = boosts ?? 0
  const doc = element.ownerDocument
  const line = (className: string, text: string) => {
    const part = doc.createElement('p')
    part.className = className
    part.textContent = text
    element.append(part)
  }
  line('overlay-goal-count', goal.reached ? goalTexts.reachedTitle : goalTexts.short(total, goal))
  const bar = doc.createElement('div')
  bar.className = 'overlay-goal-bar'
  const fill = doc.createElement('div')
  fill.className = 'overlay-goal-fill'
  fill.style.width = `${Math.round(goalShare(goal.reached ? goal.boosts : total, goal) * 100)}%`
  bar.append(fill)
  element.append(bar)
  line('overlay-goal-reward', goal.reward)
}

/** The lower third: "On stage: Sam" (as text, never HTML), or hidden when nobody is on. */
export function showOnStage(element: HTMLElement, name: string | undefined): void {
  element.hidden = name === undefined
  element.textContent = name === undefined ? '' : onStageWords.line(name)
}

/** Scales the 1920×1080 stage to fit the window, as OBS's source or a browser tab sizes it. */
export function fitStage(stage: HTMLElement, width: number, height: number): void {
  const scale = Math.min(width / overlaySize.width, height / overlaySize.height)
  stage.style.transform = `scale(${scale})`
}

/**
 * One chime per size, loaded once. OBS's browser source plays audio unasked; a browser tab may
 * refuse until someone clicks, which is not an error worth more than a quiet miss.
 */
export class AlertSounds {
  private readonly sounds = new Map<AlertSize | 'goal', HTMLAudioElement>()

  constructor(enabled: boolean) {
    if (!enabled || typeof Audio === 'undefined') return
    for (const size of [...alertSizes, 'goal'] as const) {
      const audio = new Audio(alertSoundUrl(size))
      audio.preload = 'auto'
      this.sounds.set(size, audio)
    }
  }

  play(size: AlertSize | 'goal'): void {
    const audio = this.sounds.get(size)
    if (!audio) return
    try {
      audio.currentTime = 0
      audio.play()?.catch(() => {})
    } catch {
      // No audio output (a headless browser): the alert shows without its chime.
    }
  }
}
