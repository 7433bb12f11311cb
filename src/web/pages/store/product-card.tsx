import { memo, type ReactNode } from 'react'
import { grantLines, type Product } from '../../../shared/catalogue'
import { formatUsd } from '../../../shared/money'
import { texts } from '../../../shared/texts'

/**
 * What every card of the store shows of what it sells, a product or a membership tier: the
 * picture, the name (`nameId`, which labels the card), the price as given, and what it brings.
 */
export function ProductFace({
  product,
  nameId,
  price,
  lines,
  priority = false,
}: {
  product: Product
  nameId: string
  price: ReactNode
  lines: string[]
  /** On screen as the page opens (its largest paint): fetched eagerly, first. */
  priority?: boolean
}) {
  return (
    <>
      <img
        className="store-product-image"
        src={product.image}
        alt={`${product.name} illustration`}
        width={320}
        height={240}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
      />
      <h3 id={nameId} className="store-product-name">
        {product.name}
      </h3>
      <p className="store-product-price">{price}</p>
      <ul className="store-product-features">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  )
}

interface ProductCardProps {
  product: Product
  /** Why the add button does nothing right now (a limit reached), shown under it; null if it adds. */
  blockReason: string | null
  /** While checkout is under way the cart is frozen. */
  locked: boolean
  /** Called with the product's id: one function for every card, so a card re-renders only when its own props change. */
  onAdd: (id: string) => void
  /** What the last add of this product did, seen under its button (spoken by the page already). */
  added?: string | null
  /** The first card, on screen as the page opens (its largest paint): fetched eagerly, first. */
  priority?: boolean
}

/**
 * A product's card. Memoized: adding to the cart re-renders the card added to (its note) and the
 * cart, not every card of the store (a tap answered within 100 ms on a slow phone: bench/inp.ts).
 */
export const ProductCard = memo(function ProductCard({
  product,
  blockReason,
  locked,
  onAdd,
  added = null,
  priority = false,
}: ProductCardProps) {
  const nameId = `store-product-${product.id}-name`
  const noteId = `store-product-${product.id}-note`
  // "Coming Soon" on the button already says why a membership cannot be added.
  const note = product.available ? blockReason : null
  return (
    <article className="store-product card" aria-labelledby={nameId}>
      <ProductFace
        product={product}
        nameId={nameId}
        price={formatUsd(product.priceCents)}
        lines={grantLines(product)}
        priority={priority}
      />
      <button
        type="button"
        className="button store-product-add"
        disabled={locked || blockReason !== null}
        aria-describedby={note ? noteId : undefined}
        onClick={() => onAdd(product.id)}
      >
        {product.available ? texts.addToCart : texts.comingSoon}
        <span className="visually-hidden">: {product.name}</span>
      </button>
      {note && (
        <p id={noteId} className="store-product-note">
          {note}
        </p>
      )}
      {added && (
        <p className="store-product-added" aria-hidden="true">
          {added}
        </p>
      )}
    </article>
  )
})
