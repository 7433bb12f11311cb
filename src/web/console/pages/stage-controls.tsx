import { useState } from 'react'
import { type StageCommand, stageButtons, stageCommands } from '../../../shared/stage'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, SuccessNotice } from '../console-ui'

/**
 * The host's hand on the stream's gift alerts (docs/stage.md): a test alert before the show,
 * pause and resume, skip the one on screen. The same action as `npm run admin -- stage`.
 */
export function StageControls() {
  const { run } = useConsoleSession()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()

  const send = async (action: StageCommand) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      setNotice((await run('stage.send', { action })).said)
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="tonight-stage">
      <h2 id="tonight-stage">Stream alerts</h2>
      <div className="console-actions">
        {stageCommands.map((action) => (
          <button
            key={action}
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void send(action)}
          >
            {stageButtons[action]}
          </button>
        ))}
      </div>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
