import { type FormEvent, useId, useState } from 'react'
import { lostCodesAnchor } from '../../../shared/pages'
import { siteTexts } from '../../../shared/texts'
import { resendCodes } from '../../api/resend-codes'
import { formField } from '../contact-form/contact-form'
import { useHydrated } from '../use-hydrated'
import './lost-codes-form.css'

type State =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done'; ok: boolean; message: string }

/**
 * "Lost your codes?": a fan who closed the tab or lost the mail asks for every code bought with
 * their address in the last 30 days. The answer is the same whether or not the address bought.
 */
export function LostCodesForm() {
  const id = useId()
  const [state, setState] = useState<State>({ status: 'idle' })
  const hydrated = useHydrated()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // An uncontrolled field, read from the form: an address typed before the page hydrated is
    // kept (see contact-form.tsx).
    const form = event.currentTarget
    const typed = formField(new FormData(form))('email')
    setState({ status: 'sending' })
    const result = await resendCodes(typed.trim())
    setState({ status: 'done', ...result })
    if (result.ok) form.reset()
  }

  return (
    <section className="lost-codes card" id={lostCodesAnchor} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{siteTexts.lostCodesHeading}</h2>
      <p>{siteTexts.lostCodesIntro}</p>
      <form className="lost-codes-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email you bought with</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
        </div>
        <button
          className="button button-secondary"
          type="submit"
          disabled={!hydrated || state.status === 'sending'}
        >
          {state.status === 'sending' ? 'Sending...' : 'Send my codes'}
        </button>
      </form>
      <div className="lost-codes-status" aria-live="polite" role="status">
        {state.status === 'done' && (
          <p className={`alert ${state.ok ? 'alert-success' : 'alert-error'}`}>{state.message}</p>
        )}
      </div>
    </section>
  )
}
