import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { goalTexts } from '../../shared/goal'
import { alertSoundUrl, overlayTexts, parseOverlayOptions } from '../../shared/overlay'
import type { GiftEvent } from '../../shared/stage'
import { startOverlay } from './overlay-app'
import { overlayElements } from './overlay-view'

/** A stand-in for the server's stream: the test says what it sends, by event name and id. */
class StandInStream extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: StandInStream[] = []
  readyState = StandInStream.CONNECTING
  constructor(readonly url: string) {
    super()
    StandInStream.opened.push(this)
  }
  send(event: string, data: unknown, id: string): void {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data), lastEventId: id }))
  }
  close(): void {
    this.readyState = StandInStream.CLOSED
  }
}

test("the running total changes when a gift's alert shows, not when the gift comes in", () => {
  start()
  const total = document.getElementById('overlay-total') as HTMLElement
  stream.send('state', { showId: 'evt_1', show: 'Roast', startsAt: '', state: 'live' }, 's1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 10 }, 't1')
  expect(total.textContent).toBe(overlayTexts.total(10))
  stream.send('gift', gift(5, { totalBoosts: 15 }), '1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 15 }, 't2')
  stream.send('gift', gift(25, { totalBoosts: 40 }), '2')
  stream.send('total', { showId: 'evt_1', totalBoosts: 40 }, 't3')
  expect(alerts()).toHaveLength(1)
  // Until the second alert shows (the gap between them too), the first one's total.
  for (let i = 0; i < 200 && !alerts()[0]?.text?.includes('25 boosts'); i++) {
    expect(total.textContent).toBe(overlayTexts.total(15))
    vi.advanceTimersByTime(250)
  }
  expect(alerts()[0]?.text).toContain('25 boosts')
  expect(total.textContent).toBe(overlayTexts.total(40))
})

function gift(boosts: number, fields: Partial<GiftEvent> = {}): GiftEvent {
  return {
    showId: 'evt_1',
    product: boosts === 25 ? 'ffr-50' : 'boosts-5',
    productName: boosts === 25 ? 'FFR 50' : '5 Boosts',
    boosts,
    anonymous: false,
    name: '',
    from: 'a fan',
    message: '',
    at: '2026-11-24T20:00:00.000Z',
    comic: 'Sam',
    text: `A fan gave ${boosts} boosts to Sam`,
    member: false,
    vip: false,
    totalBoosts: boosts,
    ...fields,
  }
}

let stop: (() => void) | undefined
let stream: StandInStream
/** The chimes played, by file; each play is refused, as a browser tab nobody clicked does. */
let played: string[]

function start(search = '') {
  document.body.innerHTML =
    '<div id="overlay-stage"><div id="overlay-alerts"></div><p id="overlay-total" hidden></p>' +
    '<div id="overlay-goal" hidden></div><p id="overlay-onstage" hidden></p></div>'
  stop = startOverlay(
    { window, EventSource: StandInStream as unknown as typeof EventSource },
    overlayElements(document),
    parseOverlayOptions(search),
  )
  stream = StandInStream.opened.at(-1) as StandInStream
}

const alerts = () =>
  [...document.querySelectorAll<HTMLElement>('.overlay-alert')].map((element) => ({
    size: element.dataset.size,
    test: element.dataset.test === 'true',
    text: element.textContent,
  }))

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  StandInStream.opened = []
  played = []
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(new URL(this.src).pathname)
    return Promise.reject(new DOMException('play() needs a click first', 'NotAllowedError'))
  })
})

afterEach(() => {
  stop?.()
  vi.useRealTimers()
})

test('the overlay listens to the stage stream and shows a gift, sized by its boosts, then the next', () => {
  start()
  expect(stream.url).toBe('/api/live/events')
  // The 1920×1080 stage, scaled to the window (jsdom's is 1024×768).
  const scale = Math.min(window.innerWidth / 1920, window.innerHeight / 1080)
  expect(scale).toBeLessThan(1)
  expect(document.getElementById('overlay-stage')?.style.transform).toBe(`scale(${scale})`)
  stream.send('gift', gift(5), '1')
  stream.send('gift', gift(25, { vip: true, from: 'a Tier 3 member' }), '2')
  expect(alerts()).toEqual([
    { size: 'small', test: false, text: '+5 boostsA fan gave 5 boosts to Sam5 Boosts' },
  ])
  vi.advanceTimersByTime(4800)
  expect(alerts()).toEqual([
    {
      size: 'large',
      test: false,
      text: `+25 boostsA Tier 3 member gave 25 boosts to Sam${overlayTexts.vip}FFR 50`,
    },
  ])
})

