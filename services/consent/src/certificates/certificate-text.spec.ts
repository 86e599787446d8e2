import { type Certificate, REASON_SENTENCES } from '@app/contracts';
import { drawnLines } from '@app/testing';
import { PRESSED_NO_CERTIFICATE as pressedNo, UNCLEAR_CERTIFICATE as unclear } from '../../test/certificate-fixture';
import { PRESSED_NO } from '../decisions/pressed-no';
import { RETAKE_NOT_RECORDED } from '../session-records/session-rules';
import { renderCertificatePdf, SIGNED_FILE_HEADING } from './certificate-pdf';
import { certificateFields } from './certificate-text';

/** `2026-01-02T10:01:30.000Z` as the readable part writes it, worked out here by hand. */
const isoAsRead = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
const field = (certificate: Certificate, label: string) =>
  certificateFields(certificate).find(([name]) => name === label)?.[1];
/** Codes as the JSON writes them: snake_case, or a recogniser's name. */
const CODE = /[a-z]+_[a-z_]+|pocketsphinx|phone-loop/;

describe('certificateFields', () => {
  it('says the outcome and every reason in words, and never the codes or the recogniser', () => {
    const fields = certificateFields(unclear);
    expect(field(unclear, 'Outcome')).toBe('The recording did not clearly give consent, so it counts as a no.');
    expect(field(unclear, 'Why')!.split('\n')).toEqual([
      'Some of the words could not be made out.',
      'The name typed was heard in the recording.',
      'A new recording was offered but not made in time.',
    ]);
    expect(field(unclear, 'Speech check')).toBe('Checked automatically by ConsentIQ');
    for (const [label, value] of fields) expect(`${label}: ${value}`).not.toMatch(CODE);
    expect(fields.map(([label]) => label)).not.toContain("Judge's outcome");
  });

  it('gives every time as a UTC date and clock time, never in the ISO form of the signed file', async () => {
    expect(field(unclear, 'Session created')).toBe(`${isoAsRead(unclear.createdAt)} UTC`);
    expect(field(unclear, 'Verdict stored')).toBe(`${isoAsRead(unclear.verdictAt)} UTC`);
    expect(field(unclear, 'Issued')).toBe(`${isoAsRead(unclear.issuedAt)} UTC`);
    expect(field(pressedNo, 'Answered')).toBe(`${isoAsRead(pressedNo.answeredAt!)} UTC`);
    const lines = drawnLines(await renderCertificatePdf({ certificate: unclear, signature: 'sig' }));
    const readable = lines.slice(0, lines.indexOf(SIGNED_FILE_HEADING)).join('\n');
    expect(readable).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(readable).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });

  it('says there is no recording when there is none, never that it is kept', () => {
    expect(field(pressedNo, 'Recording')).toBe('None');
    expect(field(pressedNo, 'Recording SHA-256')).toBe('None: nothing was recorded');
    expect(field(pressedNo, 'Why')).toBe('The partner answered No.');
    expect(field(pressedNo, 'Outcome')).toBe('The answer was no.');
    expect(field(pressedNo, 'Speech check')).toBe('None: no recording was checked');
    expect(field(unclear, 'Recording')).toBe('Kept, encrypted');
    expect(field({ ...unclear, recordingDeletedAt: '2026-01-04T00:00:00.000Z' }, 'Recording')).toBe(
      "Deleted at the partner's request at 2026-01-04 00:00:00 UTC",
    );
  });

  it('says how the partner was proved: a code texted to the number ending in its last digits, answered on that phone', async () => {
    const proved: Certificate = {
      ...unclear,
      partnerProof: { method: 'texted_code', phoneEndsWith: '78', answeredOn: 'proving_phone' },
    };
    expect(field(proved, "Partner's phone")).toBe(
      'Proved by a code texted to the number ending in 78 at 2026-01-02 10:01:30 UTC; answered on the phone that confirmed it',
    );
    // The PDF prints it (a long line broken between words).
    expect(drawnLines(await renderCertificatePdf({ certificate: proved, signature: 'sig' })).join('')).toContain(
      'Proved by a code texted to the number ending in 78 at 2026-01-02 10:01:30 UTC; answered on the phone that confirmed it',
    );
    // A record from before answers were bound to the proving phone claims no more than the code.
    expect(field(unclear, "Partner's phone")).toBe('Proved with a texted code at 2026-01-02 10:01:30 UTC');
    expect(field({ ...unclear, phoneVerifiedAt: null }, "Partner's phone")).toBe(
      'Not proved (answered before the phone check)',
    );
  });

  it('has a sentence for every reason the consent service stores itself', () => {
    // The worker's reasons are held to theirs in services/media-worker/src/judgement/reason-sentences.spec.ts; a
    // failed analysis' own code is written by the requeue pass.
    for (const code of [...PRESSED_NO(null).reasons, RETAKE_NOT_RECORDED, 'analysis_failed'])
      expect(Object.keys(REASON_SENTENCES)).toContain(code);
  });
});

describe('renderCertificatePdf', () => {
  it('prints the plain fields, and the codes only in the signed file below them', async () => {
    const lines = drawnLines(await renderCertificatePdf({ certificate: pressedNo, signature: 'sig' }));
    const heading = lines.indexOf(SIGNED_FILE_HEADING);
    expect(heading).toBeGreaterThan(0);
    const readable = lines.slice(0, heading);
    expect(readable).toEqual(expect.arrayContaining(['Recording', 'None', 'Why', 'The partner answered No.']));
    expect(readable.join('\n')).not.toMatch(CODE);
    expect(readable).not.toContain('Kept, encrypted');
    expect(lines.slice(heading).join('')).toContain('"reasons":["pressed_no"]');
  });

  it('prints each reason on a line of its own, and breaks longer text between words', async () => {
    const many = { ...unclear, reasons: Object.keys(REASON_SENTENCES) };
    const lines = drawnLines(await renderCertificatePdf({ certificate: many, signature: 'sig' }));
    for (const sentence of Object.values(REASON_SENTENCES)) expect(lines).toContain(sentence);
    const verify = lines.slice(lines.indexOf('Verify this certificate') + 1, lines.indexOf(SIGNED_FILE_HEADING));
    expect(verify.length).toBeGreaterThan(1);
    for (const line of verify.slice(0, -1)) expect(line).toMatch(/ $/);
    expect(verify.join('')).toMatch(/^Upload this PDF, or the certificate.json attached to it, at \/verify\./);
  });
});
