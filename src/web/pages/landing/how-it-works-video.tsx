import { useEffect, useRef, useState } from 'react'
import { siteConfig } from '../../../shared/site-config'
import { landingTexts } from './landing-texts'

export const videoEmbedUrl = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(siteConfig.howItWorksVideoId)}?autoplay=1`

/**
 * The how-it-works video. Nothing is fetched from the video host until the visitor asks for it:
 * a drawn poster first, the player only after the click (privacy, and page weight).
 */
export function HowItWorksVideo() {
  const [playing, setPlaying] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    // The play button is gone; keep keyboard focus where the visitor is looking.
    if (playing) frame.current?.focus()
  }, [playing])

  return (
    <section className="landing-section video" aria-labelledby="video-heading">
      <h2 className="section-title" id="video-heading">
        How it works
      </h2>
      <div className="video-frame">
        {playing ? (
          <iframe
            ref={frame}
            src={videoEmbedUrl}
            title={`How ${siteConfig.brand} works`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            className="video-poster"
            // The name holds every visible word, in order and first, so voice control can press
            // it by what it shows; then what pressing it does.
            aria-label="Buy. Redeem. Boost. Plays from YouTube (no cookies) when you press play. Play the how-it-works video"
            onClick={() => setPlaying(true)}
          >
            <span className="video-poster-title" aria-hidden="true">
              {landingTexts.videoTitle}
            </span>{' '}
            {/* The spaces keep the words apart in the button's text (a grid lays out no blank). */}
            <svg
              className="video-play"
              viewBox="0 0 80 80"
              width="80"
              height="80"
              aria-hidden="true"
            >
              <circle cx="40" cy="40" r="38" fill="var(--color-accent)" />
              <path d="M32 24 L58 40 L32 56 Z" fill="var(--color-accent-ink)" />
            </svg>{' '}
            <span className="video-poster-note" aria-hidden="true">
              Plays from YouTube (no cookies) when you press play
            </span>
          </button>
        )}
      </div>
    </section>
  )
}
