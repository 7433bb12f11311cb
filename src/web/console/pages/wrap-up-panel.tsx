import { useState } from 'react'
import { Link } from 'wouter'
import { consolePages } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import type { WrapUp } from '../../../shared/show-night'
import { TimeText } from '../console-ui'
import { NightComics } from './night-comics'
import { showNightTexts as texts } from './show-night-texts'

/** Where this browser keeps the show whose wrap-up the host dismissed. */
export const dismissedKey = 'console-wrap-up-dismissed'

/** The show id kept, or '' (none, or not one: a show id is short). No zod here: it is Tonight's chunk. */
function readDismissed(): string {
  try {
    const kept = localStorage.getItem(dismissedKey) ?? ''
    return kept.length <= 200 ? kept : ''
  } catch {
    return ''
  }
}

/** "/admin/books?show=evt-…": the Books page with that show's settlement asked. */
function booksLink(query: Record<string, string>): string {
  return `${consolePages.books.path}?${new URLSearchParams(query)}`
}

/**
 * The show that just ended (docs/console.md, "Show night"): each comic's sets, boosts and money,
 * the codes, the goal, and the next steps, until the host dismisses it (on this device) or the
 * next show starts (the server stops sending it).
 */
export function WrapUpPanel({ wrapUp }: { wrapUp: WrapUp }) {
  const [dismissed, setDismissed] = useState(readDismissed)
  if (dismissed === wrapUp.show.id) return null
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey, wrapUp.show.id)
    } catch {
      // Private browsing may refuse to keep it: the wrap-up goes for this visit all the same.
    }
    setDismissed(wrapUp.show.id)
  }
  const goal = wrapUp.goal
  return (
    <section className="card card-spotlight console-wrap-up" aria-labelledby="tonight-wrap-up">
      <h2 id="tonight-wrap-up">{texts.wrapUpHeading(wrapUp.show.name)}</h2>
      <p>
        <TimeText iso={wrapUp.show.startsAt} />
      </p>
      <dl className="console-stats">
        <div>
          <dt>Boosts</dt>
          <dd>{wrapUp.boosts}</dd>
        </div>
        <div>
          <dt>Money in</dt>
          <dd className="console-money">{formatUsd(wrapUp.moneyCents)}</dd>
        </div>
        <div>
          <dt>To the comics</dt>
          <dd className="console-money">{formatUsd(wrapUp.comicsCents)}</dd>
        </div>
        <div>
          <dt>Codes sold</dt>
          <dd>{wrapUp.codesSold}</dd>
        </div>
        <div>
          <dt>Codes redeemed</dt>
          <dd>{wrapUp.codesRedeemed}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{wrapUp.orders}</dd>
        </div>
      </dl>
      <p>
        {goal
          ? (goal.reached ? texts.goalReached : texts.goalMissed)(goal.boosts, goal.reward)
          : texts.noGoal}
        {wrapUp.potBoosts > 0 && <> {texts.potLine(wrapUp.potBoosts)}.</>}
      </p>
      {!wrapUp.settled && Date.now() < Date.parse(wrapUp.settleFrom) && (
        <p className="field-hint">
          {texts.settleFrom} <TimeText iso={wrapUp.settleFrom} />.
        </p>
      )}
      <NightComics comics={wrapUp.comics} caption={texts.wrapUpHeading(wrapUp.show.name)} />
      <div className="cluster console-wrap-up-actions">
        {wrapUp.settled ? (
          <p>{texts.settled}</p>
        ) : (
          <Link to={booksLink({ show: wrapUp.show.id })} className="button">
            {texts.settle}
          </Link>
        )}
        <Link to={booksLink({ statements: 'all' })} className="button button-secondary">
          {texts.statements}
        </Link>
        <button type="button" className="button button-secondary" onClick={dismiss}>
          {texts.dismiss}
        </button>
      </div>
    </section>
  )
}
