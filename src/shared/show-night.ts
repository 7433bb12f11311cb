/**
 * Show night on Tonight (docs/console.md, "Show night"): what each comic did at the show, the set
 * timer's rule, and the wrap-up of the show that just ended.
 */

/** One comic at a show: their sets, time on stage and the boosts credited to those sets. */
export interface NightComic {
  comic: { id: string; name: string }
  sets: number
  /** Time on stage in all, the open set counted to now. */
  seconds: number
  boosts: number
}

export interface WrapUpComic extends NightComic {
  /** What the club owes them for the show, as its settlement stands (or was closed). */
  owedCents: number
}

/**
 * The show that just ended, kept on Tonight until the host dismisses it or the next show starts.
 * A show ends when its lineup has been through and nobody is on stage, or at the latest when the
 * schedule rolls it over.
 */
export interface WrapUp {
  show: { id: string; name: string; startsAt: string }
  comics: WrapUpComic[]
  /** Given while nobody was on stage: the show's pot. */
  potBoosts: number
  boosts: number
  moneyCents: number
  comicsCents: number
  codesSold: number
  codesRedeemed: number
  orders: number
  goal: { boosts: number; reward: string; reached: boolean } | null
  settled: boolean
  /** When the settlement may close: its codes redeem until then (3 hours after the start). */
  settleFrom: string
}

/** Within the planned minutes; past them (amber); two minutes or more past them (red). */
type TimerState = 'on-time' | 'over' | 'long-over'

/** How far past the planned minutes the timer turns red. */
const longOverMs = 2 * 60_000

export function timerState(elapsedMs: number, plannedMinutes: number | null): TimerState {
  if (plannedMinutes === null) return 'on-time'
  const over = elapsedMs - plannedMinutes * 60_000
  if (over >= longOverMs) return 'long-over'
  return over > 0 ? 'over' : 'on-time'
}

/** "7:05", "12:40", "1:02:09": a set's time so far. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = two(total % 60)
  return hours > 0 ? `${hours}:${two(minutes)}:${seconds}` : `${minutes}:${seconds}`
}

/** "just now", "2 min ago", "1 h 5 min ago": when a gift came, against now. */
export function agoText(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const rest = minutes % 60
  return `${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ''} ago`
}

/** "12 min", "1 h 5 min": time on stage in all. */
export function minutesText(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const rest = minutes % 60
  return `${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ''}`
}
