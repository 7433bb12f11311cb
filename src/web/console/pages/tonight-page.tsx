import { lazy, Suspense, useState } from 'react'
import { Link } from 'wouter'
import { consolePages, consolePageTexts, consoleTexts } from '../../../shared/console'
import type { Tonight } from '../../../shared/operator-views'
import { agoText } from '../../../shared/show-night'
import { ConsolePageHead, ErrorNotice, Loading, StateTag, TimeText } from '../console-ui'
import { useNow } from '../device-clock'
import { centralText } from '../format'
import { useAction, useWhileVisible } from '../use-action'
import { GoalPanel } from './goal-panel'
import { LineupEditorLazy as LineupEditor } from './lineup-editor-lazy'
import { MessagesPanel } from './messages-panel'
import { NightComics } from './night-comics'
import { OnStage } from './on-stage-panel'
import { OverlayUrl } from './overlay-url'
import { showNightTexts } from './show-night-texts'
import { StageControls } from './stage-controls'
import { TopSupporters } from './top-supporters-panel'
import { WrapUpPanel } from './wrap-up-panel'

// Its own chunk, loaded with Tonight only for a show (a show that is not an open mic shows nothing).
const OpenMicPanel = lazy(() =>
  import('./open-mic-panel').then((m) => ({ default: m.OpenMicPanel })),
)

/** The last gifts refresh this often while the tab is in sight. */
export const tonightRefreshMs = 10_000

const stateLabel: Record<Tonight['state'], string> = {
  upcoming: 'Next show',
  live: 'On now',
  ended: 'Ended',
}

const quickLinks = [
  { page: 'shows', text: 'Add, move or remove a show' },
  { page: 'comics', text: 'The roster: add, edit, archive a comic' },
  { page: 'orders', text: "Find a fan's order, resend codes, refund" },
  { page: 'mail', text: 'Mail that failed or waits to be sent' },
  { page: 'reports', text: 'Sales by show and by month, boosts' },
  { page: 'audit', text: 'Who did what, and when' },
] as const

/**
 * Show night at a glance: the show on or next, what fans gave, what sold. While a show is on,
 * show-night mode (docs/console.md, "Show night"): the stage's bar stuck to the foot of the
 * screen, each comic's boosts, the lineup folded away; after it, the wrap-up.
 */
export function TonightPage() {
  const tonight = useAction('tonight', {})
  useWhileVisible(tonight.reload, tonightRefreshMs)
  const data = tonight.data
  const [lineupVersion, setLineupVersion] = useState(0)
  const [fromOpenMic, setFromOpenMic] = useState(0)
  const [lineupOpen, setLineupOpen] = useState(false)
  const now = useNow(15_000)
  // The show is on and not over: its lineup has not been through.
  const showNight =
    data?.state === 'live' && Boolean(data.show) && data.wrapUp?.show.id !== data.show?.id

  const stage = data?.show && (
    <OnStage
      key={`stage-${data.show.id}`}
      showId={data.show.id}
      refreshMs={tonightRefreshMs}
      lineupVersion={lineupVersion}
      showNight={showNight}
      setBoosts={data.setBoosts}
      onChange={tonight.reload}
    />
  )
  const lineup = data?.show && (
    <LineupEditor
      key={`lineup-${data.show.id}-${fromOpenMic}`}
      showId={data.show.id}
      showName={data.show.name}
      onSaved={() => setLineupVersion((n) => n + 1)}
    />
  )

  return (
    <div className={showNight ? 'console-page is-show-night' : 'console-page'}>
      <ConsolePageHead page="tonight" />
      {tonight.error && <ErrorNotice error={tonight.error} onRetry={tonight.reload} />}
      {!data && !tonight.error && <Loading />}
      {data?.wrapUp && <WrapUpPanel key={data.wrapUp.show.id} wrapUp={data.wrapUp} />}
      {data && !data.show && <p className="lead">{consoleTexts.noShow}</p>}
      {showNight && stage}
      {showNight && data && (
        <section aria-labelledby="tonight-comics">
          <h2 id="tonight-comics">{showNightTexts.comicsHeading}</h2>
          <NightComics comics={data.comics} caption={showNightTexts.comicsHeading} />
        </section>
      )}
      {data?.show && (
        <section className="card card-spotlight console-tonight" aria-labelledby="tonight-show">
          <p className="eyebrow">
            <StateTag state={data.state} label={stateLabel[data.state]} />
          </p>
          <h2 id="tonight-show">{data.show.name}</h2>
          <p>
            <TimeText iso={data.show.startsAt} />
          </p>
          <dl className="console-stats">
            <div>
              <dt>Boosts so far</dt>
              <dd>{data.totalBoosts}</dd>
            </div>
            <div>
              <dt>From show codes</dt>
              <dd>{data.codeBoosts}</dd>
            </div>
            <div>
              <dt>Member boosts</dt>
              <dd>{data.memberBoosts}</dd>
            </div>
            <div>
              <dt>Codes sold</dt>
              <dd>{data.codesSold}</dd>
            </div>
            <div>
              <dt>Codes redeemed</dt>
              <dd>{data.codesRedeemed}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{data.orders}</dd>
            </div>
          </dl>
        </section>
      )}
      {!showNight && stage}
      {data && <MessagesPanel refreshMs={tonightRefreshMs} />}
      {data?.show && (
        <section aria-labelledby="tonight-gifts">
          <h2 id="tonight-gifts">Last gifts</h2>
          {data.gifts.length === 0 ? (
            <p className="console-empty">{consolePageTexts.tonight.noGifts}</p>
          ) : (
            <ul className="console-gifts">
              {data.gifts.map((gift) => (
                <li key={`${gift.at}-${gift.text}`}>
                  <span>{gift.text}</span>{' '}
                  <time dateTime={gift.at} title={centralText(gift.at)}>
                    {agoText(new Date(gift.at), now)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          <p className="field-hint">
            {consolePageTexts.tonight.refreshed(tonightRefreshMs / 1000)}
          </p>
        </section>
      )}
      {showNight ? (
        <details
          className="card console-lineup-fold"
          onToggle={(event) => setLineupOpen(event.currentTarget.open)}
        >
          <summary>{showNightTexts.editLineup}</summary>
          {/* Loaded when opened: the folded editor costs the night nothing. */}
          {lineupOpen && lineup}
        </details>
      ) : (
        lineup
      )}
      {data?.show && (
        <Suspense fallback={null}>
          <OpenMicPanel
            key={`open-mic-${data.show.id}`}
            showId={data.show.id}
            showName={data.show.name}
            onlyIfOpenMic
            onLineup={() => {
              // The bill changed under the editor: it reads it again, and the stage its next.
              setFromOpenMic((n) => n + 1)
              setLineupVersion((n) => n + 1)
            }}
          />
        </Suspense>
      )}
      {data?.show && (
        <GoalPanel
          key={`goal-${data.show.id}`}
          showId={data.show.id}
          refreshMs={tonightRefreshMs}
        />
      )}
      {data?.show && <StageControls />}
      {data?.show && <TopSupporters />}
      {/* Before a show too: the host sets OBS up ahead of it. */}
      {data && <OverlayUrl />}
      {/* Shown with the show, not before it: nothing on the page moves when the figures arrive. */}
      {(data || tonight.error) && (
        <nav aria-labelledby="tonight-links">
          <h2 id="tonight-links">Quick links</h2>
          <ul className="console-quick-links">
            {quickLinks.map(({ page, text }) => (
              <li key={page}>
                <Link to={consolePages[page].path} className="card">
                  <strong>{consolePages[page].title}</strong>
                  <span>{text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
