import { composeMail } from '../mail/compose'
import type { SignInAudience } from './audience'
import { signInLinkLifetimeMs, signInUrl } from './links'

/** The mail that carries a sign-in link: its audience's words, the link, and why it is safe to ignore. */
export function signInMail(
  audience: SignInAudience,
  email: string,
  publicUrl: string,
  token: string,
) {
  return composeMail(email, audience.mail.subject, [
    { paragraph: audience.mail.intro(publicUrl, signInLinkLifetimeMs / 60_000) },
    { link: { href: signInUrl(publicUrl, audience, token), label: audience.mail.linkLabel } },
    {
      paragraph:
        'If you did not ask for it, you can ignore this mail: nobody can sign in without the link.',
    },
  ])
}
