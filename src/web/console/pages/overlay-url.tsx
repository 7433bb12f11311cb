import { useId, useRef, useState } from 'react'
import { type StageKeyView, stageKeyTexts } from '../../../shared/stage'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConfirmPanel, ErrorNotice, Loading, SuccessNotice } from '../console-ui'
import { useAction } from '../use-action'

/**
 * The overlay's URL with the stage key (docs/stage.md), to paste into OBS: the overlay then has
 * seats of its own in the stream. A new key, asked first, ends the old one's seats.
 */
export function OverlayUrl() {
  const id = useId()
  const { run } = useConsoleSession()
  const current = useAction('stage.key', {})
  const [renewed, setRenewed] = useState<StageKeyView>()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const field = useRef<HTMLInputElement>(null)
  const shown = renewed ?? current.data

  const copy = async () => {
    setNotice('')
    try {
      // Absent on plain-http pages: the URL is selected instead, to copy by hand.
      if (!navigator.clipboard?.writeText || !shown) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(shown.overlayUrl)
      setNotice(stageKeyTexts.copied)
    } catch {
      field.current?.select()
    }
  }
  const renew = async () => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      setRenewed(await run('stage.key', { renew: true }))
      setAsking(false)
      setNotice(stageKeyTexts.renewed)
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{stageKeyTexts.heading}</h2>
      <p>{stageKeyTexts.lead}</p>
      {current.error && !shown && <ErrorNotice error={current.error} onRetry={current.reload} />}
      {!shown && !current.error && <Loading />}
      {shown && (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>{stageKeyTexts.label}</label>
            <input
              id={`${id}-url`}
              ref={field}
              readOnly
              value={shown.overlayUrl}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="console-actions">
            <button type="button" className="button" onClick={() => void copy()}>
              {stageKeyTexts.copy}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || asking}
              onClick={() => setAsking(true)}
            >
              {stageKeyTexts.renew}
            </button>
          </div>
        </>
      )}
      {asking && (
        <ConfirmPanel
          heading={stageKeyTexts.renewQuestion}
          actions={
            <>
              <button type="button" className="button" disabled={busy} onClick={() => void renew()}>
                {stageKeyTexts.renewConfirm}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => setAsking(false)}
              >
                {stageKeyTexts.keep}
              </button>
            </>
          }
        >
          <p>{stageKeyTexts.renewWarning}</p>
        </ConfirmPanel>
      )}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
