/**
 * What went wrong, read out at once (role="alert"), as the shared ErrorAlert says it. Kept in
 * this page's folder: importing the shared components here would move them between the chunks
 * the store shares, and the store's first load would grow (test/e2e/first-load.test.ts).
 */
export function StatementAlert({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} className="alert alert-error" role="alert">
      {message}
    </p>
  )
}
