import { useEffect, useState } from 'react'
import { formatUsd } from '../../../shared/money'
import { cartPanelId } from './cart-panel'

/**
 * On a phone the cart sits below every product: this bar keeps its count and total in sight at
 * the bottom of the screen and jumps to it. Hidden on wide screens (the cart is beside the
 * products there, store.css), while the cart is empty, and while the cart itself is on screen.
 */
export function CartBar({ count, totalCents }: { count: number; totalCents: number }) {
  const [cartInView, setCartInView] = useState(false)
  useEffect(() => {
    const cart = document.getElementById(cartPanelId)
    if (!cart || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) =>
      setCartInView(entry?.isIntersecting ?? false),
    )
    observer.observe(cart)
    return () => observer.disconnect()
  }, [])

  if (count === 0) return null
  const items = `${count} item${count === 1 ? '' : 's'}`
  return (
    <div className="store-cart-bar" data-hidden={cartInView ? 'true' : undefined}>
      <span className="store-cart-bar-summary">
        {items} · <strong>{formatUsd(totalCents)}</strong>
      </span>
      <a
        className="button button-small"
        href={`#${cartPanelId}`}
        onClick={() => {
          // Keyboard and screen-reader users land in the cart, not only the view.
          window.setTimeout(() => document.getElementById('store-cart-heading')?.focus(), 0)
        }}
      >
        View cart
        <span className="visually-hidden">
          : {items}, {formatUsd(totalCents)}
        </span>
      </a>
    </div>
  )
}
