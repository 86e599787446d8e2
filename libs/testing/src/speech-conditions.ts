import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { activeLevel, floatWav, meanSquare, RATE, readMono16k } from './speech-audio';
import { ffmpeg } from './speech-recordings';

/**
 * Conditions a phone meets every day, applied at test time to synthesised speech: noise at a measured signal-to-noise
 * ratio, a room, a phone's band, another speaker's pitch and pace, a low-bitrate codec, a late start, a quiet voice.
 * Deterministic: noise comes from a seeded generator, so the same inputs give the same recording on every run.
 */
export const SPEECH_CONDITIONS = [
  'clean',
  'pink_20db',
  'pink_10db',
  'babble_20db',
  'babble_10db',
  'reverb',
  'phone_band',
  'room_phone',
  'pitch_up',
  'pitch_down',
  'tempo_slow',
  'tempo_fast',
  'opus_12k',
  'lead_in_2s',
  'quiet',
  'quiet_room',
  'far',
] as const;
export type SpeechCondition = (typeof SPEECH_CONDITIONS)[number];

export const CONDITION_LABELS: Readonly<Record<SpeechCondition, string>> = {
  clean: 'clean',
  pink_20db: 'pink noise, 20 dB SNR',
  pink_10db: 'pink noise, 10 dB SNR',
  babble_20db: 'babble (4 voices), 20 dB SNR',
  babble_10db: 'babble (4 voices), 10 dB SNR',
  reverb: 'room reverb (RT60 0.5 s)',
  phone_band: 'phone band 300-3400 Hz',
  room_phone: 'room reverb, then a phone band',
  pitch_up: 'pitch +3 semitones',
  pitch_down: 'pitch -3 semitones',
  tempo_slow: 'tempo 0.85',
  tempo_fast: 'tempo 1.15',
  opus_12k: 'Opus at 12 kbit/s',
  lead_in_2s: '2 s of lead-in silence',
  quiet: 'quiet speaker (-20 dB)',
  quiet_room: 'quiet speaker (-20 dB) in the room',
  far: 'further away: -20 dB, more reverb, 20 dB SNR',
};

/** Silence before the speech (a partner presses record, then speaks) and after it (then stops). */
const LEAD_IN_SECONDS = 0.8;
const TAIL_SECONDS = 0.6;

interface Recipe {
  /** ffmpeg filters on the voice itself, before the room. */
  voice?: string;
  room?: 'near' | 'far';
  noise?: { kind: 'pink' | 'babble'; snrDb: number };
  gainDb?: number;
  leadInSeconds?: number;
  /** ffmpeg filters of the channel, after the room. */
  channel?: string;
  opusBitrate?: string;
}

const SEMITONES_3 = 2 ** (3 / 12);
/** Two passes of each two-pole filter: about 24 dB per octave outside the band, like a phone call's. */
const PHONE_BAND = 'highpass=f=300:poles=2,highpass=f=300:poles=2,lowpass=f=3400:poles=2,lowpass=f=3400:poles=2';
const RECIPES: Readonly<Record<SpeechCondition, Recipe>> = {
  clean: {},
  pink_20db: { noise: { kind: 'pink', snrDb: 20 } },
  pink_10db: { noise: { kind: 'pink', snrDb: 10 } },
  babble_20db: { noise: { kind: 'babble', snrDb: 20 } },
  babble_10db: { noise: { kind: 'babble', snrDb: 10 } },
  reverb: { room: 'near' },
  phone_band: { channel: PHONE_BAND },
  room_phone: { room: 'near', channel: PHONE_BAND },
  pitch_up: { voice: `rubberband=pitch=${SEMITONES_3.toFixed(6)}:formant=shifted` },
  pitch_down: { voice: `rubberband=pitch=${(1 / SEMITONES_3).toFixed(6)}:formant=shifted` },
  tempo_slow: { voice: 'atempo=0.85' },
  tempo_fast: { voice: 'atempo=1.15' },
  opus_12k: { opusBitrate: '12k' },
  lead_in_2s: { leadInSeconds: 2 },
  quiet: { gainDb: -20 },
  quiet_room: { gainDb: -20, room: 'near' },
  far: { gainDb: -20, room: 'far', noise: { kind: 'pink', snrDb: 20 } },
};

