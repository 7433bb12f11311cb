import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'

/**
 * A menu's link, aria-current="page" while its page is shown, or a page below it unless `end`
 * (/admin/orders stays current on /admin/orders/ord_1), as React Router's NavLink was: the
 * screen reader says where the visitor is, and the menu's CSS marks it.
 */
export function NavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string
  end?: boolean
  className?: string
  children: ReactNode
}) {
  const [path] = useLocation()
  const here = path.toLowerCase()
  const target = to.toLowerCase()
  const current = here === target || (!end && here.startsWith(`${target}/`))
  return (
    <Link to={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  )
}
