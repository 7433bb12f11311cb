/** A stream as the pools seat it. */
export interface Seat {
  /** The keyed hash of its client: an IPv4 address, an IPv6 /64. */
  client: string
  /** The keyed hash of its wider network: an IPv4 /24, an IPv6 /48. */
  network: string
  /** The stage key it came with, when that was the right one: it takes a stage seat. */
  stageKey?: string | undefined
}

export interface PoolBounds {
  /** Public streams one client may hold. */
  perClient: number
  /** Public streams in all. */
  maxReaders: number
  /** Streams opened with the stage key: the overlay's and the host's own. */
  stageReaders: number
}

/** A seat given, or why not: its client holds too many, or the public pool is full to it. */
export type Admission = 'ok' | 'client' | 'full'

/**
 * Who holds the stream's seats in one process (docs/stage.md, "Limits"). Two pools: the stage's
 * (opened with the stage key), where a newcomer always gets in, closing a stream opened with an
 * older key or else the oldest; and the public's, where each client holds a few streams and,
 * once the pool is full, each wider network a fair share: the pool divided evenly between the
 * networks holding streams and the newcomer's (rounded down). A newcomer whose network holds
 * less than that gets in by closing the oldest stream of the network holding the most (which
 * is then still at or above its share, so the two never take turns); any other is refused.
 */
export class StreamPools<S extends Seat> {
  private readonly all = new Set<S>()
  private readonly stage = new Set<S>()
  private readonly perClient = new Map<string, number>()
  /** Each network's public streams, oldest first (a Set keeps the order they came in). */
  private readonly byNetwork = new Map<string, Set<S>>()
  /** When each stream came in, to break a tie between networks by their oldest stream. */
  private readonly arrival = new Map<S, number>()
  private arrivals = 0

  /** `close` ends a stream the pools let go to seat another (it is already out of them). */
  constructor(
    private readonly bounds: PoolBounds,
    private readonly close: (seat: S) => void,
  ) {}

  /** Seats `seat`, closing another when the rules above say so; or answers why not. */
  admit(seat: S): Admission {
    if (seat.stageKey !== undefined) {
      this.sweep(seat.stageKey)
      const oldest = first(this.stage)
      if (this.stage.size >= this.bounds.stageReaders && oldest) this.evict(oldest)
      this.stage.add(seat)
    } else {
      if ((this.perClient.get(seat.client) ?? 0) >= this.bounds.perClient) return 'client'
      if (this.publicCount() >= this.bounds.maxReaders) {
        const victim = this.victimFor(seat.network)
        if (!victim) return 'full'
        this.evict(victim)
      }
      this.perClient.set(seat.client, (this.perClient.get(seat.client) ?? 0) + 1)
      const network = this.byNetwork.get(seat.network) ?? new Set<S>()
      network.add(seat)
      this.byNetwork.set(seat.network, network)
    }
    this.all.add(seat)
    this.arrival.set(seat, this.arrivals++)
    return 'ok'
  }

  /** Lets a seat go (its stream ended); nothing when it holds none. */
  remove(seat: S): void {
    if (!this.all.delete(seat)) return
    this.arrival.delete(seat)
    if (this.stage.delete(seat)) return
    const held = (this.perClient.get(seat.client) ?? 1) - 1
    if (held > 0) this.perClient.set(seat.client, held)
    else this.perClient.delete(seat.client)
    const network = this.byNetwork.get(seat.network)
    network?.delete(seat)
    if (network?.size === 0) this.byNetwork.delete(seat.network)
  }

  /** Closes the stage's streams opened with another key than `key` (a renewed key ends the old). */
  sweep(key: string): void {
    for (const seat of this.stage) if (seat.stageKey !== key) this.evict(seat)
  }

  /** Every stream seated, in both pools. */
  seats(): Iterable<S> {
    return this.all
  }

  count(): number {
    return this.all.size
  }

  /** Streams in the stage's pool. */
  stageCount(): number {
    return this.stage.size
  }

  private publicCount(): number {
    return this.all.size - this.stage.size
  }

  /** The stream a newcomer from `network` may close to get in, if its network is under its share. */
  private victimFor(network: string): S | undefined {
    const own = this.byNetwork.get(network)?.size ?? 0
    const networks = this.byNetwork.size + (own === 0 ? 1 : 0)
    if (own >= Math.floor(this.bounds.maxReaders / networks)) return undefined
    let biggest: S | undefined
    let most = 0
    for (const seats of this.byNetwork.values()) {
      const oldest = first(seats)
      if (!oldest) continue
      const older = biggest !== undefined && this.arrivedBefore(oldest, biggest)
      if (seats.size > most || (seats.size === most && older)) {
        biggest = oldest
        most = seats.size
      }
    }
    return biggest
  }

  private arrivedBefore(a: S, b: S): boolean {
    return (this.arrival.get(a) ?? 0) < (this.arrival.get(b) ?? 0)
  }

  private evict(seat: S): void {
    this.remove(seat)
    this.close(seat)
  }
}

function first<T>(set: Set<T>): T | undefined {
  for (const item of set) return item
  return undefined
}
