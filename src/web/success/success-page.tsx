export function SuccessPage() {
  return <main className="page"><h1>Your codes</h1></main>
}
