import { useState } from 'react'
import { comicPageTexts as texts } from '../../../shared/comic-page-view'
import { comicPath } from '../../../shared/comics'
import { paths } from '../../../shared/pages'

/**
 * What a fan can do on a comic's page (docs/comics.md, "What fans see"): go to the store for
 * tonight's show, with the rule a boost follows said plainly (it goes to whoever is on stage when
 * redeemed: the page promises nothing else), and share the page.
 */
export function ComicSupport({ name, slug }: { name: string; slug: string }) {
  const [shared, setShared] = useState(false)
  const share = async () => {
    const url = new URL(comicPath(slug), window.location.origin).href
    try {
      if (navigator.share) await navigator.share({ title: name, url })
      else {
        await navigator.clipboard.writeText(url)
        setShared(true)
      }
    } catch {
      // The fan closed the share sheet, or the clipboard is not allowed: nothing to say.
    }
  }
  return (
    <section className="comic-section comic-support" aria-labelledby="comic-support">
      <h2 id="comic-support" className="section-title">
        {texts.support(name)}
      </h2>
      <p>{texts.supportLine(name)}</p>
      <div className="cluster">
        <a className="button" href={paths.store}>
          {texts.support(name)}
        </a>
        <button type="button" className="button button-secondary" onClick={() => void share()}>
          {texts.share}
        </button>
      </div>
      <p className="comic-shared" role="status">
        {shared ? texts.shared : ''}
      </p>
    </section>
  )
}
