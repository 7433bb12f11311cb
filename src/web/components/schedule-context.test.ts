import { afterEach, expect, test } from 'vitest'
import { scheduleDataId } from '../../shared/page-rendering'
import { readScheduleData } from './schedule-context'

const show = {
  id: 'show-1',
  name: 'Friday Laughs',
  description: 'Four comics',
  startTime: '2026-11-28T02:00:00.000Z',
}

function pageWith(value: unknown): void {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = scheduleDataId
  script.textContent = JSON.stringify(value)
  document.body.append(script)
}

afterEach(() => {
  document.getElementById(scheduleDataId)?.remove()
})

test('the schedule the page was rendered with is read back for hydration', () => {
  pageWith({ events: [show], at: '2026-11-28T01:00:00.000Z' })
  expect(readScheduleData(document)).toEqual({ events: [show], at: '2026-11-28T01:00:00.000Z' })
})

test('a schedule with an event missing a field, or without its time, is not read', () => {
  pageWith({ events: [{ ...show, name: undefined }], at: '2026-11-28T01:00:00.000Z' })
  expect(readScheduleData(document)).toBeNull()
  document.getElementById(scheduleDataId)?.remove()
  pageWith({ events: [show] })
  expect(readScheduleData(document)).toBeNull()
  document.getElementById(scheduleDataId)?.remove()
  pageWith(null)
  expect(readScheduleData(document)).toBeNull()
})
