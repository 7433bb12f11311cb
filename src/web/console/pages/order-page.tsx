import { Link, useParams } from 'wouter'
import { consolePages, consolePageTexts, consoleTexts } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import type { CodeSummary, MailView, OrderDetail } from '../../../shared/operator-views'
import { orderName } from '../../../shared/order-reference'
import {
  CopyButton,
  DataTable,
  ErrorNotice,
  Loading,
  StateTag,
  TimeText,
  useConsoleTitle,
  Value,
} from '../console-ui'
import { useAction } from '../use-action'
import { PartRefundPanel } from './part-refund-panel'
import { RefundPanel } from './refund-panel'
import { ResendForm } from './resend-form'
import './order-page.css'

/** A mail's state in a word: sent, failed (given up), or pending (still being tried). */
export function mailState(mail: MailView): 'sent' | 'failed' | 'pending' {
  return mail.sentAt ? 'sent' : mail.failedAt ? 'failed' : 'pending'
}

function CodeState({ code }: { code: CodeSummary }) {
  return (
    <>
      <StateTag state={code.state} />
      {code.redeemedAt && (
        <>
          {' '}
          <TimeText iso={code.redeemedAt} />
          {code.anonymous && ' (anonymously)'}
        </>
      )}
      {code.voidedAt && (
        <>
          {' '}
          <TimeText iso={code.voidedAt} />
          {code.voidReason && `: ${code.voidReason}`}
        </>
      )}
    </>
  )
}

function OrderFacts({ order }: { order: OrderDetail }) {
  // The card's brand and last digits are not kept (Stripe Checkout keeps them): the kind of
  // payment is what the console can say. The provider's reference is for the command line.
  const payment =
    order.provider === 'stripe' ? 'card through Stripe' : 'the test checkout (no card)'
  return (
    <dl className="console-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <StateTag state={order.status} />
          {order.flagReason && <span className="console-refusal"> {order.flagReason}</span>}
        </dd>
      </div>
      <div>
        <dt>Buyer</dt>
        <dd>{order.email ? <Value>{order.email}</Value> : 'no address'}</dd>
      </div>
      <div>
        <dt>Placed</dt>
        <dd>
          <TimeText iso={order.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Show</dt>
        <dd>
          {order.show?.name ?? '—'}
          {order.show?.startsAt && (
            <>
              , <TimeText iso={order.show.startsAt} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>
          <Value>{formatUsd(order.totalCents)}</Value> {order.currency.toUpperCase()}, {payment}
          {order.paidAt ? (
            <>
              ; <Value>{formatUsd(order.paidCents ?? 0)}</Value> paid{' '}
              <TimeText iso={order.paidAt} />
            </>
          ) : (
            '; not paid'
          )}
        </dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd>
          <Value>{formatUsd(order.refundedCents)}</Value>
        </dd>
      </div>
    </dl>
  )
}

/** One order: items, payment, codes and their redemptions, mails; resend and refund. */
export function OrderPage() {
  const { id = '' } = useParams()
  useConsoleTitle(orderName(id))
  const order = useAction('orders.show', { id })
  const data = order.data

  return (
    <div className="console-page">
      <p className="console-back">
        <Link to={consolePages.orders.path}>All orders</Link>
      </p>
      <div className="console-page-head">
        <h1 className="console-order-title">{orderName(id)}</h1>
        <CopyButton text={id} label={`Copy the full id of ${orderName(id)}`} />
      </div>
      {order.error && <ErrorNotice error={order.error} onRetry={order.reload} />}
      {!data && !order.error && <Loading />}
      {data && (
        <>
          <OrderFacts order={data} />
          <section aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <DataTable
              caption="Items"
              rows={data.items}
              rowKey={(item) => item.productId}
              empty={consolePageTexts.order.noItems}
              columns={[
                { header: 'Item', cell: (item) => item.name },
                {
                  header: 'Price',
                  numeric: true,
                  cell: (item) => <Value>{formatUsd(item.unitCents)}</Value>,
                },
                { header: 'Quantity', numeric: true, cell: (item) => item.quantity },
                {
                  header: 'Line total',
                  numeric: true,
                  cell: (item) => <Value>{formatUsd(item.unitCents * item.quantity)}</Value>,
                },
              ]}
            />
          </section>
          <section aria-labelledby="order-codes">
            <h2 id="order-codes">Codes</h2>
            <DataTable
              caption="Codes"
              rows={data.codes}
              rowKey={(code) => code.code}
              empty={consolePageTexts.order.noCodes}
              columns={[
                { header: 'Code', cell: (code) => <Value code>{code.code}</Value> },
                { header: 'What', cell: (code) => code.description },
                { header: 'State', cell: (code) => <CodeState code={code} /> },
                { header: 'Redeems until', cell: (code) => <TimeText iso={code.expiresAt} /> },
              ]}
            />
          </section>
          <section aria-labelledby="order-mails">
            <h2 id="order-mails">Mails sent</h2>
            <DataTable
              caption="Mails about this order"
              rows={data.mails}
              rowKey={(mail) => mail.id}
              empty={consolePageTexts.order.noMail}
              columns={[
                { header: 'Subject', cell: (mail) => mail.subject },
                { header: 'To', cell: (mail) => <Value>{mail.to}</Value> },
                { header: 'Queued', cell: (mail) => <TimeText iso={mail.createdAt} /> },
                {
                  header: 'State',
                  cell: (mail) => (
                    <>
                      <StateTag state={mailState(mail)} />
                      {mail.lastError && mailState(mail) !== 'sent' && ` ${mail.lastError}`}
                    </>
                  ),
                },
              ]}
            />
          </section>
          <div className="console-order-actions">
            {data.codes.length > 0 &&
              (data.codes.every((code) => code.state === 'voided') ? (
                <p>{consoleTexts.codesVoid}</p>
              ) : (
                <ResendForm orderId={data.id} buyer={data.email} onDone={order.reload} />
              ))}
            {data.paidAt && <RefundPanel order={data} onDone={order.reload} />}
            {data.paidAt && (data.status === 'fulfilled' || data.status === 'paid') && (
              <PartRefundPanel order={data} onDone={order.reload} />
            )}
          </div>
        </>
      )}
    </div>
  )
}
