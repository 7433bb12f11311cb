import { Fragment } from 'react'
import { comicPath, comicRoleWords } from '../../../shared/comics'
import { isScheduleComic, type ScheduleComic } from '../../../shared/schedule'

/**
 * A show's comics in running order, each a link to their page: "With Sam Stone (Host/MC), Lee
 * Park (Headliner)". Nothing before a lineup is set. Plain links: a comic's page is rendered by
 * the server (docs/comics.md, "What fans see").
 */
export function ShowBill({ comics }: { comics: readonly ScheduleComic[] | undefined }) {
  // The page's own JSON is read unchecked for its bill (schedule.ts says why): checked here.
  const bill = Array.isArray(comics) ? comics.filter(isScheduleComic) : []
  if (bill.length === 0) return null
  return (
    <p className="show-bill">
      With{' '}
      {bill.map((comic, index) => (
        <Fragment key={comic.slug}>
          {index > 0 && ', '}
          <a href={comicPath(comic.slug)}>{comic.name}</a>{' '}
          <span className="show-bill-role">({comicRoleWords[comic.role] ?? comic.role})</span>
        </Fragment>
      ))}
    </p>
  )
}
