import { type FormEvent, useId, useRef, useState } from 'react'
import type { ComicView } from '../../../shared/comics'
import { consoleApi, consoleTexts } from '../../../shared/console'
import { hasFields } from '../../../shared/shape'
import { asConsoleError, ConsoleError, postFile } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, SuccessNotice } from '../console-ui'
import { comicConsoleTexts as texts } from './comics-texts'

/** What the page reads of the answer (the comic as the server now has it): name and picture. */
function readPicture(body: unknown, id: string): { name: string; pictureUrl: string } | undefined {
  if (!hasFields(body, { id: 'string', name: 'string', pictureUrl: 'string' })) return undefined
  if (body.id !== id) return undefined
  return { name: String(body.name), pictureUrl: String(body.pictureUrl) }
}

/**
 * A comic's picture: the one the site shows, and a file sent as it is, its bytes as the body;
 * the server checks what it is and sizes it, and a refusal is shown in its own words.
 */
export function ComicPicture(props: { comic: ComicView; onSaved: () => void }) {
  const id = useId()
  const { state } = useConsoleSession()
  const csrfToken = state.status === 'signed-in' ? state.session.csrfToken : ''
  const fileInput = useRef<HTMLInputElement>(null)
  const [picture, setPicture] = useState(props.comic.pictureUrl)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = fileInput.current?.files?.[0]
    setNotice('')
    setError(undefined)
    if (!file || file.size === 0) {
      setError(new ConsoleError(0, texts.pictureChoose))
      return
    }
    setBusy(true)
    try {
      const answer = readPicture(
        await postFile(csrfToken, consoleApi.comicPicture(props.comic.id), file),
        props.comic.id,
      )
      if (!answer) throw new ConsoleError(200, consoleTexts.failed(200))
      setPicture(answer.pictureUrl)
      setNotice(texts.pictureSaved(answer.name))
      props.onSaved()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card console-comic-picture" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Picture of {props.comic.name}</h3>
      {picture ? (
        <img src={picture} alt={props.comic.name} width={160} height={160} />
      ) : (
        <p className="console-empty">{texts.pictureNone}</p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-file`}>Image file</label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="field-hint">
            {texts.pictureHint}
          </p>
        </div>
        {notice && <SuccessNotice>{notice}</SuccessNotice>}
        {error && <ErrorNotice error={error} />}
        <button className="button button-secondary" type="submit" disabled={busy}>
          Upload the picture
        </button>
      </form>
    </section>
  )
}
