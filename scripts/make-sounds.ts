// One-off: synthesizes the stream overlay's chimes (docs/overlay.md) and writes them as WAV files
// into public/sounds, one per alert size and one for the night's goal (src/shared/overlay.ts). Nothing is downloaded; the
// output is the same bytes on every run and committed. Run again after changing a chime:
//   npx tsx scripts/make-sounds.ts
import fs from 'node:fs'
import path from 'node:path'
import { type AlertSize, alertSoundUrl } from '../src/shared/overlay'

/** Low rate and 8 bits: a chime's partials sit well under 5 kHz, and each file stays a few KB. */
const sampleRate = 11_025

interface Note {
  /** Hz. */
  frequency: number
  /** Seconds from the chime's start. */
  at: number
  /** Seconds to fade to silence. */
  decay: number
}

/** A bell-like note: a fundamental and two softer partials, struck and fading out. */
function bell(note: Note, t: number): number {
  const since = t - note.at
  if (since < 0) return 0
  const envelope = Math.exp((-5 * since) / note.decay) * Math.min(1, since / 0.004)
  const partials = [
    [1, 1],
    [2.01, 0.35],
    [3.02, 0.12],
  ] as const
  let sum = 0
  for (const [ratio, gain] of partials) {
    sum += gain * Math.sin(2 * Math.PI * note.frequency * ratio * t)
  }
  return envelope * sum
}

/**
 * Rising chimes: one note for a small gift, two for a medium one, an arpeggio for a large one;
 * the goal's a fanfare of its own, up the arpeggio twice and a held top note.
 */
const chimes: Record<AlertSize | 'goal', { seconds: number; notes: Note[] }> = {
  small: { seconds: 0.45, notes: [{ frequency: 1046.5, at: 0, decay: 0.4 }] },
  medium: {
    seconds: 0.7,
    notes: [
      { frequency: 784, at: 0, decay: 0.45 },
      { frequency: 1174.7, at: 0.12, decay: 0.55 },
    ],
  },
  large: {
    seconds: 1.2,
    notes: [
      { frequency: 523.3, at: 0, decay: 0.6 },
      { frequency: 659.3, at: 0.1, decay: 0.6 },
      { frequency: 784, at: 0.2, decay: 0.7 },
      { frequency: 1046.5, at: 0.3, decay: 0.85 },
    ],
  },
  goal: {
    seconds: 2,
    notes: [
      { frequency: 523.3, at: 0, decay: 0.4 },
      { frequency: 659.3, at: 0.09, decay: 0.4 },
      { frequency: 784, at: 0.18, decay: 0.4 },
      { frequency: 659.3, at: 0.36, decay: 0.4 },
      { frequency: 784, at: 0.45, decay: 0.4 },
      { frequency: 1046.5, at: 0.54, decay: 0.5 },
      { frequency: 1318.5, at: 0.72, decay: 1.2 },
      { frequency: 1046.5, at: 0.72, decay: 1.2 },
    ],
  },
}

/** A mono 8-bit PCM WAV of `samples` in [-1, 1]. */
function wav(samples: number[]): Buffer {
  const data = Buffer.alloc(samples.length)
  samples.forEach((sample, index) => {
    const clamped = Math.max(-1, Math.min(1, sample))
    data[index] = Math.round(128 + clamped * 127)
  })
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate, 28) // bytes per second
  header.writeUInt16LE(1, 32) // bytes per frame
  header.writeUInt16LE(8, 34) // bits per sample
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

for (const [size, chime] of Object.entries(chimes) as [
  AlertSize | 'goal',
  (typeof chimes)[AlertSize],
][]) {
  const count = Math.round(chime.seconds * sampleRate)
  const raw = Array.from({ length: count }, (_, index) =>
    chime.notes.reduce((sum, note) => sum + bell(note, index / sampleRate), 0),
  )
  const peak = Math.max(...raw.map(Math.abs))
  // Loud enough to hear over a set, with headroom; the last 20 ms fade so nothing clicks.
  const fadeFrom = count - Math.round(0.02 * sampleRate)
  const samples = raw.map(
    (value, index) => (value / peak) * 0.8 * Math.min(1, (count - index) / (count - fadeFrom)),
  )
  const file = path.join('public', alertSoundUrl(size))
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, wav(samples))
  console.log(`make-sounds: ${file}, ${chime.seconds} s`)
}
