import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { Refusal } from '../../core/refusal'
import {
  askFollow,
  askReminder,
  confirmAddress,
  followableComic,
  remindableShow,
  stopOne,
  subscriptionsOf,
  unsubscribeAll,
} from '../../core/reminders/subscribers'
import { isSimpleEmail } from '../../shared/email'
import {
  followPath,
  reminderPaths,
  remindPath,
  reminderTexts as texts,
} from '../../shared/reminders'
import { refusalStatus } from '../plugins/errors'
import {
  renderConfirmPage,
  renderFollowPage,
  renderManagePage,
  renderNoticePage,
  renderRemindPage,
} from './reminder-page'
import { acceptFormPosts, sendHtml } from './test-checkout-routes'

const ShowQuerySchema = z.object({ show: z.string().max(64).default('') })
const ComicQuerySchema = z.object({ comic: z.string().max(64).default('') })
const RemindFormSchema = z.object({
  show: z.string().max(64).default(''),
  email: z.string().max(300).default(''),
})
const FollowFormSchema = z.object({
  comic: z.string().max(64).default(''),
  email: z.string().max(300).default(''),
})
const TokenSchema = z.object({ token: z.string().max(100).default('') })
const ManageQuerySchema = TokenSchema.extend({
  done: z.enum(['confirmed', 'stopped', 'unsubscribed']).optional(),
})
const ManageFormSchema = TokenSchema.extend({
  show: z.string().max(64).optional(),
  comic: z.string().max(64).optional(),
  all: z.string().optional(),
})

const doneTexts = {
  confirmed: texts.confirmed,
  stopped: texts.stopped,
  unsubscribed: texts.unsubscribed,
} as const

/** What a form or link posted, or nothing that matches (each field then reads empty). */
function read<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {})
  return parsed.success ? parsed.data : schema.parse({})
}

/**
 * Reminders and follows over HTTP (docs/product.md, "Reminders and following"): the "Remind me"
 * and "Follow" pages and their forms, the confirm link's page, the page that manages an
 * address, and RFC 8058's one-click unsubscribe. The pages are plain HTML forms; a refusal is
 * its page, with the refusal's status.
 */
export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps
  acceptFormPosts(app)
  const askLimit = app.perClientLimit('reminderAsks', texts.tooMany)

  /** Runs `work`; a refusal from the domain becomes its page, with its status. */
  const page = async (
    reply: FastifyReply,
    heading: string,
    work: () => Promise<string | { invalid: string }>,
  ) => {
    try {
      const answer = await work()
      // A form sent back with what was wrong with it: the page, with the status of bad input.
      if (typeof answer !== 'string') return sendHtml(reply, refusalStatus.invalid, answer.invalid)
      return sendHtml(reply, 200, answer)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return sendHtml(reply, refusalStatus[error.kind], renderNoticePage(heading, error.message))
    }
  }

  app.get(reminderPaths.remind, (request, reply) =>
    page(reply, texts.remindHeading, async () => {
      const show = await remindableShow(db, read(ShowQuerySchema, request.query).show, clock.now())
      const canonical = `${config.publicUrl}${remindPath(show.id)}`
      return renderRemindPage(
        { id: show.id, name: show.name, startsAt: show.starts_at },
        undefined,
        canonical,
      )
    }),
  )
  app.post(reminderPaths.remind, (request, reply) =>
    page(reply, texts.remindHeading, async () => {
      await askLimit(request, reply)
      const form = read(RemindFormSchema, request.body)
      const show = await remindableShow(db, form.show, clock.now())
      if (!isSimpleEmail(form.email.trim())) {
        return {
          invalid: renderRemindPage(
            { id: show.id, name: show.name, startsAt: show.starts_at },
            texts.badEmail,
          ),
        }
      }
      await askReminder(db, { email: form.email, showId: show.id }, clock.now())
      app.deps.kickMail?.()
      return renderNoticePage(texts.remindHeading, texts.checkInbox)
    }),
  )

  app.get(reminderPaths.follow, (request, reply) =>
    page(reply, texts.followHeading, async () => {
      const comic = await followableComic(db, read(ComicQuerySchema, request.query).comic)
      const canonical = `${config.publicUrl}${followPath(comic.id)}`
      return renderFollowPage({ id: comic.id, name: comic.name }, undefined, canonical)
    }),
  )
  app.post(reminderPaths.follow, (request, reply) =>
    page(reply, texts.followHeading, async () => {
      await askLimit(request, reply)
      const form = read(FollowFormSchema, request.body)
      const comic = await followableComic(db, form.comic)
      if (!isSimpleEmail(form.email.trim())) {
        return { invalid: renderFollowPage({ id: comic.id, name: comic.name }, texts.badEmail) }
      }
      await askFollow(db, { email: form.email, comicId: comic.id }, clock.now())
      app.deps.kickMail?.()
      return renderNoticePage(texts.followHeading, texts.checkInbox)
    }),
  )

  // The mailed link opens a page that asks: a mail scanner fetching it confirms nothing.
  app.get(reminderPaths.confirm, (request, reply) =>
    page(reply, texts.confirmHeading, async () =>
      renderConfirmPage(read(TokenSchema, request.query).token),
    ),
  )
  app.post(reminderPaths.confirm, async (request, reply) => {
    const { token } = read(TokenSchema, request.body)
    try {
      const manage = await confirmAddress(db, token, clock.now())
      return reply.redirect(`${manageAddress(manage)}&done=confirmed`, 303)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return sendHtml(
        reply,
        refusalStatus[error.kind],
        renderNoticePage(texts.confirmHeading, error.message),
      )
    }
  })

  app.get(reminderPaths.manage, (request, reply) =>
    page(reply, texts.manageHeading, async () => {
      const query = read(ManageQuerySchema, request.query)
      const subs = await subscriptionsOf(db, query.token, clock.now())
      return renderManagePage(query.token, subs, query.done ? doneTexts[query.done] : undefined)
    }),
  )
  app.post(reminderPaths.manage, async (request, reply) => {
    const form = read(ManageFormSchema, request.body)
    try {
      if (form.all) await unsubscribeAll(db, form.token)
      else if (form.show) await stopOne(db, form.token, { showId: form.show })
      else if (form.comic) await stopOne(db, form.token, { comicId: form.comic })
      const done = form.all ? 'unsubscribed' : 'stopped'
      return reply.redirect(`${manageAddress(form.token)}&done=${done}`, 303)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return sendHtml(
        reply,
        refusalStatus[error.kind],
        renderNoticePage(texts.manageHeading, error.message),
      )
    }
  })

  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" to the header's address, from
  // its own servers, with no cookie and no page: the token in the address is all it takes.
  app.post(reminderPaths.unsubscribe, async (request, reply) => {
    const { token } = read(TokenSchema, request.query)
    await unsubscribeAll(db, token)
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(texts.unsubscribed)
  })
}

function manageAddress(token: string): string {
  return `${reminderPaths.manage}?token=${encodeURIComponent(token)}`
}
