import { expect, test } from 'vitest'
import { memberPageTexts } from '../../shared/member-page'
import { memberCodeMail } from './member-code-mail'

test("the member code's mail leads to the member page at the site's address", () => {
  const mail = memberCodeMail(
    'fan@example.com',
    'membership-2',
    'ABCDEFGHJKMN',
    'https://club.test',
  )
  expect(mail.text).toContain('ABCD-EFGH-JKMN')
  expect(mail.text).toContain('https://club.test/membership')
  expect(mail.html).toContain('href="https://club.test/membership"')
  expect(mail.html).toContain(memberPageTexts.openMemberPage)
})
