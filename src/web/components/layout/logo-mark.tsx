import { useId } from 'react'

/**
 * A spotlight cone falling on a microphone: the club's mark, in the header and the hero alike.
 * Decorative: the brand name beside it is the text.
 */
export function LogoMark({ className }: { className: string }) {
  // The header and the hero both draw it on the landing page: each needs its own gradient id.
  const beamId = `${useId()}-beam`
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path className="logo-beam" d="M20 2h8l14 40H6z" fill={`url(#${beamId})`} />
      <defs>
        <linearGradient id={beamId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffb547" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffb547" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="18" y="1" width="12" height="4" rx="1.5" fill="#ffc86e" />
      <rect x="19.5" y="14" width="9" height="15" rx="4.5" fill="#ff4fa3" />
      <path
        d="M16 24a8 8 0 0 0 16 0M24 32v8M18 44h12"
        fill="none"
        stroke="#f6f1ff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  )
}
