import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  actionOf,
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import type { BooksOverview, ClosePreview, PayoutPreview } from '../../../shared/settlements'
import { booksTexts } from './books-texts'

const overview: BooksOverview = {
  openShows: [
    {
      show: { id: 'evt_1', name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' },
      closed: false,
      moneyCents: 4998,
      comicsCents: 3498,
      clubCents: 1500,
      boosts: 20,
    },
  ],
  months: [{ month: '2026-11', shows: 1, open: 1, comicsCents: 3498 }],
  comics: [
    {
      id: 'cmc_rosa',
      slug: 'rosa-delgado',
      name: 'Rosa Delgado',
      stillOwedCents: 4000,
      pendingCents: 0,
      hasPayoutAddress: true,
    },
  ],
}

const refusal = 'That is more than Rosa Delgado is owed ($40.00): pass force to record it anyway.'

function payoutPreview(force: boolean): PayoutPreview {
  return {
    sentence: 'Record $50.00 to Rosa Delgado by PayPal, reference 7XK21, paid on 2026-11-28.',
    comic: { id: 'cmc_rosa', name: 'Rosa Delgado' },
    stillOwedCents: 4000,
    afterCents: -1000,
    mailTo: 'rosa@example.com',
    refusal: force ? null : refusal,
    forceable: !force,
  }
}

const hasForce = (body: unknown) => (body as { force?: boolean }).force === true

test('a payout refused as the command line refuses it is recorded with force only after a second, separate confirmation', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(
    answers(
      answerAction('books.overview', overview),
      answerAction('payouts.check', (input: unknown) => payoutPreview(hasForce(input))),
      answerAction('payouts.record', {
        payout: {
          id: 1,
          comic: { id: 'cmc_rosa', name: 'Rosa Delgado' },
          amountCents: 5000,
          paidOn: '2026-11-28',
          reference: '7XK21',
          method: 'PayPal',
          recordedAt: '2026-11-28T12:00:00.000Z',
        },
        stillOwedCents: -1000,
        mailed: true,
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/books')
  await findHeading('Books')
  const main = screen.getByRole('main')
  await user.click(
    await within(main).findByRole('button', { name: /^Record a payout ?to Rosa Delgado$/ }),
  )
  await user.type(within(main).getByLabelText('Amount'), '50')
  await user.clear(within(main).getByLabelText('Paid on'))
  await user.type(within(main).getByLabelText('Paid on'), '2026-11-28')
  await user.type(within(main).getByLabelText('Method'), 'PayPal')
  await user.type(within(main).getByLabelText('Reference'), '7XK21')
  await user.click(within(main).getByRole('button', { name: 'Check the payout' }))
  expect(await within(main).findByRole('heading', { name: booksTexts.refused })).toBeTruthy()
  expect(within(main).getByText(refusal)).toBeTruthy()
  expect(within(main).queryByRole('button', { name: 'Record the payout' })).toBeNull()
  await user.click(within(main).getByRole('button', { name: booksTexts.override }))
  expect(await within(main).findByRole('heading', { name: booksTexts.forceQuestion })).toBeTruthy()
  // Nothing was recorded before "Record anyway".
  expect(api.calls.filter((c) => actionOf(c) === 'payouts.record')).toEqual([])
  await user.click(within(main).getByRole('button', { name: 'Record anyway' }))
  expect(
    await within(main).findByText(
      /^Recorded \$50\.00 paid to Rosa Delgado\. Still owed: -\$10\.00\./,
    ),
  ).toBeTruthy()
  const recorded = api.calls.filter((c) => actionOf(c) === 'payouts.record')
  expect(recorded.map((c) => c.body)).toEqual([
    {
      comic: 'cmc_rosa',
      amountCents: 5000,
      paidOn: '2026-11-28',
      reference: '7XK21',
      method: 'PayPal',
      force: true,
    },
  ])
})

test('a bad amount is said beside the form and nothing is asked of the server', async () => {
  const api = stubConsoleApi(answerAction('books.overview', overview))
  const user = userEvent.setup()
  renderConsole('/admin/books')
  await findHeading('Books')
  const main = screen.getByRole('main')
  await user.click(
    await within(main).findByRole('button', { name: /^Record a payout ?to Rosa Delgado$/ }),
  )
  await user.type(within(main).getByLabelText('Amount'), '12.345')
  await user.type(within(main).getByLabelText('Reference'), 'R1')
  await user.click(within(main).getByRole('button', { name: 'Check the payout' }))
  expect(await within(main).findByText(booksTexts.badAmount)).toBeTruthy()
  expect(api.calls.filter((c) => actionOf(c)?.startsWith('payouts.'))).toEqual([])
})

test("settling a show asks first with the action's own preview, then closes it", async () => {
  const preview: ClosePreview = {
    sentence: 'Close Sunday Stand-Up: $34.98 to 2 comics.',
    shows: [{ id: 'evt_1', name: 'Sunday Stand-Up', comicsCents: 3498 }],
    comicsCents: 3498,
    comics: 2,
    leftOpen: [],
    refusal: null,
    statements: { toMail: [], withoutAddress: [], held: null },
  }
  const api = stubConsoleApi(
    answers(
      answerAction('books.overview', overview),
      answerAction('settlements.close-check', preview),
      answerAction('settlements.close', {
        closed: [{ comicsCents: 3498 }],
        skipped: [],
        statements: { mailed: [], withoutAddress: [], held: null },
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/books')
  await findHeading('Books')
  const main = screen.getByRole('main')
  await user.click(await within(main).findByRole('button', { name: /^Settle ?Sunday Stand-Up$/ }))
  expect(await within(main).findByRole('heading', { name: preview.sentence })).toBeTruthy()
  expect(api.calls.filter((c) => actionOf(c) === 'settlements.close')).toEqual([])
  await user.click(within(main).getByRole('button', { name: 'Close the show' }))
  expect(await within(main).findByText(booksTexts.closed(1, 3498))).toBeTruthy()
  expect(api.calls.filter((c) => actionOf(c) === 'settlements.close').map((c) => c.body)).toEqual([
    { show: 'evt_1' },
  ])
})
