import type { ReactNode } from 'react'
import './progress.css'

/**
 * Work under way (a purchase looked up, a member signed in): a spinner, still when motion is
 * reduced, and the sentence saying what, read out politely (role="status").
 */
export function Progress({ children }: { children: ReactNode }) {
  return (
    <div className="progress">
      <span className="progress-spinner" aria-hidden="true" />
      <p className="progress-text" role="status">
        {children}
      </p>
    </div>
  )
}
