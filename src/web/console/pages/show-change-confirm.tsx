import { useState } from 'react'
import { consolePageTexts, consoleTexts } from '../../../shared/console'
import { limits } from '../../../shared/limits'
import type { EventImpact, EventView } from '../../../shared/operator-views'
import { readableTime } from '../../../shared/readable-time'
import type { ConsoleError } from '../console-calls'
import { ConfirmPanel, ErrorNotice } from '../console-ui'
import { showChangeTexts as texts } from './show-change-texts'
import type { ShowFields } from './show-form'

export type Pending =
  | { kind: 'move'; event: EventView; changes: Partial<ShowFields>; impact: EventImpact }
  | { kind: 'remove'; event: EventView; impact: EventImpact }

/** What a cancelled show's unused codes do: their orders refunded, or moved to the next show. */
export type CancelChoice = 'refund' | 'next'

export const describe = (event: Pick<EventView, 'name' | 'startsAt'>) =>
  `${event.name}, ${readableTime(new Date(event.startsAt))}`

/**
 * The question before a sold show moves or is removed (docs/console.md, "When plans change"):
 * what happens to its codes, how many buyers are mailed, and for a removal with unused codes,
 * the host's choice of a refund or the next show; "Remove the show" waits for it.
 */
export function ShowChangeConfirm(props: {
  pending: Pending
  busy: boolean
  error: ConsoleError | undefined
  onConfirm: (codes: CancelChoice | undefined) => void
  onCancel: () => void
}) {
  const { pending, busy } = props
  const [choice, setChoice] = useState<CancelChoice>()
  const newStart = pending.kind === 'move' ? Date.parse(pending.changes.startsAt ?? '') : 0
  const choose = pending.kind === 'remove' && pending.impact.unused > 0
  const next = pending.impact.next
  return (
    <ConfirmPanel
      tone={pending.kind === 'remove' ? 'danger' : undefined}
      heading={
        pending.kind === 'move'
          ? consolePageTexts.shows.moveQuestion(
              pending.event.name,
              readableTime(new Date(newStart)),
            )
          : consolePageTexts.shows.removeQuestion(describe(pending.event))
      }
      actions={
        <>
          <button
            type="button"
            className="button"
            onClick={() => props.onConfirm(choose ? choice : undefined)}
            disabled={busy || (choose && !choice)}
          >
            {pending.kind === 'move' ? 'Move the show' : 'Remove the show'}
          </button>
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            {pending.kind === 'move' ? 'Keep the old time' : 'Keep the show'}
          </button>
        </>
      }
    >
      <p>
        {consoleTexts.eventImpact(
          pending.impact,
          pending.kind === 'move'
            ? {
                kind: 'move',
                until: readableTime(new Date(newStart + limits.showRolloverMs)),
              }
            : { kind: 'remove' },
        )}
      </p>
      <p>{texts.willMail(pending.impact.buyers)}</p>
      {choose && (
        <fieldset>
          <legend>{texts.choiceLegend}</legend>
          <label>
            <input
              type="radio"
              name="cancel-choice"
              checked={choice === 'refund'}
              onChange={() => setChoice('refund')}
            />{' '}
            {texts.refundOption}
          </label>
          <label>
            <input
              type="radio"
              name="cancel-choice"
              checked={choice === 'next'}
              disabled={!next}
              onChange={() => setChoice('next')}
            />{' '}
            {next ? texts.nextOption(describe(next)) : texts.noNext}
          </label>
        </fieldset>
      )}
      {props.error && <ErrorNotice error={props.error} />}
    </ConfirmPanel>
  )
}
