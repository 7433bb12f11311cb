import { Link } from 'wouter'
import { consolePageTexts } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import { orderName, orderReference } from '../../../shared/order-reference'
import { orderPath } from '../console-paths'
import { ConsolePageHead, StateTag, TimeText, Value } from '../console-ui'
import { consolePageSize, PagedTable, SearchForm, useListParams } from '../list-controls'
import { useAction } from '../use-action'

/** Every order, newest first: one search box (address, reference, id or code) and "needs attention". */
export function OrdersPage() {
  const { params, page, search, update } = useListParams()
  const attention = params.get('attention') === '1'
  const unpaid = params.get('unpaid') === '1'
  const list = useAction('orders.list', {
    ...(search ? { search } : {}),
    attention,
    hideAbandoned: !unpaid,
    page,
    pageSize: consolePageSize,
  })

  return (
    <div className="console-page">
      <ConsolePageHead page="orders" />
      <SearchForm
        label="Find an order"
        hint={consolePageTexts.orders.searchHint}
        value={search}
        onSearch={(q) => update({ q })}
      >
        <label className="console-check">
          <input
            type="checkbox"
            checked={attention}
            onChange={(event) => update({ attention: event.target.checked ? '1' : null })}
          />
          Only orders that need attention (flagged, disputed, paid without codes)
        </label>
        <label className="console-check">
          <input
            type="checkbox"
            checked={unpaid}
            onChange={(event) => update({ unpaid: event.target.checked ? '1' : null })}
          />
          Also checkouts left unpaid (expired, or unpaid for over an hour)
        </label>
      </SearchForm>
      <PagedTable
        list={list}
        noun="orders"
        caption="Orders"
        rowKey={(order) => order.id}
        empty={
          search || attention ? consolePageTexts.orders.noMatch : consolePageTexts.orders.empty
        }
        columns={[
          {
            header: 'Order',
            cell: (order) => (
              <Link to={orderPath(order.id)} aria-label={orderName(order.id)}>
                <Value code>{orderReference(order.id)}</Value>
              </Link>
            ),
          },
          { header: 'Placed', cell: (order) => <TimeText iso={order.createdAt} /> },
          { header: 'Email', cell: (order) => (order.email ? <Value>{order.email}</Value> : '—') },
          { header: 'Status', cell: (order) => <StateTag state={order.status} /> },
          {
            header: 'Total',
            numeric: true,
            cell: (order) => <Value>{formatUsd(order.totalCents)}</Value>,
          },
          { header: 'Show', cell: (order) => order.show?.name ?? '—' },
          { header: 'Codes', numeric: true, cell: (order) => order.codes.length },
        ]}
      />
    </div>
  )
}
