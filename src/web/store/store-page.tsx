export function StorePage() {
  return <main className="page"><h1>Store</h1></main>
}
