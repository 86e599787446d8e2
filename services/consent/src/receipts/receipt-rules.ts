import type { Receipt as ReceiptJson } from '@app/contracts';
import type { VideoAsset } from '../recordings/video-asset.entity';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { decidingValue } from '../session-records/session-rules';
import type { Verdict } from '../verdicts/verdict.entity';

type WithdrawalFacts = Pick<ConsentSession, 'withdrawnAt' | 'aiVerdict' | 'consentStatus'>;

/**
 * What a withdrawal does: only a granted consent can be withdrawn, once; a second request answers the state that
 * stands. Nothing sets `withdrawnAt` back, so no later change (and nothing the member does) undoes it.
 */
export function withdrawalStep(session: WithdrawalFacts): 'withdraw' | 'already_withdrawn' | 'not_granted' {
  if (session.withdrawnAt) return 'already_withdrawn';
  return decidingValue(session) === 'granted' ? 'withdraw' : 'not_granted';
}

/** The recording the receipt is about: the one the verdict was made on, else the latest answered with (none after a No before recording). */
export function receiptAssetId(
  session: Pick<ConsentSession, 'videoAssetId'>,
  verdict: Pick<Verdict, 'videoAssetId'>,
): string | null {
  return verdict.videoAssetId ?? session.videoAssetId;
}

/** Playable: its bytes were stored and the partner has not had them deleted. */
export function recordingPlayable(
  session: Pick<ConsentSession, 'recordingDeletedAt'>,
  asset: Pick<VideoAsset, 'storedAt'> | null,
): boolean {
  return session.recordingDeletedAt === null && asset?.storedAt != null;
}

export interface ReceiptFacts {
  receiptId: string;
  session: ConsentSession;
  verdict: Verdict;
  asset: VideoAsset | null;
  initiatorFirstName: string;
}

/** The receipt as the partner reads it (docs/API.md, "Receipt object"). */
export function presentReceipt({ receiptId, session, verdict, asset, initiatorFirstName }: ReceiptFacts): ReceiptJson {
  return {
    id: receiptId,
    reference: session.qrCodeId,
    initiatorFirstName,
    recordedAt: asset?.storedAt?.toISOString() ?? null,
    answer: session.recipientDecision,
    verdict: { outcome: verdict.outcome, reasons: verdict.reasons, decidedAt: verdict.createdAt.toISOString() },
    transcript: verdict.transcript,
    recordingSha256: asset?.sha256 ?? null,
    recordingAvailable: recordingPlayable(session, asset),
    withdrawnAt: session.withdrawnAt?.toISOString() ?? null,
    withdrawable: withdrawalStep(session) === 'withdraw',
    recordingDeletedAt: session.recordingDeletedAt?.toISOString() ?? null,
  };
}
