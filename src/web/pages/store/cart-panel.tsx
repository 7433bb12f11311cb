import { type FormEvent, type InputHTMLAttributes, memo, useId } from 'react'
import { Link } from 'wouter'
import { findProduct, type Product } from '../../../shared/catalogue'
import { fanWordsTexts } from '../../../shared/fan-words'
import { formatUsd } from '../../../shared/money'
import { paths } from '../../../shared/pages'
import { reminderTexts } from '../../../shared/reminders'
import { texts } from '../../../shared/texts'
import { addBlockReason, type CartLine, cartItemCount, cartTotalCents, pricedLines } from './cart'
import { storeTexts } from './store-texts'

/** The cart's own props, and the checkout form's but for `empty` (the cart knows it). */
interface CartPanelProps extends Omit<CheckoutFormProps, 'empty'> {
  lines: readonly CartLine[]
  restored: boolean
  error: string | null
  onIncrement: (id: string) => void
  onDecrement: (id: string) => void
  onRemove: (id: string) => void
  onDismissError: () => void
}

export const cartPanelId = 'store-cart'

/**
 * The cart: its lines, the total and the checkout form. A change of the cart renders the lines
 * that changed and the total; the form, the same from change to change, is not rendered again.
 */
export function CartPanel(props: CartPanelProps) {
  const { lines, restored, error, processing } = props
  const count = cartItemCount(lines)

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
          {pricedLines(lines).map(({ product, quantity, lineTotalCents }) => (
            <CartLineRow
              key={product.id}
              product={product}
              quantity={quantity}
              lineTotalCents={lineTotalCents}
              reason={addBlockReason(lines, product)}
              processing={processing}
              onIncrement={props.onIncrement}
              onDecrement={props.onDecrement}
              onRemove={props.onRemove}
            />
          ))}
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

      <CheckoutForm
        email={props.email}
        onEmailChange={props.onEmailChange}
        stageName={props.stageName}
        onStageNameChange={props.onStageNameChange}
        remind={props.remind}
        onRemindChange={props.onRemindChange}
        processing={processing}
        empty={lines.length === 0}
        onCheckout={props.onCheckout}
      />
    </aside>
  )
}

interface CartLineRowProps {
  product: Product
  quantity: number
  lineTotalCents: number
  /** Why + does nothing (a limit reached), shown under the line; null if it adds. */
  reason: string | null
  processing: boolean
  onIncrement: (id: string) => void
  onDecrement: (id: string) => void
  onRemove: (id: string) => void
}

/** One line of the cart. Memoized: adding another product renders that line, not this one. */
const CartLineRow = memo(function CartLineRow({
  product,
  quantity,
  lineTotalCents,
  reason,
  processing,
  onIncrement,
  onDecrement,
  onRemove,
}: CartLineRowProps) {
  const nameId = `store-cart-line-${product.id}`
  return (
    <li className="store-cart-line" aria-labelledby={nameId}>
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
          onClick={() => onDecrement(product.id)}
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
          onClick={() => onIncrement(product.id)}
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
        onClick={() => onRemove(product.id)}
      >
        Remove
      </button>
      {reason && <p className="store-cart-line-note">{reason}</p>}
    </li>
  )
})

interface CheckoutFormProps {
  email: string
  onEmailChange: (email: string) => void
  stageName: string
  onStageNameChange: (name: string) => void
  /** "Remind me before the show" is ticked. */
  remind: boolean
  onRemindChange: (remind: boolean) => void
  processing: boolean
  /** Nothing in the cart: checkout waits. */
  empty: boolean
  onCheckout: () => void
}

/** The address, the reminder box, the name on stage and Checkout. */
const CheckoutForm = memo(function CheckoutForm({
  email,
  onEmailChange,
  stageName,
  onStageNameChange,
  remind,
  onRemindChange,
  processing,
  empty,
  onCheckout,
}: CheckoutFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onCheckout()
  }
  // noValidate: the spec's own alert explains a bad address, not the browser's bubble.
  return (
    <form className="store-checkout" onSubmit={submit} noValidate aria-label="Checkout">
      <HintedInput
        label="Email for your codes (optional)"
        hint={storeTexts.emailHint}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <label className="store-remind">
        <input
          type="checkbox"
          name="remind"
          checked={remind}
          onChange={(event) => onRemindChange(event.target.checked)}
        />
        {reminderTexts.checkoutBox}
      </label>
      <HintedInput
        label={fanWordsTexts.nameLabel}
        hint={fanWordsTexts.nameHint}
        type="text"
        name="stageName"
        autoComplete="nickname"
        value={stageName}
        onChange={(event) => onStageNameChange(event.target.value)}
      />
      <button type="submit" className="button store-checkout-button" disabled={processing || empty}>
        {processing ? texts.processing : texts.checkout}
      </button>
    </form>
  )
})

/** A field of the checkout form: its label, the input and the hint that describes it. */
function HintedInput({
  label,
  hint,
  ...input
}: { label: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const hintId = useId()
  return (
    <>
      <label htmlFor={id} className="store-email-label">
        {label}
      </label>
      <input id={id} className="store-email-input" aria-describedby={hintId} {...input} />
      <p id={hintId} className="store-email-hint">
        {hint}
      </p>
    </>
  )
}

/** A line's product name for announcements; the id itself if the catalogue lost it. */
export function productName(id: string): string {
  return findProduct(id)?.name ?? id
}
