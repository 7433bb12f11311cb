import { toCount } from '../db/schema'
import { retryFailedMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { recordAudit } from './audit'
import { operatorTexts } from './operator-texts'
import type { Handlers } from './operator-types'
import { toMailView } from './order-actions'

export const mailActions: Handlers<'mail.list' | 'mail.retry'> = {
  async 'mail.list'(deps, _actor, input) {
    const query =
      input.state === 'failed'
        ? deps.db
            .selectFrom('mail_outbox')
            .where('failed_at', 'is not', null)
            .where('sent_at', 'is', null)
        : deps.db
            .selectFrom('mail_outbox')
            .where('failed_at', 'is', null)
            .where('sent_at', 'is', null)
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('id')
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ])
    return {
      items: rows.map(toMailView),
      total: toCount(count?.n),
      page: input.page,
      pageSize: input.pageSize,
    }
  },

  async 'mail.retry'(deps, actor, input) {
    const now = deps.clock.now()
    const which = 'id' in input ? input.id : 'all'
    // The requeue and its audit entry: both, or neither.
    const count = await deps.db.transaction().execute(async (trx) => {
      const count = await retryFailedMail(trx, now, which)
      if (count === 0) {
        throw which === 'all'
          ? refuse.invalid(operatorTexts.noFailedMail)
          : refuse.notFound(operatorTexts.notFailedMail(String(which)))
      }
      await recordAudit(
        trx,
        actor,
        {
          action: 'mail.retry',
          ...(which === 'all' ? {} : { target: { type: 'mail', id: String(which) } }),
          summary: `Queued ${count} failed mail${count === 1 ? '' : 's'} again`,
        },
        now,
      )
      return count
    })
    deps.kickMail?.()
    return { count }
  },
}
