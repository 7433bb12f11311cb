import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { catalogue } from '../../../shared/catalogue'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { StorePage } from './store-page'
import { storeTexts } from './store-texts'

function renderStore() {
  render(
    <TransitionRouter url={'/store'}>
      <StorePage redirect={() => {}} />
    </TransitionRouter>,
  )
  return userEvent.setup()
}

const card = (name: string) => screen.getByRole('article', { name })
const addTo = (name: string) =>
  within(card(name)).getByRole('button', { name: `${texts.addToCart}: ${name}` })

test('the section whose cards are named "FFR" says what FFR stands for', () => {
  renderStore()
  const section = screen.getByRole('region', { name: 'Fan Favorite Rewards' })
  const note = storeTexts.sectionNotes['Fan Favorite Rewards'] ?? ''
  expect(note).toMatch(/^FFR stands for Fan Favorite Rewards/)
  expect(within(section).getByText(note)).toBeTruthy()
  // Every product named "FFR …" is in that section, under the note.
  const ffr = catalogue.filter((product) => product.name.startsWith('FFR'))
  expect(ffr.length).toBeGreaterThan(0)
  for (const product of ffr) expect(within(section).getByRole('article', { name: product.name }))
  // Sections whose names need no words have none.
  const boosts = screen.getByRole('region', { name: 'Boost Packages' })
  expect(boosts.querySelector('.store-section-note')).toBeNull()
})

test('an add is confirmed under the button pressed, in the words the screen reader hears', async () => {
  const user = renderStore()
  const added = () => document.querySelectorAll('.store-product-added')
  expect(added()).toHaveLength(0)
  await user.click(addTo('FFR 10'))
  const seen = within(card('FFR 10')).getByText(/^Added FFR 10 to your cart\. Quantity 1\./)
  expect(seen.previousElementSibling?.tagName).toBe('BUTTON')
  const spoken = document.querySelector('p.visually-hidden[aria-live="polite"]')
  expect(spoken?.textContent).toBe(seen.textContent)
  // Spoken once: the seen line is not read a second time.
  expect(seen.getAttribute('aria-hidden')).toBe('true')

  // The next add moves it to that card; a change in the cart takes it away.
  await user.click(addTo('5 Boosts'))
  expect(added()).toHaveLength(1)
  expect(within(card('5 Boosts')).getByText(/^Added 5 Boosts to your cart/)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Remove 5 Boosts from cart' }))
  expect(added()).toHaveLength(0)
})
