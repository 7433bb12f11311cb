import { useId } from 'react'
import { Link } from 'wouter'
import { membershipStatusWords, memberConsoleTexts as texts } from '../../../shared/console'
import { type MembershipStatus, membershipStatuses } from '../../../shared/memberships'
import { memberPath } from '../console-paths'
import { ConsolePageHead } from '../console-ui'
import { consolePageSize, PagedTable, SearchForm, useListParams } from '../list-controls'
import { useAction } from '../use-action'
import { MemberCode, MemberStatus, PeriodEnd, TierText } from './member-facts'

function isStatus(value: string | null): value is MembershipStatus {
  return (membershipStatuses as readonly (string | null)[]).includes(value)
}

/** Every membership, newest first: one search box (address, member code or id) and a status. */
export function MembersPage() {
  const statusId = useId()
  const { params, page, search, update } = useListParams()
  const asked = params.get('status')
  const status = isStatus(asked) ? asked : undefined
  const list = useAction('members.list', {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    page,
    pageSize: consolePageSize,
  })

  return (
    <div className="console-page">
      <ConsolePageHead page="members" />
      <SearchForm
        label={texts.searchLabel}
        hint={texts.searchHint}
        value={search}
        onSearch={(q) => update({ q })}
      >
        <div className="field console-member-status-field">
          <label htmlFor={statusId}>{texts.statusLabel}</label>
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">{texts.anyStatus}</option>
            {membershipStatuses.map((value) => (
              <option key={value} value={value}>
                {membershipStatusWords[value]}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <PagedTable
        list={list}
        noun="members"
        caption="Members"
        rowKey={(member) => member.id}
        empty={search || status ? texts.noMatch : texts.empty}
        columns={[
          {
            header: 'Member',
            cell: (member) => (
              <Link className="console-member-address" to={memberPath(member.id)}>
                {member.email}
              </Link>
            ),
          },
          { header: 'Name', cell: (member) => member.displayName ?? '—' },
          { header: 'Tier', cell: (member) => <TierText member={member} /> },
          { header: 'Status', cell: (member) => <MemberStatus member={member} /> },
          { header: 'Period', cell: (member) => <PeriodEnd member={member} /> },
          { header: 'Boosts left', numeric: true, cell: (member) => member.boostsLeft },
          { header: 'Member code', cell: (member) => <MemberCode code={member.memberCode} /> },
        ]}
      />
    </div>
  )
}
