import { type FormEvent, useState } from 'react'
import { comicFields } from '../../../shared/comic-fields'
import { comicHomeTexts as texts } from '../../../shared/comic-home'
import type { ComicHome } from '../../../shared/comic-home-api'
import { comicLimits } from '../../../shared/comic-limits'
import { type OwnPageFields, saveOwnPage, uploadOwnPicture } from '../../api/backstage-calls'
import { ErrorAlert } from '../../components/error-alert'

type Status = { kind: 'idle' | 'busy' } | { kind: 'done' | 'failed'; message: string }

function Outcome({ status }: { status: Status }) {
  if (status.kind === 'failed') return <ErrorAlert message={status.message} />
  if (status.kind === 'done') {
    return (
      <p className="alert alert-success" role="status">
        {status.message}
      </p>
    )
  }
  return null
}

/**
 * "Edit your public page": the fields a comic edits themselves (shared/comic-fields.ts,
 * `selfEdit`) and their picture, each saved as the server checks it; locked, only a sentence.
 */
export function OwnPageForm(props: { home: ComicHome; onSaved: (home: ComicHome) => void }) {
  const { page, csrfToken } = props.home
  const [fields, setFields] = useState<OwnPageFields>(() => ({
    name: page.name,
    pronouns: page.pronouns,
    bio: page.bio,
    links: page.links,
    vrchatPublic: page.vrchatPublic,
  }))
  const [rows, setRows] = useState(() =>
    Array.from({ length: comicLimits.linksMax }, (_, i) => page.links[i] ?? { label: '', url: '' }),
  )
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [picture, setPicture] = useState<File>()
  const [pictureStatus, setPictureStatus] = useState<Status>({ kind: 'idle' })
  if (page.locked) return <p className="muted">{texts.locked}</p>

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setStatus({ kind: 'busy' })
    const links = rows.filter((row) => row.label.trim() !== '' || row.url.trim() !== '')
    const result = await saveOwnPage({ ...fields, links }, csrfToken)
    if (result.ok) {
      setStatus({ kind: 'done', message: texts.saved })
      props.onSaved(result.value)
    } else setStatus({ kind: 'failed', message: result.message })
  }
  const upload = async (event: FormEvent) => {
    event.preventDefault()
    if (!picture) return
    setPictureStatus({ kind: 'busy' })
    const result = await uploadOwnPicture(picture, csrfToken)
    if (result.ok) {
      setPictureStatus({ kind: 'done', message: texts.pictureSaved })
      props.onSaved(result.value)
    } else setPictureStatus({ kind: 'failed', message: result.message })
  }
  const text = (key: 'name' | 'pronouns') => (
    <label>
      {comicFields[key].label}
      <input
        value={fields[key]}
        maxLength={comicFields[key].max}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  )
  return (
    <>
      <form className="backstage-form" onSubmit={(e) => void upload(e)}>
        {page.pictureUrl && (
          <img className="backstage-picture" src={page.pictureUrl} alt="" width={96} height={96} />
        )}
        <label>
          {texts.pictureLabel}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setPicture(e.target.files?.[0])}
          />
        </label>
        <Outcome status={pictureStatus} />
        <div>
          <button
            type="submit"
            className="button button-secondary"
            disabled={!picture || pictureStatus.kind === 'busy'}
          >
            {pictureStatus.kind === 'busy' ? texts.uploading : texts.uploadPicture}
          </button>
        </div>
      </form>
      <form className="backstage-form" onSubmit={(e) => void save(e)}>
        {text('name')}
        {text('pronouns')}
        <label>
          {comicFields.bio.label}
          <textarea
            rows={5}
            value={fields.bio}
            maxLength={comicFields.bio.max}
            onChange={(e) => setFields({ ...fields, bio: e.target.value })}
          />
        </label>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows, in place
          <div className="backstage-link-row" key={index}>
            <label>
              {texts.linkLabel(index + 1)}
              <input
                value={row.label}
                maxLength={comicFields.links.labelMax}
                onChange={(e) =>
                  setRows(rows.map((r, i) => (i === index ? { ...r, label: e.target.value } : r)))
                }
              />
            </label>
            <label>
              {texts.linkUrl(index + 1)}
              <input
                type="url"
                value={row.url}
                maxLength={comicFields.links.urlMax}
                onChange={(e) =>
                  setRows(rows.map((r, i) => (i === index ? { ...r, url: e.target.value } : r)))
                }
              />
            </label>
          </div>
        ))}
        <label className="backstage-check">
          <input
            type="checkbox"
            checked={fields.vrchatPublic}
            onChange={(e) => setFields({ ...fields, vrchatPublic: e.target.checked })}
          />
          {texts.vrchatPublic(page.vrchatName)}
        </label>
        <Outcome status={status} />
        <div>
          <button type="submit" className="button" disabled={status.kind === 'busy'}>
            {status.kind === 'busy' ? texts.saving : texts.save}
          </button>
        </div>
      </form>
    </>
  )
}
