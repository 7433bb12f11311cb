import { useEffect, useRef, useState } from 'react'
import { formatCode } from '../../shared/code-format'
import { texts } from '../../shared/texts'
import './code-box.css'

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

/**
 * A code to redeem, big and in its dashed box, with "Copy" under it: a show code on /success,
 * the member code on the member's welcome page. Two children of the caller's grid (the code and
 * its actions), so the card around it sets the spacing.
 */
export function CodeBox({ code }: { code: string }) {
  const [copy, setCopy] = useState<CopyState>('idle')
  const codeRef = useRef<HTMLElement>(null)
  const shown = formatCode(code)

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
    <>
      <code ref={codeRef} className="code-box">
        {shown}
      </code>
      <div className="code-box-actions">
        <button
          type="button"
          className="button button-secondary code-box-copy"
          onClick={() => void copyCode()}
        >
          Copy <span className="visually-hidden">code {shown}</span>
        </button>
        <span
          className={copy === 'failed' ? 'code-box-status code-box-failed' : 'code-box-status'}
          role="status"
        >
          {copy === 'copied' ? texts.copied : copy === 'failed' ? texts.copyFailed : ''}
        </span>
      </div>
    </>
  )
}
