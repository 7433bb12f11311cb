import { useEffect } from 'react'
import { Link, useParams } from 'wouter'
import { memberWelcomeTexts as words } from '../../../shared/member-welcome'
import {
  membershipTexts,
  tierBoostsSentence,
  tierLineName,
  tierPerkLines,
} from '../../../shared/memberships'
import { pages, paths } from '../../../shared/pages'
import { texts } from '../../../shared/texts'
import { CodeBox } from '../../components/code-box'
import { SiteLayout } from '../../components/layout/site-layout'
import { useMemberWelcomeData } from './member-welcome-data'
import './member-welcome.css'

/**
 * Where a membership paid on the test checkout lands (/pay/membership/<subscription>, docs/
 * memberships.md): rendered by the server with the membership (server/plugins/
 * member-welcome-page-renderer.ts), hydrated from the same data. The paying browser's first view shows the
 * member code in the code box /success uses, and where it was mailed; later views say it was
 * mailed. Without the membership (the server could not render it), that sentence and the links.
 */
export function MemberWelcomePage() {
  const { id } = useParams()
  const rendered = useMemberWelcomeData()
  const data = rendered?.subscription === id ? rendered : null
  useEffect(() => {
    // A page at many addresses: site-app.tsx leaves its title to it.
    document.title = pages.memberWelcome.title
  }, [])
  return (
    <SiteLayout>
      <article className="welcome-page" aria-labelledby="welcome-title">
        <h1 id="welcome-title">{words.heading}</h1>
        <section className="welcome-code card" aria-labelledby="welcome-code-title">
          <h2 id="welcome-code-title">{words.codeLabel}</h2>
          {data?.receipt ? (
            <>
              <CodeBox code={data.receipt.code} />
              <p>{words.mailed(data.receipt.email)}</p>
            </>
          ) : (
            <p>{words.sentByMail}</p>
          )}
          <p className="muted">{words.howTo}</p>
        </section>
        {data && (
          <section className="welcome-perks card" aria-labelledby="welcome-perks-title">
            <h2 id="welcome-perks-title">{tierLineName(data.tier)}</h2>
            <ul>
              {[tierBoostsSentence(data.tier), ...tierPerkLines(data.tier)].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        )}
        <nav className="welcome-links" aria-label="Where next">
          <Link className="button" to={paths.membership}>
            {membershipTexts.openMemberPage}
          </Link>
          <Link className="button button-secondary" to={paths.store}>
            {texts.backToStore}
          </Link>
        </nav>
      </article>
    </SiteLayout>
  )
}
