import { useState } from 'react'
import {
  type Field,
  type Fields,
  type FieldValues,
  isRequired,
  type Link,
  type LinksField,
} from '../../shared/entity-fields'
import './field-controls.css'

/**
 * A form's controls for an entity's declared fields (shared/entity-fields.ts), in the
 * declaration's order: a text an input, a long text a textarea, a checkbox, an address, links as
 * rows added and removed. Each control is named by its field's key, so the form reads them back.
 */
export function FieldControls<Fs extends Fields>(props: {
  fields: Fs
  values: FieldValues<Fs>
  /** Makes the controls' ids unique on the page (useId). */
  idPrefix: string
}) {
  return Object.entries(props.fields).map(([key, f]) => (
    <FieldControl
      key={key}
      name={key}
      field={f}
      value={props.values[key]}
      id={`${props.idPrefix}-${key}`}
    />
  ))
}

function FieldControl(props: { name: string; field: Field; value: unknown; id: string }) {
  const { name, field: f, value, id } = props
  if (f.edit === 'links') return <LinksControl {...props} field={f} />
  const hintId = f.hint ? `${id}-hint` : undefined
  const hint = f.hint && (
    <p id={hintId} className="field-hint">
      {f.hint}
    </p>
  )
  if (f.edit === 'checkbox') {
    return (
      <div className="field">
        <label className="console-check">
          <input
            type="checkbox"
            name={name}
            defaultChecked={value === true}
            aria-describedby={hintId}
          />
          {f.label}
        </label>
        {hint}
      </div>
    )
  }
  const text = typeof value === 'string' ? value : ''
  const control =
    f.edit === 'long-text' ? (
      <textarea
        id={id}
        name={name}
        maxLength={f.max}
        defaultValue={text}
        aria-describedby={hintId}
      />
    ) : (
      <input
        id={id}
        name={name}
        type={f.edit === 'email' ? 'email' : undefined}
        required={isRequired(f)}
        maxLength={f.edit === 'text' ? f.max : undefined}
        defaultValue={text}
        autoComplete="off"
        {...(f.edit === 'text' && f.verbatim ? { autoCapitalize: 'none', spellCheck: false } : {})}
        aria-describedby={hintId}
      />
    )
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      {control}
      {hint}
    </div>
  )
}

let nextRow = 0
const rowOf = (link: Link) => ({ key: nextRow++, ...link })

/** Links as rows of a label and an address, added and removed up to the field's maximum. */
function LinksControl(props: { name: string; field: LinksField; value: unknown; id: string }) {
  const { name, field: f, id } = props
  const [rows, setRows] = useState(() => (Array.isArray(props.value) ? props.value : []).map(rowOf))
  const setRow = (key: number, part: keyof Link, value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [part]: value } : row)))
  return (
    <fieldset className="console-links">
      <legend className="label">{f.label}</legend>
      {f.hint && <p className="field-hint">{f.hint}</p>}
      {rows.map((row, index) => (
        <div key={row.key} className="console-link">
          <div className="field">
            <label htmlFor={`${id}-${row.key}-label`}>Link {index + 1} label</label>
            <input
              id={`${id}-${row.key}-label`}
              name={`${name}.label`}
              value={row.label}
              maxLength={f.labelMax}
              onChange={(event) => setRow(row.key, 'label', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-${row.key}-url`}>Link {index + 1} address</label>
            <input
              id={`${id}-${row.key}-url`}
              name={`${name}.url`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={row.url}
              maxLength={f.urlMax}
              onChange={(event) => setRow(row.key, 'url', event.target.value)}
            />
          </div>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}
          >
            Remove link {index + 1}
          </button>
        </div>
      ))}
      {rows.length < f.max && (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setRows((all) => [...all, rowOf({ label: '', url: '' })])}
        >
          Add a link
        </button>
      )}
    </fieldset>
  )
}

/** The entity's values as its form starts: an address left out is an empty box. */
export function formValues<Fs extends Fields>(
  fields: Fs,
  entity: FieldValues<Fs>,
): FieldValues<Fs> {
  const values = Object.keys(fields).map((key) => [key, entity[key] ?? ''])
  // The declared keys of a FieldValues, each as it was (null made '').
  return Object.fromEntries(values) as FieldValues<Fs>
}

/** The values as typed (trimmed), links without their empty rows, a link without a label named by its address. */
export function readFormValues<Fs extends Fields>(fields: Fs, data: FormData): FieldValues<Fs> {
  const read = (name: string) => String(data.get(name) ?? '').trim()
  const values = Object.entries(fields).map(([key, f]): [string, unknown] => {
    if (f.edit === 'checkbox') return [key, data.get(key) === 'on']
    if (f.edit !== 'links') return [key, read(key)]
    const urls = data.getAll(`${key}.url`).map((url) => String(url).trim())
    const links = data
      .getAll(`${key}.label`)
      .map((label, index) => ({ label: String(label).trim(), url: urls[index] ?? '' }))
      .filter((link) => link.label || link.url)
      .map((link) => ({ label: link.label || link.url.replace(/^https:\/\//, ''), url: link.url }))
    return [key, links]
  })
  // Each control read as its kind above, key by key: what FieldValues says.
  return Object.fromEntries(values) as FieldValues<Fs>
}
