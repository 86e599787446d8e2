import {
  certificateVerificationSchema,
  consentSessionSchema,
  receiptSchema,
  signedCertificateSchema,
  toE164,
} from '@app/contracts';
import { JobQueues, JOBS, QUEUES } from '@app/queue';
import { EncryptedStorage, EnvelopeError, type KeyRing, LocalDirectoryStorage } from '@app/storage';
import { binaryBody, distinctRecording, makeTestRecording, textedReceiptLink } from '@app/testing';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import { AuditLogService } from '../src/audit/audit-log.service';
import { generateReceiptSecret, hashReceiptSecret } from '../src/receipt-records/receipt-secret';
import {
  assetRow,
  auditRows,
  call,
  CreatedSession,
  decisionFields,
  devTexts,
  expectAnswer,
  filesUnder,
  PARTNER,
  PARTNER_IS_MEMBER,
  partnerHeaders,
  processVideo,
  sessionKeyRing,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';
import { MEMBER_PHONE, sessionWithPhone, textRows, textsWhen } from './text-message-helpers';

const RECEIPT_NOT_FOUND = { error: 'This receipt link is invalid.', code: 'receipt_not_found' };

interface Granted {
  session: CreatedSession;
  video: Buffer;
  receiptId: string;
  secret: string;
}

/** The partner's receipt: its secret, the recording, withdrawal (texted, pushed, audited, once) and deletion. */
describe("the partner's receipt", () => {
  let consent: ConsentTestApp;
  let recording: Buffer;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    recording = await makeTestRecording('webm');
  });
  afterAll(async () => {
    await consent?.close();
  });

  const asWorker = (path: string) =>
    request(consent.baseUrl).post(path).set('X-Internal-Token', consent.mediaWorkerToken);
  const receiptCall = (method: 'get' | 'post', path: string, secret?: string) => {
    const test = call(consent, method, path);
    return secret === undefined ? test : test.set('X-Receipt-Secret', secret);
  };

  /** A partner records a Yes, the analysis grants it, and the partner's text (as their phone received it) links the receipt. */
  async function granted(): Promise<Granted> {
    const session = await sessionWithPhone(consent);
    // Each session's own bytes: the same recording is refused in a second session.
    const video = distinctRecording(recording);
    const assetId = await storedRecording(consent, session, video);
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await asWorker(`/analysis/${session.id}/verdict`)
      .send({
        videoAssetId: assetId,
        outcome: 'granted',
        reasons: ['clear_consent'],
        transcript: 'my name is jordan and i consent',
        recogniser: 'test',
        timingsMs: {},
      })
      .expect(200);
    const { receiptId, secret } = await textedReceiptLink(devTexts(consent), session.id);
    return { session, video, receiptId, secret };
  }

  it('answers the receipt to its secret only: a missing, wrong or malformed secret and an unknown id are the same 404', async () => {
    const { session, video, receiptId, secret } = await granted();
    const receipt = receiptSchema
      .strict()
      .parse((await receiptCall('get', `/receipts/${receiptId}`, secret).expect(200)).body);
    expect(receipt).toMatchObject({
      id: receiptId,
      reference: session.qrCodeId,
      initiatorFirstName: 'Alex',
      answer: 'yes',
      verdict: { outcome: 'granted', reasons: ['clear_consent'] },
      transcript: 'my name is jordan and i consent',
      recordingSha256: createHash('sha256').update(video).digest('hex'),
      recordingAvailable: true,
      withdrawnAt: null,
      withdrawable: true,
      recordingDeletedAt: null,
    });
    expect(receipt.recordedAt).not.toBeNull();

    const other = await granted();
    for (const refused of [
      receiptCall('get', `/receipts/${receiptId}`),
      receiptCall('get', `/receipts/${receiptId}`, ''),
      receiptCall('get', `/receipts/${receiptId}`, other.secret),
      receiptCall('get', `/receipts/${receiptId}`, `${secret}x`),
      receiptCall(
        'get',
        `/receipts/${receiptId}`,
        secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase(),
      ),
      receiptCall('get', `/receipts/${randomUUID()}`, secret),
      receiptCall('get', `/receipts/not-a-uuid`, secret),
      // The member (the gateway's signed-in caller) and the link's token open nothing here.
      receiptCall('get', `/receipts/${receiptId}`)
        .set('X-Actor-User-Id', session.initiatorUserId)
        .set(partnerHeaders(session)),
    ]) {
      expectAnswer(await refused, 404, RECEIPT_NOT_FOUND);
    }
  });

  it("streams the partner's own recording, decrypted, to the secret's holder only", async () => {
    const { session, video, receiptId, secret } = await granted();
    const answer = await receiptCall('get', `/receipts/${receiptId}/recording`, secret)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(answer.headers['content-type']).toBe('video/webm');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(answer.body as Buffer, video)).toBe(0);

    expectAnswer(
      await receiptCall('get', `/receipts/${receiptId}/recording`).set('X-Actor-User-Id', session.initiatorUserId),
      404,
      RECEIPT_NOT_FOUND,
    );
    expectAnswer(await receiptCall('get', `/receipts/${receiptId}/recording`, 'A'.repeat(43)), 404, RECEIPT_NOT_FOUND);
  });

  it("gives the secret's holder the session's certificate, the same as the member's, as JSON and PDF", async () => {
    const { session, video, receiptId, secret } = await granted();
    const theirs = signedCertificateSchema.parse(
      (await receiptCall('get', `/receipts/${receiptId}/certificate`, secret).expect(200)).body,
    );
    const members = signedCertificateSchema.parse(
      (
        await call(consent, 'get', `/sessions/${session.id}/certificate`)
          .set('X-Actor-User-Id', session.initiatorUserId)
          .expect(200)
      ).body,
    );
    const { issuedAt: _theirs, ...recordFields } = theirs.certificate;
    const { issuedAt: _members, ...memberFields } = members.certificate;
    expect(recordFields).toEqual(memberFields);
    expect(recordFields).toMatchObject({
      sessionId: session.id,
      verdict: 'granted',
      recordingSha256: createHash('sha256').update(video).digest('hex'),
    });
    const verification = certificateVerificationSchema.parse(
      (await call(consent, 'post', '/verify/certificate').send(theirs).expect(200)).body,
    );
    expect(verification).toMatchObject({ signatureValid: true, matchesRecord: true });

    const pdf = await receiptCall('get', `/receipts/${receiptId}/certificate.pdf`, secret)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const other = await granted();
    for (const path of [`/receipts/${receiptId}/certificate`, `/receipts/${receiptId}/certificate.pdf`]) {
      expectAnswer(await receiptCall('get', path), 404, RECEIPT_NOT_FOUND);
      expectAnswer(await receiptCall('get', path, other.secret), 404, RECEIPT_NOT_FOUND);
      expectAnswer(await receiptCall('get', path.replace(receiptId, randomUUID()), secret), 404, RECEIPT_NOT_FOUND);
      expectAnswer(await receiptCall('get', path.replace(receiptId, 'not-a-uuid'), secret), 404, RECEIPT_NOT_FOUND);
      expectAnswer(
        await receiptCall('get', path).set('X-Actor-User-Id', session.initiatorUserId),
        404,
        RECEIPT_NOT_FOUND,
      );
    }
  });

  it('answers certificate_not_found for a receipt whose session has no final verdict', async () => {
    const session = await sessionWithPhone(consent);
    const secret = generateReceiptSecret();
    const [{ id }] = (await consent.dataSource.query(
      `INSERT INTO consent.receipts (session_id, secret_hash) VALUES ($1, $2) RETURNING id`,
      [session.id, hashReceiptSecret(secret)],
    )) as { id: string }[];
    for (const path of [`/receipts/${id}/certificate`, `/receipts/${id}/certificate.pdf`]) {
      const answer = await receiptCall('get', path, secret);
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 404, code: 'certificate_not_found' });
    }
  });

  it('withdraws once: the time, one audit row, one push, one text to the member; again answers the same state', async () => {
    const { session, receiptId, secret } = await granted();
    const owner = () => call(consent, 'get', `/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId);
    await textsWhen(consent, session.id, (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'));

    // The member cannot withdraw (nor do anything else) through the receipt or the partner's routes.
    expectAnswer(
      await receiptCall('post', `/receipts/${receiptId}/withdraw`).set('X-Actor-User-Id', session.initiatorUserId),
      404,
      RECEIPT_NOT_FOUND,
    );
    expectAnswer(
      await call(consent, 'post', `/sessions/${session.id}/withdraw`).set('X-Actor-User-Id', session.initiatorUserId),
      403,
      PARTNER_IS_MEMBER,
    );
    expect((await owner().expect(200)).body.withdrawnAt).toBeNull();

    const first = receiptSchema.parse(
      (await receiptCall('post', `/receipts/${receiptId}/withdraw`, secret).expect(200)).body,
    );
    expect(first).toMatchObject({
      withdrawnAt: expect.any(String),
      withdrawable: false,
      verdict: { outcome: 'granted' },
    });
    const again = receiptSchema.parse(
      (await receiptCall('post', `/receipts/${receiptId}/withdraw`, secret).expect(200)).body,
    );
    expect(again.withdrawnAt).toBe(first.withdrawnAt);
    const byLink = await call(consent, 'post', `/sessions/${session.id}/withdraw`)
      .set(partnerHeaders(session))
      .expect(200);
    expect(consentSessionSchema.strict().parse(byLink.body).withdrawnAt).toBe(first.withdrawnAt);

    const seen = consentSessionSchema.strict().parse((await owner().expect(200)).body);
    expect(seen).toMatchObject({
      withdrawnAt: first.withdrawnAt,
      consentStatus: 'granted',
      aiVerdict: 'granted',
      check: null,
    });

    const withdrawals = (await auditRows(consent, session.id)).filter((row) => row.event === 'consent_withdrawn');
    expect(withdrawals).toEqual([
      {
        event: 'consent_withdrawn',
        details: { via: 'receipt' },
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Partner Phone)',
      },
    ]);
    expect(await consent.app.get(AuditLogService).verify(session.id)).toMatchObject({ valid: true });

    const push = await consent.app.get(JobQueues).queue(QUEUES.sessionUpdates).getJob(`${session.id}.withdrawn`);
    expect(push?.name).toBe(JOBS.pushSessionUpdate);
    expect(push?.data).toEqual({
      version: 2,
      sessionId: session.id,
      initiatorUserId: session.initiatorUserId,
      change: 'withdrawn',
    });

    const texts = await textsWhen(
      consent,
      session.id,
      (rows) => rows.length === 3 && rows.every((row) => row.status === 'sent'),
    );
    const withdrawal = texts.filter((row) => row.purpose === 'withdrawal');
    expect(withdrawal).toMatchObject([
      {
        recipient: 'member',
        phone: toE164(MEMBER_PHONE)!,
        body: `ConsentIQ: consent in your session ${session.qrCodeId} has been withdrawn. Open the app to see it.`,
      },
    ]);
    expect(withdrawal[0].body).not.toContain(PARTNER.name);
  });

  it('refuses to withdraw anything but a granted consent', async () => {
    const session = await sessionWithPhone(consent);
    await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: PARTNER.name, recipientPhone: PARTNER.phone })
      .expect(200);
    const { receiptId, secret } = await textedReceiptLink(devTexts(consent), session.id);
    const receipt = receiptSchema.parse((await receiptCall('get', `/receipts/${receiptId}`, secret).expect(200)).body);
    expect(receipt).toMatchObject({
      answer: 'no',
      verdict: { outcome: 'denied' },
      recordedAt: null,
      recordingSha256: null,
      recordingAvailable: false,
      withdrawable: false,
    });
    expectAnswer(await receiptCall('post', `/receipts/${receiptId}/withdraw`, secret), 409, {
      error: 'Only a granted consent can be withdrawn',
      code: 'consent_not_granted',
    });
    expect((await auditRows(consent, session.id)).map((row) => row.event)).not.toContain('consent_withdrawn');
    expectAnswer(await receiptCall('get', `/receipts/${receiptId}/recording`, secret), 404, {
      error: 'Recording not found',
      code: 'recording_not_found',
    });
  });

  it("deletes the recording at the partner's request, keeping its hash, the verdict and the audit chain; once", async () => {
    const { session, video, receiptId, secret } = await granted();
    const assetIds = (await consent.dataSource.query(`SELECT id FROM consent.video_assets WHERE session_id = $1`, [
      session.id,
    ])) as { id: string }[];
    const objects = async () => (await filesUnder(consent.storageDir)).filter((file) => file.includes(session.id));
    expect(await objects()).toHaveLength(1);
    // A copy of the object as a backup would hold it, and the ring that reads it today.
    const storageKey = `recordings/${session.id}/${assetIds[0].id}`;
    const backup = new LocalDirectoryStorage(await mkdtemp(join(tmpdir(), 'consent-backup-')));
    await backup.put(storageKey, await buffer(await new LocalDirectoryStorage(consent.storageDir).get(storageKey)));
    const readBackup = async (ring: KeyRing) =>
      buffer(await new EncryptedStorage(backup, consent.keyRing).get(storageKey, ring));
    expect((await readBackup(await sessionKeyRing(consent, session.id))).equals(video)).toBe(true);

    expectAnswer(
      await receiptCall('post', `/receipts/${receiptId}/delete-recording`).set(
        'X-Actor-User-Id',
        session.initiatorUserId,
      ),
      404,
      RECEIPT_NOT_FOUND,
    );
    expect(await objects()).toHaveLength(1);

    const deleted = receiptSchema.parse(
      (await receiptCall('post', `/receipts/${receiptId}/delete-recording`, secret).expect(200)).body,
    );
    expect(deleted).toMatchObject({
      recordingDeletedAt: expect.any(String),
      recordingAvailable: false,
      recordingSha256: createHash('sha256').update(video).digest('hex'),
      verdict: { outcome: 'granted' },
      transcript: 'my name is jordan and i consent',
    });
    expect(await objects()).toEqual([]);
    // Crypto-shredded: the session's key is gone, so even the backup's copy no longer decrypts with the service's keys.
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.recording_keys WHERE session_id = $1`, [session.id]),
    ).toEqual([]);
    await expect(readBackup(consent.keyRing)).rejects.toBeInstanceOf(EnvelopeError);
    expect(await assetRow(consent, assetIds[0].id)).toMatchObject({
      sha256: createHash('sha256').update(video).digest('hex'),
      stored_at: expect.any(Date),
    });
    expectAnswer(await receiptCall('get', `/receipts/${receiptId}/recording`, secret), 404, {
      error: 'Recording not found',
      code: 'recording_not_found',
    });

    const again = receiptSchema.parse(
      (await receiptCall('post', `/receipts/${receiptId}/delete-recording`, secret).expect(200)).body,
    );
    expect(again.recordingDeletedAt).toBe(deleted.recordingDeletedAt);
    const events = (await auditRows(consent, session.id)).map((row) => row.event);
    expect(events.filter((event) => event === 'recording_deleted')).toHaveLength(1);
    expect(events).toEqual(
      expect.arrayContaining(['recording_stored', 'decision_submitted', 'verdict_stored', 'recording_deleted']),
    );
    expect(await consent.app.get(AuditLogService).verify(session.id)).toMatchObject({ valid: true });
    // The certificate still verifies, and says when the recording was deleted at the partner's request.
    const certificate = signedCertificateSchema.parse(
      (await receiptCall('get', `/receipts/${receiptId}/certificate`, secret).expect(200)).body,
    );
    expect(certificate.certificate).toMatchObject({
      recordingDeletedAt: deleted.recordingDeletedAt,
      recordingSha256: createHash('sha256').update(video).digest('hex'),
      verdict: 'granted',
    });
    const verification = certificateVerificationSchema.parse(
      (await call(consent, 'post', '/verify/certificate').send(certificate).expect(200)).body,
    );
    expect(verification).toMatchObject({
      signatureValid: true,
      matchesRecord: true,
      state: { withdrawn: false, recordingDeleted: true },
    });
    // Deleting the recording withdraws nothing and texts nobody.
    expect((await textRows(consent, session.id)).length).toBe(2);
    expect((await receiptCall('get', `/receipts/${receiptId}`, secret).expect(200)).body.withdrawnAt).toBeNull();
  });
});
