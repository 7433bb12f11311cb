import { useEffect, useState } from 'react'
import { onStageWords, type StageComic } from '../../../shared/comics'
import { type GoalView, goalShare, goalTexts } from '../../../shared/goal'
import { type LiveFeed, type LiveGift, liveGiftCount, liveState } from '../../../shared/live'
import { landingAnchors } from '../../../shared/pages'
import type { ScheduleEvent } from '../../../shared/schedule'
import { fetchLiveFeed, openLiveEvents } from '../../api/live-calls'
import { landingTexts } from './landing-texts'

/** How often the banner reads the feed during a show. */
export const livePollMs = 10_000
/** Longest wait for a show's start that the page sets a timer for. */
const maxStartWaitMs = 24 * 60 * 60 * 1000

/** An event's data, as any of the stream's events may hold it (each change checks its fields). */
type EventData = Partial<Omit<LiveFeed, 'onStage'> & Omit<LiveGift, 'comic'>> & {
  /** An onstage event's comic; a gift's `comic` is whom it was for, a stage name. */
  comic?: StageComic | string | null
  startedAt?: string | null
  /** A goal event's level and words (its `boosts` is the goal's). */
  level?: number
  reward?: string
}

/** A goal as the stream sent it, or null for none, or undefined when it is not one. */
function goalOf(value: unknown): GoalView | null | undefined {
  if (value === null) return null
  if (typeof value !== 'object' || value === undefined) return undefined
  const { boosts, reward, level, reached } = value as Partial<GoalView>
  if (typeof boosts !== 'number' || typeof reward !== 'string') return undefined
  if (typeof level !== 'number' || typeof reached !== 'boolean') return undefined
  return { boosts, reward, level, reached }
}
type Change = (feed: LiveFeed, data: EventData) => LiveFeed

/**
 * How the stream's events change the banner: a gift on top, the new total, the show's end, who
 * is on stage (at this show: a host may be getting another one ready).
 */
const changes: Record<string, Change> = {
  gift: (feed, gift) =>
    typeof gift.text === 'string' &&
    !feed.gifts.some((g) => g.at === gift.at && g.text === gift.text)
      ? { ...feed, gifts: [gift as LiveGift, ...feed.gifts].slice(0, liveGiftCount) }
      : feed,
  total: (feed, { totalBoosts, goal }) => {
    if (typeof totalBoosts !== 'number') return feed
    const read = goalOf(goal)
    return { ...feed, totalBoosts, ...(read === undefined ? {} : { goal: read }) }
  },
  goal: (feed, data) => {
    const goal = goalOf(data)
    return goal && data.showId === feed.showId
      ? { ...feed, goal: { ...goal, reached: true } }
      : feed
  },
  state: (feed, { state }) => (state ? { ...feed, state } : feed),
  onstage: (feed, { showId, comic, startedAt }) => {
    if (showId !== feed.showId || comic === undefined || typeof comic === 'string') return feed
    const on = comic && typeof comic.name === 'string' && typeof startedAt === 'string'
    return { ...feed, onStage: on ? { ...comic, startedAt } : null }
  },
}

/**
 * The feed while a show is on: read at once, then followed on the stage's event stream, or read
 * every 10 s where there is no EventSource (not while the tab is hidden). Before a show, it looks
 * again when the show starts; when the stream says the show ended, the banner goes. A failed read
 * keeps what was shown.
 */
export function useLiveFeed(): LiveFeed | undefined {
  const [feed, setFeed] = useState<LiveFeed>()
  useEffect(() => {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let source: EventSource | undefined
    const follow = () => {
      source = openLiveEvents()
      for (const [name, change] of Object.entries(changes)) {
        source?.addEventListener(name, (event) => {
          let data: EventData
          try {
            data = JSON.parse((event as MessageEvent<string>).data)
          } catch {
            return
          }
          setFeed((feed) => feed && change(feed, data))
          if (name === 'state' && data.state !== 'live') {
            source?.close()
            source = undefined
            void read()
          }
        })
      }
      return source
    }
    const read = async () => {
      let next: LiveFeed | undefined
      if (document.visibilityState !== 'hidden') {
        try {
          next = await fetchLiveFeed(controller.signal)
          setFeed(next)
        } catch (error) {
          if (controller.signal.aborted) return
          console.error('Could not load the live feed:', error)
        }
      }
      if (controller.signal.aborted) return
      const untilStart = next?.state === 'upcoming' ? Date.parse(next.startsAt) - Date.now() : NaN
      if (next && next.state !== 'live') {
        if (untilStart > 0 && untilStart < maxStartWaitMs) timer = setTimeout(read, untilStart)
        return
      }
      if (!source && !follow()) timer = setTimeout(read, livePollMs)
    }
    void read()
    return () => {
      controller.abort()
      clearTimeout(timer)
      source?.close()
    }
  }, [])
  return feed
}

