import { type ComponentType, memo, Suspense, use, useSyncExternalStore } from 'react'

/** How far below (or above) the viewport a part starts to hydrate: before the fan gets there. */
const nearMargin = '300px 0px'

type Waiting = Promise<void> & { status?: 'fulfilled'; value?: undefined }

interface Part {
  promise: Waiting
  wake: () => void
}

const parts = new Map<string, Part>()

function settled(): Waiting {
  return Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })
}

/** Wakes every part a fan is about to use before React handles the event (capture phase). */
function wakeOnUse(event: Event): void {
  const target = event.target
  if (!(target instanceof Element)) return
  const element = target.closest<HTMLElement>('[data-deferred]')
  const id = element?.dataset.deferred
  if (id) parts.get(id)?.wake()
}

let listening = false

/**
 * What a deferred part waits for. While the server's HTML of the part is on the page and not yet
 * hydrated: until it comes near the viewport, or a fan points at, focuses or types into it. When
 * it is not there (the page is rendered in the browser, or the part has hydrated), at once.
 */
function waitFor(id: string): Waiting {
  const known = parts.get(id)
  const element = document.querySelector(`[data-deferred="${id}"]`)
  if (known && (known.promise.status === 'fulfilled' || element)) return known.promise
  if (!element || typeof IntersectionObserver === 'undefined') {
    const done = settled()
    parts.set(id, { promise: done, wake: () => {} })
    return done
  }
  let resolve: () => void = () => {}
  const promise: Waiting = new Promise<void>((settle) => {
    resolve = settle
  })
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) wake()
    },
    { rootMargin: nearMargin },
  )
  // Marked fulfilled at once, so React can hydrate the part in the same event that woke it.
  const wake = () => {
    observer.disconnect()
    promise.status = 'fulfilled'
    resolve()
  }
  observer.observe(element)
  parts.set(id, { promise, wake })
  if (!listening) {
    listening = true
    for (const type of ['pointerdown', 'focusin', 'keydown']) {
      document.addEventListener(type, wakeOnUse, { capture: true })
    }
  }
  return promise
}

const noSubscription = () => () => {}

/**
 * Suspends, while React hydrates the server's HTML only, until the part may hydrate; renders
 * nothing. Rendered in the browser (a page moved to, or a part React has to render afresh) it
 * never waits: there is no HTML to keep on screen meanwhile.
 */
function Gate({ id }: { id: string }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  if (hydrating && typeof document !== 'undefined') use<void>(waitFor(id) as Promise<void>)
  return null
}

function sameProps(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  const keys = Object.keys(a) as (keyof typeof a)[]
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

interface DeferredProps<P extends object> {
  id: string
  part: ComponentType<P>
  props?: P
}

function DeferredPart<P extends object>({ id, part: Part, props }: DeferredProps<P>) {
  return (
    <Suspense fallback={null}>
      <div className="deferred" data-deferred={id}>
        <Gate id={id} />
        <Part {...(props ?? ({} as P))} />
      </div>
    </Suspense>
  )
}

/**
 * A part of a pre-rendered page below the fold, hydrated only when the fan comes near it (or
 * reaches for it): until then React leaves the server's HTML as it is, readable and in place, and
 * spends nothing on it. The part is a component and its props, compared one by one: the page
 * re-rendering around it (the store reading its saved cart) does not reach a part React has not
 * hydrated yet, which would make React throw its HTML away and render it afresh.
 * docs/decisions/020-first-paint-then-scripts.md.
 */
export const Deferred = memo(
  DeferredPart,
  (before, after) =>
    before.id === after.id && before.part === after.part && sameProps(before.props, after.props),
) as <P extends object>(props: DeferredProps<P>) => ReturnType<typeof DeferredPart>