test("the alert says who gave what as a streamer reads it aloud, from the gift's fields", () => {
  start()
  const line = () => document.querySelector('.overlay-alert-text')?.textContent
  const next = () => vi.advanceTimersByTime(10_000)
  stream.send('gift', gift(15, { text: 'A fan gave 15 boosts to Sam (15 Boosts)' }), '1')
  expect(line()).toBe('A fan gave 15 boosts to Sam')
  next()
  stream.send('gift', gift(5, { from: 'an anonymous fan', comic: '' }), '2')
  expect(line()).toBe("An anonymous fan gave 5 boosts to tonight's comics")
  next()
  stream.send('gift', gift(20, { name: 'Robin', from: 'Robin', member: true, vip: true }), '3')
  expect(line()).toBe('Robin gave 20 boosts to Sam')
  next()
  stream.send('gift', gift(1, { from: 'a Tier 1 member', comic: 'Jo' }), '4')
  expect(line()).toBe('A Tier 1 member gave 1 boost to Jo')
  next()
  stream.send('gift', gift(25, { from: 'an anonymous fan', comic: 'Rosa Delgado' }), '4a')
  expect(line()).toBe('An anonymous fan gave 25 boosts to Rosa Delgado')
  next()
  stream.send(
    'gift',
    gift(10, { from: 'a Tier 3 member', member: true, vip: true, comic: 'Lee Park' }),
    '4b',
  )
  expect(line()).toBe('A Tier 3 member gave 10 boosts to Lee Park')
  next()
  // A gift from before gifts carried their comic: to the pot.
  const { comic: _, ...old } = gift(10)
  stream.send('gift', old, '5')
  expect(line()).toBe("A fan gave 10 boosts to tonight's comics")
  expect(document.querySelectorAll('.overlay-alert-text')).toHaveLength(1)
})

test("a fan's name and message show as text, the message quoted on a line of its own", () => {
  start()
  const hostile = '<img src=x onerror=alert(1)>\u202e'
  stream.send(
    'gift',
    gift(25, { name: `Sam${hostile}`, from: 'Sam', message: `the cat bit killed ${hostile}` }),
    '1',
  )
  expect(document.querySelector('.overlay-alert-text')?.textContent).toBe(
    'Sam<img src=x onerror=al gave 25 boosts to Sam',
  )
  expect(document.querySelector('.overlay-alert-message')?.textContent).toBe(
    '“the cat bit killed <img src=x onerror=alert(1)>”',
  )
  expect(document.querySelector('.overlay-alert img')).toBeNull()
})

test('?min=6 keeps each alert six seconds; a replayed id does not show again', () => {
  start('?min=6')
  stream.send('gift', gift(5), '1')
  vi.advanceTimersByTime(5999)
  expect(alerts()).toHaveLength(1)
  vi.advanceTimersByTime(1)
  expect(alerts()).toHaveLength(0)
  stream.send('gift', gift(5), '1')
  vi.advanceTimersByTime(1000)
  expect(alerts()).toHaveLength(0)
})

test("the host's test alert shows marked as a test; control events pause, resume and skip", () => {
  start()
  stream.send('test', gift(10), 't1')
  expect(alerts()).toEqual([
    {
      size: 'medium',
      test: true,
      text: `${overlayTexts.test}+10 boostsA fan gave 10 boosts to Sam5 Boosts`,
    },
  ])
  stream.send('control', { action: 'skip' }, 'c1')
  expect(alerts()).toEqual([])
  stream.send('control', { action: 'pause' }, 'c2')
  stream.send('gift', gift(5), '2')
  vi.advanceTimersByTime(10_000)
  expect(alerts()).toEqual([])
  stream.send('control', { action: 'resume' }, 'c3')
  expect(alerts()).toHaveLength(1)
})

