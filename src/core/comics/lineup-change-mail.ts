import { type ComicRole, comicRoleWords } from '../../shared/comics'
import { formatCentral } from '../../shared/show-time'
import { composeMail } from '../mail/compose'

/** A comic's place on a bill, as the mail that tells them it changed reads it. */
export interface PlaceTerms {
  role: ComicRole
  setMinutes: number
}

/**
 * Tells a comic their role or set length at a show changed (docs/comics.md, "Lineups"), with
 * what it was and what it is now.
 */
export function lineupChangeMail(
  to: string,
  stageName: string,
  show: { name: string; startsAt: Date },
  was: PlaceTerms,
  now: PlaceTerms,
) {
  const changes: string[] = []
  if (was.role !== now.role) {
    changes.push(`Role: ${comicRoleWords[now.role]} (was ${comicRoleWords[was.role]})`)
  }
  if (was.setMinutes !== now.setMinutes) {
    changes.push(`Set: ${now.setMinutes} minutes (was ${was.setMinutes})`)
  }
  return composeMail(to, `Your set at ${show.name} changed`, [
    {
      paragraph: `Hi ${stageName}, the host changed your place on the bill of ${show.name}, ${formatCentral(show.startsAt)}:`,
    },
    { list: changes },
    { paragraph: 'Write back to the host if this does not suit you.' },
  ])
}
