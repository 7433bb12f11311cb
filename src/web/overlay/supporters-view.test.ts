import { afterEach, expect, test } from 'vitest'
import { parseOverlayOptions } from '../../shared/overlay'
import { supportersTexts } from '../../shared/supporters'
import { startOverlay } from './overlay-app'
import { overlayElements } from './overlay-view'
import { parseSupporters } from './supporters-view'

/** A stand-in for the server's stream: the test says what it sends. */
class StandInStream extends EventTarget {
  static readonly CLOSED = 2
  static opened: StandInStream[] = []
  readyState = 0
  constructor(readonly url: string) {
    super()
    StandInStream.opened.push(this)
  }
  send(event: string, data: unknown, id: string): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    this.dispatchEvent(new MessageEvent(event, { data: text, lastEventId: id }))
  }
  close(): void {
    this.readyState = StandInStream.CLOSED
  }
}

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  stop = undefined
})

function start(): StandInStream {
  document.body.innerHTML =
    '<div id="overlay-stage"><div id="overlay-alerts"></div><p id="overlay-total" hidden></p>' +
    '<div id="overlay-goal" hidden></div><p id="overlay-onstage" hidden></p></div>'
  stop = startOverlay(
    { window, EventSource: StandInStream as unknown as typeof EventSource },
    overlayElements(document),
    parseOverlayOptions(''),
  )
  return StandInStream.opened.at(-1) as StandInStream
}

const panel = () => document.getElementById('overlay-supporters') as HTMLElement
const names = () =>
  [...panel().querySelectorAll('li')].map((item) => [
    item.querySelector('.overlay-supporters-name')?.textContent,
    item.querySelector('.overlay-supporters-boosts')?.textContent,
  ])
const list = [
  { name: 'Sam', boosts: 35 },
  { name: '<b>Ash</b>', boosts: 25 },
]

test('the overlay shows the top supporters only while the host has them on, names as text', () => {
  const stream = start()
  stream.send('state', { showId: 'evt_1', show: 'Roast', startsAt: '', state: 'live' }, 's1')
  expect(panel().hidden).toBe(true)
  stream.send('supporters', { showId: 'evt_1', overlay: false, supporters: list }, 'p1')
  expect(panel().hidden).toBe(true)
  expect(names()).toEqual([])

  stream.send('supporters', { showId: 'evt_1', overlay: true, supporters: list }, 'p2')
  expect(panel().hidden).toBe(false)
  expect(panel().querySelector('h2')?.textContent).toBe(supportersTexts.heading)
  expect(names()).toEqual([
    ['Sam', '35'],
    ['<b>Ash</b>', '25'],
  ])
  expect(panel().querySelector('b')).toBeNull()

  // Another show's list is not this one's; on but empty, nothing shows; off again, hidden.
  stream.send('supporters', { showId: 'evt_2', overlay: true, supporters: [] }, 'p3')
  expect(panel().hidden).toBe(false)
  stream.send('supporters', { showId: 'evt_1', overlay: true, supporters: [] }, 'p4')
  expect(panel().hidden).toBe(true)
  stream.send('supporters', { showId: 'evt_1', overlay: true, supporters: list }, 'p5')
  stream.send('supporters', { showId: 'evt_1', overlay: false, supporters: list }, 'p6')
  expect(panel().hidden).toBe(true)

  // A new show on the stream: the old show's list goes.
  stream.send('supporters', { showId: 'evt_1', overlay: true, supporters: list }, 'p7')
  stream.send('state', { showId: 'evt_3', show: 'Next', startsAt: '', state: 'upcoming' }, 's2')
  expect(panel().hidden).toBe(true)
})

test('a supporters event that does not fit is ignored, and entries that do not fit are left out', () => {
  expect(parseSupporters('not json')).toBeUndefined()
  expect(parseSupporters(JSON.stringify({ showId: 'x', overlay: 'yes', supporters: [] }))).toBe(
    undefined,
  )
  expect(
    parseSupporters(
      JSON.stringify({
        showId: 'x',
        overlay: true,
        supporters: [{ name: 'Sam', boosts: 3 }, { name: '', boosts: 1 }, { name: 5 }, null],
      }),
    ),
  ).toEqual({ showId: 'x', overlay: true, supporters: [{ name: 'Sam', boosts: 3 }] })
})