test('the running total shows in the corner while the show is live, once there is one; ?total=off hides it', () => {
  start()
  const total = document.getElementById('overlay-total') as HTMLElement
  const state = { showId: 'evt_1', show: 'Late Night Roast', startsAt: '2026-11-24T20:00:00.000Z' }
  stream.send('state', { ...state, state: 'upcoming' }, 's1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 0 }, 't1')
  expect(total.hidden).toBe(true)
  stream.send('state', { ...state, state: 'live' }, 's2')
  // Nothing about tonight's total until there is one: no "0 boosts tonight".
  expect(total.hidden).toBe(true)
  expect(total.textContent).toBe('')
  stream.send('gift', gift(25), '1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 65 }, 't2')
  // The gift's alert is on screen with its total; once it leaves, the stream's latest.
  expect(total.textContent).toBe('25 boosts tonight')
  vi.advanceTimersByTime(60_000)
  expect(total.textContent).toBe('65 boosts tonight')
  stream.send('state', { ...state, state: 'ended' }, 's3')
  expect(total.hidden).toBe(true)
  stop?.()

  start('?total=off')
  stream.send('state', { ...state, state: 'live' }, 's1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 65 }, 't1')
  expect((document.getElementById('overlay-total') as HTMLElement).hidden).toBe(true)
})

test('OBS hiding the source drops what was on screen and waiting; shown again, only new gifts show', () => {
  start()
  stream.send('gift', gift(5), '1')
  stream.send('gift', gift(5), '2')
  window.dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: false } }))
  expect(alerts()).toEqual([])
  stream.send('gift', gift(5), '3')
  vi.advanceTimersByTime(20_000)
  expect(alerts()).toEqual([])
  window.dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: true } }))
  window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: false } }))
  stream.send('gift', gift(5), '4')
  expect(alerts()).toEqual([])
  window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: true } }))
  stream.send('gift', gift(25), '5')
  expect(alerts().map((alert) => alert.size)).toEqual(['large'])
})

test('a stream the browser gave up on is opened again, from the last id seen', () => {
  start()
  stream.send('gift', gift(5), 'g 1')
  stream.close()
  stream.dispatchEvent(new Event('error'))
  vi.advanceTimersByTime(4999)
  expect(StandInStream.opened).toHaveLength(1)
  vi.advanceTimersByTime(1)
  expect(StandInStream.opened.map((opened) => opened.url)).toEqual([
    '/api/live/events',
    '/api/live/events?lastEventId=g%201',
  ])
  // The replay of the gift already shown does not show it again.
  vi.advanceTimersByTime(10_000)
  StandInStream.opened[1]?.send('gift', gift(5), 'g 1')
  expect(alerts()).toEqual([])
})

test("the stage key in the overlay's URL goes to the stream, on every opening", () => {
  start('?min=2&key=K3y%2Bx')
  stream.send('gift', gift(5), 'g1')
  stream.close()
  stream.dispatchEvent(new Event('error'))
  vi.advanceTimersByTime(5000)
  expect(StandInStream.opened.map((opened) => opened.url)).toEqual([
    '/api/live/events?key=K3y%2Bx',
    '/api/live/events?key=K3y%2Bx&lastEventId=g1',
  ])
})

test('a name is shown as text, never as markup; data that does not fit is ignored', () => {
  start()
  stream.send('gift', gift(5, { from: '<img src=x onerror=alert(1)>', comic: '<b>Sam</b>' }), '1')
  expect(document.querySelector('.overlay-alert img')).toBeNull()
  expect(document.querySelector('.overlay-alert-text')?.textContent).toContain('<img')
  stream.dispatchEvent(new MessageEvent('gift', { data: '{"boosts":"lots"}', lastEventId: '2' }))
  stream.dispatchEvent(new MessageEvent('gift', { data: 'not json', lastEventId: '3' }))
  vi.advanceTimersByTime(10_000)
  expect(alerts()).toEqual([])
})

test('each size plays its own chime, a refused play() changes nothing, and ?sound=off mutes', () => {
  start()
  stream.send('gift', gift(5), '1')
  stream.send('gift', gift(10), '2')
  stream.send('gift', gift(25), '3')
  vi.advanceTimersByTime(20_000)
  expect(played).toEqual([alertSoundUrl('small'), alertSoundUrl('medium'), alertSoundUrl('large')])
  expect(new Set(played).size).toBe(3)
  stop?.()

  played = []
  start('?sound=off')
  stream.send('gift', gift(25), '1')
  expect(alerts()).toHaveLength(1)
  expect(played).toEqual([])
})

