import type { GoalView } from '../../shared/goal'
import {
  type AlertContent,
  alertContent,
  alertTiming,
  followUpContent,
  goalAlertContent,
  type OverlayOptions,
} from '../../shared/overlay'
import { stageApi, stageEventNames, stageKeyParam } from '../../shared/stage'
import { AlertQueue } from './alert-queue'
import {
  AlertSounds,
  alertElement,
  fitAlert,
  fitAlerts,
  fitStage,
  type OverlayElements,
  showGoal,
  showOnStage,
  showTotal,
} from './overlay-view'
import { stageParsers } from './stage-events'
import { supportersPanel } from './supporters-view'

/** What the overlay needs from its window: a seam for the unit tests' stand-in stream. */
export interface OverlayHost {
  window: Window
  EventSource: typeof EventSource
}

/** How long to wait before opening a new stream when the browser gave up on the last one. */
const reopenAfterMs = 5000

/**
 * The overlay at work: the stage's events in, alerts, the running total and who is on stage out. The browser's
 * EventSource reconnects by itself with Last-Event-ID and the server replays what was missed;
 * the queue drops an id it has seen, so an alert never shows twice. Returns a stop function.
 */
export function startOverlay(
  host: OverlayHost,
  elements: OverlayElements,
  options: OverlayOptions,
): () => void {
  const { window: win } = host
  const doc = win.document
  const sounds = new AlertSounds(options.sound)
  const shown = new Map<AlertContent, HTMLElement>()
  const queue = new AlertQueue<AlertContent>({
    minMs: options.minMs,
    gapMs: alertTiming.gapMs,
    screen: {
      show(alert) {
        const element = alertElement(doc, alert)
        shown.set(alert, element)
        elements.alerts.append(element)
        fitAlert(element)
        sounds.play(alert.kind === 'goal' ? 'goal' : alert.size)
        // The total moves with the alert that moves it, not when the gift came in.
        if (alert.totalBoosts !== undefined) {
          shownTotal = alert.totalBoosts
          drawTotal()
        }
      },
      hide(alert) {
        shown.get(alert)?.remove()
        shown.delete(alert)
        catchUp()
      },
    },
  })

  // The stream opens with the show's state and total (and sends each again when it changes):
  // the total shows while a show is live.
  let live = false
  // The stream's latest total, and the one in the corner: it follows the alerts, so a gift
  // waiting its turn has not counted yet on screen.
  let total: number | undefined
  let shownTotal: number | undefined
  // The night's goal, as the stream said last (null: none); drawn with the corner's total.
  let goal: GoalView | null = null
  const drawTotal = () => {
    const shown = options.total && live
    showTotal(elements.total, shown ? shownTotal : undefined)
    showGoal(elements.goal, shown ? goal : null, shownTotal)
  }
  /** No gift on screen or waiting: the corner shows the stream's total (a refund, a new show). */
  const catchUp = () => {
    const { current, waiting } = queue.snapshot()
    const giftAhead = [current, ...waiting].some((alert) => alert?.totalBoosts !== undefined)
    if (giftAhead) return
    shownTotal = total
    drawTotal()
  }
  drawTotal()
  // Who is on stage at the stream's show (its first events say, and each change after).
  let showId = ''
  let onStage: string | undefined
  const drawOnStage = () => showOnStage(elements.onStage, options.lowerThird ? onStage : undefined)
  drawOnStage()
  // The night's top supporters, while the host has them on (each `supporters` event says).
  const drawSupporters = supportersPanel(elements.stage)

  // OBS tells a browser source when it is shown (anywhere) and when it is on the program.
  const obs = { visible: true, active: true }
  const onObs = (event: Event) => {
    const detail: unknown = (event as CustomEvent).detail
    if (typeof detail !== 'object' || detail === null) return
    if ('visible' in detail && typeof detail.visible === 'boolean') obs.visible = detail.visible
    if ('active' in detail && typeof detail.active === 'boolean') obs.active = detail.active
    queue.setVisible(obs.visible && obs.active)
    catchUp()
  }
  win.addEventListener('obsSourceVisibleChanged', onObs)
  win.addEventListener('obsSourceActiveChanged', onObs)

  const scaleStage = () => {
    fitStage(elements.stage, win.innerWidth, win.innerHeight)
    fitAlerts(elements.alerts)
  }
  scaleStage()
  win.addEventListener('resize', scaleStage)

  let source: EventSource | undefined
  let reopen: ReturnType<typeof setTimeout> | undefined
  // The last id seen: a new EventSource cannot send Last-Event-ID, so it goes in the query.
  let lastEventId = ''
  const listen = (stream: EventSource) => {
    for (const name of stageEventNames) {
      stream.addEventListener(name, (event) => {
        lastEventId = event.lastEventId || lastEventId
      })
    }
    stream.addEventListener('gift', (event) => {
      const gift = stageParsers.gift(event.data)
      if (!gift) return
      // A gift means the show is on, whatever state the stream said last.
      live = true
      drawTotal()
      queue.push(event.lastEventId || `gift:${gift.at}:${gift.text}`, alertContent(gift, false))
    })
    stream.addEventListener('message', (event) => {
      const gift = stageParsers.message(event.data)
      if (!gift) return
      queue.push(event.lastEventId || `message:${gift.at}`, followUpContent(gift))
    })
    stream.addEventListener('test', (event) => {
      const gift = stageParsers.test(event.data)
      if (gift) queue.push(event.lastEventId || `test:${gift.at}`, alertContent(gift, true))
    })
    stream.addEventListener('total', (event) => {
      const data = stageParsers.total(event.data)
      if (!data) return
      total = data.totalBoosts
      if (data.goal !== undefined) goal = data.goal
      catchUp()
      drawTotal()
    })
    stream.addEventListener('goal', (event) => {
      const data = stageParsers.goal(event.data)
      if (!data || (showId && data.showId !== showId)) return
      goal = { boosts: data.boosts, reward: data.reward, level: data.level, reached: true }
      // Its own alert, once: the queue drops an id it has seen.
      queue.push(event.lastEventId || `goal:${data.showId}:${data.level}`, goalAlertContent(data))
      drawTotal()
    })
    stream.addEventListener('state', (event) => {
      const data = stageParsers.state(event.data)
      if (!data) return
      live = data.state === 'live'
      if (data.showId !== showId) {
        onStage = undefined
        goal = null
        if (showId) drawSupporters([])
      }
      showId = data.showId
      drawTotal()
      drawOnStage()
    })
    stream.addEventListener('onstage', (event) => {
      const data = stageParsers.onstage(event.data)
      // A change at another show than the stream's (a host getting tomorrow ready) is not this one.
      if (!data || (showId && data.showId !== showId)) return
      onStage = data.comic?.name
      drawOnStage()
    })
    stream.addEventListener('supporters', (event) => {
      const data = stageParsers.supporters(event.data)
      // Another show's list (a host getting tomorrow ready) is not this one's.
      if (!data || (showId && data.showId !== showId)) return
      drawSupporters(data.overlay ? data.supporters : [])
    })
    stream.addEventListener('control', (event) => {
      const data = stageParsers.control(event.data)
      if (data) queue.control(data.action)
    })
    stream.addEventListener('error', () => {
      // Closed for good (an answer that was not a stream): open a new one in a while.
      if (stream.readyState !== host.EventSource.CLOSED || reopen) return
      reopen = setTimeout(() => {
        reopen = undefined
        connect()
      }, reopenAfterMs)
    })
  }
  const connect = () => {
    const query: string[] = []
    // With the stage key the stream keeps a seat for the overlay however full it is.
    if (options.key) query.push(`${stageKeyParam}=${encodeURIComponent(options.key)}`)
    if (lastEventId) query.push(`lastEventId=${encodeURIComponent(lastEventId)}`)
    source = new host.EventSource(`${stageApi.events}${query.length ? `?${query.join('&')}` : ''}`)
    listen(source)
  }
  connect()

  return () => {
    source?.close()
    if (reopen) clearTimeout(reopen)
    queue.setVisible(false)
    win.removeEventListener('obsSourceVisibleChanged', onObs)
    win.removeEventListener('obsSourceActiveChanged', onObs)
    win.removeEventListener('resize', scaleStage)
  }
}
