import { useId, useState } from 'react'
import { type SupportersView, supportersTexts } from '../../../shared/supporters'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, Loading, SuccessNotice } from '../console-ui'
import { useAction } from '../use-action'

const texts = supportersTexts.console

/**
 * The night's top supporters (docs/stage.md, "Top supporters"): the list as the board shows it,
 * and the switch that puts it on the overlay. The same action as `npm run admin -- stage
 * supporters on|off`.
 */
export function TopSupporters() {
  const id = useId()
  const { run } = useConsoleSession()
  const current = useAction('supporters.show', {})
  const [changed, setChanged] = useState<SupportersView>()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const shown = changed ?? current.data

  const turn = async (on: boolean) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      const view = await run('supporters.overlay', { on })
      setChanged(view)
      setNotice(view.overlay ? texts.on : texts.off)
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.heading}</h2>
      <p>{texts.lead}</p>
      {current.error && !shown && <ErrorNotice error={current.error} onRetry={current.reload} />}
      {!shown && !current.error && <Loading />}
      {shown && (
        <>
          {shown.supporters.length > 0 ? (
            <ol>
              {shown.supporters.map((supporter) => (
                <li key={supporter.name}>
                  {supporter.name}: {supporter.boosts}
                </li>
              ))}
            </ol>
          ) : (
            <p>{texts.none}</p>
          )}
          <label className="console-check">
            <input
              type="checkbox"
              checked={shown.overlay}
              disabled={busy}
              onChange={(event) => void turn(event.currentTarget.checked)}
            />
            {texts.overlayOn}
          </label>
        </>
      )}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
