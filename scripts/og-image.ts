// One-off: draws the Open Graph card (1200x630) and saves it as public/images/og.png.
// Social sites do not read SVG, so the card is rendered once in a headless Chromium and the PNG
// is committed. Run again after a brand change:
//   CHROME_PATH=/path/to/chromium npx tsx scripts/og-image.ts
// (without CHROME_PATH: Debian's headless shell, else its chromium.)
import fs from 'node:fs'
import path from 'node:path'
import { launchBrowser } from '#test/chromium'
import { escapeHtml } from '../src/shared/escape-html'
import { siteConfig } from '../src/shared/site-config'

const outFile = path.resolve('public/images/og.png')

const display = `'Bebas Neue', 'Oswald', 'Arial Narrow', 'Liberation Sans Narrow', Impact, sans-serif`

// The spotlight: nested cones, each narrower and brighter towards the centre.
const beamSteps = Array.from({ length: 5 }, (_, step) => {
  const top = 30 - step * 4
  const bottom = 200 - step * 36
  return `<path d="M${220 - top} 0h${top * 2}L${220 + bottom} 560H${220 - bottom}z" fill="#ffc86e" opacity="0.1"/>`
}).join('')

// A few flat stars around the stage.
const star = (x: number, y: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? r * 0.45 : r
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`
  })
  return `<path d="M${points.join('L')}z" fill="${fill}"/>`
}
const stars = [
  star(80, 120, 22, '#ffb547'),
  star(370, 90, 26, '#ffc86e'),
  star(60, 330, 14, '#ff4fa3'),
  star(395, 300, 16, '#ffb547'),
].join('')

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body { position: relative; background: #100c1a; color: #f6f1ff;
    font-family: system-ui, 'DejaVu Sans', sans-serif; }
  /* Flat, stepped light instead of smooth gradients: Chromium dithers gradients, and
     dithered pixels would make the PNG several times larger. */
  .text { position: absolute; left: 72px; top: 64px; width: 700px; }
  .kicker { color: #ff4fa3; font-weight: 700; letter-spacing: 0.22em; font-size: 24px;
    text-transform: uppercase; margin: 0 0 14px; }
  h1 { font-family: ${display}; font-weight: 700; font-size: 132px; line-height: 0.92;
    margin: 0 0 24px; text-transform: uppercase; letter-spacing: 0.01em;
    }
  h1 span { color: #ffb547; }
  .tagline { font-size: 32px; line-height: 1.3; color: #e6ddf7; margin: 0 0 30px; }
  .pills { display: flex; gap: 14px; }
  .pill { border: 2px solid #ffb547; color: #ffb547; border-radius: 999px; padding: 8px 22px;
    font-size: 24px; font-weight: 700; }
  .pill.solid { background: #ffb547; color: #1a1203; }
  svg { position: absolute; right: 40px; top: 0; }
</style></head><body>
<div class="text">
  <p class="kicker">Live stand-up · virtual reality</p>
  <h1>${escapeHtml(siteConfig.brand).replace(/ (\S+)$/, ' <span>$1</span>')}</h1>
  <p class="tagline">${escapeHtml(siteConfig.tagline)}</p>
  <div class="pills"><span class="pill solid">Sundays 4 PM CT</span><span class="pill">Tuesdays 7 PM CT</span></div>
</div>
<svg width="440" height="630" viewBox="0 0 440 630" aria-hidden="true">
${beamSteps}
${stars}
  <ellipse cx="220" cy="560" rx="200" ry="26" fill="#ffb547" opacity="0.35"/>
  <g transform="translate(220 200) scale(2.3)">
    <path d="M0 104v44M-22 150h44" stroke="#2b2140" stroke-width="7" stroke-linecap="round"/>
    <rect x="-7" y="40" width="14" height="66" rx="6" fill="#2b2140"/>
    <rect x="-5" y="44" width="4" height="56" rx="2" fill="#4a3c66"/>
    <circle cx="0" cy="22" r="24" fill="#cfc6e0"/>
    <path d="M-20 12h40M-23 22h46M-20 32h40M-10 0v44M0-2v48M10 0v44" stroke="#8d82a6" stroke-width="2"/>
    <path d="M-24 22a24 24 0 0 1 12-21" stroke="#fff" stroke-width="3" fill="none" opacity=".7"/>
    <rect x="-14" y="42" width="28" height="8" rx="3" fill="#ff4fa3"/>
  </g>
</svg>
</body></html>`

const browser = await launchBrowser()
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  await page.setContent(html, { waitUntil: 'load' })
  fs.mkdirSync(path.dirname(outFile), { recursive: true })
  await page.screenshot({ path: outFile, type: 'png' })
  console.log(
    `og-image: wrote ${path.relative(process.cwd(), outFile)} (${fs.statSync(outFile).size} bytes)`,
  )
} finally {
  await browser.close()
}
