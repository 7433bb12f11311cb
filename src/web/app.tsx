import { Route, Routes } from 'react-router'
import { LandingPage } from './landing/landing-page'
import { NotFoundPage } from './shared/not-found-page'
import { StorePage } from './store/store-page'
import { SuccessPage } from './success/success-page'

export function App() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/store" element={<StorePage />} />
      <Route path="/success" element={<SuccessPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
