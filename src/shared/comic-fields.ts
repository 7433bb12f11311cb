import { comicLimits } from './comic-limits'
import { type Fields, type FieldValues, field } from './entity-fields'

/**
 * A comic's editable fields, each declared once (docs/decisions/038-one-declaration-per-entity.md),
 * in the order the console's form shows them: the operator's `comics.add` and `comics.edit`, the
 * public view (ComicPublic: never the payout address), the console's form, the command line's
 * options and help, and the roster's columns (the column is the key in snake_case) derive from it.
 * A new field is a migration adding its column, an entry here, and the page that shows it. A
 * field with `selfEdit` the comic edits on their own page too (docs/comics.md, "A comic's own
 * page"); the others are the host's.
 */
export const comicFields = {
  name: field.text({
    selfEdit: true,
    max: comicLimits.nameMax,
    required: true,
    shown: 'public',
    label: 'Stage name',
    cli: { flag: 'name', arg: 'NAME', help: 'the stage name (comics add takes it first)' },
  }),
  pronouns: field.text({
    selfEdit: true,
    max: 40,
    shown: 'public',
    label: 'Pronouns',
    hint: 'Shown after the name on their public page, e.g. she/her. Optional.',
    cli: {
      flag: 'pronouns',
      arg: 'TEXT',
      help: 'shown after the name on their page, e.g. she/her',
    },
  }),
  slug: field.text({
    max: comicLimits.slugMax,
    verbatim: true,
    shown: 'public',
    label: 'Page address (slug)',
    hint: 'The page address /comics/<slug>: lower-case letters, digits and dashes. Left empty, it is made from the name.',
    cli: {
      flag: 'slug',
      arg: 'SLUG',
      help: 'their page /comics/<slug>: lower-case letters, digits and dashes; made from the name when left out',
    },
  }),
  bio: field.longText({
    selfEdit: true,
    max: 1000,
    shown: 'public',
    label: 'Bio',
    cli: { flag: 'bio', arg: 'TEXT', help: 'a few lines about them; write \\n for a new line' },
  }),
  vrchatName: field.text({
    max: 60,
    shown: { publicWhen: 'vrchatPublic' },
    label: 'VRChat name',
    cli: { flag: 'vrchat', arg: 'NAME', name: 'VRChat', help: 'their name in VRChat' },
  }),
  vrchatPublic: field.checkbox({
    selfEdit: true,
    initial: true,
    shown: 'host',
    label: 'Show the VRChat name on their public page',
    hint: 'A comic made from an open-mic sign-up starts with it private: the sign-up form says nothing private is shown.',
    cli: {
      flag: 'vrchat-public',
      off: 'vrchat-private',
      help: 'the VRChat name on their public page, or not (a comic made from an open-mic sign-up starts private)',
    },
  }),
  links: field.links({
    selfEdit: true,
    max: comicLimits.linksMax,
    labelMax: 40,
    urlMax: 300,
    shown: 'public',
    label: 'Links',
    hint: `Up to ${comicLimits.linksMax} links, each starting with https://.`,
    cli: {
      flag: 'link',
      arg: '"LABEL=https://..."',
      clear: 'no-links',
      name: 'links',
      help: `a link on their page, once for each (up to ${comicLimits.linksMax}): they replace every link; --no-links clears them`,
    },
  }),
  payoutEmail: field.email({
    shown: 'host',
    label: 'Payout address',
    hint: 'Private: where the club pays them and mails their statement. Never shown on a public page.',
    cli: {
      flag: 'payout',
      arg: 'EMAIL',
      name: 'payout',
      help: 'private: where the club pays them and mails their statement; "" clears it',
    },
  }),
} satisfies Fields

/** A comic's editable fields as the roster holds them. */
export type ComicValues = FieldValues<typeof comicFields>
