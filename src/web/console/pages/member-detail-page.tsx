import { Link, useParams } from 'wouter'
import { consolePages, memberConsoleTexts as texts } from '../../../shared/console'
import type { MemberDetail } from '../../../shared/operator-views'
import { DataTable, ErrorNotice, Loading, TimeText, useConsoleTitle } from '../console-ui'
import { useAction } from '../use-action'
import { MemberActions } from './member-action-buttons'
import { MemberCode, MemberStatus, PeriodEnd, TierText } from './member-facts'

function MemberFacts({ member }: { member: MemberDetail }) {
  return (
    <dl className="console-facts">
      <div>
        <dt>Address</dt>
        <dd className="console-member-address">{member.email}</dd>
      </div>
      <div>
        <dt>Shown as</dt>
        <dd>{member.displayName ?? '—'}</dd>
      </div>
      <div>
        <dt>Tier</dt>
        <dd>
          <TierText member={member} />
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <MemberStatus member={member} />
        </dd>
      </div>
      <div>
        <dt>Paid period</dt>
        <dd>
          {member.periodStart && (
            <>
              from <TimeText iso={member.periodStart} />;{' '}
            </>
          )}
          <PeriodEnd member={member} />
        </dd>
      </div>
      <div>
        <dt>Boosts left this period</dt>
        <dd>{member.boostsLeft}</dd>
      </div>
      <div>
        <dt>Member code</dt>
        <dd>
          <MemberCode code={member.memberCode} />
        </dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>
          <TimeText iso={member.createdAt} />
        </dd>
      </div>
    </dl>
  )
}

/** One membership: where it stands, its gifts at each show; cancel, end now, refund. */
export function MemberPage() {
  const { id = '' } = useParams()
  useConsoleTitle(`${consolePages.member.title} ${id}`)
  const member = useAction('members.show', { id })
  const data = member.data

  return (
    <div className="console-page">
      <p className="console-back">
        <Link to={consolePages.members.path}>All members</Link>
      </p>
      <h1 className="console-member-title">
        Member <code>{id}</code>
      </h1>
      {member.error && <ErrorNotice error={member.error} onRetry={member.reload} />}
      {!data && !member.error && <Loading />}
      {data && (
        <>
          <MemberFacts member={data} />
          <section aria-labelledby="member-gifts">
            <h2 id="member-gifts">Gifts at shows</h2>
            <DataTable
              caption="The member's gifts, latest first"
              busy={member.loading}
              rows={data.redemptions}
              rowKey={(gift) => `${gift.showId} ${gift.at}`}
              empty={texts.noGifts}
              columns={[
                { header: 'Show', cell: (gift) => gift.showName ?? gift.showId },
                {
                  header: 'When',
                  cell: (gift) => (
                    <span>
                      <TimeText iso={gift.at} />
                    </span>
                  ),
                },
                { header: 'Boosts', numeric: true, cell: (gift) => gift.boosts },
                {
                  header: 'Shown as',
                  cell: (gift) => (gift.anonymous ? 'anonymous' : 'by name'),
                },
              ]}
            />
          </section>
          <MemberActions member={data} onDone={member.reload} />
        </>
      )}
    </div>
  )
}
