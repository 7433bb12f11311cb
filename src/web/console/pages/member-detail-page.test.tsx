import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  actionOf,
  answerAction,
  answers,
  findHeading,
  memberSummary,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import { consoleTitle, memberConsoleTexts as texts } from '../../../shared/console'
import type { MemberDetail, MemberSummary } from '../../../shared/operator-views'
import { centralText } from '../format'

const periodEnd = '2026-12-10T00:00:00.000Z'

/** One membership as the server keeps it: `members.show` reads it, the actions change it. */
function serverMember(overrides: Partial<MemberSummary> = {}) {
  let member: MemberSummary = memberSummary(overrides)
  const detail = (): MemberDetail => ({
    ...member,
    redemptions: [
      { showId: 'evt_1', showName: 'Open Mic Night', boosts: 10, anonymous: false, at: periodEnd },
    ],
  })
  const change = (fields: Partial<MemberSummary>) => {
    member = { ...member, ...fields }
    return member
  }
  return { detail, change }
}

const hasForce = (body: unknown) =>
  typeof body === 'object' && body !== null && 'force' in body && body.force === true

/** The Status fact, as the page says it. */
const status = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent

test("shows a member's facts and gifts; cancel at period end shows the new state", async () => {
  const server = serverMember({ status: 'past_due', standing: 'grace', nextTier: 'membership-1' })
  const api = stubConsoleApi(
    answers(
      answerAction('members.show', server.detail),
      answerAction('members.cancel', () => server.change({ cancelAtPeriodEnd: true })),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/members/mem_robin')
  expect(await findHeading(/Member\s*mem_robin/)).toBeTruthy()
  await expect.poll(() => document.title).toBe(consoleTitle('Member mem_robin'))
  const main = screen.getByRole('main')
  await within(main).findByText('robin.member@example.com')
  for (const fact of [
    'Robin',
    'Tier 2, then Tier 1 from the next period',
    'Payment failed (grace period)',
    `renews ${centralText(periodEnd)}`,
    'ABCD-EFGH-JKMN',
    '80',
  ]) {
    expect(main.textContent).toContain(fact)
  }
  const gift = within(screen.getByRole('table', { name: /gifts/ })).getAllByRole('row')[1]
  expect(gift?.textContent).toContain('Open Mic Night')
  expect(gift?.textContent).toContain('by name')

  await user.click(screen.getByRole('button', { name: texts.cancelAtPeriodEnd }))
  const notice = texts.cancelled(server.change({}))
  expect(await screen.findByText(notice)).toBeTruthy()
  expect(notice).toContain(centralText(periodEnd))
  expect(api.calls.find((call) => call.url.endsWith('/members.cancel'))).toMatchObject({
    body: { id: 'mem_robin', now: false },
    csrf: testHost.csrfToken,
  })
  // Read again: it ends at the period's end, and the button is gone.
  await within(main).findByText(/\(cancelled at period end\)/)
  expect(main.textContent).toContain(`ends ${centralText(periodEnd)}`)
  expect(screen.queryByRole('button', { name: texts.cancelAtPeriodEnd })).toBeNull()
  expect(screen.getByRole('button', { name: texts.endNow })).toBeTruthy()
})

test('End now asks first; going back changes nothing, confirming ends it', async () => {
  const server = serverMember()
  const api = stubConsoleApi(
    answers(
      answerAction('members.show', server.detail),
      answerAction('members.cancel', () =>
        server.change({
          status: 'ended',
          standing: 'ended',
          endedAt: periodEnd,
          endReason: 'cancelled',
        }),
      ),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/members/mem_robin')
  await user.click(await screen.findByRole('button', { name: texts.endNow }))
  const question = screen.getByRole('heading', { name: texts.endNowQuestion })
  expect(document.activeElement).toBe(question)
  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(api.inputs('members.cancel')).toEqual([])

  await user.click(screen.getByRole('button', { name: texts.endNow }))
  await user.click(screen.getByRole('button', { name: texts.endNowConfirm }))
  expect(
    await screen.findByText(texts.cancelled({ id: 'mem_robin', status: 'ended', periodEnd })),
  ).toBeTruthy()
  expect(api.inputs('members.cancel')).toEqual([{ id: 'mem_robin', now: true }])
  await expect.poll(() => screen.queryByRole('button', { name: texts.endNow })).toBeNull()
  expect(screen.getByRole('main').textContent).toContain('ended')
})

test('a refund past 7 days is refused in the server\'s words; "Refund even past 7 days" forces it', async () => {
  const server = serverMember()
  const refusal =
    'The latest payment of membership mem_robin ($9.99) was made 9 days ago (2026-11-10T00:00:00.000Z); the policy allows refunds within 7 days.'
  const api = stubConsoleApi(
    answers(
      answerAction('members.show', server.detail),
      // Refused until forced, with the advice the server gives past the 7 days.
      (call) =>
        actionOf(call) !== 'members.refund'
          ? undefined
          : hasForce(call.body)
            ? Response.json({
                member: server.change({
                  status: 'ended',
                  standing: 'ended',
                  endReason: 'refunded',
                }),
                refundedCents: 999,
                invoice: 'sub_local_1:invoice-1',
              })
            : Response.json({ message: refusal, advice: 'force' }, { status: 400 }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/members/mem_robin')
  await user.click(await screen.findByRole('button', { name: texts.refund }))
  expect(screen.getByText(texts.refundExplain)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: texts.refundConfirm }))
  expect(await screen.findByText(refusal)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: texts.refundForce }))
  expect(document.activeElement?.textContent).toBe(texts.refundForceQuestion)
  await user.click(screen.getByRole('button', { name: texts.refundForceConfirm }))
  const done = texts.refunded('mem_robin', { refundedCents: 999, invoice: 'sub_local_1:invoice-1' })
  expect(await screen.findByText(done)).toBeTruthy()
  expect(api.inputs('members.refund')).toEqual([
    { id: 'mem_robin', force: false },
    { id: 'mem_robin', force: true },
  ])
  // Ended by its refund: nothing is left to do.
  expect(await screen.findByText(texts.nothingToDo)).toBeTruthy()
  expect(screen.queryByRole('button', { name: texts.refund })).toBeNull()
})

test('a refusal that no option overrides is shown word for word, with no override', async () => {
  const server = serverMember()
  const refused = 'Membership mem_robin has no subscription at its provider: nothing renews it.'
  const twice =
    'The latest payment of membership mem_robin (sub_local_1:invoice-1) was refunded already (2026-11-12T00:00:00.000Z): it cannot be refunded twice.'
  stubConsoleApi(
    answers(
      answerAction('members.show', server.detail),
      answerAction('members.cancel', { message: refused }, 400),
      answerAction('members.refund', { message: twice }, 400),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/members/mem_robin')
  await user.click(await screen.findByRole('button', { name: texts.cancelAtPeriodEnd }))
  expect((await screen.findByRole('alert')).textContent).toBe(refused)
  await user.click(screen.getByRole('button', { name: texts.refund }))
  await user.click(screen.getByRole('button', { name: texts.refundConfirm }))
  await expect.poll(() => screen.queryByRole('alert')?.textContent).toBe(twice)
  expect(screen.queryByRole('button', { name: texts.refundForce })).toBeNull()
  expect(status()).toBe('Active')
})

test('an unknown membership says so', async () => {
  stubConsoleApi(answerAction('members.show', { message: 'There is no membership mem_gone.' }, 404))
  renderConsole('/admin/members/mem_gone')
  expect(await screen.findByText('There is no membership mem_gone.')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'All members' }).getAttribute('href')).toBe(
    '/admin/members',
  )
})
