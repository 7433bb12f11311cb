import type { StageAction } from '../../shared/stage'

/** What the queue needs to put an alert on screen and take it off again. */
export interface AlertScreen<T> {
  show(alert: T): void
  hide(alert: T): void
}

export interface AlertQueueOptions<T> {
  screen: AlertScreen<T>
  /** The shortest time an alert stays on screen (`?min=`). */
  minMs: number
  /** The pause between two alerts. */
  gapMs: number
  /** Alerts held while paused, at most: beyond it the oldest are dropped. */
  maxWaiting?: number
  /** Ids remembered to drop a replayed event, at most (the oldest are forgotten first). */
  maxSeen?: number
}

/**
 * The overlay's alerts, one at a time: each stays `minMs`, then a `gapMs` pause, then the next,
 * in the order they arrived. An id seen before is dropped (a reconnecting stream replays what it
 * may already have sent). The host pauses (alerts wait), resumes and skips the one on screen;
 * while OBS hides the source nothing waits, so a source shown again starts fresh.
 */
export class AlertQueue<T> {
  private readonly waiting: T[] = []
  private readonly seen = new Set<string>()
  private current: T | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private inGap = false
  private paused = false
  private visible = true
  private readonly maxWaiting: number
  private readonly maxSeen: number

  constructor(private readonly options: AlertQueueOptions<T>) {
    this.maxWaiting = options.maxWaiting ?? 50
    this.maxSeen = options.maxSeen ?? 1000
  }

  /** Adds an alert under its event's id; false when the id was seen before or the source is hidden. */
  push(id: string, alert: T): boolean {
    if (this.seen.has(id)) return false
    this.seen.add(id)
    if (this.seen.size > this.maxSeen) {
      const oldest = this.seen.values().next().value
      if (oldest !== undefined) this.seen.delete(oldest)
    }
    if (!this.visible) return false
    this.waiting.push(alert)
    if (this.waiting.length > this.maxWaiting) this.waiting.shift()
    this.next()
    return true
  }

  /** The host's control events. */
  control(action: StageAction): void {
    if (action === 'pause') this.paused = true
    else if (action === 'resume') {
      this.paused = false
      this.next()
    } else this.skip()
  }

  /** OBS shows or hides the source: hidden, what was on screen or waiting is dropped. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return
    this.visible = visible
    if (visible) {
      this.next()
      return
    }
    this.waiting.length = 0
    this.clearTimer()
    this.inGap = false
    this.takeDown()
  }

  /** What is on screen now, and what waits: for tests and the page's debugging. */
  snapshot(): { current: T | undefined; waiting: readonly T[]; paused: boolean } {
    return { current: this.current, waiting: [...this.waiting], paused: this.paused }
  }

  /** Drops the alert on screen and moves on after the gap. */
  private skip(): void {
    if (this.current === undefined) return
    this.clearTimer()
    this.finish()
  }

  private next(): void {
    if (this.current !== undefined || this.inGap || this.paused || !this.visible) return
    const alert = this.waiting.shift()
    if (alert === undefined) return
    this.current = alert
    this.options.screen.show(alert)
    this.timer = setTimeout(() => this.finish(), this.options.minMs)
  }

  private finish(): void {
    this.takeDown()
    this.inGap = true
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.inGap = false
      this.next()
    }, this.options.gapMs)
  }

  private takeDown(): void {
    const shown = this.current
    this.current = undefined
    if (shown !== undefined) this.options.screen.hide(shown)
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}
