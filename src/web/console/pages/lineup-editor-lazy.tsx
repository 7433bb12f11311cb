import { type ComponentProps, lazy, Suspense } from 'react'
import { Loading } from '../console-ui'

const Editor = lazy(() => import('./lineup-editor').then((m) => ({ default: m.LineupEditor })))

/**
 * The lineup editor as its own chunk: Tonight shows it below the stage control, Shows behind a
 * button, and neither page's first load carries it.
 */
export function LineupEditorLazy(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Loading />}>
      <Editor {...props} />
    </Suspense>
  )
}
