import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { ConsolePageKey } from '../../shared/console'

/**
 * Each console page is its own chunk: opening Tonight on a phone does not download the shows'
 * forms or the reports. The fans' app never imports any of this (biome.json).
 */
const importers: Record<ConsolePageKey, () => Promise<ComponentType>> = {
  tonight: () => import('./pages/tonight-page').then((m) => m.TonightPage),
  shows: () => import('./pages/shows-page').then((m) => m.ShowsPage),
  orders: () => import('./pages/orders-page').then((m) => m.OrdersPage),
  order: () => import('./pages/order-page').then((m) => m.OrderPage),
  members: () => import('./pages/members-page').then((m) => m.MembersPage),
  member: () => import('./pages/member-detail-page').then((m) => m.MemberPage),
  jokes: () => import('./pages/jokes-page').then((m) => m.JokesPage),
  comics: () => import('./pages/comics-page').then((m) => m.ComicsPage),
  books: () => import('./pages/books-page').then((m) => m.BooksPage),
  mail: () => import('./pages/mail-page').then((m) => m.MailPage),
  reports: () => import('./pages/reports-page').then((m) => m.ReportsPage),
  audit: () => import('./pages/audit-page').then((m) => m.AuditPage),
  signIn: () => import('./pages/sign-in-page').then((m) => m.SignInPage),
}

export const consolePageComponents = Object.fromEntries(
  Object.entries(importers).map(([key, load]) => [
    key,
    lazy(() => load().then((Page) => ({ default: Page }))),
  ]),
) as Record<ConsolePageKey, LazyExoticComponent<ComponentType>>
