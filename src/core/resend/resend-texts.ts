/** The answers of "Lost your codes?" (POST /api/resend-codes). */
export const resendMessages = {
  /** The same words whether or not the address bought anything: nobody learns who did. */
  sent: 'If that address bought codes in the last 30 days, we have sent them to it again. Check your inbox (and spam folder) in a few minutes.',
  badEmail: 'Please enter a valid email address: the one you gave at checkout.',
  tooMany: 'Too many requests to resend codes. Please wait an hour, then try again.',
} as const
