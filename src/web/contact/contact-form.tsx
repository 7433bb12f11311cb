/** The contact form of the landing page and the store (issue 3 fills it in). */
export function ContactForm({ variant }: { variant: 'landing' | 'store' }) {
  return <section aria-label="Contact" data-variant={variant} />
}
