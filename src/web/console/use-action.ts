import { useCallback, useEffect, useState } from 'react'
import type { ConsoleActionName } from '../../shared/console'
import type { OperatorInput, OperatorResults } from '../../shared/operator'
import { asConsoleError, type ConsoleError } from './console-calls'
import { useConsoleSession } from './console-session'

export interface ActionState<T> {
  /** The last answer; kept while the next one loads, so a page does not blink. */
  data: T | undefined
  error: ConsoleError | undefined
  loading: boolean
  reload(): void
}

/**
 * Runs a reading action (a list, an order, a report) whenever its input changes, and again on
 * `reload()`. The input is compared by value, so callers may build it inline.
 */
export function useAction<N extends ConsoleActionName>(
  name: N,
  input: OperatorInput<N>,
): ActionState<OperatorResults[N]> {
  const { run } = useConsoleSession()
  const key = JSON.stringify(input)
  const [version, setVersion] = useState(0)
  const [state, setState] = useState<Omit<ActionState<OperatorResults[N]>, 'reload'>>({
    data: undefined,
    error: undefined,
    loading: true,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload button: a change asks again with the same input.
  useEffect(() => {
    let current = true
    setState((previous) => ({ ...previous, loading: true }))
    run(name, JSON.parse(key) as OperatorInput<N>).then(
      (data) => {
        if (current) setState({ data, error: undefined, loading: false })
      },
      (error: unknown) => {
        if (current)
          setState((previous) => ({ ...previous, error: asConsoleError(error), loading: false }))
      },
    )
    return () => {
      current = false
    }
  }, [run, name, key, version])

  const reload = useCallback(() => setVersion((n) => n + 1), [])
  return { ...state, reload }
}

/** Calls `tick` every `ms` while the tab is visible, and at once when it becomes visible again. */
export function useWhileVisible(tick: () => void, ms: number): void {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    const start = () => {
      if (timer === undefined) timer = setInterval(tick, ms)
    }
    const stop = () => {
      clearInterval(timer)
      timer = undefined
    }
    const onChange = () => {
      if (document.visibilityState === 'visible') {
        tick()
        start()
      } else stop()
    }
    if (document.visibilityState === 'visible') start()
    document.addEventListener('visibilitychange', onChange)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onChange)
    }
  }, [tick, ms])
}
