/** A sentence saying what went wrong, read out at once (role="alert"). */
export function ErrorAlert({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} className="alert alert-error" role="alert">
      {message}
    </p>
  )
}
