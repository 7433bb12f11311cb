import type { PurchaseCode } from '../../../shared/checkout'
import { formatCentral } from '../../../shared/show-time'
import { CodeBox } from '../../components/code-box'
import { CodeMessageForm } from './code-message-form'
import { successTexts } from './success-texts'

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

export function PurchaseCodeCard({ code, sessionId }: { code: PurchaseCode; sessionId: string }) {
  return (
    <li className={`success-code card success-code-${code.state ?? 'unused'}`}>
      <div className="success-code-head">
        <p className="success-code-description">{code.description}</p>
        <p className="success-code-state">{stateWords(code)}</p>
      </div>
      <CodeBox code={code.code} />
      <CodeMessageForm sessionId={sessionId} code={code} />
    </li>
  )
}
