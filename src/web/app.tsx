import { Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { pageRoutes } from './routes'

/**
 * Each page is loaded on demand (see routes.ts). The fallback is empty: pre-rendered pages are
 * hydrated only once their chunk is in (main.tsx), and links navigate in a transition, which
 * keeps the current page on screen while the next one loads.
 */
export function App() {
  return (
    <Suspense fallback={null}>
      <Routes>
        {pageRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
    </Suspense>
  )
}
