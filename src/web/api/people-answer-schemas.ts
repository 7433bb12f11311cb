// The schemas of the answers about people the browser reads (a member's page, a comic's own page
// and statement, an open mic's sign-ups, the host's session), in their own chunk, imported with
// the first such answer (answer-schemas.ts holds the fans' first pages' own).
export { ComicHomeSchema } from '../../shared/comic-home-api'
export { SignedInStatementSchema } from '../../shared/comic-statement-api'
export { MemberViewSchema } from '../../shared/member-page-api'
export {
  ConfirmedAnswerSchema,
  OpenMicPublicSchema,
  SignupToConfirmSchema,
} from '../../shared/open-mic-api'
export { ConsoleSessionInfoSchema } from '../../shared/sign-in-api'
