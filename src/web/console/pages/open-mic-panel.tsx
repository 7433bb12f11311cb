import { useId, useState } from 'react'
import type { SignupView } from '../../../shared/open-mic-operator'
import type { OperatorInput } from '../../../shared/operator'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, Loading, StateTag, SuccessNotice, TimeText, Value } from '../console-ui'
import { useAction } from '../use-action'
import { openMicConsoleTexts as texts } from './open-mic-console-texts'
import { DrawNow } from './open-mic-draw'
import { OpenMicSettings } from './open-mic-settings'
import './open-mic-panel.css'
import { useFocusedHeading } from '../use-focused-heading'

type Change =
  | ['openmic.reorder', Omit<OperatorInput<'openmic.reorder'>, 'show'>]
  | ['openmic.move', Omit<OperatorInput<'openmic.move'>, 'show'>]
  | ['openmic.check-in', Omit<OperatorInput<'openmic.check-in'>, 'show'>]
  | ['openmic.no-show', Omit<OperatorInput<'openmic.no-show'>, 'show'>]

/**
 * A show's open mic (docs/comics.md, "Open mics"): its settings, the draw, the list and the
 * waitlist with buttons (up, down, to the other list, check in, no-show), and "Use as the
 * lineup". Names and notes are shown as text, as typed.
 */
