import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { answerAction, renderConsole, stubConsoleApi } from '#test/console-web'
import { consolePageTexts } from '../../../shared/console'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

const empty = { items: [], total: 0, page: 1, pageSize: 25 }

test('checkouts abandoned unpaid are hidden unless the host asks for them', async () => {
  const api = stubConsoleApi(answerAction('orders.list', () => empty))
  const user = userEvent.setup()
  const { location } = renderConsole('/admin/orders')
  expect(await screen.findByText(consolePageTexts.orders.empty)).toBeTruthy()
  expect(api.inputs('orders.list').at(-1)).toMatchObject({ hideAbandoned: true })

  await user.click(screen.getByRole('checkbox', { name: /^Also checkouts left unpaid/ }))
  await expect.poll(location).toBe('/admin/orders?unpaid=1')
  await expect.poll(() => api.inputs('orders.list').at(-1)).toMatchObject({ hideAbandoned: false })
})
