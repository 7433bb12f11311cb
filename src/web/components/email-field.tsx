import type { ReactNode } from 'react'

/**
 * The email address field of the sign-in forms (the member page's and the console's): one label,
 * one input the browser and password managers know, and what describes it (`children`, shown
 * under it). The console may import it: it lives in src/web/components, not in a fans' page.
 */
export function EmailField({
  id,
  label,
  describedBy,
  children,
}: {
  id: string
  label: string
  describedBy?: string | undefined
  children?: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        aria-describedby={describedBy}
      />
      {children}
    </div>
  )
}
