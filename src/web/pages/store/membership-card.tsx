import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { Product } from '../../../shared/catalogue'
import { isSimpleEmail } from '../../../shared/email'
import {
  membershipsOpenAttribute,
  membershipTexts,
  type TierId,
  tierBoostsSentence,
  tierPerkLines,
} from '../../../shared/memberships'
import { formatUsd } from '../../../shared/money'
import { paths } from '../../../shared/pages'
import type { Redirect } from '../../api/create-checkout-session'
import { joinMembership } from '../../api/join-membership'
import { ProductFace } from './product-card'

/**
 * Whether the store sells memberships (MEMBERSHIPS=open), as the server marked the page. Read
 * once hydrated: the pre-rendered page shows them closed, so the first render must too.
 */
export function useMembershipsOpen(): boolean {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    setOpen(document.documentElement.getAttribute(membershipsOpenAttribute) === 'open')
  }, [])
  return open
}

type JoinState =
  | { status: 'closed' | 'editing' | 'sending' }
  | { status: 'failed'; message: string }

/** A membership tier while memberships are open: its monthly price, perks and a join form. */
export function MembershipCard({
  product,
  tier,
  redirect,
}: {
  product: Product
  tier: TierId
  redirect: Redirect
}) {
  const id = useId()
  const [state, setState] = useState<JoinState>({ status: 'closed' })
  const nameId = `store-product-${product.id}-name`
  const emailRef = useRef<HTMLInputElement>(null)
  const editing = state.status !== 'closed'
  // Join replaces itself with the form: the focus follows, to the address it asks for.
  useEffect(() => {
    if (editing) emailRef.current?.focus()
  }, [editing])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (!isSimpleEmail(email)) {
      setState({ status: 'failed', message: membershipTexts.badEmail })
      return
    }
    setState({ status: 'sending' })
    const result = await joinMembership({ tier, email })
    if (result.ok) redirect(result.url)
    else setState({ status: 'failed', message: result.message })
  }

  return (
    <article className="store-product card" aria-labelledby={nameId}>
      <ProductFace
        product={product}
        nameId={nameId}
        price={`${formatUsd(product.priceCents)}${membershipTexts.perMonth}`}
        lines={[tierBoostsSentence(tier), ...tierPerkLines(tier)]}
      />
      {state.status === 'closed' ? (
        <button
          type="button"
          className="button store-product-add"
          onClick={() => setState({ status: 'editing' })}
        >
          {membershipTexts.join}
          <span className="visually-hidden">: {product.name}</span>
        </button>
      ) : (
        <form className="store-membership-join" onSubmit={onSubmit} noValidate>
          {/* Not the shared EmailField: importing it would add a chunk to the store's first load,
              over what that load may weigh. The same markup, written out. */}
          <div className="field">
            <label htmlFor={`${id}-email`}>{membershipTexts.emailLabel}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              ref={emailRef}
            />
          </div>
          {state.status === 'failed' && (
            <p className="alert alert-error" role="alert">
              {state.message}
            </p>
          )}
          <button
            type="submit"
            className="button store-product-add"
            disabled={state.status === 'sending'}
          >
            {membershipTexts.joinSubmit}
            <span className="visually-hidden">: {product.name}</span>
          </button>
        </form>
      )}
      <p className="store-membership-member">
        {membershipTexts.alreadyMember}{' '}
        <Link to={paths.membership}>{membershipTexts.openMemberPage}</Link>
      </p>
    </article>
  )
}
