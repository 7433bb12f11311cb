import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { overlayHtmlFile, overlayPath, overlayTexts } from '../../shared/overlay'

/** A build with nothing but the overlay's page in it. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-overlay-'))
const builtHtml = `<!doctype html><title>${overlayTexts.title}</title><div id="overlay-stage"></div>`
fs.writeFileSync(path.join(clientDir, overlayHtmlFile), builtHtml)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

describe.each(testDatabases)('the stream overlay page on $name', (database) => {
  const built = withTestApp(database, { clientDir })
  const unbuilt = withTestApp(database)

  test('/overlay is the built overlay.html, never cached or indexed, under the pages’ policy', async () => {
    const response = await built.app.inject({ method: 'GET', url: `${overlayPath}?sound=off` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toBe(builtHtml)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['x-robots-tag']).toBe('noindex')
    // Its chimes and its stream come from this site: the policy's 'self' covers both.
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['content-security-policy']).toContain("connect-src 'self'")
  })

  test('with the stage key in its URL it is the same page: the key is neither echoed nor sent on', async () => {
    const key = 'Zk3yOfTheStage0123456789'
    const response = await built.app.inject({ method: 'GET', url: `${overlayPath}?key=${key}` })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(builtHtml)
    // No Referer from the page: the key in its address goes nowhere else.
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  test('the HTML file itself is not served as a file', async () => {
    const response = await built.app.inject({ method: 'GET', url: `/${overlayHtmlFile}` })
    expect(response.statusCode).toBe(404)
  })

  test('without a build, /overlay is an empty page with its title', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: overlayPath })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`<title>${overlayTexts.title}</title>`)
  })
})
