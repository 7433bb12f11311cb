import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  comicView,
  fill,
  findHeading,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import type { ComicView } from '../../../shared/comics'
import { consoleApi, consoleTitle } from '../../../shared/console'
import { comicConsoleTexts } from './comics-texts'

const sam = comicView({
  name: 'Sam Stone',
  bio: 'Tells the truth, slowly.',
  vrchatName: 'SamTheSlow',
  payoutEmail: 'sam@example.com',
  links: [{ label: 'YouTube', url: 'https://youtube.com/@sam' }],
})
const lee = comicView({ name: 'Lee Park', archived: true })

/** The roster as the server keeps it, through comics.list, add, edit and archive. */
function roster(start: ComicView[]) {
  let comics = [...start]
  return answers(
    answerAction('comics.list', (input: unknown) =>
      comics.filter((c) => (input as { all: boolean }).all || !c.archived),
    ),
    answerAction('comics.add', (input: unknown) => {
      const comic = comicView(input as Partial<ComicView>)
      comics = [...comics, comic]
      return { comic }
    }),
    answerAction('comics.edit', (input: unknown) => {
      const { comic: id, ...changes } = input as { comic: string } & Partial<ComicView>
      comics = comics.map((c) => (c.id === id ? { ...c, ...changes } : c))
      return { comic: comics.find((c) => c.id === id), changed: true }
    }),
    answerAction('comics.lock', (input: unknown) => {
      const { comic: id, unlock } = input as { comic: string; unlock: boolean }
      comics = comics.map((c) => (c.id === id ? { ...c, locked: !unlock } : c))
      return { comic: comics.find((c) => c.id === id), changed: true }
    }),
    answerAction('comics.undo', (input: unknown) => {
      const id = (input as { comic: string }).comic
      return { comic: comics.find((c) => c.id === id), change: 1, fields: ['bio'] }
    }),
    answerAction('comics.archive', (input: unknown) => {
      const id = (input as { comic: string }).comic
      comics = comics.map((c) => (c.id === id ? { ...c, archived: true } : c))
      return { comic: comics.find((c) => c.id === id), changed: true }
    }),
  )
}

test('lists the roster and adds a comic with a bio, a link and a payout address', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(roster([sam]))
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  expect(await findHeading('Comics')).toBeTruthy()
  await expect.poll(() => document.title).toBe(consoleTitle('Comics'))
  const rows = await screen.findAllByRole('row')
  expect(rows[1]?.textContent).toContain('Sam Stone')
  expect(rows[1]?.textContent).toContain('/comics/sam-stone')
  expect(rows[1]?.textContent).toContain('SamTheSlow')
  expect(api.inputs('comics.list')).toEqual([{ all: false }])

  await user.click(screen.getByRole('button', { name: 'Add a comic' }))
  await fill(user, screen.getByLabelText('Stage name'), 'Robin Vale')
  await fill(user, screen.getByLabelText('Bio'), 'Dry as a desert.')
  await fill(user, screen.getByLabelText('VRChat name'), 'RobinV')
  await user.click(screen.getByRole('button', { name: 'Add a link' }))
  await fill(user, screen.getByLabelText('Link 1 address'), 'https://robin.example')
  await fill(user, screen.getByLabelText('Payout address'), 'robin@example.com')
  await user.click(screen.getByRole('button', { name: 'Add the comic' }))

  expect(await screen.findByText(comicConsoleTexts.added('Robin Vale'))).toBeTruthy()
  expect(api.inputs('comics.add')).toEqual([
    {
      name: 'Robin Vale',
      bio: 'Dry as a desert.',
      vrchatName: 'RobinV',
      payoutEmail: 'robin@example.com',
      // A link without a label is named by its address.
      links: [{ label: 'robin.example', url: 'https://robin.example' }],
    },
  ])
  const sent = api.calls.find((call) => call.url === consoleApi.action('comics.add'))
  expect(sent).toMatchObject({ method: 'POST', csrf: testHost.csrfToken })
  await expect.poll(() => screen.getAllByRole('row').length).toBe(3)
})

