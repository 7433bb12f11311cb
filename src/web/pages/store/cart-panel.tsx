import { type FormEvent, useId } from 'react'
import { Link } from 'wouter'
import { findProduct } from '../../../shared/catalogue'
import { fanWordsTexts } from '../../../shared/fan-words'
import { formatUsd } from '../../../shared/money'
import { paths } from '../../../shared/pages'
import { reminderTexts } from '../../../shared/reminders'
import { texts } from '../../../shared/texts'
import { addBlockReason, type CartLine, cartItemCount, cartTotalCents, pricedLines } from './cart'
import { storeTexts } from './store-texts'

interface CartPanelProps {
  lines: readonly CartLine[]
  restored: boolean
  error: string | null
  processing: boolean
  email: string
  onEmailChange: (email: string) => void
  stageName: string
  onStageNameChange: (name: string) => void
  /** "Remind me before the show" is ticked. */
  remind: boolean
  onRemindChange: (remind: boolean) => void
  onIncrement: (id: string) => void
  onDecrement: (id: string) => void
  onRemove: (id: string) => void
  onDismissError: () => void
  onCheckout: () => void
}

export const cartPanelId = 'store-cart'

export function CartPanel(props: CartPanelProps) {
  const { lines, restored, error, processing, email } = props
  const emailId = useId()
  const emailHintId = useId()
  const nameId = useId()
  const nameHintId = useId()
  const count = cartItemCount(lines)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onCheckout()
  }

  return (
    <aside id={cartPanelId} className="store-cart card" aria-labelledby="store-cart-heading">
      <h2 id="store-cart-heading" className="store-cart-heading" tabIndex={-1}>
        Your Cart{count > 0 && <span className="store-cart-count"> ({count})</span>}
      </h2>

      {!restored ? (
        <p className="store-cart-empty">{storeTexts.cartLoading}</p>
      ) : lines.length === 0 ? (
        <p className="store-cart-empty">{storeTexts.cartNothing}</p>
      ) : (
        <ul className="store-cart-lines">
          {pricedLines(lines).map(({ product, quantity, lineTotalCents }) => {
            const nameId = `store-cart-line-${product.id}`
            const reason = addBlockReason(lines, product)
            return (
              <li key={product.id} className="store-cart-line" aria-labelledby={nameId}>
                <div className="store-cart-line-info">
                  <span id={nameId} className="store-cart-line-name">
                    {product.name}
                  </span>
                  <span className="store-cart-line-unit">{formatUsd(product.priceCents)} each</span>
                </div>
                <div className="store-cart-qty">
                  <button
                    type="button"
                    className="store-qty-button"
                    aria-label={`Decrease quantity of ${product.name}`}
                    disabled={processing}
                    onClick={() => props.onDecrement(product.id)}
                  >
                    −
                  </button>
                  <span className="store-qty-value">
                    <span className="visually-hidden">Quantity </span>
                    {quantity}
                  </span>
                  <button
                    type="button"
                    className="store-qty-button"
                    aria-label={`Increase quantity of ${product.name}`}
                    disabled={processing || reason !== null}
                    onClick={() => props.onIncrement(product.id)}
                  >
                    +
                  </button>
                </div>
                <span className="store-cart-line-total">{formatUsd(lineTotalCents)}</span>
                <button
                  type="button"
                  className="store-cart-remove"
                  aria-label={`Remove ${product.name} from cart`}
                  disabled={processing}
                  onClick={() => props.onRemove(product.id)}
                >
                  Remove
                </button>
                {reason && <p className="store-cart-line-note">{reason}</p>}
              </li>
            )
          })}
        </ul>
      )}

      <p className="store-cart-total">
        <span>Total</span>
        <strong>{formatUsd(cartTotalCents(lines))}</strong>
      </p>

      {error && (
        <div className="store-error">
          <p className="alert alert-error" role="alert">
            {error}
          </p>
          <div className="store-error-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={props.onDismissError}
            >
              {texts.tryAgain}
            </button>
            <Link to={paths.home} className="button button-secondary">
              {texts.backToHome}
            </Link>
          </div>
        </div>
      )}

      {/* noValidate: the spec's own alert explains a bad address, not the browser's bubble. */}
      <form className="store-checkout" onSubmit={submit} noValidate aria-label="Checkout">
        <label htmlFor={emailId} className="store-email-label">
          Email for your codes (optional)
        </label>
        <input
          id={emailId}
          className="store-email-input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          aria-describedby={emailHintId}
          onChange={(event) => props.onEmailChange(event.target.value)}
        />
        <p id={emailHintId} className="store-email-hint">
          {storeTexts.emailHint}
        </p>
        <label className="store-remind">
          <input
            type="checkbox"
            name="remind"
            checked={props.remind}
            onChange={(event) => props.onRemindChange(event.target.checked)}
          />
          {reminderTexts.checkoutBox}
        </label>
        <label htmlFor={nameId} className="store-email-label">
          {fanWordsTexts.nameLabel}
        </label>
        <input
          id={nameId}
          className="store-email-input"
          type="text"
          name="stageName"
          autoComplete="nickname"
          value={props.stageName}
          aria-describedby={nameHintId}
          onChange={(event) => props.onStageNameChange(event.target.value)}
        />
        <p id={nameHintId} className="store-email-hint">
          {fanWordsTexts.nameHint}
        </p>
        <button
          type="submit"
          className="button store-checkout-button"
          disabled={processing || lines.length === 0}
        >
          {processing ? texts.processing : texts.checkout}
        </button>
      </form>
    </aside>
  )
}

/** A line's product name for announcements; the id itself if the catalogue lost it. */
export function productName(id: string): string {
  return findProduct(id)?.name ?? id
}
