/**
 * Waits for `promise` at most `ms`: its value, or `{ done: false }` when the time passes first.
 * The promise runs on either way; a failure after the deadline is ignored, one before it throws.
 */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms)
  })
  try {
    return await Promise.race([promise.then((value) => ({ done: true as const, value })), late])
  } finally {
    clearTimeout(timer)
    promise.catch(() => {})
  }
}
