import { useId } from 'react'
import { reminderPaths, reminderTexts } from '../../../shared/reminders'
import './follow-form.css'

/**
 * "Follow" on a comic's page (docs/product.md, "Reminders and following"): a plain form the
 * server answers with its own page, so it works before any script and adds none.
 */
export function FollowForm({ comicId, comicName }: { comicId: string; comicName: string }) {
  const id = useId()
  return (
    <form className="follow-form" method="post" action={reminderPaths.follow}>
      <input type="hidden" name="comic" value={comicId} />
      <p className="follow-form-when" id={`${id}-when`}>
        {reminderTexts.followWhen}
      </p>
      <label className="visually-hidden" htmlFor={`${id}-email`}>
        {reminderTexts.emailLabel}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder="you@example.com"
        aria-describedby={`${id}-when`}
      />
      <button type="submit" className="button">
        {reminderTexts.followButton}
        <span className="visually-hidden">: {comicName}</span>
      </button>
    </form>
  )
}
