import { onStageWords } from '../../shared/comics'
import {
  type AlertContent,
  type AlertSize,
  alertSizes,
  alertSoundUrl,
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
  }
}

/**
 * An alert's element. Text only (textContent, never HTML): a fan's name and message are shown as
 * typed (once cleaned), and nothing in them can change the page.
 */
export function alertElement(doc: Document, alert: AlertContent): HTMLElement {
  const element = doc.createElement('section')
  element.className = `overlay-alert overlay-alert-${alert.size}`
  element.dataset.size = alert.size
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
  line('overlay-alert-text', alert.text)
  if (alert.message) line('overlay-alert-message', alert.message)
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

/** The corner's running total; hidden until there is one to show. */
export function showTotal(element: HTMLElement, boosts: number | undefined): void {
  element.hidden = boosts === undefined
  element.textContent = boosts === undefined ? '' : overlayTexts.total(boosts)
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
  private readonly sounds = new Map<AlertSize, HTMLAudioElement>()

  constructor(enabled: boolean) {
    if (!enabled || typeof Audio === 'undefined') return
    for (const size of alertSizes) {
      const audio = new Audio(alertSoundUrl(size))
      audio.preload = 'auto'
      this.sounds.set(size, audio)
    }
  }

  play(size: AlertSize): void {
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
