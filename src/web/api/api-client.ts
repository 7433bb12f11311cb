import { readMessage } from './answers'

/** Where the browser finds the API: its own origin unless the build says otherwise. */
const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api'

export function apiUrl(path: string): string {
  return `${apiBase.replace(/\/$/, '')}${path}`
}

/** The `message` of an error answer, or null when the body is missing or not of that shape. */
export async function readErrorMessage(response: Response): Promise<string | null> {
  try {
    const message = readMessage(await response.json())
    return message !== undefined && message.trim() !== '' ? message : null
  } catch {
    return null
  }
}

/** A thrown value as a sentence: fetch and JSON errors are Errors, anything else is stringified. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
