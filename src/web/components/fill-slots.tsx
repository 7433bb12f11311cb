import { Fragment, type ReactNode } from 'react'

/**
 * A sentence from a text module with its `{name}` slots filled by elements: the text module keeps
 * the whole sentence ("Write to {email} with your order."), the screen gives the link. Each slot
 * appears once in a sentence (its name is its key).
 */
export function fillSlots(sentence: string, slots: Record<string, ReactNode>): ReactNode[] {
  return sentence
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 === 0 ? part : <Fragment key={part}>{slots[part]}</Fragment>))
}
