import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { reminderPaths } from '../../../shared/reminders'
import { FollowForm } from './follow-form'

test("a comic's Follow form posts the comic and the address to the follow page, without a script", () => {
  const { container } = render(<FollowForm comicId="cmc-1" comicName="Sam Stone" />)
  const form = container.querySelector('form')
  expect(form?.getAttribute('method')).toBe('post')
  expect(form?.getAttribute('action')).toBe(reminderPaths.follow)
  const fields = new FormData(form ?? undefined)
  expect(fields.get('comic')).toBe('cmc-1')
  expect(screen.getByRole('textbox', { name: 'Your email' }).getAttribute('name')).toBe('email')
  expect(screen.getByRole('button', { name: 'Follow: Sam Stone' })).toBeTruthy()
})
