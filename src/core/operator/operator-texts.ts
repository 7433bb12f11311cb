import { memberCodeLength, showCodeLength } from '../../shared/code-format'

/**
 * What the operator's actions answer when they refuse, in the host's words: the console shows
 * them, the command line prints them, the local channel carries them.
 */
export const operatorTexts = {
  noAction: (name: string) => `There is no action "${name}".`,
  badInput: (where: string, action: string, why: string) => `Bad ${where} for ${action}: ${why}.`,
  noAdmins:
    "Nobody may sign in to the console yet: set ADMIN_EMAILS (the hosts' addresses, comma-separated) and restart the server.",
  notAnAdmin: (email: string) =>
    `${email} is not in ADMIN_EMAILS: add it there (and restart the server) to let it sign in.`,
  noEvent: (id: string) => `No event with id "${id}" (see: npm run admin -- events list).`,
  emptyName: 'The name must not be empty.',
  nothingToChange: 'Nothing to change: give a name, a start or a description.',
  chooseForCodes: (buyers: number, unused: number) =>
    `${unused} unused code${unused === 1 ? '' : 's'} of ${buyers} buyer${buyers === 1 ? '' : 's'} were sold for this show: choose whether their orders are refunded or their codes move to the next show.`,
  noNextShow:
    'There is no later show to move the codes to: refund the orders instead, or add the show first.',
  nextNotLater: (id: string) =>
    `Show ${id} is not a later show on the schedule: the codes can move only to a show still to come.`,
  noFailedMail: 'There is no failed mail to retry.',
  notFailedMail: (id: string) => `Mail ${id} is not a failed mail (see mail list --failed).`,
  membershipsNeedProvider: 'Memberships need the payment provider, which is not set up here.',
  refundsNeedProvider: 'Refunds need the payment provider, which is not set up here.',
  providerDidNotRefund: (orderId: string, reason: string) =>
    `The payment provider did not refund order ${orderId}: ${reason}`,
  notACode: (typed: string) =>
    `"${typed}" is not a code: codes are ${showCodeLength} letters and digits, e.g. ABCDE-FGHJK (a member code's ${memberCodeLength} are found with members show).`,
  noCode: (code: string) => `There is no code ${code}.`,
  noAddress: (orderId: string) =>
    `Order ${orderId} has no email address: add --to fan@example.com.`,
  noCodes: (orderId: string, status: string) =>
    `Order ${orderId} has no codes (it is ${status}): there is nothing to send.`,
  codesVoid: (orderId: string, status: string) =>
    `Every code of order ${orderId} is void (the order is ${status}): there is nothing to send.`,
} as const

/** What the local channel of a running server answers a request it refuses. */
export const channelTexts = {
  notJson: 'Not a request: send one JSON object per line.',
  badToken: (tokenPath: string) => `Refused: that is not the token in ${tokenPath}.`,
  notARequest: 'Not a request: give action, input and who.',
  lineTooLong: 'Refused: a line too long.',
} as const
