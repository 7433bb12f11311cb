import { useEffect, useRef } from 'react'

/**
 * A panel opened from a list (a show's lineup, its open mic): its heading takes the focus when
 * `focusOnOpen`, so it comes into view and is read first. Put the ref on the heading, with
 * tabIndex -1.
 */
export function useFocusedHeading(focusOnOpen: boolean | undefined) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus()
  }, [focusOnOpen])
  return heading
}
