import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APIConnectionError } from 'openai';
import { createTranscriber } from './create-transcriber';
import { LocalTranscriber } from './local-transcriber';
import { OpenAiTranscriber } from './openai-transcriber';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  body: string;
}

describe('OpenAiTranscriber (against a local server that answers like the API)', () => {
  let server: Server;
  let baseURL: string;
  let directory: string;
  let wavPath: string;
  let seen: Seen;
  let answer: (request: IncomingMessage) => { status: number; body: string } | 'hang';

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen = {
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          body: Buffer.concat(chunks).toString('latin1'),
        };
        const reply = answer(request);
        if (reply === 'hang') return;
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    directory = await mkdtemp(join(tmpdir(), 'ciq-openai-test-'));
    wavPath = join(directory, 'audio.wav');
    await writeFile(wavPath, Buffer.from('RIFF-fake-wav-bytes'));
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await rm(directory, { recursive: true, force: true });
  });

  const transcriber = (timeoutMs = 5000) =>
    new OpenAiTranscriber({ baseURL, apiKey: 'sk-test', model: 'whisper-large-v3', timeoutMs });

  it('posts the audio as multipart with the model and the key, and maps the text to its words', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ text: ' My name is Jordan and I consent. ' }) });
    const result = await transcriber().transcribe(wavPath, { typedName: 'Jordan' });
    expect(result).toEqual({
      text: 'My name is Jordan and I consent.',
      words: ['my', 'name', 'is', 'jordan', 'and', 'i', 'consent'].map((word) => ({ word })),
      recogniser: 'openai-compatible whisper-large-v3',
      doubts: [],
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/audio/transcriptions');
    expect(seen.authorization).toBe('Bearer sk-test');
    expect(seen.body).toMatch(/name="model"\r\n\r\nwhisper-large-v3\r\n/);
    expect(seen.body).toMatch(/name="file"; filename="audio.wav"/);
    expect(seen.body).toContain('RIFF-fake-wav-bytes');
    expect(seen.body).not.toContain('Jordan'); // the typed name is not sent
  });

  it('marks empty text as no speech', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ text: '' }) });
    expect(await transcriber().transcribe(wavPath, { typedName: 'Jordan' })).toMatchObject({
      words: [],
      doubts: ['no_speech'],
    });
  });

  it('throws on a server error (transient: the job is retried)', async () => {
    answer = () => ({ status: 503, body: JSON.stringify({ error: { message: 'busy' } }) });
    await expect(transcriber().transcribe(wavPath, { typedName: 'Jordan' })).rejects.toThrow(/503/);
  });

  it('throws when the server does not answer in time', async () => {
    answer = () => 'hang';
    const started = Date.now();
    await expect(transcriber(300).transcribe(wavPath, { typedName: 'Jordan' })).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('createTranscriber', () => {
  it("makes the local recogniser, which needs the project's PocketSphinx build", () => {
    expect(
      createTranscriber({
        TRANSCRIBER: 'local',
        STEP_TIMEOUT_MS: 1000,
        POCKETSPHINX_BIN_DIR: '/opt/pocketsphinx/bin',
        DECODER_PROCESSES: 1,
      }),
    ).toBeInstanceOf(LocalTranscriber);
    expect(() => createTranscriber({ TRANSCRIBER: 'local', STEP_TIMEOUT_MS: 1000, DECODER_PROCESSES: 1 })).toThrow(
      /POCKETSPHINX_BIN_DIR/,
    );
  });

  it('makes the OpenAI-compatible one, which needs a key', () => {
    expect(
      createTranscriber({ TRANSCRIBER: 'openai', OPENAI_API_KEY: 'k', STEP_TIMEOUT_MS: 1000, DECODER_PROCESSES: 1 }),
    ).toBeInstanceOf(OpenAiTranscriber);
    expect(() => createTranscriber({ TRANSCRIBER: 'openai', STEP_TIMEOUT_MS: 1000, DECODER_PROCESSES: 1 })).toThrow(
      /OPENAI_API_KEY/,
    );
  });
});
