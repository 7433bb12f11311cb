import {
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react'
import './carousel.css'

export interface CarouselSlide {
  key: string
  content: ReactNode
}

export interface CarouselProps {
  /** The carousel's accessible name, e.g. "Store items". */
  label: string
  slides: readonly CarouselSlide[]
  /** How long each slide shows before the next one while rotating. */
  intervalMs: number
  /** "peek": a centre slide with its neighbours showing at the sides; "single": one slide at a time. */
  layout: 'peek' | 'single'
  className?: string
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

/** Where slide `index` sits relative to the current one, wrapped so the ring has no ends. */
function ringOffset(index: number, current: number, count: number): number {
  const half = Math.floor(count / 2)
  return ((((index - current + half) % count) + count) % count) - half
}

/**
 * One auto-rotating carousel following the WAI-ARIA carousel pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/): the rotation control comes first, then
 * previous and next; rotation pauses while the pointer is over it or focus is inside it, and never
 * starts on its own for visitors who ask for reduced motion.
 */
export function Carousel({ label, slides, intervalMs, layout, className }: CarouselProps) {
  const slidesId = useId()
  const [current, setCurrent] = useState(0)
  // What the visitor chose with the rotation control; rendered as "on" until the effect below has
  // read the motion preference, so the pre-rendered HTML and the first client render agree.
  const [playing, setPlaying] = useState(true)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [moves, setMoves] = useState(0)
  const count = slides.length
  const rotating = playing && !hovered && !focused && count > 1

  useEffect(() => {
    const query = window.matchMedia?.(reducedMotionQuery)
    if (!query) return
    if (query.matches) setPlaying(false)
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setPlaying(false)
    }
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a manual move (moves) restarts the interval, so a slide reached by hand gets its full time
  useEffect(() => {
    if (!rotating) return
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), intervalMs)
    return () => clearInterval(timer)
  }, [rotating, moves, count, intervalMs])

  if (count === 0) return null
  const shown = current % count
  const goTo = (index: number) => {
    setCurrent((index + count) % count)
    setMoves((value) => value + 1)
  }

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false)
  }

  const classes = ['carousel', `carousel-${layout}`, className].filter(Boolean).join(' ')
  return (
    <section
      className={classes}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="icon-button carousel-rotation"
          aria-label={playing ? 'Stop automatic slide show' : 'Start automatic slide show'}
          onClick={() => setPlaying((value) => !value)}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="icon-button carousel-previous"
          aria-controls={slidesId}
          aria-label="Previous slide"
          onClick={() => goTo(shown - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="icon-button carousel-next"
          aria-controls={slidesId}
          aria-label="Next slide"
          onClick={() => goTo(shown + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div id={slidesId} className="carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const offset = ringOffset(index, shown, count)
          const isCurrent = offset === 0
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              className={isCurrent ? 'carousel-slide is-current' : 'carousel-slide'}
              data-offset={offset}
              style={{ '--offset': offset } as CSSProperties}
              // Only the centre slide is read and reachable; neighbours are a visual preview.
              inert={!isCurrent}
            >
              {slide.content}
            </div>
          )
        })}
      </div>
    </section>
  )
}