test('an edit sends only what changed; a refusal is shown in the server’s words', {
  timeout: 20_000,
}, async () => {
  const refusal = 'The address /comics/lee is Lee Park’s already: choose another slug.'
  const api = stubConsoleApi(
    answers(
      (call) => {
        const body = call.body as { slug?: string } | undefined
        return call.url.endsWith('/comics.edit') && body?.slug === 'lee'
          ? Response.json({ message: refusal }, { status: 409 })
          : undefined
      },
      roster([sam]),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  await user.click(await screen.findByRole('button', { name: /^Edit ?Sam Stone$/ }))
  const slug = screen.getByLabelText('Page address (slug)')
  await fill(user, slug, 'lee')
  await user.click(screen.getByRole('button', { name: 'Save changes' }))
  expect(await screen.findByText(refusal)).toBeTruthy()

  await fill(user, slug, 'sam')
  await user.clear(screen.getByLabelText('Payout address'))
  await user.click(screen.getByRole('button', { name: 'Remove link 1' }))
  await user.click(screen.getByRole('button', { name: 'Save changes' }))
  expect(await screen.findByText(comicConsoleTexts.saved('Sam Stone'))).toBeTruthy()
  expect(api.inputs('comics.edit')).toEqual([
    { comic: sam.id, slug: 'lee' },
    { comic: sam.id, slug: 'sam', payoutEmail: '', links: [] },
  ])

  await user.click(await screen.findByRole('button', { name: /^Edit ?Sam Stone$/ }))
  await user.click(screen.getByRole('button', { name: 'Save changes' }))
  expect(await screen.findByText(comicConsoleTexts.unchanged)).toBeTruthy()
  expect(api.inputs('comics.edit')).toHaveLength(2)
})

test('the form shows and saves pronouns: given on an add, changed alone on an edit', {
  timeout: 20_000,
}, async () => {
  const rosa = comicView({ name: 'Rosa Delgado', pronouns: 'she/her' })
  const api = stubConsoleApi(roster([rosa]))
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  await user.click(await screen.findByRole('button', { name: /^Edit ?Rosa Delgado$/ }))
  const pronouns = screen.getByLabelText('Pronouns') as HTMLInputElement
  expect(pronouns.value).toBe('she/her')
  expect(pronouns.maxLength).toBe(40)
  await fill(user, pronouns, 'they/them')
  await user.click(screen.getByRole('button', { name: 'Save changes' }))
  expect(await screen.findByText(comicConsoleTexts.saved('Rosa Delgado'))).toBeTruthy()
  expect(api.inputs('comics.edit')).toEqual([{ comic: rosa.id, pronouns: 'they/them' }])

  await user.click(screen.getByRole('button', { name: 'Add a comic' }))
  await fill(user, screen.getByLabelText('Stage name'), 'Robin Vale')
  await fill(user, screen.getByLabelText('Pronouns'), 'he/him')
  await user.click(screen.getByRole('button', { name: 'Add the comic' }))
  expect(await screen.findByText(comicConsoleTexts.added('Robin Vale'))).toBeTruthy()
  expect(api.inputs('comics.add')).toEqual([{ name: 'Robin Vale', pronouns: 'he/him' }])
})

test('archives a comic, lists the archived on demand and brings one back', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(roster([sam, lee]))
  const user = userEvent.setup()
  const { location } = renderConsole('/admin/comics')
  await user.click(await screen.findByRole('button', { name: /^Archive ?Sam Stone$/ }))
  expect(await screen.findByText(comicConsoleTexts.archived('Sam Stone'))).toBeTruthy()
  expect(api.inputs('comics.archive')).toEqual([{ comic: sam.id }])
  expect(await screen.findByText(comicConsoleTexts.empty)).toBeTruthy()

  await user.click(screen.getByLabelText('Show archived comics too'))
  await waitFor(() => expect(location()).toBe('/admin/comics?all=1'))
  const row = (await screen.findAllByText('Lee Park'))[0]?.closest('tr') as HTMLElement
  expect(within(row).getByText('Archived')).toBeTruthy()
  await user.click(within(row).getByRole('button', { name: /^Bring back ?Lee Park$/ }))
  expect(await screen.findByText(comicConsoleTexts.unarchived('Lee Park'))).toBeTruthy()
  expect(api.inputs('comics.edit')).toEqual([{ comic: lee.id, archived: false }])
})

test('a VRChat name kept off the public pages is marked so, and the host can show it', {
  timeout: 20_000,
}, async () => {
  const quiet = comicView({ name: 'Quinn Open', vrchatName: 'QuinnVR', vrchatPublic: false })
  const api = stubConsoleApi(roster([quiet]))
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  const row = (await screen.findAllByText('Quinn Open'))[0]?.closest('tr') as HTMLElement
  expect(within(row).getByText(comicConsoleTexts.vrchatPrivate('QuinnVR'))).toBeTruthy()
  await user.click(within(row).getByRole('button', { name: /^Edit ?Quinn Open$/ }))
  const shown = screen.getByLabelText('Show the VRChat name on their public page')
  expect((shown as HTMLInputElement).checked).toBe(false)
  await user.click(shown)
  await user.click(screen.getByRole('button', { name: 'Save changes' }))
  expect(await screen.findByText(comicConsoleTexts.saved('Quinn Open'))).toBeTruthy()
  expect(api.inputs('comics.edit')).toEqual([{ comic: quiet.id, vrchatPublic: true }])
})

test("the picture control posts the file's bytes and type, and shows a refusal as it comes", {
  timeout: 20_000,
}, async () => {
  const refusal = 'This file is not a JPEG, PNG or WebP image.'
  const pictureUrl = '/media/comics/pic-1.webp'
  const pictureRoute = consoleApi.comicPicture(sam.id)
  const api = stubConsoleApi(
    answers(
      async (call) => {
        if (call.url !== pictureRoute) return undefined
        const text = await call.file?.bytes.text()
        return text === 'not an image'
          ? Response.json({ message: refusal }, { status: 400 })
          : Response.json({ ...sam, pictureUrl })
      },
      roster([sam]),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  await user.click(await screen.findByRole('button', { name: /^Edit ?Sam Stone$/ }))
  const input = screen.getByLabelText('Image file')
  const upload = screen.getByRole('button', { name: 'Upload the picture' })

  await user.click(upload)
  expect(await screen.findByText(comicConsoleTexts.pictureChoose)).toBeTruthy()

  await user.upload(input, new File(['not an image'], 'sam.png', { type: 'image/png' }))
  await user.click(upload)
  expect(await screen.findByText(refusal)).toBeTruthy()

  await user.upload(input, new File(['\x89PNG fake bytes'], 'sam.png', { type: 'image/png' }))
  await user.click(upload)
  expect(await screen.findByText(comicConsoleTexts.pictureSaved('Sam Stone'))).toBeTruthy()
  expect(screen.getByRole('img', { name: 'Sam Stone' }).getAttribute('src')).toBe(pictureUrl)
  const posts = api.calls.filter((call) => call.url === pictureRoute)
  expect(posts).toHaveLength(2)
  expect(posts[1]).toMatchObject({
    method: 'POST',
    file: { type: 'image/png' },
    csrf: testHost.csrfToken,
  })
  expect(await posts[1]?.file?.bytes.text()).toBe('\x89PNG fake bytes')
})

test("locks a comic's own page, unlocks it, and undoes their last change", {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(roster([sam]))
  const user = userEvent.setup()
  renderConsole('/admin/comics')
  await user.click(await screen.findByRole('button', { name: /^Lock page ?of Sam Stone$/ }))
  expect(await screen.findByText(comicConsoleTexts.locked('Sam Stone'))).toBeTruthy()
  await user.click(await screen.findByRole('button', { name: /^Unlock page ?of Sam Stone$/ }))
  expect(await screen.findByText(comicConsoleTexts.unlocked('Sam Stone'))).toBeTruthy()
  expect(api.inputs('comics.lock')).toEqual([
    { comic: sam.id, unlock: false },
    { comic: sam.id, unlock: true },
  ])
  await user.click(screen.getByRole('button', { name: /^Undo their last change/ }))
  expect(await screen.findByText(comicConsoleTexts.undone('Sam Stone', 'bio'))).toBeTruthy()
  expect(api.inputs('comics.undo')).toEqual([{ comic: sam.id }])
})
