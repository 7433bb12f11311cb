import { type ComponentProps, lazy, Suspense } from 'react'
import { Loading } from '../console-ui'

const Panel = lazy(() => import('./open-mic-panel').then((m) => ({ default: m.OpenMicPanel })))

/** The open-mic panel as its own chunk: the Shows page opens it behind a show's button. */
export function OpenMicPanelLazy(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<Loading />}>
      <Panel {...props} />
    </Suspense>
  )
}
