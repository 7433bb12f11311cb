import { formatUsd } from '../../../shared/money'
import { minutesText, type NightComic, type WrapUpComic } from '../../../shared/show-night'
import { type Column, DataTable } from '../console-ui'
import { showNightTexts as texts } from './show-night-texts'

/**
 * Each comic at the show: sets, time on stage, boosts, and in the wrap-up what the club owes
 * them (docs/console.md, "Show night").
 */
export function NightComics(props: {
  comics: (NightComic & Partial<Pick<WrapUpComic, 'owedCents'>>)[]
  caption: string
}) {
  const columns: Column<(typeof props.comics)[number]>[] = [
    { header: 'Comic', cell: (c) => <strong>{c.comic.name}</strong> },
    { header: 'Sets', numeric: true, cell: (c) => c.sets },
    {
      header: 'On stage',
      numeric: true,
      cell: (c) => <span className="console-money">{minutesText(c.seconds)}</span>,
    },
    { header: 'Boosts', numeric: true, cell: (c) => c.boosts },
  ]
  if (props.comics.some((c) => c.owedCents !== undefined)) {
    columns.push({
      header: 'Owed',
      numeric: true,
      cell: (c) => <span className="console-money">{formatUsd(c.owedCents ?? 0)}</span>,
    })
  }
  return (
    <DataTable
      caption={props.caption}
      columns={columns}
      rows={props.comics}
      rowKey={(c) => c.comic.id}
      empty={texts.noSets}
    />
  )
}
