import type { Db, SignInAudienceName } from '../db/schema'

/**
 * One audience of sign-in by mailed link: the console's hosts, the member page's members (and,
 * next, the comics). An audience says who may sign in, where its link opens, what its mail says
 * and how long its sessions last; its links, sessions and requests are the same code for every
 * audience (links.ts, sessions.ts, requests.ts), and the server adds its cookie, routes, texts
 * and limits (src/server/sign-in). A link or session is made for one audience and only ever
 * found for it: a member's link never opens the console, nor a host's the member page.
 */
export interface SignInAudience<Who = unknown> {
  name: SignInAudienceName
  /** A session ends this long after sign-in, or at "Sign out". */
  sessionLifetimeMs: number
  /**
   * The page a link opens, the token after `#`, which browsers never send to a server (it stays
   * out of access logs and Referer headers). The page sends it with a POST, so a mail scanner
   * that opens links signs nobody in.
   */
  linkPath: string
  /**
   * Who `email` (in lower case) signs in as, or undefined when it may not sign in. Asked when the
   * mail worker answers a link request, when a link is used and at every request of a session,
   * so an address taken away ends its sessions at once.
   */
  who(db: Db, email: string): Promise<Who | undefined>
  /** The link's mail: its subject, the paragraph before the link, and the link's words. */
  mail: {
    subject: string
    intro(publicUrl: string, linkMinutes: number): string
    linkLabel: string
  }
}

/** Every audience by name: the mail worker answers each one's link requests. */
export type SignInAudiences = { [Name in SignInAudienceName]: SignInAudience }
