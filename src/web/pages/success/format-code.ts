/** "abcde fghjk" or "ABCDEFGHJK" -> "ABCDE-FGHJK": codes are shown in two groups of five. */
export function formatCode(code: string): string {
  const symbols = code.replace(/[\s-]/g, '').toUpperCase()
  return symbols.length === 10 ? `${symbols.slice(0, 5)}-${symbols.slice(5)}` : symbols
}
