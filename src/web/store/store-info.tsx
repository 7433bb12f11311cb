/** The store's how-it-works explainer and its info and policies (issue 3 fills it in). */
export function StoreInfo() {
  return <section aria-label="How it works" />
}
