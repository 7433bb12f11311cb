import { consoleAudience } from '../../core/console/console-sign-in'
import { memberAudience } from '../../core/memberships/member-sign-in'
import { comicAudience } from '../../core/settlements/comic-sign-in'
import type { SignInAudiences } from '../../core/sign-in/audience'

/**
 * Every audience of sign-in, by name, as this server's settings make them: the mail worker
 * answers their link requests (the doors, console-door.ts, member-door.ts and comic-door.ts, make their own).
 */
export function signInAudiences(config: {
  adminEmails?: readonly string[] | undefined
}): SignInAudiences {
  return {
    console: consoleAudience(config.adminEmails ?? []),
    member: memberAudience,
    comic: comicAudience,
  }
}
