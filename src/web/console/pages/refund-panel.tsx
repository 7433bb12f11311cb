import { useState } from 'react'
import { consolePageTexts, consoleTexts } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import type { OrderSummary, RefundCheck, RefundResult } from '../../../shared/operator-views'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConfirmPanel, ErrorNotice, SuccessNotice } from '../console-ui'

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'asked'; check: RefundCheck }
  /** The rules refused, the host chose to override: asked a second time, on its own. */
  | { kind: 'forcing'; check: RefundCheck }
  | { kind: 'refunding'; check: RefundCheck; force: boolean }
  | { kind: 'done'; result: RefundResult }

const providerName: Record<OrderSummary['provider'], string> = {
  stripe: 'Stripe',
  local: 'the test checkout',
}

/**
 * Refunding an order: the rules are checked first (7 days, codes redeemed) and said; a refusal
 * that may be overridden needs a second, separate "Refund anyway"; then the provider's answer.
 */
export function RefundPanel({ order, onDone }: { order: OrderSummary; onDone: () => void }) {
  const { run } = useConsoleSession()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [error, setError] = useState<ConsoleError>()
  const amount = formatUsd((order.paidCents ?? order.totalCents) - order.refundedCents)
  // Refunded or disputed: the money went back (or the bank holds it); nothing more to refund.
  const reversed =
    order.status === 'refunded' || order.status === 'disputed' ? order.status : undefined

  const check = async () => {
    setError(undefined)
    setStep({ kind: 'checking' })
    try {
      setStep({ kind: 'asked', check: await run('orders.refund-check', { id: order.id }) })
    } catch (failure) {
      setError(asConsoleError(failure))
      setStep({ kind: 'idle' })
    }
  }

  const refund = async (checked: RefundCheck, force: boolean) => {
    setError(undefined)
    setStep({ kind: 'refunding', check: checked, force })
    try {
      const result = await run('orders.refund', {
        id: order.id,
        force,
        redeemedWhenAsked: checked.redeemed,
      })
      setStep({ kind: 'done', result })
      onDone()
    } catch (failure) {
      // The provider's or the rules' refusal, in their words; nothing was refunded.
      setError(asConsoleError(failure))
      setStep({ kind: 'idle' })
    }
  }

  const cancel = () => {
    setError(undefined)
    setStep({ kind: 'idle' })
  }
  const cancelButton = (
    <button type="button" className="button button-secondary" onClick={cancel}>
      Cancel
    </button>
  )

  return (
    <section className="console-refund" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      {step.kind === 'done' && <SuccessNotice>{consoleTexts.refunded(step.result)}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
      {reversed && <p>{consoleTexts.orderReversed(reversed)}</p>}
      {!reversed && (step.kind === 'idle' || step.kind === 'checking' || step.kind === 'done') && (
        <button
          type="button"
          className="button button-secondary button-danger"
          onClick={check}
          disabled={step.kind === 'checking'}
        >
          {step.kind === 'checking' ? 'Checking…' : consolePageTexts.order.refund(order.id)}
        </button>
      )}
      {(step.kind === 'asked' || (step.kind === 'refunding' && !step.force)) && (
        <ConfirmPanel
          heading={
            step.check.refusal
              ? 'This refund is refused'
              : consolePageTexts.order.refundQuestion(amount)
          }
          actions={
            step.check.refusal === null ? (
              <>
                <button
                  type="button"
                  className="button"
                  onClick={() => refund(step.check, false)}
                  disabled={step.kind === 'refunding'}
                >
                  Refund {amount}
                </button>
                {cancelButton}
              </>
            ) : (
              <>
                {step.check.forceable && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setStep({ kind: 'forcing', check: step.check })}
                  >
                    {consolePageTexts.order.override}
                  </button>
                )}
                {cancelButton}
              </>
            )
          }
        >
          {step.check.refusal && <p className="console-refusal">{step.check.refusal}</p>}
          <p>{consoleTexts.refundCodes(step.check.redeemed, step.check.total)}</p>
          {step.check.refusal === null && (
            <p>
              {amount} goes back through {providerName[order.provider]}; the buyer is mailed.
            </p>
          )}
        </ConfirmPanel>
      )}
      {(step.kind === 'forcing' || (step.kind === 'refunding' && step.force)) && (
        <ConfirmPanel
          tone="danger"
          heading={consolePageTexts.refundAnywayQuestion}
          actions={
            <>
              <button
                type="button"
                className="button"
                onClick={() => refund(step.check, true)}
                disabled={step.kind === 'refunding'}
              >
                Refund anyway
              </button>
              {cancelButton}
            </>
          }
        >
          <p className="console-refusal">{step.check.refusal}</p>
          <p>{consoleTexts.refundCodes(step.check.redeemed, step.check.total)}</p>
          <p>{consoleTexts.refundAnyway(amount)}</p>
        </ConfirmPanel>
      )}
    </section>
  )
}
