import { useEffect, useRef, useState } from 'react'
import { memberConsoleTexts as texts } from '../../../shared/console'
import type { MemberSummary } from '../../../shared/operator-views'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConfirmPanel, ErrorNotice, SuccessNotice } from '../console-ui'

type Step =
  | { kind: 'idle' }
  | { kind: 'end-asked' }
  | { kind: 'refund-asked' }
  /** The 7-day rule refused the refund: its sentence, and the override offered. */
  | { kind: 'refund-refused'; refusal: string }
  /** The host chose to override: asked a second time, on its own. */
  | { kind: 'refund-forcing'; refusal: string }

/** Ended by a refund or a dispute: its latest payment is not the store's to give back again. */
function paymentTakenBack(member: MemberSummary): boolean {
  return member.endReason === 'refunded' || member.endReason === 'disputed'
}

/**
 * A membership's actions, as `members cancel [--now]` and `orders refund [--force]` do them:
 * stop the renewals at the period's end; end it now (asked first); refund its latest payment
 * (asked first; past 7 days, refused, then overridden only on a second, separate question).
 */
export function MemberActions({ member, onDone }: { member: MemberSummary; onDone: () => void }) {
  const { run } = useConsoleSession()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const noticeBox = useRef<HTMLDivElement>(null)

  // The button pressed may be gone with the new state: the focus goes to what happened.
  useEffect(() => {
    if (notice) noticeBox.current?.focus()
  }, [notice])

  const act = async (work: () => Promise<string>, refusedAs?: (refusal: string) => Step) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      setNotice(await work())
      setStep({ kind: 'idle' })
      onDone()
    } catch (failure) {
      // The rules' or the provider's refusal, word for word; nothing was changed.
      const refused = asConsoleError(failure)
      if (refusedAs && refused.advice === 'force') setStep(refusedAs(refused.message))
      else {
        setError(refused)
        setStep({ kind: 'idle' })
      }
    } finally {
      setBusy(false)
    }
  }
  const cancel = (now: boolean) =>
    act(async () => texts.cancelled(await run('members.cancel', { id: member.id, now })))
  const refund = (force: boolean) =>
    act(
      async () => texts.refunded(member.id, await run('members.refund', { id: member.id, force })),
      (refusal) => ({ kind: 'refund-refused', refusal }),
    )
  /** Opens a question (or closes it, with idle): what the last action said is cleared. */
  const ask = (next: Step) => {
    setError(undefined)
    setNotice('')
    setStep(next)
  }
  const back = () => ask({ kind: 'idle' })
  const backButton = (
    <button type="button" className="button button-secondary" onClick={back} disabled={busy}>
      Cancel
    </button>
  )

  const renews = member.status !== 'ended'
  const refundable = !paymentTakenBack(member)

  return (
    <section aria-labelledby="member-actions-title">
      <h2 id="member-actions-title">Actions</h2>
      <div ref={noticeBox} tabIndex={-1} className="console-member-notices">
        {notice && <SuccessNotice>{notice}</SuccessNotice>}
        {error && <ErrorNotice error={error} />}
      </div>
      {!renews && !refundable && <p className="console-empty">{texts.nothingToDo}</p>}
      <div className="console-member-actions">
        {renews && (
          <section aria-labelledby="member-renewals-title">
            <h3 id="member-renewals-title">Renewals</h3>
            {step.kind === 'end-asked' ? (
              <ConfirmPanel
                key="end"
                tone="danger"
                heading={texts.endNowQuestion}
                actions={
                  <>
                    <button
                      type="button"
                      className="button"
                      onClick={() => cancel(true)}
                      disabled={busy}
                    >
                      {texts.endNowConfirm}
                    </button>
                    {backButton}
                  </>
                }
              >
                <p>{texts.endNowExplain}</p>
              </ConfirmPanel>
            ) : (
              <>
                <p>
                  {member.cancelAtPeriodEnd ? texts.renewalsStopped : texts.cancelAtPeriodEndHint}
                </p>
                <div className="cluster">
                  {!member.cancelAtPeriodEnd && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => cancel(false)}
                      disabled={busy}
                    >
                      {texts.cancelAtPeriodEnd}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-secondary button-danger"
                    onClick={() => ask({ kind: 'end-asked' })}
                    disabled={busy}
                  >
                    {texts.endNow}
                  </button>
                </div>
              </>
            )}
          </section>
        )}
        {refundable && (
          <section aria-labelledby="member-refund-title">
            <h3 id="member-refund-title">Refund</h3>
            {step.kind === 'refund-asked' && (
              <ConfirmPanel
                key="refund"
                heading={texts.refundQuestion}
                actions={
                  <>
                    <button
                      type="button"
                      className="button"
                      onClick={() => refund(false)}
                      disabled={busy}
                    >
                      {texts.refundConfirm}
                    </button>
                    {backButton}
                  </>
                }
              >
                <p>{texts.refundExplain}</p>
              </ConfirmPanel>
            )}
            {step.kind === 'refund-refused' && (
              <ConfirmPanel
                key="refused"
                heading={texts.refundRefused}
                actions={
                  <>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => ask({ kind: 'refund-forcing', refusal: step.refusal })}
                    >
                      {texts.refundForce}
                    </button>
                    {backButton}
                  </>
                }
              >
                <p className="console-refusal">{step.refusal}</p>
              </ConfirmPanel>
            )}
            {step.kind === 'refund-forcing' && (
              <ConfirmPanel
                key="forcing"
                tone="danger"
                heading={texts.refundForceQuestion}
                actions={
                  <>
                    <button
                      type="button"
                      className="button"
                      onClick={() => refund(true)}
                      disabled={busy}
                    >
                      {texts.refundForceConfirm}
                    </button>
                    {backButton}
                  </>
                }
              >
                <p className="console-refusal">{step.refusal}</p>
                <p>{texts.refundForceExplain}</p>
              </ConfirmPanel>
            )}
            {!step.kind.startsWith('refund-') && (
              <button
                type="button"
                className="button button-secondary button-danger"
                onClick={() => ask({ kind: 'refund-asked' })}
                disabled={busy}
              >
                {texts.refund}
              </button>
            )}
          </section>
        )}
      </div>
    </section>
  )
}
