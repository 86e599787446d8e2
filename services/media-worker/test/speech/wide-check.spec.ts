import { pocketsphinxBinDir, spokenRecording, VOICES } from '@app/testing';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { judge } from '../../src/judgement/judge';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { LocalTranscriber } from '../../src/transcription/local-transcriber';

/**
 * A wider accuracy check than the confusion suite (37 statements in each of the 5 voices, 185 clips, ~80 s): it fails
 * on any grant of what is not a consent and prints every row that is not what was said, plus the consents granted.
 * Its first run found three false grants (kal16: "I can send it tomorrow", "I can send it", "I agree it is cold today").
 */
const CONSENTS: [string, string][] = [
  ['Riley', 'My name is Riley and I consent'], ['Riley', 'I consent'], ['Sam', 'Yes, I consent'],
  ['Morgan', 'My name is Morgan. I consent'], ['Avery', 'I am Avery and I consent'], ['Quinlan', 'My name is Quinlan and I consent'],
];
/** Refusals, hesitations, retractions, a wrong name, off-topic speech, and sentences built on the sounds of "consent". */
const OTHERS = [
  'I do not consent', 'No', 'No, I do not consent', 'I refuse', "I don't consent", 'Maybe, I am not sure', 'I guess so',
  'I consent. No wait, I take it back', 'I consent, actually I changed my mind', 'I can send it tomorrow',
  'I have a concern about this', 'Please stop', 'My name is Taylor and I consent', 'Not really',
  'The cat sat on the mat all day long', 'I can send you the files', 'It was sent yesterday', 'I will send it later',
  'I can send it', 'They sent me here', 'I agree it is cold today', 'I am a concert pianist',
  'I said I can send a message', 'Consent is important to talk about', 'I consent to nothing', 'I sent the cents',
  'Hi, can you send it', 'My name is Riley and I can send it now', 'My name is Riley, I cannot consent',
  'My name is Riley and I am not consenting', 'I consent, just kidding',
];
const CASES = [
  ...CONSENTS.map(([typedName, text]) => ({ typedName, text, consent: true })),
  ...OTHERS.map((text) => ({ typedName: 'Riley', text, consent: false })),
];

describe('speech check, wide (real tools)', () => {
  const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: pocketsphinxBinDir() });
  afterAll(() => transcriber.close());

  it('grants nothing that is not a consent', async () => {
    const rows: string[] = [];
    const falseGrants: string[] = [];
    let granted = 0;
    for (const kase of CASES) {
      for (const voice of VOICES) {
        const { outcome, text, reasons } = await withWorkspace(async (workDir) => {
          const recording = join(workDir, 'recording.webm');
          await writeFile(recording, await spokenRecording([kase.text], voice));
          const audio = await normalize(recording, { workDir, timeoutMs: 20000 });
          const transcription = await transcriber.transcribe(audio.wavPath, { typedName: kase.typedName });
          return { ...judge({ decision: 'yes', typedName: kase.typedName, transcription }), text: transcription.text };
        });
        if (kase.consent && outcome === 'granted') granted += 1;
        if (!kase.consent && outcome === 'granted') falseGrants.push(`${voice}: ${kase.text}`);
        if ((outcome === 'granted') !== kase.consent) {
          rows.push(`${voice.padEnd(6)} ${outcome.padEnd(8)} ${JSON.stringify(kase.text).padEnd(42)} heard ${JSON.stringify(text)} ${reasons.join(',')}`);
        }
      }
    }
    process.stdout.write(`\n${rows.join('\n')}\nconsents granted: ${granted} of ${CONSENTS.length * VOICES.length}; ` +
      `false grants: ${falseGrants.length} of ${OTHERS.length * VOICES.length}\n`);
    expect(falseGrants).toEqual([]);
  }, 600000);
});
