import { escapeHtml } from './escape-html'
import { siteConfig } from './site-config'

/** What a page's <head> says about it to search engines and link previews. */
export interface PageHead {
  /** The page's path on the site: "/store", "/comics/sam-stone". */
  url: string
  title: string
  description: string
  /** An image above the fold (the likely Largest Contentful Paint), fetched with the HTML. */
  preloadImage?: string | undefined
  /** The picture of a link preview (a path on the site, or a whole address): the site's card unless given. */
  image?: { url: string; width: number; height: number; alt: string } | undefined
  /** Open Graph's type: a page of the site, or a person's (a comic's page). */
  type?: 'website' | 'profile' | undefined
  /** A wide picture of the page's own (a show's card): a large preview, as the site's card. */
  wideImage?: boolean | undefined
  /** Kept out of search engines: a page for one person (the member's welcome page). */
  noindex?: boolean | undefined
}

/** The site's card, 1200×630: every page's link preview unless it has a picture of its own. */
const siteCard = {
  url: '/images/og.png',
  width: 1200,
  height: 630,
  alt: `${siteConfig.brand}: ${siteConfig.tagline}`,
}

/**
 * The page's title and description, its canonical address and its Open Graph and Twitter tags,
 * with absolute URLs under `publicUrl`: what the build writes into every pre-rendered page
 * (scripts/prerender.ts, with a marker for the address) and the server into a page it fills per
 * request (a comic's page).
 */
export function pageHeadTags(
  page: PageHead,
  publicUrl: string,
): { title: string; description: string; tags: string } {
  const url = `${publicUrl}${page.url}`
  const image = page.image ?? siteCard
  // A picture of the site's own (a path) is named by its whole address, as link previews need.
  const imageUrl = image.url.startsWith('/') ? `${publicUrl}${image.url}` : image.url
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`
  const tags = [
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(page.preloadImage
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(page.preloadImage)}" />`,
        ]
      : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', page.type ?? 'website'),
    meta('property', 'og:site_name', siteConfig.brand),
    meta('property', 'og:locale', siteConfig.locale),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('property', 'og:image:alt', image.alt),
    // A wide card for the site's picture, a small square for a person's.
    meta('name', 'twitter:card', page.image && !page.wideImage ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image.alt),
  ].join('\n    ')
  return {
    title: `<title>${escapeHtml(page.title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(page.description)}" />`,
    tags,
  }
}
