import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { catalogue, grantLines, type Product } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { formatUsd } from '../../../shared/money'
import { paths, storeSectionId } from '../../../shared/pages'
import { texts } from '../../../shared/texts'
import { Carousel } from '../../components/carousel/carousel'
import { landingTexts } from './landing-texts'
import { shuffle } from './shuffle'

/**
 * The store's items, shuffled on each visit (docs/product.md, "Routes and screens"), each slide a link to the store.
 * The pre-rendered HTML and the first client render keep catalogue order; the shuffle happens
 * after mount so hydration matches.
 */
export function ItemCarousel({ random = Math.random }: { random?: () => number }) {
  const [items, setItems] = useState<readonly Product[]>(catalogue)
  useEffect(() => {
    setItems(shuffle(catalogue, random))
  }, [random])

  const slides = items.map((product) => ({
    key: product.id,
    content: (
      <Link
        className="item-slide"
        to={product.available ? paths.store : `${paths.store}#${storeSectionId(product.category)}`}
      >
        <img
          className="item-slide-image"
          src={product.image}
          alt=""
          width="320"
          height="200"
          loading="lazy"
          decoding="async"
        />
        <span className="item-slide-category">{product.category}</span>
        <span className="item-slide-name">{product.name}</span>
        <span className="item-slide-price">{formatUsd(product.priceCents)}</span>
        <span className="item-slide-blurb">{grantLines(product).join(' · ')}</span>
        {!product.available && (
          // Both words, one shown by CSS from what the server wrote on <html> (MEMBERSHIPS):
          // the page is rendered once for everyone, and needs no script to say which.
          <>
            <span className="tag tag-neon item-slide-badge item-slide-closed">
              {texts.comingSoon}
            </span>
            <span className="tag item-slide-badge item-slide-open">{landingTexts.join}</span>
          </>
        )}
      </Link>
    ),
  }))

  return (
    <section className="landing-section items" aria-labelledby="items-heading">
      <h2 className="section-title" id="items-heading">
        Boost the comics
      </h2>
      <p className="lead">{landingTexts.itemsLead}</p>
      <Carousel
        label="Store items"
        slides={slides}
        intervalMs={limits.itemCarouselMs}
        layout="peek"
      />
    </section>
  )
}
