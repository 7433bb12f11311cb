import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '../../../shared/pages'
import { texts } from '../../../shared/texts'
import { SiteLayout } from './site-layout'
import './error-page.css'

/**
 * A page that says something went wrong, inside the site's frame, with the ways on: home and the
 * store, and whatever else the page offers (`actions`). The not-found page and the route error
 * view are this.
 */
export function ErrorPage(props: {
  headingId: string
  eyebrow: string
  heading: string
  lead: string
  art?: ReactNode
  actions?: ReactNode
}) {
  return (
    <SiteLayout>
      <section className="not-found" aria-labelledby={props.headingId}>
        {props.art}
        <p className="eyebrow">{props.eyebrow}</p>
        <h1 id={props.headingId}>{props.heading}</h1>
        <p className="lead">{props.lead}</p>
        <p className="cluster">
          <Link className="button" to={paths.home}>
            {texts.backToHome}
          </Link>
          <Link className="button button-secondary" to={paths.store}>
            Visit the store
          </Link>
          {props.actions}
        </p>
      </section>
    </SiteLayout>
  )
}
