/**
 * An order's short reference, the one people read, say and type: "7F3K9Q", the first six symbols
 * of the order's random id in capitals. The same everywhere (the console's lists and pages, the
 * codes mail's receipt); the console's order search finds an order by it, since it matches the
 * id in any capitals. Six symbols of 36 keep two orders of a club's lifetime apart; the full id
 * stays behind the console's "Copy" button and in the command line.
 */
export function orderReference(id: string): string {
  const random = id.slice(id.indexOf('_') + 1)
  return random.slice(0, 6).toUpperCase()
}

/** "Order 7F3K9Q". */
export function orderName(id: string): string {
  return `Order ${orderReference(id)}`
}
