import { useEffect, useRef, useState } from 'react'
import type { PurchaseCode } from '../../../shared/checkout'
import { formatCode } from '../../../shared/code-format'
import { formatCentral } from '../../../shared/show-time'
import { texts } from '../../../shared/texts'
import { successTexts } from './success-texts'

type CopyState = 'idle' | 'copied' | 'failed'

const copiedVisibleMs = 4000

/** Selects the code on screen, so a browser without clipboard access can still copy it by hand. */
function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection()
  if (!element || !selection) return
  const range = document.createRange()
  range.selectNodeContents(element)
  selection.removeAllRanges()
  selection.addRange(range)
}

/** The code's state in words; a code the server sent no state for is taken as ready. */
function stateWords(code: PurchaseCode): string {
  switch (code.state) {
    case 'redeemed': {
      const when = code.redeemedAt ? new Date(code.redeemedAt) : null
      return when && !Number.isNaN(when.getTime())
        ? successTexts.stateRedeemed(formatCentral(when))
        : successTexts.stateRedeemedNow
    }
    case 'voided':
      return successTexts.stateVoided
    case 'expired':
      return successTexts.stateExpired
    default:
      return successTexts.stateUnused
  }
}

export function PurchaseCodeCard({ code }: { code: PurchaseCode }) {
  const [copy, setCopy] = useState<CopyState>('idle')
  const codeRef = useRef<HTMLElement>(null)
  const shown = formatCode(code.code)

  useEffect(() => {
    if (copy !== 'copied') return
    const timer = setTimeout(() => setCopy('idle'), copiedVisibleMs)
    return () => clearTimeout(timer)
  }, [copy])

  const copyCode = async () => {
    try {
      // Absent on plain-http pages and in some in-app browsers.
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(shown)
      setCopy('copied')
    } catch {
      selectContents(codeRef.current)
      setCopy('failed')
    }
  }

  return (
    <li className={`success-code card success-code-${code.state ?? 'unused'}`}>
      <div className="success-code-head">
        <p className="success-code-description">{code.description}</p>
        <p className="success-code-state">{stateWords(code)}</p>
      </div>
      <code ref={codeRef} className="success-code-value">
        {shown}
      </code>
      <div className="success-code-actions">
        <button
          type="button"
          className="button button-secondary success-copy"
          onClick={() => void copyCode()}
        >
          Copy <span className="visually-hidden">code {shown}</span>
        </button>
        <span
          className={
            copy === 'failed' ? 'success-copy-status success-copy-failed' : 'success-copy-status'
          }
          role="status"
        >
          {copy === 'copied' ? texts.copied : copy === 'failed' ? texts.copyFailed : ''}
        </span>
      </div>
    </li>
  )
}
