import { type FormEvent, useId, useState } from 'react'
import { limits } from '../../../shared/limits'
import { siteConfig } from '../../../shared/site-config'
import { siteTexts, texts } from '../../../shared/texts'
import { sendContact } from '../../api/send-contact'
import { useHydrated } from '../use-hydrated'
import './contact-form.css'
import { landingAnchors } from '../../../shared/pages'

type Status = 'idle' | 'sending' | 'sent' | 'failed'

/** A text field's value from a submitted form ('' when absent). */
export function formField(data: FormData): (name: string) => string {
  return (name) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
}

/**
 * The contact form of the landing page and the store (docs/product.md, "Contact"). The browser's
 * own checks enforce the required fields and the email type; the server checks again.
 */
export function ContactForm({ variant }: { variant: 'landing' | 'store' }) {
  const id = useId()
  const [status, setStatus] = useState<Status>('idle')
  const hydrated = useHydrated()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The fields are the browser's own (uncontrolled): what a fan typed before the page hydrated
    // stays in them (React resets a controlled field to its state when it hydrates).
    const form = event.currentTarget
    const field = formField(new FormData(form))
    setStatus('sending')
    try {
      await sendContact({
        name: field('name'),
        email: field('email'),
        message: field('message'),
        website: field('website'),
      })
      form.reset()
      setStatus('sent')
    } catch (error) {
      console.error('Could not send the contact message:', error)
      setStatus('failed')
    }
  }

  const sentText = variant === 'landing' ? texts.contactSentLanding : texts.contactSentStore
  return (
    <section
      id={landingAnchors.contact}
      className="contact card"
      data-variant={variant}
      aria-labelledby={`${id}-heading`}
    >
      <h2 className="section-title" id={`${id}-heading`}>
        Contact us
      </h2>
      <p className="lead">{siteTexts.contactLead}</p>
      <form className="contact-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={limits.contactNameMax}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
        </div>
        <div className="field contact-field-wide">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={5}
            maxLength={limits.contactMessageMax}
            required
          />
        </div>
        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div className="contact-honeypot" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="contact-actions">
          <button className="button" type="submit" disabled={!hydrated || status === 'sending'}>
            {status === 'sending' ? 'Sending...' : 'Send message'}
          </button>
        </div>
      </form>
      <div className="contact-status" aria-live="polite" role="status">
        {status === 'sent' && <p className="alert alert-success">{sentText}</p>}
        {status === 'failed' && (
          <p className="alert alert-error">{texts.contactFailed(siteConfig.contactEmail)}</p>
        )}
      </div>
    </section>
  )
}
