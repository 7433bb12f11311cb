import { type FormEvent, useEffect, useId, useRef } from 'react'
import { type ComicValues, comicFields } from '../../../shared/comic-fields'
import type { ComicView } from '../../../shared/comics'
import { emptyValues } from '../../../shared/entity-fields'
import type { ConsoleError } from '../console-calls'
import { ErrorNotice } from '../console-ui'
import { FieldControls, formValues, readFormValues } from '../field-controls'

/** The comic's fields as the form shows them: an address left out is an empty box. */
export const fieldsOf = (comic: ComicView | undefined): ComicValues =>
  formValues(comicFields, comic ?? emptyValues(comicFields))

/** Adding a comic, or editing one: the fields shared/comic-fields.ts declares, in its order. */
export function ComicForm(props: {
  comic?: ComicView | undefined
  busy: boolean
  error?: ConsoleError | undefined
  /** Every field as typed (trimmed), links without the empty rows. */
  onSave: (fields: ComicValues) => void
  onCancel: () => void
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened from a row far down a phone's screen: the form comes into view, its heading read first.
  useEffect(() => heading.current?.focus(), [])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onSave(readFormValues(comicFields, new FormData(event.currentTarget)))
  }

  const comic = props.comic
  return (
    <section className="card console-comic-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {comic ? `Edit ${comic.name}` : 'Add a comic'}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <FieldControls fields={comicFields} values={fieldsOf(comic)} idPrefix={id} />
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
