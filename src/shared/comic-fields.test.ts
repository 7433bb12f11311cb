import { expect, test } from 'vitest'
import { comicFields } from './comic-fields'
import { emptyValues, publicValues } from './entity-fields'
import { operatorInputs } from './operator'

const fields = Object.entries(comicFields)

test("a field held back by a checkbox names one of the comic's checkboxes", () => {
  for (const [key, f] of fields) {
    if (typeof f.shown !== 'object') continue
    const gate = Object.entries(comicFields).find(([other]) => other === f.shown.publicWhen)
    expect(gate?.[1].edit, key).toBe('checkbox')
  }
})

test('each flag of the command line is one field’s', () => {
  const flags = fields.flatMap(([, f]) => [
    f.cli.flag,
    ...(f.edit === 'checkbox' ? [f.cli.off] : f.edit === 'links' ? [f.cli.clear] : []),
  ])
  expect(new Set(flags).size).toBe(flags.length)
})

test("comics.add takes the required name and any other field; comics.edit any field, the payout address cleared by ''", () => {
  const add = operatorInputs['comics.add']
  expect(add.safeParse({ bio: 'No name.' }).success).toBe(false)
  expect(add.parse({ name: 'Sam', vrchatPublic: false })).toEqual({
    name: 'Sam',
    vrchatPublic: false,
  })
  expect(add.safeParse({ name: 'Sam', bio: 'x'.repeat(1001) }).success).toBe(false)
  expect(add.safeParse({ name: 'Sam', payoutEmail: '' }).success).toBe(false)
  const edit = operatorInputs['comics.edit']
  expect(edit.parse({ comic: 'sam', payoutEmail: '' })).toEqual({ comic: 'sam', payoutEmail: '' })
  expect(edit.parse({ comic: 'sam', payoutEmail: null })).toEqual({
    comic: 'sam',
    payoutEmail: null,
  })
  expect(
    edit.safeParse({ comic: 'sam', links: [{ label: ' ', url: 'https://a.example' }] }).success,
  ).toBe(false)
})

test('the public view has the pronouns, never the payout address, and the VRChat name only when public', () => {
  const rosa = {
    ...emptyValues(comicFields),
    name: 'Rosa Delgado',
    pronouns: 'she/her',
    vrchatName: 'RosaVR',
    vrchatPublic: false,
    payoutEmail: 'rosa.pay@example.com',
  }
  const shown = publicValues(comicFields, rosa)
  expect(shown).toMatchObject({ name: 'Rosa Delgado', pronouns: 'she/her', vrchatName: '' })
  expect(Object.keys(shown)).not.toContain('payoutEmail')
  expect(Object.keys(shown)).not.toContain('vrchatPublic')
  expect(JSON.stringify(shown)).not.toContain('rosa.pay@example.com')
  expect(publicValues(comicFields, { ...rosa, vrchatPublic: true }).vrchatName).toBe('RosaVR')
})
