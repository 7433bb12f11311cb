import { type FormEvent, useId, useState } from 'react'
import { parseDollars } from '../../../shared/money'
import type { OperatorInput } from '../../../shared/operator'
import type { BooksComic, PayoutPreview } from '../../../shared/settlements'
import { centralDay } from '../../../shared/statement-ledger'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConfirmPanel, ErrorNotice } from '../console-ui'
import { booksTexts as texts } from './books-texts'

type PayoutInput = OperatorInput<'payouts.record'>

type Step =
  | { kind: 'form' }
  | { kind: 'asked'; input: PayoutInput; preview: PayoutPreview }
  /** Refused, and the host chose to override: asked a second time, on its own. */
  | { kind: 'forcing'; input: PayoutInput; preview: PayoutPreview }

/**
 * Record a payout to one comic: the amount, the day, how and the reference; the action's own
 * preview says what will be recorded (or its refusal, in the command line's words) before
 * anything is; a refusal force may override needs a second, separate "Record anyway".
 */
export function PayoutForm(props: {
  comic: BooksComic
  onDone: (message: string) => void
  onCancel: () => void
}) {
  const id = useId()
  const { run } = useConsoleSession()
  const [step, setStep] = useState<Step>({ kind: 'form' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ConsoleError>()
  const [fieldError, setFieldError] = useState('')

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await work()
    } catch (failure) {
      setError(asConsoleError(failure))
      setStep({ kind: 'form' })
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const amountCents = parseDollars(String(data.get('amount') ?? ''))
    const paidOn = String(data.get('paidOn') ?? '')
    const reference = String(data.get('reference') ?? '').trim()
    const method = String(data.get('method') ?? '').trim()
    const wrong = !amountCents
      ? texts.badAmount
      : !/^\d{4}-\d{2}-\d{2}$/.test(paidOn)
        ? texts.badDate
        : !reference
          ? texts.badReference
          : ''
    setFieldError(wrong)
    if (wrong || !amountCents) return
    const input: PayoutInput = {
      comic: props.comic.id,
      amountCents,
      paidOn,
      reference,
      ...(method ? { method } : {}),
    }
    void attempt(async () => {
      setStep({ kind: 'asked', input, preview: await run('payouts.check', input) })
    })
  }

  const record = (input: PayoutInput, force: boolean) =>
    attempt(async () => {
      const done = await run('payouts.record', { ...input, force })
      const name = done.payout.comic.name
      props.onDone(
        `${texts.recorded(done.payout.amountCents, name, done.stillOwedCents)} ${
          done.mailed ? texts.payoutMailed(name) : texts.payoutNotMailed(name)
        }`,
      )
    })

  const cancel = (
    <button type="button" className="button button-secondary" onClick={props.onCancel}>
      Cancel
    </button>
  )
  const back = (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => setStep({ kind: 'form' })}
    >
      Change it
    </button>
  )

  return (
    <div className="console-books-payout">
      {error && <ErrorNotice error={error} />}
      {step.kind === 'form' && (
        <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
          <h4 id={`${id}-title`}>Record a payout to {props.comic.name}</h4>
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount</label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={`${id}-amount-hint`}
              required
            />
            <small id={`${id}-amount-hint`}>{texts.amountHint}</small>
          </div>
          <div className="field">
            <label htmlFor={`${id}-date`}>Paid on</label>
            <input
              id={`${id}-date`}
              name="paidOn"
              type="date"
              defaultValue={centralDay(new Date())}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-method`}>Method</label>
            <input
              id={`${id}-method`}
              name="method"
              autoComplete="off"
              maxLength={60}
              aria-describedby={`${id}-method-hint`}
            />
            <small id={`${id}-method-hint`}>{texts.methodHint}</small>
          </div>
          <div className="field">
            <label htmlFor={`${id}-reference`}>Reference</label>
            <input
              id={`${id}-reference`}
              name="reference"
              autoComplete="off"
              maxLength={200}
              required
            />
          </div>
          {fieldError && (
            <p className="console-refusal" role="alert">
              {fieldError}
            </p>
          )}
          <div className="cluster">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Checking…' : 'Check the payout'}
            </button>
            {cancel}
          </div>
        </form>
      )}
      {step.kind === 'asked' && (
        <ConfirmPanel
          heading={step.preview.refusal ? texts.refused : step.preview.sentence}
          actions={
            step.preview.refusal === null ? (
              <>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => record(step.input, false)}
                >
                  Record the payout
                </button>
                {back}
              </>
            ) : (
              <>
                {step.preview.forceable && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setStep({ ...step, kind: 'forcing' })}
                  >
                    {texts.override}
                  </button>
                )}
                {back}
              </>
            )
          }
        >
          {step.preview.refusal ? (
            <>
              <p>{step.preview.sentence}</p>
              <p className="console-refusal">{step.preview.refusal}</p>
            </>
          ) : (
            <>
              <p>{texts.afterPayout(step.preview.afterCents)}</p>
              <p>
                {step.preview.mailTo ? texts.payoutMailTo(step.preview.mailTo) : texts.payoutNoMail}
              </p>
            </>
          )}
        </ConfirmPanel>
      )}
      {step.kind === 'forcing' && (
        <ConfirmPanel
          tone="danger"
          heading={texts.forceQuestion}
          actions={
            <>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => record(step.input, true)}
              >
                Record anyway
              </button>
              {back}
            </>
          }
        >
          <p>{step.preview.sentence}</p>
          <p className="console-refusal">{step.preview.refusal}</p>
          <p>{texts.forceWarning}</p>
        </ConfirmPanel>
      )}
    </div>
  )
}
