import { useEffect, useRef, useState } from 'react'
import { type MemberView, memberPageTexts } from '../../../shared/member-page'
import { texts } from '../../../shared/texts'
import { rotateMemberCode } from '../../api/membership-calls'
import '../../components/code-box.css'
import { ErrorAlert } from '../../components/error-alert'

type State =
  | { status: 'idle' | 'confirming' | 'rotating' | 'copied' | 'copyFailed' | 'rotated' }
  | { status: 'failed'; message: string }

/** The code hidden: its dashes kept, so the member sees its shape and length. */
function masked(code: string): string {
  return code.replace(/[^-]/g, '•')
}

/**
 * The member code: hidden until "Show" (a screen shared at a show must not give it away), copied
 * with "Copy", replaced with "Get a new code" after an "Are you sure?" (the old one stops at once).
 */
export function MemberCodeCard({
  view,
  onChange,
}: {
  view: MemberView
  onChange: (view: MemberView) => void
}) {
  const [shown, setShown] = useState(false)
  const [state, setState] = useState<State>({ status: 'idle' })
  const confirmRef = useRef<HTMLButtonElement>(null)
  const rotateRef = useRef<HTMLButtonElement>(null)
  const codeRef = useRef<HTMLElement>(null)

  // The question replaces the button: the focus follows to its answer that keeps things as they are.
  useEffect(() => {
    if (state.status === 'confirming') confirmRef.current?.focus()
  }, [state.status])

  // Copying failed: the code, shown now, is selected for the member to copy by hand.
  useEffect(() => {
    const selection = window.getSelection()
    if (state.status !== 'copyFailed' || !codeRef.current || !selection) return
    const range = document.createRange()
    range.selectNodeContents(codeRef.current)
    selection.removeAllRanges()
    selection.addRange(range)
  }, [state.status])

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(view.memberCode)
      setState({ status: 'copied' })
    } catch {
      setShown(true)
      setState({ status: 'copyFailed' })
    }
  }
  const rotate = async () => {
    setState({ status: 'rotating' })
    const result = await rotateMemberCode(view.csrfToken)
    if (!result.ok) {
      setState({ status: 'failed', message: result.message })
      return
    }
    onChange(result.value)
    setShown(true)
    setState({ status: 'rotated' })
    rotateRef.current?.focus()
  }

  const message =
    state.status === 'copied'
      ? texts.copied
      : state.status === 'copyFailed'
        ? texts.copyFailed
        : state.status === 'rotated'
          ? memberPageTexts.rotated
          : ''

  return (
    <section className="membership-code card" aria-labelledby="membership-code-heading">
      <h2 id="membership-code-heading" className="membership-card-heading">
        {memberPageTexts.codeHeading}
      </h2>
      <p className="membership-code-value">
        <code
          ref={codeRef}
          className="code-box"
          data-member-code={shown ? view.memberCode : undefined}
        >
          {shown ? view.memberCode : masked(view.memberCode)}
        </code>
      </p>
      <p className="field-hint">{memberPageTexts.codeHint}</p>
      {state.status === 'confirming' ? (
        <fieldset className="membership-confirm">
          <legend>{memberPageTexts.rotateConfirm}</legend>
          <div className="membership-actions">
            <button
              type="button"
              className="button button-secondary"
              ref={confirmRef}
              onClick={() => setState({ status: 'idle' })}
            >
              {memberPageTexts.rotateNo}
            </button>
            <button type="button" className="button" onClick={() => void rotate()}>
              {memberPageTexts.rotateYes}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="membership-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? memberPageTexts.hide : memberPageTexts.show}
            <span className="visually-hidden"> your member code</span>
          </button>
          <button type="button" className="button button-secondary" onClick={() => void copy()}>
            {memberPageTexts.copy}
            <span className="visually-hidden"> your member code</span>
          </button>
          <button
            type="button"
            className="button button-secondary"
            ref={rotateRef}
            disabled={state.status === 'rotating'}
            onClick={() => setState({ status: 'confirming' })}
          >
            {memberPageTexts.rotate}
          </button>
        </div>
      )}
      <div aria-live="polite">
        {state.status === 'failed' ? (
          <ErrorAlert message={state.message} />
        ) : (
          message && (
            <p className="membership-note" role="status">
              {message}
            </p>
          )
        )}
      </div>
    </section>
  )
}