export function OpenMicPanel(props: {
  showId: string
  showName: string
  /** Opened from a list (Shows): it comes into view, its heading read first. */
  focusOnOpen?: boolean
  /** On Tonight: nothing at all for a show that is not an open mic. */
  onlyIfOpenMic?: boolean
  /** The lineup was set from the running order. */
  onLineup?: () => void
}) {
  const id = useId()
  const heading = useFocusedHeading(props.focusOnOpen)
  const { run } = useConsoleSession()
  const view = useAction('openmic.show', { show: props.showId })
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const data = view.data
  const notOpenMic = view.error?.status === 404
  // On Tonight, only a show that is an open mic has the panel, and it appears once known.
  if (props.onlyIfOpenMic && !data) return null

  const step = async (work: () => Promise<string>) => {
    setBusy(true)
    setError(undefined)
    setNotice('')
    try {
      setNotice(await work())
      view.reload()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }
  const change = ([name, input]: Change, said: string) =>
    step(async () => {
      await run(name, { show: props.showId, ...input } as never)
      return said
    })

  const rows = (list: SignupView[], where: 'slot' | 'waitlist') =>
    list.length === 0 ? (
      <p>{where === 'slot' ? texts.emptyList : texts.emptyWaitlist}</p>
    ) : (
      <ol className="console-open-mic-list">
        {list.map((s, index) => (
          <li key={s.id}>
            <p>
              <strong>{s.stageName}</strong>{' '}
              {s.checkedIn && <StateTag state="checked-in" label="Checked in" />}{' '}
              {s.noShow && <StateTag state="no-show" label="No-show" />}
            </p>
            <p className="field-hint">
              <Value>{s.email}</Value> · VRChat: <Value>{s.vrchatName}</Value>
              {s.plannedAt && (
                <>
                  {' '}
                  · on stage <TimeText iso={s.plannedAt} />
                </>
              )}
            </p>
            {s.confirmedAt && (
              <p className="field-hint">
                {texts.signedUp} <TimeText iso={s.confirmedAt} />
              </p>
            )}
            {s.note && <p className="console-open-mic-note">{s.note}</p>}
            <div className="cluster">
              <RowButton
                label="Up"
                who={s.stageName}
                disabled={busy || index === 0}
                onClick={() =>
                  change(
                    ['openmic.reorder', { signup: s.id, position: index }],
                    `${s.stageName}: up.`,
                  )
                }
              />
              <RowButton
                label="Down"
                who={s.stageName}
                disabled={busy || index === list.length - 1}
                onClick={() =>
                  change(
                    ['openmic.reorder', { signup: s.id, position: index + 2 }],
                    `${s.stageName}: down.`,
                  )
                }
              />
              <RowButton
                label={where === 'slot' ? 'To the waitlist' : 'To the list'}
                who={s.stageName}
                disabled={busy}
                onClick={() =>
                  change(
                    ['openmic.move', { signup: s.id, to: where === 'slot' ? 'waitlist' : 'slot' }],
                    `${s.stageName} moved.`,
                  )
                }
              />
              {where === 'slot' && (
                <>
                  <RowButton
                    label={s.checkedIn ? 'Undo check-in' : 'Check in'}
                    who={s.stageName}
                    disabled={busy}
                    onClick={() =>
                      change(
                        ['openmic.check-in', { signup: s.id, undo: s.checkedIn }],
                        `${s.stageName}: ${s.checkedIn ? 'check-in undone' : 'checked in'}.`,
                      )
                    }
                  />
                  <RowButton
                    label={s.noShow ? 'Undo no-show' : 'No-show'}
                    who={s.stageName}
                    disabled={busy}
                    onClick={() =>
                      change(
                        ['openmic.no-show', { signup: s.id, undo: s.noShow }],
                        `${s.stageName}: ${s.noShow ? 'not a no-show' : 'no-show'}.`,
                      )
                    }
                  />
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    )

  return (
    <section className="card console-open-mic" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Open mic: {props.showName}
      </h2>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
      {view.loading && !data && !notOpenMic && <Loading />}
      {view.error && !notOpenMic && <ErrorNotice error={view.error} onRetry={view.reload} />}
      {notOpenMic && <p>{texts.notYet}</p>}
      {(data || notOpenMic) && (
        <details open={notOpenMic}>
          <summary>Settings</summary>
          <OpenMicSettings
            key={data?.openMic.opensAt ?? 'new'}
            openMic={data?.openMic}
            busy={busy}
            onSave={(settings) =>
              step(async () => {
                await run('openmic.set', { show: props.showId, ...settings })
                return texts.saved
              })
            }
          />
        </details>
      )}
      {data && (
        <>
          <div className="cluster console-open-mic-actions">
            {data.openMic.open && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() =>
                  step(async () => {
                    const { openMic: o } = data
                    await run('openmic.set', {
                      show: props.showId,
                      slots: o.slots,
                      setMinutes: o.setMinutes,
                      opensAt: o.opensAt,
                      closesAt: new Date().toISOString(),
                      rule: o.rule,
                      ...(o.drawAt ? { drawAt: o.drawAt } : {}),
                    })
                    return texts.signUpClosed
                  })
                }
              >
                {texts.closeSignUp}
              </button>
            )}
            {data.openMic.rule === 'lottery' && !data.openMic.draw && (
              <DrawNow
                openMic={data.openMic}
                busy={busy}
                onDraw={() =>
                  step(async () => {
                    const drawn = await run('openmic.draw', { show: props.showId })
                    return texts.drawn(drawn.openMic.draw?.seed ?? '')
                  })
                }
              />
            )}
          </div>
          {data.openMic.drawSeedHash && !data.openMic.draw && (
            <p>
              {texts.seedCommitted} <Value code>{data.openMic.drawSeedHash}</Value>
            </p>
          )}
          {data.openMic.draw && <p>{texts.drawnWith(data.openMic.draw.seed)}</p>}
          <h3>The list</h3>
          <p>{texts.slotsOpen(data.openMic.slotsLeft)}</p>
          {rows(data.slots, 'slot')}
          <div className="console-open-mic-actions">
            <button
              type="button"
              className="button"
              disabled={busy || data.slots.length === 0}
              onClick={() =>
                step(async () => {
                  await run('openmic.use-lineup', { show: props.showId })
                  props.onLineup?.()
                  return texts.lineupMade
                })
              }
            >
              Use as the lineup
            </button>
          </div>
          <h3>Waitlist</h3>
          {rows(data.waitlist, 'waitlist')}
          {data.pool.length > 0 && (
            <>
              <h3>Confirmed, to be drawn</h3>
              <p className="field-hint">{texts.poolFixed}</p>
              <ul>
                {data.pool.map((s) => (
                  <li key={s.id}>
                    {s.stageName} · {s.email}
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.pending.length > 0 && <p>{texts.pending(data.pending.length)}</p>}
          {data.withdrawn.length > 0 && (
            <p>Withdrawn: {data.withdrawn.map((s) => s.stageName).join(', ')}</p>
          )}
        </>
      )}
    </section>
  )
}

/** A button of a sign-up's row: its label, and the comic's name for a screen reader. */
function RowButton(props: { label: string; who: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label}
      <span className="visually-hidden"> {props.who}</span>
    </button>
  )
}
