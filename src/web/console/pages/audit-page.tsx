import { Link } from 'wouter'
import { consolePageTexts } from '../../../shared/console'
import type { AuditEntryView } from '../../../shared/operator-views'
import { orderPath } from '../console-paths'
import { ConsolePageHead, TimeText } from '../console-ui'
import { consolePageSize, PagedTable, SearchForm, useListParams } from '../list-controls'
import { useAction } from '../use-action'

const via: Record<AuditEntryView['via'], string> = {
  console: 'console',
  cli: 'command line',
  comic: "the comic's own page",
}

function Target({ entry }: { entry: AuditEntryView }) {
  if (!entry.targetType || !entry.targetId) return <>—</>
  if (entry.targetType === 'order')
    return <Link to={orderPath(entry.targetId)}>{entry.targetId}</Link>
  return (
    <>
      {entry.targetType} {entry.targetId}
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
