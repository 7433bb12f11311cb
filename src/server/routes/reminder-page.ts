import type { Subscriptions } from '../../core/reminders/subscribers'
import { escapeHtml } from '../../shared/escape-html'
import { reminderPaths, reminderTexts as texts } from '../../shared/reminders'
import { formatCentral } from '../../shared/show-time'
import { payPageLayout } from './test-checkout-page'

/**
 * The pages of reminders and follows (docs/product.md, "Reminders and following"), rendered by
 * the server in the site's look with plain forms: they work before any script and weigh nothing.
 */

const e = escapeHtml

function emailForm(action: string, hidden: Record<string, string>, button: string, error?: string) {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('')
  const alert = error ? `<p class="error" id="email-error" role="alert">${e(error)}</p>` : ''
  return `<form class="panel" method="post" action="${e(action)}">
        ${fields}${alert}
        <div class="field">
          <label for="remind-email">${e(texts.emailLabel)}</label>
          <input id="remind-email" name="email" type="email" autocomplete="email" required maxlength="254"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
        </div>
        <div class="actions"><button type="submit">${e(button)}</button></div>
      </form>`
}

/** The "Remind me" page of a show; with `canonical` (its whole address), one for search engines. */
export function renderRemindPage(
  show: { id: string; name: string; startsAt: Date },
  error?: string,
  canonical?: string,
): string {
  return payPageLayout(
    texts.remindHeading,
    `<p><strong>${e(show.name)}</strong>, ${e(formatCentral(show.startsAt))}</p>
      <p class="hint">${e(texts.remindWhen)}</p>
      ${emailForm(reminderPaths.remind, { show: show.id }, texts.remindButton, error)}`,
    `${show.name}, ${formatCentral(show.startsAt)}. ${texts.remindWhen}`,
    canonical,
  )
}

/** The "Follow" page of a comic; with `canonical` (its whole address), one for search engines. */
export function renderFollowPage(
  comic: { id: string; name: string },
  error?: string,
  canonical?: string,
): string {
  return payPageLayout(
    texts.followHeading,
    `<p><strong>${e(comic.name)}</strong></p>
      <p class="hint">${e(texts.followWhen)}</p>
      ${emailForm(reminderPaths.follow, { comic: comic.id }, texts.followButton, error)}`,
    `${comic.name}. ${texts.followWhen}`,
    canonical,
  )
}

/** A page that says one thing: a form's answer, or a refusal. */
export function renderNoticePage(heading: string, sentence: string): string {
  return payPageLayout(
    heading,
    `<p role="status">${e(sentence)}</p>
      <p><a href="/">${e(texts.backHome)}</a></p>`,
  )
}

export function renderConfirmPage(token: string): string {
  return payPageLayout(
    texts.confirmHeading,
    `<form class="panel" method="post" action="${e(reminderPaths.confirm)}">
        <input type="hidden" name="token" value="${e(token)}">
        <p>${e(texts.confirmQuestion)}</p>
        <div class="actions"><button type="submit">${e(texts.confirmButton)}</button></div>
      </form>`,
  )
}

function stopForm(token: string, name: 'show' | 'comic', id: string, label: string): string {
  return `<form method="post" action="${e(reminderPaths.manage)}" class="row">
          <input type="hidden" name="token" value="${e(token)}">
          <input type="hidden" name="${name}" value="${e(id)}">
          <span class="field">${e(label)}</span>
          <button type="submit">${e(texts.stop)}</button>
        </form>`
}

export function renderManagePage(token: string, subs: Subscriptions, done?: string): string {
  const shows = subs.shows.length
    ? subs.shows
        .map((s) => stopForm(token, 'show', s.id, `${s.name}, ${formatCentral(s.startsAt)}`))
        .join('\n')
    : `<p class="hint">${e(texts.noReminders)}</p>`
  const comics = subs.comics.length
    ? subs.comics.map((c) => stopForm(token, 'comic', c.id, c.name)).join('\n')
    : `<p class="hint">${e(texts.noFollows)}</p>`
  return payPageLayout(
    texts.manageHeading,
    `${done ? `<p class="notice" role="status">${e(done)}</p>` : ''}
      <p>${e(subs.email)}</p>
      <p class="hint">${e(texts.manageIntro)}</p>
      <section class="panel"><h2>${e(texts.remindersHeading)}</h2>${shows}</section>
      <section class="panel"><h2>${e(texts.followsHeading)}</h2>${comics}</section>
      <form method="post" action="${e(reminderPaths.manage)}">
        <input type="hidden" name="token" value="${e(token)}">
        <input type="hidden" name="all" value="1">
        <button type="submit">${e(texts.unsubscribeAll)}</button>
      </form>`,
    texts.manageIntro,
  )
}
