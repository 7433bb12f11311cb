import { useState } from 'react'
import { consoleTexts } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import type {
  OrderSummary,
  PartRefundCheck,
  PartRefundResult,
} from '../../../shared/operator-views'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConfirmPanel, ErrorNotice, SuccessNotice, Value } from '../console-ui'
import { partRefundTexts as texts } from './part-refund-texts'

type Mode = 'unused' | 'chosen' | 'amount'

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'asked'; check: PartRefundCheck; input: PartInput }
  | { kind: 'refunding'; check: PartRefundCheck; input: PartInput }
  | { kind: 'done'; result: PartRefundResult }

interface PartInput {
  id: string
  codes?: string[]
  amountCents?: number
  includeRedeemed: boolean
}

/** "5", "5.00", "$5.50": cents, or undefined when it is not an amount. */
function readAmount(text: string): number | undefined {
  const match = /^\$?(\d{1,7})(?:\.(\d{2}))?$/.exec(text.trim())
  if (!match) return undefined
  const cents = Number(match[1]) * 100 + Number(match[2] ?? 0)
  return cents > 0 ? cents : undefined
}

/**
 * Refunding part of an order (decision 046), as `orders refund --unused | --codes | --amount`
 * does it: what to refund is chosen, the server says what it would refund, void and keep, and
 * only then is the money sent back. Codes redeemed at the show need their own tick.
 */
export function PartRefundPanel({ order, onDone }: { order: OrderSummary; onDone: () => void }) {
  const { run } = useConsoleSession()
  const [mode, setMode] = useState<Mode>('unused')
  const [ticked, setTicked] = useState<string[]>([])
  const [amount, setAmount] = useState('')
  const [includeRedeemed, setIncludeRedeemed] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [error, setError] = useState<ConsoleError>()
  const [problem, setProblem] = useState<string>()
  const refundable = order.codes.filter(
    (code) => code.state !== 'voided' && (includeRedeemed || code.state !== 'redeemed'),
  )

  const check = async () => {
    setError(undefined)
    setProblem(undefined)
    const input: PartInput = { id: order.id, includeRedeemed }
    if (mode === 'amount') {
      const cents = readAmount(amount)
      if (cents === undefined) return setProblem(texts.badAmount)
      input.amountCents = cents
    }
    if (mode === 'chosen') {
      const codes = ticked.filter((code) => refundable.some((c) => c.code === code))
      if (codes.length === 0) return setProblem(texts.noneTicked)
      input.codes = codes
    }
    setStep({ kind: 'checking' })
    try {
      setStep({ kind: 'asked', check: await run('orders.refund-part-check', input), input })
    } catch (failure) {
      setError(asConsoleError(failure))
      setStep({ kind: 'idle' })
    }
  }

  const refund = async (checked: PartRefundCheck, input: PartInput) => {
    setError(undefined)
    setStep({ kind: 'refunding', check: checked, input })
    try {
      const result = await run('orders.refund-part', {
        ...input,
        refundedWhenAsked: checked.order.refundedCents,
      })
      setStep({ kind: 'done', result })
      setTicked([])
      onDone()
    } catch (failure) {
      setError(asConsoleError(failure))
      setStep({ kind: 'idle' })
    }
  }

  const cancel = () => setStep({ kind: 'idle' })
  const choosing = step.kind === 'idle' || step.kind === 'checking' || step.kind === 'done'

  return (
    <section className="console-refund" aria-labelledby="part-refund-title">
      <h2 id="part-refund-title">{texts.title}</h2>
      {step.kind === 'done' && (
        <SuccessNotice>
          {consoleTexts.refunded({ ...step.result, refundedCents: step.result.cents })}
        </SuccessNotice>
      )}
      {error && <ErrorNotice error={error} />}
      {choosing && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault()
            void check()
          }}
        >
          <fieldset>
            <legend>{texts.title}</legend>
            {(['unused', 'chosen', 'amount'] as const).map((option) => (
              <label key={option} className="console-check">
                <input
                  type="radio"
                  name="part-refund-mode"
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                />{' '}
                {texts[option]}
              </label>
            ))}
          </fieldset>
          {mode === 'chosen' && (
            <fieldset>
              <legend>{texts.chosen}</legend>
              {refundable.map((code) => (
                <label key={code.code} className="console-check">
                  <input
                    type="checkbox"
                    checked={ticked.includes(code.code)}
                    onChange={(event) =>
                      setTicked((now) =>
                        event.target.checked
                          ? [...now, code.code]
                          : now.filter((c) => c !== code.code),
                      )
                    }
                  />{' '}
                  <Value code>{code.code}</Value> {code.description} ({code.state})
                </label>
              ))}
            </fieldset>
          )}
          {mode === 'amount' && (
            <label>
              {texts.amountLabel}
              <input
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </label>
          )}
          <label className="console-check">
            <input
              type="checkbox"
              checked={includeRedeemed}
              onChange={(event) => setIncludeRedeemed(event.target.checked)}
            />{' '}
            {texts.includeRedeemed}
          </label>
          <p className="hint">{texts.includeRedeemedHint}</p>
          {problem && (
            <p className="console-refusal" role="alert">
              {problem}
            </p>
          )}
          <div className="cluster">
            <button
              type="submit"
              className="button button-secondary button-danger"
              disabled={step.kind === 'checking'}
            >
              {step.kind === 'checking' ? 'Checking…' : texts.check}
            </button>
          </div>
        </form>
      )}
      {(step.kind === 'asked' || step.kind === 'refunding') && (
        <ConfirmPanel
          heading={step.check.refusal ? texts.refused : texts.question(formatUsd(step.check.cents))}
          actions={
            <>
              {step.check.refusal === null && (
                <button
                  type="button"
                  className="button"
                  onClick={() => refund(step.check, step.input)}
                  disabled={step.kind === 'refunding'}
                >
                  {texts.refund(step.check.cents)}
                </button>
              )}
              <button type="button" className="button button-secondary" onClick={cancel}>
                Cancel
              </button>
            </>
          }
        >
          {step.check.refusal ? (
            <p className="console-refusal">{step.check.refusal}</p>
          ) : (
            <>
              {step.check.voids.length > 0 && (
                <p>
                  {texts.voids} {step.check.voids.join(', ')}
                </p>
              )}
              {step.check.refundsRedeemed.length > 0 && (
                <p>
                  {texts.refundsRedeemed} {step.check.refundsRedeemed.join(', ')}
                </p>
              )}
              <p>
                {step.check.keeps.length > 0
                  ? `${texts.keeps} ${step.check.keeps.join(', ')}`
                  : texts.keepsNone}
              </p>
              <p>{texts.mailed}</p>
            </>
          )}
        </ConfirmPanel>
      )}
    </section>
  )
}
