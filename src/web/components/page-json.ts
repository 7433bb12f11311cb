/**
 * The JSON the server's render put in a page (a `<script type="application/json">` of that id),
 * read by `read`, which answers null for what it does not accept. Null too when the page has no
 * such element or its text is not JSON: a page the server did not render with it.
 */
export function readPageJson<T>(
  id: string,
  read: (value: unknown) => T | null,
  doc: Document = document,
): T | null {
  const text = doc.getElementById(id)?.textContent
  if (!text) return null
  try {
    return read(JSON.parse(text))
  } catch {
    return null
  }
}
