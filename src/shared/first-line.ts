/** Only the first line of an event's description is shown (spec section 3). */
export function firstLine(description: string): string {
  return description.split(/\r?\n/, 1)[0]?.trim() ?? ''
}
