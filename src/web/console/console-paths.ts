import { consolePages } from '../../shared/console'

/** The path of one order's page. */
export function orderPath(id: string): string {
  return consolePages.order.path.replace(':id', encodeURIComponent(id))
}

/** The path of one membership's page. */
export function memberPath(id: string): string {
  return consolePages.member.path.replace(':id', encodeURIComponent(id))
}
