import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import {
  answerAction,
  findHeading,
  memberSummary,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import { consoleTitle, memberConsoleTexts } from '../../../shared/console'
import type { MemberSummary } from '../../../shared/operator-views'
import { centralText } from '../format'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

const page = (items: MemberSummary[]) => ({ items, total: items.length, page: 1, pageSize: 25 })

test('lists the members with tier, status and standing, period end in Central time, boosts and code', async () => {
  const api = stubConsoleApi(
    answerAction('members.list', () =>
      page([
        memberSummary(),
        memberSummary({
          id: 'mem_sam',
          email: 'sam@example.com',
          tier: 'membership-3',
          nextTier: 'membership-1',
          status: 'past_due',
          standing: 'grace',
          cancelAtPeriodEnd: true,
          displayName: null,
          boostsLeft: 0,
          memberCode: 'PQRS-TUVW-XYZ2',
        }),
      ]),
    ),
  )
  renderConsole('/admin/members')
  expect(await findHeading('Members')).toBeTruthy()
  await expect.poll(() => document.title).toBe(consoleTitle('Members'))
  const [first, second] = (await screen.findAllByRole('row')).slice(1)
  const robin = within(first as HTMLElement)
  expect(robin.getByRole('link', { name: 'robin.member@example.com' }).getAttribute('href')).toBe(
    '/admin/members/mem_robin',
  )
  expect(first?.textContent).toContain('Tier 2')
  expect(first?.textContent).toContain(`renews ${centralText('2026-12-10T00:00:00.000Z')}`)
  expect(first?.textContent).toContain('ABCD-EFGH-JKMN')
  expect(first?.textContent).toContain('80')
  expect(second?.textContent).toContain('Payment failed (grace period)')
  expect(second?.textContent).toContain('Tier 3, then Tier 1 from the next period')
  expect(second?.textContent).toContain('(cancelled at period end)')
  expect(api.inputs('members.list')).toEqual([{ page: 1, pageSize: 25 }])
})

test('searches and filters by status through the address, and says when nothing matches', async () => {
  const api = stubConsoleApi(answerAction('members.list', page([])))
  const user = userEvent.setup()
  const { location } = renderConsole('/admin/members')
  expect(await screen.findByText(memberConsoleTexts.empty)).toBeTruthy()

  await user.type(screen.getByLabelText(memberConsoleTexts.searchLabel), 'robin{Enter}')
  await expect.poll(location).toBe('/admin/members?q=robin')
  // The filter's options are words; the address keeps the value.
  const filter = screen.getByLabelText(memberConsoleTexts.statusLabel)
  expect(within(filter).getByRole('option', { name: 'Payment failed' })).toBeTruthy()
  expect(within(filter).queryByRole('option', { name: 'past_due' })).toBeNull()
  await user.selectOptions(filter, 'past_due')
  await expect.poll(location).toBe('/admin/members?q=robin&status=past_due')
  expect(await screen.findByText(memberConsoleTexts.noMatch)).toBeTruthy()
  await expect
    .poll(() => api.inputs('members.list').at(-1))
    .toEqual({ search: 'robin', status: 'past_due', page: 1, pageSize: 25 })
})

test('the console header leads to Members', async () => {
  stubConsoleApi(answerAction('members.list', page([])))
  renderConsole('/admin/members')
  const nav = await screen.findByRole('navigation', { name: 'Console' })
  const link = within(nav).getByRole('link', { name: 'Members' })
  expect(link.getAttribute('href')).toBe('/admin/members')
  expect(link.getAttribute('aria-current')).toBe('page')
})
