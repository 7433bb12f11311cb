import { useState } from 'react'
import { type OpenMicLinkAction, openMicTexts as words } from '../../../shared/open-mic'
import { sendOpenMicLink } from '../../api/open-mic'

/**
 * What a mailed link asks (#confirm=... or #withdraw=...): a button first, so a mail scanner that
 * opens the link changes nothing; then the server's sentence (a place, or why the link is spent).
 */
export function LinkPanel(props: {
  link: { action: OpenMicLinkAction; token: string }
  onDone: () => void
}) {
  const { action, token } = props.link
  const [state, setState] = useState<'ready' | 'sending' | { ok: boolean; message: string }>(
    'ready',
  )
  const confirm = action === 'confirm'
  const send = async () => {
    setState('sending')
    const answer = await sendOpenMicLink(action, token)
    setState(answer)
    if (answer.ok) {
      // The token is spent: out of the address bar, so a reload does not try it again.
      window.history.replaceState(null, '', window.location.pathname)
      props.onDone()
    }
  }
  return (
    <section className="card open-mic-link" aria-labelledby="open-mic-link-title">
      <h2 id="open-mic-link-title">{confirm ? words.confirmHeading : words.withdrawHeading}</h2>
      {typeof state === 'object' ? (
        <p className={`alert ${state.ok ? 'alert-success' : 'alert-error'}`} role="status">
          {state.message}
        </p>
      ) : (
        <button
          type="button"
          className={confirm ? 'button' : 'button button-secondary'}
          onClick={send}
          disabled={state === 'sending'}
        >
          {state === 'sending'
            ? confirm
              ? words.confirming
              : words.withdrawing
            : confirm
              ? words.confirmButton
              : words.withdrawButton}
        </button>
      )}
    </section>
  )
}
