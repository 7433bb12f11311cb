/** Only the first line of an event's description is shown (docs/product.md, "Schedule"). */
export function firstLine(description: string): string {
  return description.split(/\r?\n/, 1)[0]?.trim() ?? ''
}
