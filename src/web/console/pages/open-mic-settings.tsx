import { type FormEvent, useId, useState } from 'react'
import { centralTimeInput, readCentralTime } from '../../../shared/central-time'
import { type OpenMicRule, openMicLimits } from '../../../shared/open-mic'
import type { OpenMicPublic } from '../../../shared/open-mic-api'
import type { OperatorInput } from '../../../shared/operator'
import { openMicConsoleTexts as texts } from './open-mic-console-texts'

type Settings = Omit<OperatorInput<'openmic.set'>, 'show'>

const input = (iso: string | null | undefined) => (iso ? centralTimeInput(new Date(iso)) : '')

/** An open mic's slots, set length, sign-up window and rule, times typed in Central time. */
export function OpenMicSettings(props: {
  openMic: OpenMicPublic | undefined
  busy: boolean
  onSave: (settings: Settings) => void
}) {
  const id = useId()
  const o = props.openMic
  const [rule, setRule] = useState<OpenMicRule>(o?.rule ?? 'first-come')
  const [problem, setProblem] = useState('')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const time = (name: string, what: string) => {
      const reading = readCentralTime(text(name))
      if (!reading.ok) throw new Error(texts.badTime(what))
      return reading.instant.toISOString()
    }
    const whole = (name: string, what: string, max: number) => {
      const n = Number(text(name))
      if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(texts.badNumber(what))
      return n
    }
    try {
      props.onSave({
        slots: whole('slots', 'Slots', openMicLimits.slotsMax),
        setMinutes: whole('minutes', 'Minutes per set', openMicLimits.setMinutesMax),
        opensAt: time('opens', 'Sign-up opens'),
        closesAt: time('closes', 'Sign-up closes'),
        rule,
        ...(rule === 'lottery' ? { drawAt: time('draw', 'Draw at') } : {}),
      })
      setProblem('')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }

  const field = (name: string, label: string, value: string, hint: string = texts.timeHint) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={value}
        autoComplete="off"
        aria-describedby={`${id}-${name}-hint`}
      />
      <p id={`${id}-${name}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  )
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Open-mic settings">
      {field('slots', 'Slots', String(o?.slots ?? 10), texts.slotsHint)}
      {field('minutes', 'Minutes per set', String(o?.setMinutes ?? 5), texts.slotsHint)}
      {field('opens', 'Sign-up opens (Central time)', input(o?.opensAt))}
      {field('closes', 'Sign-up closes (Central time)', input(o?.closesAt))}
      <fieldset className="field">
        <legend>How spots are given</legend>
        {(['first-come', 'lottery'] as const).map((value) => (
          <label key={value} className="console-check">
            <input
              type="radio"
              name="rule"
              value={value}
              checked={rule === value}
              onChange={() => setRule(value)}
            />
            {value === 'first-come' ? 'First come' : 'Lottery'}
          </label>
        ))}
        <p className="field-hint">{texts.ruleHint}</p>
      </fieldset>
      {rule === 'lottery' && field('draw', 'Draw at (Central time)', input(o?.drawAt))}
      {problem && (
        <p className="console-field-error" role="alert">
          {problem}
        </p>
      )}
      <button className="button" type="submit" disabled={props.busy}>
        {o ? 'Save the open mic' : 'Make it an open mic'}
      </button>
    </form>
  )
}
