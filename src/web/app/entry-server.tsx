import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import type { PageData } from '../../shared/page-rendering'
import { ScheduleDataContext } from '../components/schedule-context'
import { TransitionRouter } from '../components/transition-router'
import { ComicDataContext } from '../pages/comic/comic-data'
import { MemberWelcomeDataContext } from '../pages/member-welcome/member-welcome-data'
import { OpenMicDataContext } from '../pages/open-mic/open-mic-data'
import { ShowDataContext } from '../pages/show/show-data'
import { App } from './site-app'

/**
 * The app's HTML for one URL: at build time (scripts/prerender.ts) and, for pages rendered per
 * request, by the server with its data (app.ts). It must match what entry-client.tsx renders on the first
 * client pass, given the same data, or hydration falls back to a full client render.
 * `prerender` (unlike renderToString) waits for the lazily loaded page, so the HTML holds the
 * whole page rather than the <Suspense> fallback.
 */
export async function render(url: string, data: PageData = {}): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <ScheduleDataContext value={data.schedule ?? null}>
        <ComicDataContext value={data.comic ?? null}>
          <ShowDataContext value={data.show ?? null}>
            <OpenMicDataContext value={data.openMic ?? null}>
              <MemberWelcomeDataContext value={data.memberWelcome ?? null}>
                <TransitionRouter url={url}>
                  <App />
                </TransitionRouter>
              </MemberWelcomeDataContext>
            </OpenMicDataContext>
          </ShowDataContext>
        </ComicDataContext>
      </ScheduleDataContext>
    </StrictMode>,
    // Every Suspense boundary inline, in place: never moved to the end of the page behind a
    // script that puts it back (the page must read right without scripts, and the security
    // policy allows no such script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  return new Response(prelude).text()
}