const run = promisify(execFile);

/** What the conditions are made with: a babble track (`makeBabble`) and two rooms' impulse responses. */
export interface RoomAssets {
  babble: Float32Array;
  /** `writeRoomImpulseResponse`'s default room: a phone at arm's length. */
  impulseResponse: string;
  /** A phone further away in a livelier room (`FAR_ROOM`). */
  farImpulseResponse: string;
}

/** The far room: RT60 0.8 s, its reverberant energy 3 dB above the direct sound's. */
export const FAR_ROOM = { rt60Seconds: 0.8, directToReverbDb: -3 } as const;

/** The babble and both rooms, written into `directory`; `speakTo` synthesises one babble talker. */
export async function prepareRooms(
  directory: string,
  talkers: readonly string[],
  speakTo: (text: string, talker: number, wavPath: string) => Promise<void>,
): Promise<RoomAssets> {
  const impulseResponse = `${directory}/room.wav`;
  const farImpulseResponse = `${directory}/far-room.wav`;
  await writeRoomImpulseResponse(impulseResponse);
  await writeRoomImpulseResponse(farImpulseResponse, FAR_ROOM.rt60Seconds, FAR_ROOM.directToReverbDb);
  return { babble: await makeBabble(talkers, speakTo, directory), impulseResponse, farImpulseResponse };
}

/**
 * A browser-like recording (VP8 video, Opus audio, WebM) of the speech in `speechWav` under `condition`. `seed` picks
 * the noise (and the stretch of babble), so clips of one corpus differ from each other but not from run to run.
 * `microphoneWav`: also the phone's audio before it was encoded, as the live hearing gets it (16 kHz s16le mono WAV).
 */
