import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { siteConfig } from '../../../shared/site-config'
import { HowItWorksVideo } from './how-it-works-video'

test('loads nothing from the video host before the click', () => {
  const { container } = render(<HowItWorksVideo />)
  expect(container.querySelector('iframe')).toBeNull()
  expect(container.querySelector('[src*="youtube"], [href*="youtube"]')).toBeNull()
  expect(container.querySelector('img')).toBeNull()
})

test('inserts the privacy-enhanced player, playing, when the poster is clicked', async () => {
  const user = userEvent.setup()
  const { container } = render(<HowItWorksVideo />)
  await user.click(screen.getByRole('button', { name: /Play the how-it-works video/ }))
  const frame = container.querySelector('iframe')
  expect(frame?.getAttribute('src')).toBe(
    `https://www.youtube-nocookie.com/embed/${siteConfig.howItWorksVideoId}?autoplay=1`,
  )
  expect(frame?.getAttribute('title')).toBeTruthy()
  expect(screen.queryByRole('button', { name: /Play the how-it-works video/ })).toBeNull()
})
