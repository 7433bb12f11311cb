import { useEffect, useState } from 'react'
import {
  type MessageDecision,
  type ModerationMode,
  moderationModes,
  moderationTexts,
} from '../../../shared/moderation'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, SuccessNotice, TimeText } from '../console-ui'
import { useAction, useWhileVisible } from '../use-action'

/**
 * Fans' messages on Tonight (docs/stage.md, "Moderation"): the ones waiting, each with Approve
 * and Reject (one tap on a phone), then how messages are moderated and the word list. The same
 * actions as `npm run admin -- stage messages`. A fan's words are shown as text, never as markup.
 */
export function MessagesPanel({ refreshMs }: { refreshMs: number }) {
  const { run } = useConsoleSession()
  const moderation = useAction('moderation.show', {})
  useWhileVisible(moderation.reload, refreshMs)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const [mode, setMode] = useState<ModerationMode>('words')
  const [words, setWords] = useState('')
  const view = moderation.data
  const shownError = error ?? moderation.error
  const loaded = view !== undefined
  // The form starts from what is saved, once it is read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first answer fills the form.
  useEffect(() => {
    if (!view) return
    setMode(view.mode)
    setWords(view.words.join('\n'))
  }, [loaded])

  const act = async (work: () => Promise<string>) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      setNotice(await work())
      moderation.reload()
    } catch (failure) {
      setError(asConsoleError(failure))
      moderation.reload()
    } finally {
      setBusy(false)
    }
  }
  const decide = (id: string, decision: MessageDecision) =>
    act(async () => (await run('moderation.decide', { id, decision })).said)
  const save = () =>
    act(async () => {
      await run('moderation.set', { mode, words: words.split('\n') })
      return moderationTexts.saved
    })

  return (
    <section aria-labelledby="tonight-messages" className="console-messages">
      <h2 id="tonight-messages">{moderationTexts.heading}</h2>
      <h3>{moderationTexts.heldHeading}</h3>
      {view && view.held.length === 0 && (
        <p className="console-empty">{moderationTexts.noneHeld}</p>
      )}
      {view && view.held.length > 0 && (
        <ul className="console-held">
          {view.held.map((held) => (
            <li key={held.id} className="card">
              <p className="console-held-gift">
                {held.gift} <TimeText iso={held.at} />
              </p>
              <blockquote className="console-held-message">{held.message}</blockquote>
              <div className="console-actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void decide(held.id, 'approve')}
                >
                  {moderationTexts.approve}
                  <span className="visually-hidden">: {held.message.slice(0, 40)}</span>
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => void decide(held.id, 'reject')}
                >
                  {moderationTexts.reject}
                  <span className="visually-hidden">: {held.message.slice(0, 40)}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {shownError && <ErrorNotice error={shownError} />}
      {view && (
        <form
          className="console-moderation"
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <fieldset>
            <legend>{moderationTexts.modeLabel}</legend>
            {moderationModes.map((value) => (
              <label key={value} className="console-choice">
                <input
                  type="radio"
                  name="moderation-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />{' '}
                {moderationTexts.modes[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor="moderation-words">{moderationTexts.wordsLabel}</label>
          <textarea
            id="moderation-words"
            rows={6}
            value={words}
            aria-describedby="moderation-words-hint"
            onChange={(event) => setWords(event.target.value)}
          />
          <p id="moderation-words-hint" className="field-hint">
            {moderationTexts.wordsHint}
          </p>
          <button type="submit" className="button button-secondary" disabled={busy}>
            {moderationTexts.save}
          </button>
        </form>
      )}
    </section>
  )
}
