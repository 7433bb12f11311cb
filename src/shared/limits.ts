/** Business constants, named once (docs/product.md, "Business constants"). */
export const limits = {
  maxQuantityPerLine: 99,
  maxCartLines: 10,
  /** Success page: attempts in all, and the wait between them. */
  pollAttempts: 6,
  pollIntervalMs: 3000,
  /** Once the codes show, the success page reads their states again this often while one is unused. */
  codeStateRefreshMs: 15_000,
  /**
   * A show is on for this long from its start: it stays "next", its codes redeem and the live
   * feed says `live`; calendars (the iCalendar feed's DTEND) and search results (the JSON-LD's
   * endDate) end it then too, so every place tells a fan the same hours.
   */
  showRolloverMs: 3 * 60 * 60 * 1000,
  refundWindowDays: 7,
  itemCarouselMs: 7000,
  aboutCarouselMs: 8000,
  contactNameMax: 100,
  contactMessageMax: 5000,
} as const
