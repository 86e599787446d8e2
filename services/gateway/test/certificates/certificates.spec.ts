import {
  certificateKeySetSchema,
  certificateVerificationSchema,
  historyPageSchema,
  recordingVerificationSchema,
  type SignedCertificate,
  signedCertificateSchema,
} from '@app/contracts';
import { binaryBody, inflatedStreams, makeTestRecording } from '@app/testing';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { canonicalJson } from '../../../consent/src/certificates/canonical-json';
import { renderCertificatePdf } from '../../../consent/src/certificates/certificate-pdf';
import { expectError } from '../api-helpers';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  type Member,
  memberOf,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from '../consent/consent-stack';

const MAX_BYTES = 1024 * 1024;

const TRANSCRIPT = 'my name is jordan and i consent';
const VERIFICATIONS = 20;

describe('certificates, /verify and the member history', () => {
  let stack: ConsentStack;
  let member: Member;
  let other: Member;
  let granted: CreatedSession;
  let pending: CreatedSession;
  let recording: Buffer;

  const bearer = (who: Member) => `Bearer ${who.token}`;
  const getCertificate = (id: string, who = member) =>
    api(stack).get(`/api/consent/sessions/${id}/certificate`).set('Authorization', bearer(who));

  /** The partner answers Yes with a recording, and the media worker reports its outcome. */
  async function answered(owner: Member, video: Buffer, outcome: 'granted' | 'denied'): Promise<CreatedSession> {
    const session = await createSession(stack, owner);
    const assetId = await uploadRecording(stack, session, video);
    expect((await submitDecision(stack, session, assetId)).status).toBe(202);
    const report = await fetch(`${stack.consent.baseUrl}/analysis/${session.id}/verdict`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Internal-Token': stack.consent.mediaWorkerToken },
      body: JSON.stringify({
        videoAssetId: assetId,
        outcome,
        reasons: outcome === 'granted' ? [] : ['refused'],
        transcript: TRANSCRIPT,
        recogniser: 'test-recogniser',
        timingsMs: {},
      }),
    });
    expect(report.status).toBe(200);
    return session;
  }

  const storedObjects = async () => (await readdir(stack.consent.storageDir, { recursive: true })).length;
  const assetCount = async () =>
    Number((await stack.consent.dataSource.query(`SELECT count(*) AS n FROM consent.video_assets`))[0].n);

  beforeAll(async () => {
    stack = await startConsentStack(
      { RECORDING_MAX_BYTES: String(MAX_BYTES) },
      { RECORDING_MAX_BYTES: String(MAX_BYTES), VERIFICATIONS_PER_IP_PER_HOUR: String(VERIFICATIONS) },
    );
    [member, other] = await Promise.all([memberOf(stack), memberOf(stack)]);
    recording = await makeTestRecording('webm');
    granted = await answered(member, recording, 'granted');
    pending = await createSession(stack, member);
  });
  afterAll(() => stack.close());

  it('gives the member a signed certificate of their granted session, computed from the stored record', async () => {
    const response = await getCertificate(granted.id);
    expect(response.status).toBe(200);
    const { certificate } = signedCertificateSchema.parse(response.body);
    const [asset] = await stack.consent.dataSource.query(
      `SELECT sha256 FROM consent.video_assets WHERE session_id = $1`,
      [granted.id],
    );
    const [head] = await stack.consent.dataSource.query(
      `SELECT audit_seq, audit_head FROM consent.consent_sessions WHERE id = $1`,
      [granted.id],
    );
    expect(certificate).toMatchObject({
      sessionId: granted.id,
      qrCodeId: granted.qrCodeId,
      verdict: 'granted',
      outcome: 'granted',
      reasons: [],
      recordingSha256: createHash('sha256').update(recording).digest('hex'),
      safetyQuestionsAnsweredAt: expect.any(String),
      transcriptSha256: createHash('sha256').update(TRANSCRIPT).digest('hex'),
      recogniser: 'test-recogniser',
      auditHead: { seq: head.audit_seq, hash: head.audit_head },
      withdrawnAt: null,
      recordingDeletedAt: null,
      algorithm: 'Ed25519',
    });
    expect(certificate.recordingSha256).toBe(asset.sha256);
    // The phone's last seven digits, not '555', which the digests and ids in a body hold by chance in about one run in 20.
    expect(JSON.stringify(response.body)).not.toMatch(/jordan|987\D?6543/i);
  });

  it('answers 404 for another member, a session without a final verdict and a malformed id; 401 signed out', async () => {
    expectError(await getCertificate(granted.id, other), 404, 'This consent session is invalid or has expired.');
    expect((await getCertificate(pending.id)).body.code).toBe('certificate_not_found');
    expectError(await getCertificate(pending.id), 404);
    expect((await getCertificate('not-a-session')).status).toBe(404);
    expectError(await api(stack).get(`/api/consent/sessions/${granted.id}/certificate`), 401);
    expect(
      (await api(stack).get(`/api/consent/sessions/${granted.id}/certificate.pdf`).set('Authorization', bearer(other)))
        .status,
    ).toBe(404);
  });

  it('verifies with the key published at /.well-known/consentiq-keys.json, and not after any change', async () => {
    const keys = certificateKeySetSchema.parse(
      (await api(stack).get('/.well-known/consentiq-keys.json').expect(200)).body,
    );
    const signed = signedCertificateSchema.parse((await getCertificate(granted.id)).body);
    const published = keys.keys.find((key) => key.keyId === signed.certificate.keyId)!;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: published.publicKey }, format: 'jwk' });
    const checks = (certificate: object) =>
      verify(null, Buffer.from(canonicalJson(certificate)), publicKey, Buffer.from(signed.signature, 'base64url'));
    expect(checks(signed.certificate)).toBe(true);
    expect(checks({ ...signed.certificate, verdict: 'denied' })).toBe(false);
    expect(checks({ ...signed.certificate, recordingSha256: '0'.repeat(64) })).toBe(false);
  });

  it('sends the certificate as a PDF that carries the session id and the signed JSON', async () => {
    const response = await api(stack)
      .get(`/api/consent/sessions/${granted.id}/certificate.pdf`)
      .set('Authorization', bearer(member))
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/pdf/);
    expect(response.headers['content-disposition']).toContain('attachment');
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getTitle()).toContain(granted.id);
    // The signed JSON travels inside it (the attached certificate.json), so the PDF alone can be verified.
    const attached = inflatedStreams(pdf).find((text) => text.startsWith('{"certificate"'));
    expect(signedCertificateSchema.parse(JSON.parse(attached!)).certificate.sessionId).toBe(granted.id);
  });

  describe('POST /api/verify/certificate', () => {
    const check = (body: unknown) =>
      api(stack)
        .post('/api/verify/certificate')
        .send(body as object);

    it('confirms a certificate we signed that matches the record, with its state', async () => {
      const signed = (await getCertificate(granted.id)).body as SignedCertificate;
      // As a file would hold it: the same JSON, fields in another order.
      const reordered = {
        signature: signed.signature,
        certificate: Object.fromEntries(Object.entries(signed.certificate).reverse()),
      };
      const response = await check(reordered);
      expect(response.status).toBe(200);
      expect(certificateVerificationSchema.parse(response.body)).toEqual({
        signatureValid: true,
        keyId: signed.certificate.keyId,
        matchesRecord: true,
        state: { withdrawn: false, recordingDeleted: false },
        reason: null,
      });
    });

    it('refuses, with the reason, a file with a key written twice, a key outside the schema or a signature not in its canonical form', async () => {
      const signed = (await getCertificate(granted.id)).body as SignedCertificate;
      const refusal = async (text: string) => {
        const response = await api(stack)
          .post('/api/verify/certificate')
          .set('Content-Type', 'application/json')
          .send(text);
        expect(response.status).toBe(200);
        return certificateVerificationSchema.parse(response.body);
      };
      const file = JSON.stringify(signed);
      // JSON.parse keeps the last of two keys: the file reads 'granted' as signed, yet says 'denied' first.
      const twice = file.replace('"verdict":"granted"', '"verdict":"denied","verdict":"granted"');
      expect(JSON.parse(twice)).toEqual(signed);
      expect(await refusal(twice)).toEqual({
        signatureValid: false,
        keyId: signed.certificate.keyId,
        matchesRecord: false,
        state: null,
        reason: 'duplicate_key',
      });
      expect(
        (await refusal(JSON.stringify({ ...signed, certificate: { ...signed.certificate, note: 'x' } }))).reason,
      ).toBe('unknown_field');
      const bytes = Buffer.from(signed.signature, 'base64url');
      const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const strayBits = signed.signature.slice(0, -1) + base64url[base64url.indexOf(signed.signature.at(-1)!) | 1];
      for (const signature of [`${signed.signature}==`, bytes.toString('base64'), strayBits]) {
        expect(
          Buffer.from(signature, 'base64').equals(bytes) || Buffer.from(signature, 'base64url').equals(bytes),
        ).toBe(true);
        expect((await refusal(JSON.stringify({ ...signed, signature }))).reason).toBe('signature_not_canonical');
      }
      // The same certificate as signed still verifies.
      expect((await refusal(file)).reason).toBeNull();
    });

    it('refuses a tampered certificate and one signed by anyone else, revealing no state', async () => {
      const signed = (await getCertificate(granted.id)).body as SignedCertificate;
      const tampered = await check({ ...signed, certificate: { ...signed.certificate, reasons: ['made up'] } });
      expect(tampered.body).toEqual({
        signatureValid: false,
        keyId: signed.certificate.keyId,
        matchesRecord: false,
        state: null,
        reason: 'signature_mismatch',
      });

      const forger = generateKeyPairSync('ed25519').privateKey;
      const forged = { ...signed.certificate, verdict: 'denied' };
      const forgedSignature = sign(null, Buffer.from(canonicalJson(forged)), forger).toString('base64url');
      expect((await check({ certificate: forged, signature: forgedSignature })).body).toMatchObject({
        signatureValid: false,
        matchesRecord: false,
        state: null,
      });
      expect(
        (await check({ certificate: { ...signed.certificate, keyId: 'unknown' }, signature: signed.signature })).body,
      ).toEqual({
        signatureValid: false,
        keyId: null,
        matchesRecord: false,
        state: null,
        reason: 'unknown_key',
      });
    });

    it('answers 400 for a body that is not a certificate file', async () => {
      for (const body of [{}, { certificate: 'x', signature: 'y' }, { certificate: {}, signature: 'y', extra: 1 }])
        expectError(await check(body), 400);
    });
  });

  describe('POST /api/verify/certificate.pdf', () => {
    const checkPdf = (bytes: Buffer) =>
      api(stack).post('/api/verify/certificate.pdf').set('Content-Type', 'application/pdf').send(bytes);
    const downloadedPdf = async () =>
      (
        await api(stack)
          .get(`/api/consent/sessions/${granted.id}/certificate.pdf`)
          .set('Authorization', bearer(member))
          .buffer(true)
          .parse(binaryBody)
      ).body as Buffer;

    it('checks the certificate a downloaded PDF carries, as its JSON file would be checked', async () => {
      const response = await checkPdf(await downloadedPdf());
      expect(response.status).toBe(200);
      expect(certificateVerificationSchema.parse(response.body)).toMatchObject({
        signatureValid: true,
        matchesRecord: true,
        state: { withdrawn: false, recordingDeleted: false },
        reason: null,
      });
    });

    it('refuses a PDF carrying a changed certificate, with the reason', async () => {
      const signed = (await getCertificate(granted.id)).body as SignedCertificate;
      const changed = await renderCertificatePdf({
        ...signed,
        certificate: { ...signed.certificate, verdict: 'denied' },
      });
      expect((await checkPdf(changed)).body).toMatchObject({
        signatureValid: false,
        matchesRecord: false,
        state: null,
        reason: 'signature_mismatch',
      });
    });

    it('answers 422 for a PDF without a certificate and for a file that is not a PDF, 413 past the limit', async () => {
      const blank = await PDFDocument.create();
      blank.addPage();
      expectError(
        await checkPdf(Buffer.from(await blank.save())),
        422,
        'This file is not a ConsentIQ certificate PDF: it carries no certificate',
      );
      const json = JSON.stringify((await getCertificate(granted.id)).body);
      expect(
        (await api(stack).post('/api/verify/certificate.pdf').set('Content-Type', 'application/json').send(json)).body
          .code,
      ).toBe('no_certificate_in_pdf');
      expectError(await checkPdf(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(65 * 1024)])), 413);
    });
  });

  describe('POST /api/verify/recording', () => {
    const upload = (bytes: Buffer, type = 'application/octet-stream') =>
      api(stack).post('/api/verify/recording').set('Content-Type', type).send(bytes);

    it("tells whether a file is a certified recording and that record's state, storing nothing", async () => {
      const [objects, assets] = [await storedObjects(), await assetCount()];
      const match = await upload(recording, 'video/webm');
      expect(match.status).toBe(200);
      expect(recordingVerificationSchema.parse(match.body)).toEqual({
        sha256: createHash('sha256').update(recording).digest('hex'),
        matchesRecord: true,
        matches: [{ sessionId: granted.id, state: { withdrawn: false, recordingDeleted: false } }],
      });
      expect((await upload(randomBytes(4096))).body).toMatchObject({ matchesRecord: false, matches: [] });
      expect([await storedObjects(), await assetCount()]).toEqual([objects, assets]);
    });

    it('refuses a file over RECORDING_MAX_BYTES with 413, declared or streamed, and a form or JSON with 415', async () => {
      const objects = await storedObjects();
      expectError(await upload(Buffer.alloc(MAX_BYTES + 1)), 413, 'Recordings must be 1 MB or smaller');
      // Sent without a length, so only counting the bytes as they stream can catch it.
      const streamed = await fetch(`http://127.0.0.1:${stack.gatewayPort}/api/verify/recording`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: new ReadableStream({
          start(controller) {
            for (let sent = 0; sent <= MAX_BYTES; sent += 64 * 1024) controller.enqueue(new Uint8Array(64 * 1024));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toMatchObject({ code: 'recording_too_large' });
      expectError(await api(stack).post('/api/verify/recording').send({ sha256: 'x' }), 415);
      expect((await api(stack).post('/api/verify/recording').attach('video', recording, 'a.webm')).body.code).toBe(
        'raw_upload_expected',
      );
      expect(await storedObjects()).toBe(objects);
    });
  });

  describe("GET /api/consent/sessions: the member's history", () => {
    it('lists only their own sessions, newest first, with the partner’s first name and a certificate for final ones', async () => {
      await createSession(stack, other);
      const response = await api(stack).get('/api/consent/sessions').set('Authorization', bearer(member));
      expect(response.status).toBe(200);
      const page = historyPageSchema.parse(response.body);
      expect(page.sessions.map((entry) => entry.id)).toEqual([pending.id, granted.id]);
      expect(page.sessions[1]).toMatchObject({ partnerFirstName: 'Jordan', state: 'granted', certificate: true });
      expect(page.sessions[0]).toMatchObject({ partnerFirstName: null, state: 'pending', certificate: false });
      expect(JSON.stringify(page)).not.toMatch(/Lee|987\D?6543|recipientToken/);
      expect(page.nextCursor).toBeNull();
    });

    it('pages with ?limit and ?before, and refuses a cursor that is not one of theirs', async () => {
      const first = historyPageSchema.parse(
        (await api(stack).get('/api/consent/sessions?limit=1').set('Authorization', bearer(member))).body,
      );
      expect(first.sessions.map((entry) => entry.id)).toEqual([pending.id]);
      expect(first.nextCursor).toBe(pending.id);
      const second = historyPageSchema.parse(
        (
          await api(stack)
            .get(`/api/consent/sessions?limit=1&before=${first.nextCursor}`)
            .set('Authorization', bearer(member))
        ).body,
      );
      expect(second).toEqual({ sessions: [expect.objectContaining({ id: granted.id })], nextCursor: null });
      expectError(
        await api(stack).get(`/api/consent/sessions?before=${pending.id}`).set('Authorization', bearer(other)),
        400,
      );
      expectError(await api(stack).get('/api/consent/sessions?limit=500').set('Authorization', bearer(member)), 400);
      expectError(await api(stack).get('/api/consent/sessions'), 401);
    });
  });

  it('limits verifications per address (429 with Retry-After)', async () => {
    let last = await api(stack)
      .post('/api/verify/recording')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from('x'));
    for (let sent = 1; sent <= VERIFICATIONS && last.status !== 429; sent += 1) {
      last = await api(stack).post('/api/verify/certificate').send({ certificate: {}, signature: 'x' });
    }
    expectError(last, 429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});
