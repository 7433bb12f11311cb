import { Link } from 'wouter'
import { consolePageTexts } from '../../../shared/console'
import type { AuditEntryView } from '../../../shared/operator-views'
import { orderPath } from '../console-paths'
import { ConsolePageHead, TimeText, Value } from '../console-ui'
import { consolePageSize, PagedTable, SearchForm, useListParams } from '../list-controls'
import { useAction } from '../use-action'

const via: Record<AuditEntryView['via'], string> = {
  console: 'console',
  cli: 'command line',
  comic: "the comic's own page",
}

const kinds: Record<string, string> = { event: 'show', show: 'show', comic: 'comic' }

/** What an entry acted on, by name ("Saturday Late Show", "Order 7F3KQZ"), never a bare id. */
function Target({ entry }: { entry: AuditEntryView }) {
  if (!entry.targetType || !entry.targetId) return <>—</>
  if (entry.targetType === 'order')
    return <Link to={orderPath(entry.targetId)}>{entry.targetName}</Link>
  if (entry.targetName) return <>{entry.targetName}</>
  // Gone since (a removed show): its kind, and the id the command line knows it by.
  return (
    <>
      {kinds[entry.targetType] ?? entry.targetType} <Value code>{entry.targetId}</Value>
    </>
  )
}

/** Every action through the console or the command line: who, when, what, on what. */
export function AuditPage() {
  const { page, search, update } = useListParams()
  const list = useAction('audit.list', {
    ...(search ? { search } : {}),
    page,
    pageSize: consolePageSize,
  })

  return (
    <div className="console-page">
      <ConsolePageHead page="audit" />
      <SearchForm
        label="Search the log"
        hint={consolePageTexts.audit.searchHint}
        value={search}
        onSearch={(q) => update({ q })}
      />
      <PagedTable
        list={list}
        noun="entries"
        caption="Audit log"
        rowKey={(entry) => entry.id}
        empty={search ? consolePageTexts.audit.noMatch : consolePageTexts.audit.empty}
        columns={[
          { header: 'When', cell: (entry) => <TimeText iso={entry.at} /> },
          {
            header: 'Who',
            cell: (entry) => (
              <>
                {entry.actor} <span className="console-own-time">({via[entry.via]})</span>
              </>
            ),
          },
          { header: 'What', cell: (entry) => entry.summary },
          { header: 'On', cell: (entry) => <Target entry={entry} /> },
        ]}
      />
    </div>
  )
}