export async function renderCondition(
  speechWav: string,
  condition: SpeechCondition,
  webmPath: string,
  room: RoomAssets,
  seed = 1,
  microphoneWav?: string,
): Promise<void> {
  const recipe = RECIPES[condition];
  const voiceFilters = [recipe.voice, `aresample=${RATE}`].filter(Boolean).join(',');
  const args = ['-nostdin', '-v', 'error', '-i', speechWav];
  let filter = `[0:a]aformat=channel_layouts=mono,${voiceFilters}[v]`;
  if (recipe.room) {
    args.push('-i', recipe.room === 'far' ? room.farImpulseResponse : room.impulseResponse);
    // The impulse response carries the direct path and the room; its gain is kept as made (gtype none).
    filter += `;[v][1:a]afir=gtype=none:dry=1:wet=1[out]`;
  } else {
    filter += ';[v]anull[out]';
  }
  const { stdout } = await run(
    'ffmpeg',
    [...args, '-filter_complex', filter, '-map', '[out]', '-f', 'f32le', '-ac', '1', '-ar', String(RATE), '-'],
    {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const speech = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
  const lead = Math.round((recipe.leadInSeconds ?? LEAD_IN_SECONDS) * RATE);
  const signal = new Float32Array(lead + speech.length + Math.round(TAIL_SECONDS * RATE));
  const gain = 10 ** ((recipe.gainDb ?? 0) / 20);
  for (let i = 0; i < speech.length; i += 1) signal[lead + i] = speech[i] * gain;
  if (recipe.noise) {
    const noise =
      recipe.noise.kind === 'pink' ? pinkNoise(signal.length, seed) : babbleStretch(room.babble, signal.length, seed);
    // Against the speech as it reaches the phone: a quiet speaker is that much nearer the room's noise.
    mixAtSnr(signal, noise, activeLevel(speech) * gain, recipe.noise.snrDb);
  }
  const pcm = `${webmPath}.f32`;
  await writeFile(pcm, Buffer.from(signal.buffer, signal.byteOffset, signal.byteLength));
  const microphone = `${recipe.channel ? `${recipe.channel},` : ''}alimiter=limit=0.98:level=false`;
  if (microphoneWav)
    await ffmpeg([
      ...['-f', 'f32le', '-ar', String(RATE), '-ac', '1', '-i', pcm, '-af', `${microphone},aresample=16000`],
      ...['-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1', microphoneWav],
    ]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=160x120:r=10',
    '-f',
    'f32le',
    '-ar',
    String(RATE),
    '-ac',
    '1',
    '-i',
    pcm,
    '-filter_complex',
    `[1:a]${microphone},aresample=48000[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-shortest',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-b:v',
    '100k',
    '-c:a',
    'libopus',
    ...(recipe.opusBitrate ? ['-b:a', recipe.opusBitrate] : []),
    webmPath,
  ]);
  await rm(pcm, { force: true });
}

/**
 * A room's impulse response as a 16 kHz WAV: the direct sound, then an exponentially decaying diffuse tail (RT60
 * 0.5 s) 2 dB below it in energy: a phone at arm's length in a furnished room.
 */
export async function writeRoomImpulseResponse(path: string, rt60Seconds = 0.5, directToReverbDb = 2): Promise<void> {
  const length = Math.round(rt60Seconds * RATE);
  const response = new Float32Array(length);
  const random = gaussian(7);
  let tailEnergy = 0;
  const start = Math.round(0.003 * RATE); // first reflections arrive a few ms after the direct sound
  for (let i = start; i < length; i += 1) {
    response[i] = random() * Math.exp((-6.908 * (i / RATE)) / rt60Seconds);
    tailEnergy += response[i] ** 2;
  }
  const scale = Math.sqrt(10 ** (-directToReverbDb / 10) / tailEnergy);
  for (let i = start; i < length; i += 1) response[i] *= scale;
  response[0] = 1;
  // Normalised to unit energy, so the room does not change the level the noise is mixed against.
  const energy = response.reduce((sum, value) => sum + value * value, 0);
  for (let i = 0; i < length; i += 1) response[i] /= Math.sqrt(energy);
  await writeFile(path, floatWav(response));
}

/**
 * Babble: `voices` talkers reading neutral text at once, equal in level, as a 16 kHz track to cut noise from.
 * `speakTo(text, voiceIndex, wavPath)` synthesises one talker.
 */
export async function makeBabble(
  talkers: readonly string[],
  speakTo: (text: string, talker: number, wavPath: string) => Promise<void>,
  directory: string,
): Promise<Float32Array> {
  const tracks: Float32Array[] = [];
  for (const [i, text] of talkers.entries()) {
    const wav = `${directory}/babble-${i}.wav`;
    await speakTo(text, i, wav);
    tracks.push(await readMono16k(wav));
  }
  const length = Math.min(...tracks.map((track) => track.length));
  const babble = new Float32Array(length);
  for (const [i, track] of tracks.entries()) {
    const gain = 1 / Math.sqrt(meanSquare(track));
    const offset = Math.round((i * length) / tracks.length); // each talker starts elsewhere in their text
    for (let k = 0; k < length; k += 1) babble[k] += track[(k + offset) % length] * gain;
  }
  return babble;
}

/** Scales `noise` so that the speech's active level is `snrDb` above it, and adds it to `signal`. */
function mixAtSnr(signal: Float32Array, noise: Float32Array, speechLevel: number, snrDb: number): void {
  const gain = speechLevel / 10 ** (snrDb / 20) / Math.sqrt(meanSquare(noise));
  for (let i = 0; i < signal.length; i += 1) signal[i] += noise[i] * gain;
}

function babbleStretch(babble: Float32Array, length: number, seed: number): Float32Array {
  const start = Math.floor(uniform(seed)() * babble.length);
  const stretch = new Float32Array(length);
  for (let i = 0; i < length; i += 1) stretch[i] = babble[(start + i) % babble.length];
  return stretch;
}

/** Pink noise (Paul Kellet's filter over seeded white noise). */
function pinkNoise(length: number, seed: number): Float32Array {
  const white = gaussian(seed);
  const noise = new Float32Array(length);
  let [b0, b1, b2, b3, b4, b5, b6] = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < length; i += 1) {
    const w = white();
    b0 = 0.99886 * b0 + w * 0.0555179;
    b1 = 0.99332 * b1 + w * 0.0750759;
    b2 = 0.969 * b2 + w * 0.153852;
    b3 = 0.8665 * b3 + w * 0.3104856;
    b4 = 0.55 * b4 + w * 0.5329522;
    b5 = -0.7616 * b5 - w * 0.016898;
    noise[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362;
    b6 = w * 0.115926;
  }
  return noise;
}

/** mulberry32: a small seeded generator, the same numbers on every machine. */
function uniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(seed: number): () => number {
  const next = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}
