/**
 * The night's top supporters (docs/stage.md, "Top supporters"): the names fans and members gave
 * with their gifts at a show, each with the boosts given under it. An anonymous gift, and a gift
 * without a name, is never counted under a name. The board always shows them; the overlay only
 * when the host turns it on.
 */

/** How many names the board, the feed and the overlay show: what fits beside the total. */
export const topSupportersCount = 3

/**
 * One name on the list. A plain table that imports nothing: the overlay reads its words too, and
 * its schema is the feed's (live-api.ts).
 */
export interface Supporter {
  /** The name given with the gifts (the order's "Name on stage", the member's name), cleaned. */
  name: string
  /** The boosts given under that name at the show. */
  boosts: number
}

/** The stream's `supporters` event: the show's list, and whether the overlay shows it. */
export interface SupportersEvent {
  showId: string
  /** The host turned the list on for the overlay (the board shows it whatever this says). */
  overlay: boolean
  /** Most boosts first; on equal boosts, who reached them first. */
  supporters: Supporter[]
}

/** The host's `supporters.show` and `supporters.overlay`: the setting and tonight's list. */
export interface SupportersView {
  overlay: boolean
  showId: string
  supporters: Supporter[]
}

const count = new Intl.NumberFormat('en-US')

export const supportersTexts = {
  /** The heading over the list, on the board and the overlay. */
  heading: 'Top supporters',
  /** One line of the list: "1. Sam 35". */
  line: (rank: number, supporter: Supporter) =>
    `${rank}. ${supporter.name} ${count.format(supporter.boosts)}`,
  /** The console's switch and what it and the command line say. */
  console: {
    heading: 'Top supporters',
    lead: 'The names fans gave with their gifts tonight, most boosts first. Anonymous gifts are never counted by name. The board always shows them; the overlay only when you turn them on.',
    none: 'No named gifts yet tonight.',
    overlayOn: 'Show on the overlay',
    on: 'The overlay shows the top supporters.',
    off: 'The overlay does not show the top supporters.',
  },
} as const