/**
 * The show on at `readAt` by the schedule (a show is live for three hours from its start), as
 * the server knew when it rendered the page: its banner is in the HTML from the first paint,
 * and the feed fills in the numbers. Null when none is on.
 */
export function showLiveAt(events: readonly ScheduleEvent[], readAt: string): string | null {
  const at = new Date(readAt)
  if (Number.isNaN(at.getTime())) return null
  const show = events.find((event) => liveState(new Date(event.startTime), at) === 'live')
  return show?.name ?? null
}

/**
 * "Live now" with the running boost total, who is on stage and the last gifts, only while a show
 * is on. Each gift is one line, its time first and its words whole (never cut); the list takes
 * the room its gifts need, the waiting line's until the first comes.
 */
export function LiveNowBanner({
  events = [],
  readAt = '',
  feed,
}: {
  events?: readonly ScheduleEvent[]
  readAt?: string
  /** useLiveFeed's, read once by the landing page for its hero and this banner. */
  feed: LiveFeed | undefined
}) {
  const expected = showLiveAt(events, readAt)
  if (feed ? feed.state !== 'live' : !expected) return null
  const show = feed?.show ?? expected
  const gifts = feed?.gifts ?? []
  const onStage = feed?.onStage?.name
  const goal = feed?.goal
  return (
    <section className="live-now" aria-labelledby="live-now-heading">
      <div className="live-now-head">
        <h2 id="live-now-heading" className="live-now-title">
          <span className="live-now-dot" aria-hidden="true" /> Live now: {show}
        </h2>
        {/* Kept in its place, unseen, until the feed's number is in. */}
        <p className={feed ? 'live-now-total' : 'live-now-total is-waiting'}>
          <strong>{feed ? feed.totalBoosts.toLocaleString('en-US') : '…'}</strong> boosts given
          tonight
        </p>
        <a className="button live-now-join" href={`#${landingAnchors.findWorld}`}>
          Join the show
        </a>
      </div>
      {/* Its line kept, unseen, while nobody is on: a comic walking on moves nothing below. */}
      <p className={onStage ? 'live-now-onstage' : 'live-now-onstage is-waiting'}>
        {onStage ? onStageWords.line(onStage) : ''}
      </p>
      {goal && feed ? (
        <div className="live-now-goal">
          <p id="live-now-goal-words" className="live-now-goal-words">
            <strong>{goal.reached ? goalTexts.reachedTitle : goalTexts.heading}</strong>{' '}
            {goalTexts.progress(feed.totalBoosts, goal)}
          </p>
          <progress
            className="live-now-goal-bar"
            aria-labelledby="live-now-goal-words"
            max={goal.boosts}
            value={Math.round(goalShare(feed.totalBoosts, goal) * goal.boosts)}
          />
        </div>
      ) : null}
      {gifts.length > 0 ? (
        <ul className="live-now-gifts" aria-label="Latest gifts">
          {gifts.map((gift) => (
            <li key={`${gift.at}-${gift.product}-${gift.text}`} className="live-now-gift">
              <time dateTime={gift.at} className="live-now-time">
                {new Date(gift.at).toLocaleTimeString('en-US', {
                  hour: 'numeric',
                  minute: '2-digit',
                })}
              </time>{' '}
              <span className="live-now-gift-text">{gift.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="live-now-gifts live-now-waiting">{landingTexts.giftsWaiting}</p>
      )}
    </section>
  )
}
