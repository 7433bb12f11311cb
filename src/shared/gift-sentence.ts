import { potWords } from './comics'
import { cleanFanMessage, cleanStageName } from './fan-words'

/** What a gift's sentence is made of: a gift's public fields (shared/live-api.ts's LiveGift). */
export interface GiftWords {
  /** The giver's name on stage; empty: none given, or an anonymous gift. */
  name: string
  /** Who gave when no name is shown: "a fan", "an anonymous fan", "a Tier 3 member"... */
  from: string
  boosts: number
  /** The comic on stage; empty: the show's pot ("to tonight's comics"). */
  comic: string
  /** The fan's message as it may be shown; empty: none (or not shown). */
  message: string
}

const capitalized = (words: string) => `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`

/** Who gave, as the sentence opens: the name as the fan wrote it, else "A fan", "A Tier 3 member". */
export function giverWords(gift: Pick<GiftWords, 'name' | 'from'>): string {
  const name = cleanStageName(gift.name)
  return name || capitalized(gift.from)
}

/**
 * A gift as every screen says it, the one sentence a streamer reads aloud: "Sam gave 25 boosts to
 * Rosa Delgado", "An anonymous fan gave 25 boosts to Rosa Delgado", "A Tier 3 member gave 10 boosts
 * to Lee Park"; to the show's pot, "A fan gave 5 boosts to tonight's comics". With its message
 * (when `message` is not false): "Sam gave 25 boosts to Rosa: 'the cat bit killed'". With `whom`
 * false, without " to ..." (the comic's own panel: every gift on it is theirs). The fan's words are
 * cleaned again here, so every place that shows a gift shows them by the same rules
 * (shared/fan-words.ts).
 */
export function giftSentence(
  gift: GiftWords,
  options: { message?: boolean; whom?: boolean } = {},
): string {
  const boosts = `${gift.boosts} ${gift.boosts === 1 ? 'boost' : 'boosts'}`
  const whom = options.whom === false ? '' : ` to ${gift.comic || potWords.forWhom}`
  const said = `${giverWords(gift)} gave ${boosts}${whom}`
  const message = options.message === false ? '' : cleanFanMessage(gift.message)
  return message ? `${said}: '${message}'` : said
}
