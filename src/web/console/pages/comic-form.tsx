import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { type ComicLink, type ComicView, comicLimits } from '../../../shared/comics'
import type { ConsoleError } from '../console-api'
import { ErrorNotice } from '../console-ui'
import { comicConsoleTexts as texts } from './comics-texts'

/** What the form gives back: every field as typed (trimmed), links without the empty rows. */
export interface ComicFields {
  name: string
  slug: string
  bio: string
  vrchatName: string
  vrchatPublic: boolean
  payoutEmail: string
  links: ComicLink[]
}

export function fieldsOf(comic: ComicView): ComicFields {
  return {
    name: comic.name,
    slug: comic.slug,
    bio: comic.bio,
    vrchatName: comic.vrchatName,
    vrchatPublic: comic.vrchatPublic,
    payoutEmail: comic.payoutEmail ?? '',
    links: comic.links,
  }
}

let nextRow = 0
const blankLink = () => ({ key: nextRow++, label: '', url: '' })

/** Adding a comic, or editing one: the roster's fields, links as rows added and removed. */
export function ComicForm(props: {
  comic?: ComicView | undefined
  busy: boolean
  error?: ConsoleError | undefined
  onSave: (fields: ComicFields) => void
  onCancel: () => void
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened from a row far down a phone's screen: the form comes into view, its heading read first.
  useEffect(() => heading.current?.focus(), [])
  const [links, setLinks] = useState(() =>
    (props.comic?.links ?? []).map((link) => ({ key: nextRow++, ...link })),
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const read = (name: string) => String(data.get(name) ?? '').trim()
    props.onSave({
      name: read('name'),
      slug: read('slug'),
      bio: read('bio'),
      vrchatName: read('vrchatName'),
      vrchatPublic: data.get('vrchatPublic') === 'on',
      payoutEmail: read('payoutEmail'),
      links: links
        .map((link) => ({ label: link.label.trim(), url: link.url.trim() }))
        .filter((link) => link.label || link.url)
        // A link typed without a label is named by its address.
        .map((link) => ({
          label: link.label || link.url.replace(/^https:\/\//, ''),
          url: link.url,
        })),
    })
  }

  const setLink = (key: number, field: 'label' | 'url', value: string) =>
    setLinks((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)))

  const comic = props.comic
  const field = (name: keyof ComicFields) => `${id}-${name}`
  return (
    <section className="card console-comic-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {comic ? `Edit ${comic.name}` : 'Add a comic'}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={field('name')}>Stage name</label>
          <input
            id={field('name')}
            name="name"
            required
            maxLength={comicLimits.nameMax}
            defaultValue={comic?.name ?? ''}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={field('slug')}>Page address (slug)</label>
          <input
            id={field('slug')}
            name="slug"
            maxLength={comicLimits.slugMax}
            defaultValue={comic?.slug ?? ''}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={`${field('slug')}-hint`}
          />
          <p id={`${field('slug')}-hint`} className="field-hint">
            {texts.slugHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor={field('bio')}>Bio</label>
          <textarea
            id={field('bio')}
            name="bio"
            maxLength={comicLimits.bioMax}
            defaultValue={comic?.bio ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor={field('vrchatName')}>VRChat name</label>
          <input
            id={field('vrchatName')}
            name="vrchatName"
            maxLength={comicLimits.vrchatNameMax}
            defaultValue={comic?.vrchatName ?? ''}
            autoComplete="off"
          />
          <label className="console-check">
            <input
              type="checkbox"
              name="vrchatPublic"
              defaultChecked={comic?.vrchatPublic ?? true}
              aria-describedby={`${field('vrchatPublic')}-hint`}
            />
            Show the VRChat name on their public page
          </label>
          <p id={`${field('vrchatPublic')}-hint`} className="field-hint">
            {texts.vrchatPublicHint}
          </p>
        </div>
        <fieldset className="console-comic-links">
          <legend className="label">Links</legend>
          <p className="field-hint">{texts.linksHint}</p>
          {links.map((link, index) => (
            <div key={link.key} className="console-comic-link">
              <div className="field">
                <label htmlFor={`${id}-link-${link.key}-label`}>Link {index + 1} label</label>
                <input
                  id={`${id}-link-${link.key}-label`}
                  value={link.label}
                  maxLength={comicLimits.linkLabelMax}
                  onChange={(event) => setLink(link.key, 'label', event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-link-${link.key}-url`}>Link {index + 1} address</label>
                <input
                  id={`${id}-link-${link.key}-url`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={link.url}
                  maxLength={comicLimits.linkUrlMax}
                  onChange={(event) => setLink(link.key, 'url', event.target.value)}
                />
              </div>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setLinks((rows) => rows.filter((row) => row.key !== link.key))}
              >
                Remove link {index + 1}
              </button>
            </div>
          ))}
          {links.length < comicLimits.linksMax && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setLinks((rows) => [...rows, blankLink()])}
            >
              Add a link
            </button>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={field('payoutEmail')}>Payout address</label>
          <input
            id={field('payoutEmail')}
            name="payoutEmail"
            type="email"
            defaultValue={comic?.payoutEmail ?? ''}
            autoComplete="off"
            aria-describedby={`${field('payoutEmail')}-hint`}
          />
          <p id={`${field('payoutEmail')}-hint`} className="field-hint">
            {texts.payoutHint}
          </p>
        </div>
        {props.error && <ErrorNotice error={props.error} />}
        <div className="cluster">
          <button className="button" type="submit" disabled={props.busy}>
            {comic ? 'Save changes' : 'Add the comic'}
          </button>
          <button className="button button-secondary" type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