test("the night's goal shows its progress with the total, and reaching it plays its own alert once, with its own chime", () => {
  start()
  const goalBox = document.getElementById('overlay-goal') as HTMLElement
  const state = { showId: 'evt_1', show: 'Roast', startsAt: '', state: 'live' }
  stream.send('state', state, 's1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 0, goal: null }, 't0')
  expect(goalBox.hidden).toBe(true)
  const goal = { boosts: 30, reward: 'the headliner does crowd work', level: 1, reached: false }
  stream.send('total', { showId: 'evt_1', totalBoosts: 10, goal }, 't1')
  expect(goalBox.hidden).toBe(false)
  expect(goalBox.textContent).toBe(`${goalTexts.short(10, goal)}${goal.reward}`)
  expect(goalBox.querySelector<HTMLElement>('.overlay-goal-fill')?.style.width).toBe('33%')
  stream.send('gift', gift(25, { totalBoosts: 35 }), '1')
  stream.send('total', { showId: 'evt_1', totalBoosts: 35, goal: { ...goal, reached: true } }, '1')
  const reached = { ...goal, reached: true, showId: 'evt_1', totalBoosts: 35 }
  stream.send('goal', reached, 'g1')
  // Sent again (a second reader's copy, a reconnection): still once.
  stream.send('goal', reached, 'g1')
  vi.advanceTimersByTime(60_000)
  const goalAlerts = document.querySelectorAll('[data-kind="goal"]')
  expect(goalAlerts).toHaveLength(0)
  expect(played).toEqual([alertSoundUrl('large'), alertSoundUrl('goal')])
  expect(goalBox.textContent).toBe(`${goalTexts.reachedTitle}${goal.reward}`)
  expect(goalBox.querySelector<HTMLElement>('.overlay-goal-fill')?.style.width).toBe('100%')
  // A new level: the bar starts over towards the raised number.
  const raised = { boosts: 60, reward: 'a second encore', level: 2, reached: false }
  stream.send('total', { showId: 'evt_1', totalBoosts: 35, goal: raised }, 't2')
  expect(goalBox.textContent).toBe(`${goalTexts.short(35, raised)}${raised.reward}`)
})

test("the goal's alert reads as the goal reached, marked apart from gifts", () => {
  start()
  stream.send('state', { showId: 'evt_1', show: 'Roast', startsAt: '', state: 'live' }, 's1')
  const goal = { boosts: 30, reward: 'crowd work', level: 2, reached: true }
  stream.send('goal', { ...goal, showId: 'evt_1', totalBoosts: 31 }, 'g2')
  const alert = document.querySelector<HTMLElement>('.overlay-alert')
  expect(alert?.dataset.kind).toBe('goal')
  expect(alert?.textContent).toBe(
    `${goalTexts.reachedTitle}${goalTexts.reached(goal)}${goalTexts.level(2)}`,
  )
  // A goal of another show than the stream's is not this one's.
  vi.advanceTimersByTime(60_000)
  stream.send('goal', { ...goal, level: 3, showId: 'evt_2', totalBoosts: 31 }, 'g3')
  expect(document.querySelector('.overlay-alert')).toBeNull()
})

test('URL options: sound, total, lower third, min and the stage key, with defaults for the rest', () => {
  expect(parseOverlayOptions('')).toEqual({
    sound: true,
    total: true,
    lowerThird: true,
    minMs: 4000,
    key: undefined,
  })
  expect(parseOverlayOptions('?sound=off&total=off&lowerThird=off&min=6.5&key=Ab3')).toEqual({
    sound: false,
    total: false,
    lowerThird: false,
    minMs: 6500,
    key: 'Ab3',
  })
  expect(parseOverlayOptions('?key=').key).toBeUndefined()
  expect(parseOverlayOptions('?min=0').minMs).toBe(4000)
  expect(parseOverlayOptions('?min=abc').minMs).toBe(4000)
})

test("the lower third says who is on stage at the stream's show, as text; nobody hides it", () => {
  start()
  const lowerThird = document.getElementById('overlay-onstage') as HTMLElement
  const comic = { id: 'cmc-1', slug: 'sam', name: 'Sam <b>', vrchatName: 'S', pictureUrl: null }
  stream.send('state', { showId: 'evt_1', show: 'S', state: 'live', startsAt: '' }, 's')
  stream.send('onstage', { showId: 'evt_1', comic, startedAt: '2026-11-24T20:00:00Z' }, 'o1')
  expect([lowerThird.hidden, lowerThird.textContent]).toEqual([false, 'On stage: Sam <b>'])
  expect(lowerThird.querySelector('b')).toBeNull()
  // Another show's stage, and data that does not fit, change nothing.
  stream.send('onstage', { showId: 'evt_2', comic: null, startedAt: null }, 'o2')
  stream.send('onstage', { showId: 'evt_1', comic: { name: 5 }, startedAt: null }, 'o3')
  expect(lowerThird.hidden).toBe(false)
  stream.send('onstage', { showId: 'evt_1', comic: null, startedAt: null }, 'o4')
  expect([lowerThird.hidden, lowerThird.textContent]).toEqual([true, ''])
  stop?.()

  start('?lowerThird=off')
  stream.send('onstage', { showId: 'evt_1', comic, startedAt: '2026-11-24T20:00:00Z' }, 'o1')
  expect(document.getElementById('overlay-onstage')?.hidden).toBe(true)
})
