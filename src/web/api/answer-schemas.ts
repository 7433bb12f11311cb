// The schemas of the answers the fans' first pages read (src/shared, zod/mini), in the one chunk
// answer-readers.ts imports with the first answer: out of every page's first load. The answers
// about people (members, comics, sign-ups, the host's session) are people-answer-schemas.ts, so
// the landing page and the store, which read none of them, never load them.
export { MessageAnswerSchema, PaymentPageSchema, RefusalAnswerSchema } from '../../shared/answers'
export { CheckoutResponseSchema, SessionResponseSchema } from '../../shared/checkout'
export { CodeMessageAnswerSchema } from '../../shared/code-message-api'
export { LiveFeedSchema } from '../../shared/live-api'
export { ScheduleAnswerSchema } from '../../shared/schedule-answer'
