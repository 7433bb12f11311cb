// The schemas of every answer the browser reads (src/shared, zod/mini), in the one chunk
// answer-readers.ts imports with the first answer: out of every page's first load.
export { MessageAnswerSchema, PaymentPageSchema, RefusalAnswerSchema } from '../../shared/answers'
export { CheckoutResponseSchema, SessionResponseSchema } from '../../shared/checkout'
export { CodeMessageAnswerSchema } from '../../shared/code-message-api'
export { ComicHomeSchema } from '../../shared/comic-home-api'
export { SignedInStatementSchema } from '../../shared/comic-statement-api'
export { LiveFeedSchema } from '../../shared/live-api'
export { MemberViewSchema } from '../../shared/member-page-api'
export {
  ConfirmedAnswerSchema,
  OpenMicPublicSchema,
  SignupToConfirmSchema,
} from '../../shared/open-mic-api'
export { ScheduleAnswerSchema } from '../../shared/schedule-answer'
export { ConsoleSessionInfoSchema } from '../../shared/sign-in-api'
