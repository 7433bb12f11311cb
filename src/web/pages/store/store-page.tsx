import { useCallback, useRef, useState } from 'react'
import { Link } from 'wouter'
import { categories, productsIn } from '../../../shared/catalogue'
import { isSimpleEmail } from '../../../shared/email'
import { fanWordsTexts, fitsFanWords, stageNameMax } from '../../../shared/fan-words'
import { isTierId } from '../../../shared/memberships'
import { formatUsd } from '../../../shared/money'
import { paths, storeSectionId } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'
import { texts } from '../../../shared/texts'
import {
  assignLocation,
  type Redirect,
  useCreateCheckoutSession,
} from '../../api/create-checkout-session'
import { ContactForm } from '../../components/contact-form/contact-form'
import { Deferred } from '../../components/deferred'
import { SiteLayout } from '../../components/layout/site-layout'
import { LostCodesForm } from '../../components/lost-codes-form/lost-codes-form'
import {
  addBlockReason,
  type CartChange,
  type CartLine,
  cartItemCount,
  cartReducer,
  cartTotalCents,
  toCheckoutItems,
} from './cart'
import { CartBar } from './cart-bar'
import { CartPanel, cartPanelId, productName } from './cart-panel'
import { CodesShow } from './codes-show'
import { MembershipCard, useMembershipsOpen } from './membership-card'
import { ProductCard } from './product-card'
import { StoreInfo } from './store-info'
import { useCart } from './use-cart'
import './store.css'
import { storeTexts } from './store-texts'

const storeContact = { variant: 'store' } as const

const sectionId = storeSectionId

/** What a screen reader hears after a cart change, with the cart's new count and total. */
function announce(change: CartChange, quantityAfter: number, cart: readonly CartLine[]): string {
  if (change.type === 'clear') return storeTexts.cartCleared
  const name = productName(change.id)
  const summary = storeTexts.cartSummary(cartItemCount(cart), formatUsd(cartTotalCents(cart)))
  if (quantityAfter === 0) return storeTexts.cartRemoved(name, summary)
  if (change.type === 'add') return storeTexts.cartAdded(name, quantityAfter, summary)
  return storeTexts.cartQuantity(name, quantityAfter, summary)
}

/** /store: the catalogue, the cart and checkout (docs/product.md, "Cart and checkout"). */
export function StorePage({ redirect = assignLocation }: { redirect?: Redirect }) {
  const [cart, dispatch] = useCart()
  const [email, setEmail] = useState('')
  const [stageName, setStageName] = useState('')
  const [remind, setRemind] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  // The product just added: its card shows the announcement under its button, where the fan looks.
  const [added, setAdded] = useState<string>()
  const checkout = useCreateCheckoutSession(redirect)
  const membershipsOpen = useMembershipsOpen()
  const { lines } = cart
  // The cart as last rendered, for `change`: one function from render to render, so the product
  // cards (memo) re-render only when their own props change, not on every change of the cart.
  const rendered = useRef(cart)
  rendered.current = cart

  const change = useCallback(
    (action: CartChange) => {
      const before = rendered.current
      const after = cartReducer(before, action).lines
      if (after !== before.lines) {
        const line =
          'id' in action ? after.find((candidate) => candidate.id === action.id) : undefined
        setAnnouncement(announce(action, line?.quantity ?? 0, after))
        setAdded(action.type === 'add' ? action.id : undefined)
      }
      dispatch(action)
    },
    [dispatch],
  )
  const add = useCallback((id: string) => change({ type: 'add', id }), [change])
  const increment = useCallback((id: string) => change({ type: 'increment', id }), [change])
  const decrement = useCallback((id: string) => change({ type: 'decrement', id }), [change])
  const remove = useCallback((id: string) => change({ type: 'remove', id }), [change])
  const dismissError = useCallback(() => dispatch({ type: 'dismissError' }), [dispatch])

  const startCheckout = async () => {
    if (lines.length === 0) {
      window.alert(texts.cartEmpty)
      return
    }
    const address = email.trim()
    if (address !== '' && !isSimpleEmail(address)) {
      window.alert(texts.badEmail)
      return
    }
    if (!fitsFanWords(stageName, stageNameMax)) {
      window.alert(fanWordsTexts.nameTooLong)
      return
    }
    const name = stageName.trim()
    const failure = await checkout.start({
      items: toCheckoutItems(lines),
      ...(address === '' ? {} : { email: address, ...(remind ? { remind } : {}) }),
      ...(name === '' ? {} : { stageName: name }),
    })
    if (failure) dispatch({ type: 'fail', message: failure })
  }

  // One function from render to render (the checkout form is memoized), calling this render's.
  const checkoutNow = useRef(startCheckout)
  checkoutNow.current = startCheckout
  const onCheckout = useCallback(() => void checkoutNow.current(), [])

  const count = cartItemCount(lines)

  return (
    <SiteLayout>
      <div className="store-page">
        <header className="store-intro">
          <h1>{siteConfig.brand} Store</h1>
          <p>{storeTexts.intro}</p>
          <CodesShow />
          <nav aria-label="Store sections" className="store-section-links">
            {categories.map((category) => (
              <a key={category} href={`#${sectionId(category)}`}>
                {category}
              </a>
            ))}
            {/* On narrow screens the cart sits below every product: a way down to it. */}
            <a href={`#${cartPanelId}`}>
              Cart{count > 0 && ` (${count}) · ${formatUsd(cartTotalCents(lines))}`}
            </a>
          </nav>
        </header>

        <div className="store-layout">
          <div className="store-catalogue">
            {categories.map((category, categoryIndex) => (
              <section
                key={category}
                id={sectionId(category)}
                className="store-section"
                aria-labelledby={`${sectionId(category)}-heading`}
              >
                <h2 id={`${sectionId(category)}-heading`}>{category}</h2>
                {storeTexts.sectionNotes[category] && (
                  <p className="store-section-note">{storeTexts.sectionNotes[category]}</p>
                )}
                <ul className="store-grid">
                  {productsIn(category).map((product, productIndex) => (
                    <li key={product.id}>
                      {membershipsOpen && isTierId(product.id) ? (
                        <MembershipCard product={product} tier={product.id} redirect={redirect} />
                      ) : (
                        <ProductCard
                          product={product}
                          priority={categoryIndex === 0 && productIndex === 0}
                          blockReason={addBlockReason(lines, product)}
                          // Until hydrated and the saved cart is read (the pre-rendered page
                          // has neither), an add would do nothing or be overwritten: disabled.
                          locked={checkout.processing || !cart.restored}
                          onAdd={add}
                          added={added === product.id ? announcement : null}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>

          <CartPanel
            lines={lines}
            restored={cart.restored}
            error={cart.error}
            processing={checkout.processing}
            email={email}
            onEmailChange={setEmail}
            stageName={stageName}
            onStageNameChange={setStageName}
            remind={remind}
            onRemindChange={setRemind}
            onIncrement={increment}
            onDecrement={decrement}
            onRemove={remove}
            onDismissError={dismissError}
            onCheckout={onCheckout}
          />
        </div>

        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        <CartBar count={count} totalCents={cartTotalCents(lines)} />

        {/* Below the fold: hydrated as the fan comes near it (components/deferred.tsx). */}
        <Deferred id="store-info" part={StoreInfo} />
        <Deferred id="store-lost-codes" part={LostCodesForm} />
        <Deferred id="store-contact" part={ContactForm} props={storeContact} />

        <p className="store-home-link">
          <Link to={paths.home}>{texts.backToHome}</Link>
        </p>
      </div>
    </SiteLayout>
  )
}
