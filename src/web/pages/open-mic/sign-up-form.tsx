import { type FormEvent, useId, useState } from 'react'
import { openMicLimits, openMicTexts as words } from '../../../shared/open-mic'
import { signUpForOpenMic } from '../../api/open-mic-calls'
import { useHydrated } from '../../components/use-hydrated'

/**
 * The sign-up form: stage name, email, VRChat display name, an optional note for the host, and
 * the 18+ confirmation, which the server requires too. The answer is the same sentence whether
 * or not the address signed up before: the mail tells the comic the rest.
 */
export function SignUpForm({ showId }: { showId: string }) {
  const id = useId()
  const hydrated = useHydrated()
  const [state, setState] = useState<'ready' | 'sending' | { ok: boolean; message: string }>(
    'ready',
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const text = (name: string) => String(data.get(name) ?? '')
    setState('sending')
    const answer = await signUpForOpenMic(showId, {
      stageName: text('stageName'),
      email: text('email').trim(),
      vrchatName: text('vrchatName'),
      note: text('note'),
      adult: data.get('adult') === 'yes',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    setState(answer)
    if (answer.ok) form.reset()
  }
  return (
    <section className="card open-mic-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {words.formHeading}
      </h2>
      <form onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-stage`}>{words.stageName}</label>
          <input
            id={`${id}-stage`}
            name="stageName"
            required
            maxLength={openMicLimits.stageNameMax}
            autoComplete="nickname"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{words.email}</label>
          <input id={`${id}-email`} name="email" type="email" required autoComplete="email" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-vrchat`}>{words.vrchatName}</label>
          <input
            id={`${id}-vrchat`}
            name="vrchatName"
            required
            maxLength={openMicLimits.vrchatNameMax}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>{words.note}</label>
          <textarea id={`${id}-note`} name="note" maxLength={openMicLimits.noteMax} rows={3} />
        </div>
        <label className="open-mic-adult">
          <input type="checkbox" name="adult" value="yes" /> {words.adult}
        </label>
        <button className="button" type="submit" disabled={!hydrated || state === 'sending'}>
          {state === 'sending' ? words.sending : words.submit}
        </button>
      </form>
      <div aria-live="polite" role="status">
        {typeof state === 'object' && (
          <p className={`alert ${state.ok ? 'alert-success' : 'alert-error'}`}>{state.message}</p>
        )}
      </div>
    </section>
  )
}
