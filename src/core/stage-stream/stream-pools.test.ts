import { expect, test } from 'vitest'
import { type Seat, StreamPools } from './stream-pools'

/** A stream named for the test: `a1` is client 1 of network a. */
interface Named extends Seat {
  name: string
}
const seat = (name: string, stageKey?: string): Named => ({
  name,
  client: name,
  network: name.slice(0, 1),
  stageKey,
})

function pools(bounds = { perClient: 3, maxReaders: 6, stageReaders: 2 }) {
  const closed: string[] = []
  const held = new StreamPools<Named>(bounds, (s) => closed.push(s.name))
  const names = () => [...held.seats()].map((s) => s.name)
  return { held, closed, names }
}

test('a client holds a few public streams, the pool some in all', () => {
  const { held } = pools({ perClient: 2, maxReaders: 3, stageReaders: 1 })
  expect([seat('a1'), seat('a1'), seat('a1')].map((s) => held.admit(s))).toEqual([
    'ok',
    'ok',
    'client',
  ])
  const leaving = seat('b1')
  expect(held.admit(leaving)).toBe('ok')
  expect(held.admit(seat('b2'))).toBe('full')
  held.remove(leaving)
  expect(held.admit(seat('b2'))).toBe('ok')
})

test("the full pool is shared evenly between networks: the newcomer under its share closes the biggest network's oldest", () => {
  const { held, closed, names } = pools()
  for (const name of ['a1', 'a2', 'a1', 'a2', 'a3', 'a3']) held.admit(seat(name))
  expect(held.admit(seat('a4'))).toBe('full')
  // Two networks: a share of 3. b has none.
  expect(held.admit(seat('b1'))).toBe('ok')
  expect(closed).toEqual(['a1'])
  expect(held.admit(seat('b1'))).toBe('ok')
  expect(held.admit(seat('b2'))).toBe('ok')
  expect(closed).toEqual(['a1', 'a2', 'a1'])
  // b holds its share, a holds 3: neither may take from the other.
  expect(held.admit(seat('b3'))).toBe('full')
  expect(held.admit(seat('a4'))).toBe('full')
  // Three networks: a share of 2; c takes from a (3), the biggest.
  expect(held.admit(seat('c1'))).toBe('ok')
  expect(closed.at(-1)).toBe('a2')
  expect(names().sort()).toEqual(['a3', 'a3', 'b1', 'b1', 'b2', 'c1'])
})

test('between networks holding as many, the one with the oldest stream gives one up', () => {
  const { held, closed } = pools({ perClient: 3, maxReaders: 4, stageReaders: 1 })
  for (const name of ['b1', 'a1', 'a1', 'b1']) held.admit(seat(name))
  expect(held.admit(seat('c1'))).toBe('ok')
  expect(closed).toEqual(['b1'])
})

test("the stage's seats: never full to its key, never counted against the public, an older key closed", () => {
  const { held, closed } = pools({ perClient: 1, maxReaders: 1, stageReaders: 2 })
  expect(held.admit(seat('a1'))).toBe('ok')
  expect(held.admit(seat('a1', 'k1'))).toBe('ok')
  expect(held.admit(seat('a2', 'k1'))).toBe('ok')
  // The stage's pool is full: its oldest goes, not the public's stream.
  expect(held.admit(seat('a3', 'k1'))).toBe('ok')
  expect(closed).toEqual(['a1'])
  expect(held.stageCount()).toBe(2)
  expect([...held.seats()].map((s) => s.stageKey)).toEqual([undefined, 'k1', 'k1'])
  // A newcomer with a newer key closes those of the older.
  expect(held.admit(seat('b1', 'k2'))).toBe('ok')
  expect(closed).toEqual(['a1', 'a2', 'a3'])
  held.admit(seat('c1', 'k2'))
  held.sweep('k3')
  expect(closed).toEqual(['a1', 'a2', 'a3', 'b1', 'c1'])
  expect([...held.seats()].map((s) => s.stageKey)).toEqual([undefined])
})
