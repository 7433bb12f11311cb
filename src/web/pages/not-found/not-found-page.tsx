import { siteTexts } from '../../../shared/texts'
import { ErrorPage } from '../../components/layout/error-page'

/** Any path the app does not know (the spec shows none; a real site needs one). */
export function NotFoundPage() {
  return (
    <ErrorPage
      headingId="not-found-title"
      eyebrow="Error 404"
      heading="That bit is not on the set list"
      lead={siteTexts.notFoundLead}
      art={
        <svg
          className="not-found-art"
          viewBox="0 0 240 120"
          width="240"
          height="120"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M100 0h40l70 120H30z" fill="url(#not-found-beam)" />
          <defs>
            <radialGradient id="not-found-beam" cx="0.5" cy="0" r="1">
              <stop offset="0" stopColor="#ffb547" stopOpacity="0.55" />
              <stop offset="1" stopColor="#ffb547" stopOpacity="0" />
            </radialGradient>
          </defs>
          <ellipse cx="120" cy="112" rx="80" ry="8" fill="#ffb547" opacity="0.25" />
          <text
            x="120"
            y="100"
            textAnchor="middle"
            fill="#f6f1ff"
            fontFamily="Impact, 'Arial Narrow', sans-serif"
            fontSize="72"
            fontWeight="700"
          >
            404
          </text>
        </svg>
      }
    />
  )
}
