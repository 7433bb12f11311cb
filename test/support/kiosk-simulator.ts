// A VRChat world's kiosk as the server sees it, within the limits a world's scripts live with.
/**
 * A VRChat world's kiosk as the server sees it (docs/product.md, "Kiosk and live feed"):
 * - GET only, no headers of its own and no body (the proxy in front of the site adds
 *   X-Forwarded-For: `playerAddress` stands for the player's own client and IP);
 * - at most one download every 5 s per client; extra downloads queue and run in random order;
 * - a redirect fails; on an error the world sees only the status, the text is readable on 200;
 * - VRCJson: the text must be JSON, numbers arrive as doubles.
 * Tests drive redemption through it, so an answer a world could not use fails them.
 */

export interface KioskSimulatorOptions {
  /** The site, e.g. "http://127.0.0.1:4321". */
  baseUrl: string
  /** The player's address, as the proxy in front of the site reports it. */
  playerAddress: string
  /**
   * Waits until the next download may start. Real time by default; tests pass one that moves
   * the server's hand-moved clock, so 5 s between downloads costs nothing.
   */
  wait?: (ms: number) => Promise<void>
  /** Picks among queued downloads; Math.random by default. */
  random?: () => number
}

/** VRCStringDownloader's outcome: the text only on success. */
export type Download =
  | { ok: true; status: 200; text: string; json: Record<string, unknown> }
  | { ok: false; status: number }

/** VRChat's limit: one string download per 5 s per client. */
export const downloadIntervalMs = 5000

interface Queued {
  url: string
  resolve: (download: Download) => void
  reject: (error: unknown) => void
}

export class KioskSimulator {
  /** Every download the world made, in the order they ran. */
  readonly log: string[] = []
  private readonly queue: Queued[] = []
  private pumping = false
  private lastStart = Number.NEGATIVE_INFINITY
  private elapsed = 0

  constructor(private readonly options: KioskSimulatorOptions) {}

  /** What a fan's completed URL field loads: `https://SITE/k/` + what they typed. */
  redeem(typed: string): Promise<Download> {
    return this.loadUrl(`${this.options.baseUrl}/k/${typed}`)
  }

  /** The stage display's poll of the live feed. */
  feed(): Promise<Download> {
    return this.loadUrl(`${this.options.baseUrl}/api/live`)
  }

  /** VRCStringDownloader.LoadUrl: queued, paced, run in random order. */
  loadUrl(url: string): Promise<Download> {
    return new Promise((resolve, reject) => {
      this.queue.push({ url, resolve, reject })
      void this.pump()
    })
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      // Let every download asked for in this turn join the queue before one is picked.
      await Promise.resolve()
      while (this.queue.length > 0) {
        const due = this.lastStart + downloadIntervalMs - this.elapsed
        if (due > 0) {
          await (this.options.wait ?? realWait)(due)
          this.elapsed += due
        }
        this.lastStart = this.elapsed
        const index = Math.floor((this.options.random ?? Math.random)() * this.queue.length)
        const [next] = this.queue.splice(index, 1)
        if (!next) continue
        this.log.push(next.url)
        await this.download(next.url).then(next.resolve, next.reject)
      }
    } finally {
      this.pumping = false
    }
  }

  private async download(url: string): Promise<Download> {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers: { 'x-forwarded-for': this.options.playerAddress },
    })
    if (response.status !== 200) {
      await response.body?.cancel()
      return { ok: false, status: response.status }
    }
    const text = await response.text()
    // VRCJson.TryDeserializeFromJson fails on anything but JSON: so does the world.
    const json = JSON.parse(text) as unknown
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new Error(`not a JSON object: ${text}`)
    }
    return { ok: true, status: 200, text, json: json as Record<string, unknown> }
  }
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** What a world granted, as its grant target was told. */
export interface Grant {
  redemption: string
  product: string
  boosts: number
  perks: string
  anonymous: boolean
}

/**
 * VRChat's PlayerData for one player: strings by key, kept by VRChat across visits and instances
 * (a rejoin keeps it, a new KioskWorld session is handed the same one).
 */
export type PlayerData = Map<string, string>

/** The PlayerData key under which the reference kiosk keeps the redemption ids it granted. */
export const grantedIdsKey = 'punchline.granted'

/**
 * The reference kiosk (docs/kiosk/PunchlineKiosk.cs) as one player's client runs it: it reads
 * each answer's fields by type (a missing or mistyped field grants nothing), grants when the
 * answer grants and its `redemption` id is not among those this player was granted, grants
 * first and records the id after, and keeps the ids in PlayerData, so a rejoin never grants
 * one twice.
 */
export class KioskWorld {
  /** What this session granted, in order. */
  readonly grants: Grant[] = []
  readonly simulator: KioskSimulator

  constructor(
    private readonly options: KioskSimulatorOptions,
    readonly playerData: PlayerData = new Map(),
  ) {
    this.simulator = new KioskSimulator(options)
  }

  /** The same player leaving and joining again: a new session, the same PlayerData. */
  rejoin(): KioskWorld {
    return new KioskWorld(this.options, this.playerData)
  }

  /** A fan completes the URL field with `typed` and presses Redeem. */
  async redeem(typed: string): Promise<Download> {
    const download = await this.simulator.redeem(typed)
    if (!download.ok) return download
    const json = download.json
    const text = (key: string) => (typeof json[key] === 'string' ? json[key] : undefined)
    const status = text('status')
    const redemption = text('redemption')
    const grants = status === 'redeemed' || (status === 'already_redeemed' && json.yours === true)
    if (!grants || !redemption || this.grantedIds().includes(redemption)) return download
    if (typeof json.boosts !== 'number') return download
    this.grants.push({
      redemption,
      product: text('product') ?? '',
      boosts: Math.trunc(json.boosts),
      perks: text('perks') ?? '',
      anonymous: json.anonymous === true,
    })
    this.playerData.set(grantedIdsKey, [...this.grantedIds(), redemption].join(' '))
    return download
  }

  private grantedIds(): string[] {
    return (this.playerData.get(grantedIdsKey) ?? '').split(' ').filter(Boolean)
  }
}
