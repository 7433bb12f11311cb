import { Link } from 'react-router'
import { paths } from '../paths'

export function NotFoundPage() {
  return (
    <main className="page">
      <h1>That page is not on the set list</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link to={paths.home}>Back to Home</Link> · <Link to={paths.store}>Visit the store</Link>
      </p>
    </main>
  )
}
