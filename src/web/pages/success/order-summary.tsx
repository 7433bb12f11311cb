import { type FormEvent, useId, useState } from 'react'
import type { OrderSummary as Summary } from '../../../shared/checkout'
import { formatUsd } from '../../../shared/money'
import { emailCodes } from '../../api/email-codes'
import { EmailField } from '../../components/email-field'
import { useHydrated } from '../../components/use-hydrated'
import { successTexts } from './success-texts'

/** What was bought, what was paid and the order's reference (docs/product.md, "`/success`"). */
export function OrderSummary({ order }: { order: Summary }) {
  return (
    <section className="success-order card" aria-labelledby="success-order-heading">
      <h2 id="success-order-heading">{successTexts.orderHeading(order.reference)}</h2>
      <ul className="success-order-lines">
        {order.lines.map((line) => (
          <li key={line.name}>
            <span>
              {line.quantity} × {line.name}
            </span>{' '}
            <span>{formatUsd(line.cents)}</span>
          </li>
        ))}
      </ul>
      <p className="success-order-paid">
        <span>{successTexts.paid}</span> <strong>{formatUsd(order.paidCents)}</strong>
      </p>
    </section>
  )
}

type Sending = { status: 'idle' | 'sending' } | { status: 'done'; ok: boolean; message: string }

/**
 * A purchase made without an address: its codes are only on this page. Said plainly, with a
 * form that has them mailed (once: the server keeps the first address given).
 */
export function NoEmailWarning({ sessionId }: { sessionId: string }) {
  const id = useId()
  const hydrated = useHydrated()
  const [state, setState] = useState<Sending>({ status: 'idle' })
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = new FormData(event.currentTarget).get('email')
    setState({ status: 'sending' })
    setState({ status: 'done', ...(await emailCodes(sessionId, String(typed ?? '').trim())) })
  }
  const sent = state.status === 'done' && state.ok
  return (
    <section className="success-no-email card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{successTexts.noEmailHeading}</h2>
      <p className="alert">{successTexts.noEmail}</p>
      {sent ? null : (
        <form className="success-email-form" onSubmit={onSubmit}>
          <EmailField id={`${id}-email`} label={successTexts.emailLabel} />
          <button
            className="button"
            type="submit"
            disabled={!hydrated || state.status === 'sending'}
          >
            {state.status === 'sending' ? 'Sending...' : successTexts.emailMe}
          </button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {state.status === 'done' && (
          <p className={`alert ${state.ok ? 'alert-success' : 'alert-error'}`}>{state.message}</p>
        )}
      </div>
    </section>
  )
}
