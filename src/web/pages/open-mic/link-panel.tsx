import { useEffect, useState } from 'react'
import { type OpenMicLinkAction, openMicTexts as words } from '../../../shared/open-mic'
import type { ConfirmedAnswer, SignupToConfirm } from '../../../shared/open-mic-api'
import { readSignupToConfirmOf, sendOpenMicLink } from '../../api/open-mic-calls'

type Answer = { ok: boolean; message: string }

/**
 * What a mailed link asks (#confirm=... or #withdraw=...): a button first, so a mail scanner that
 * opens the link changes nothing; then the server's sentence (a place, or why the link is spent).
 * A confirm link first shows the names it confirms, as its own request typed them: a request
 * someone else made with the comic's address is seen for what it is before anything is confirmed.
 */
export function LinkPanel(props: {
  link: { action: OpenMicLinkAction; token: string }
  /** Told once the link did its work: a confirmation's place with it. */
  onDone: (confirmed?: ConfirmedAnswer) => void
}) {
  const { action, token } = props.link
  const confirm = action === 'confirm'
  const [state, setState] = useState<'ready' | 'sending' | Answer>('ready')
  const [signup, setSignup] = useState<SignupToConfirm | Answer | null>(null)
  useEffect(() => {
    if (!confirm) return
    let current = true
    readSignupToConfirmOf(token).then((answer) => {
      if (current) setSignup(answer.ok ? answer.signup : answer)
    })
    return () => {
      current = false
    }
  }, [confirm, token])

  const send = async () => {
    setState('sending')
    const answer = await sendOpenMicLink(action, token)
    setState(answer)
    if (answer.ok) {
      // The token is spent: out of the address bar, so a reload does not try it again.
      window.history.replaceState(null, '', window.location.pathname)
      props.onDone(answer.confirmed)
    }
  }
  const refused = signup && 'message' in signup ? signup : undefined
  const shown = typeof state === 'object' ? state : refused
  return (
    <section className="card open-mic-link" aria-labelledby="open-mic-link-title">
      <h2 id="open-mic-link-title">{confirm ? words.confirmHeading : words.withdrawHeading}</h2>
      {shown ? (
        <p className={`alert ${shown.ok ? 'alert-success' : 'alert-error'}`} role="status">
          {shown.message}
        </p>
      ) : confirm && !signup ? (
        <p className="muted">{words.confirmReading}</p>
      ) : (
        <>
          {signup && 'stageName' in signup && <SignupNames signup={signup} />}
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
        </>
      )}
    </section>
  )
}

function SignupNames({ signup }: { signup: SignupToConfirm }) {
  return (
    <>
      <p>{words.confirmWhat}</p>
      <dl className="open-mic-confirm-names">
        <dt>{words.stageName}</dt>
        <dd>{signup.stageName}</dd>
        <dt>{words.vrchatName}</dt>
        <dd>{signup.vrchatName}</dd>
        {signup.note && (
          <>
            <dt>{words.confirmNote}</dt>
            <dd>{signup.note}</dd>
          </>
        )}
      </dl>
      <p className="muted">{words.confirmNotYours}</p>
    </>
  )
}
