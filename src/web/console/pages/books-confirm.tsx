import { formatUsd } from '../../../shared/money'
import type { OperatorInput } from '../../../shared/operator'
import type { ClosePreview, StatementsPreview } from '../../../shared/settlements'
import { ConfirmPanel } from '../console-ui'
import { booksTexts as texts } from './books-texts'

type CloseInput = OperatorInput<'settlements.close'>

/** What the host is being asked, and where on the Books page: one question at a time. */
export type BookQuestion =
  | { kind: 'close'; where: string; input: CloseInput; preview: ClosePreview }
  | { kind: 'statements'; where: string; comic?: string; preview: StatementsPreview }

/** A sum of money that never breaks across lines. */
export function Money({ cents }: { cents: number }) {
  return <span className="console-money">{formatUsd(cents)}</span>
}

/**
 * The question before a close or a send: the action's own preview (what it will close, to whom,
 * whom it mails), or why there is nothing to do.
 */
export function BookConfirm(props: {
  asked: BookQuestion
  busy: boolean
  onClose: (input: CloseInput) => void
  onSend: (comic?: string) => void
  onCancel: () => void
}) {
  const { asked, busy } = props
  const cancel = (
    <button type="button" className="button button-secondary" onClick={props.onCancel}>
      Cancel
    </button>
  )
  if (asked.kind === 'statements') {
    const none = asked.preview.toMail.length === 0
    return (
      <ConfirmPanel
        heading={texts.statementsQuestion}
        actions={
          <>
            {!none && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => props.onSend(asked.comic)}
              >
                Send
              </button>
            )}
            {cancel}
          </>
        }
      >
        <p>{asked.preview.sentence}</p>
      </ConfirmPanel>
    )
  }
  const { preview } = asked
  const nothing = preview.refusal !== null || preview.shows.length === 0
  return (
    <ConfirmPanel
      heading={nothing ? texts.closeQuestion : preview.sentence}
      actions={
        <>
          {!nothing && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => props.onClose(asked.input)}
            >
              {'show' in asked.input ? 'Close the show' : 'Close the month'}
            </button>
          )}
          {cancel}
        </>
      }
    >
      {nothing && <p className="console-refusal">{preview.sentence}</p>}
      {preview.leftOpen.length > 0 && (
        <ul>
          {preview.leftOpen.map((s) => (
            <li key={s.id}>
              {texts.leftOpen} {s.why}
            </li>
          ))}
        </ul>
      )}
      {preview.statements.held && <p>{preview.statements.held}</p>}
      {preview.statements.toMail.length > 0 && <p>{texts.willMail(preview.statements.toMail)}</p>}
      {preview.statements.withoutAddress.length > 0 && !preview.statements.held && (
        <p>{texts.notMailed(preview.statements.withoutAddress)}</p>
      )}
    </ConfirmPanel>
  )
}
