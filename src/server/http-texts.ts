/**
 * What the HTTP layer itself answers, before or beside any route: an address that is not one, a
 * body that is not JSON, a page or record that is not there.
 */
export const httpTexts = {
  notFound: 'Not found.',
  badAddress: 'The address is not valid.',
  addressTooLong: 'The address is too long.',
  tooLarge: (kilobytes: number) => `The request is too large (at most ${kilobytes} KB).`,
  notJson: 'The request body is not valid JSON.',
  sendJson: 'Send the request as JSON (Content-Type: application/json).',
  noSuchEvent: 'There is no such event.',
} as const
