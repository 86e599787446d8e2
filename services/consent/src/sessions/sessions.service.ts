import {
  type ConsentSession as SessionJson,
  type CreateSessionInput,
  isQrCodeId,
  isUuid,
  newQrCodeId,
  type SessionPushViews,
} from '@app/contracts';
import { Transaction, UnitOfWork } from '@app/database';
import { generateRecipientToken, hashRecipientToken } from '@app/session-views';
import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { AuditContext, AuditLogService } from '../audit/audit-log.service';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import type { CallerContext } from '../http/caller-context';
import { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { isExpired, readStableUntil } from '../session-records/session-rules';
import { SessionViewFill } from '../session-views/session-view-fill';
import { VerdictsRepository } from '../verdicts/verdicts.repository';
import { presentCheck, presentSession, showsWhatWasHeard, type StoredOutcome } from './session.presenter';
import { canRead, holdsLink, isOwner, isPartner } from './session-access';
import { refuseAsPartner, refuseAsProver, SessionNotFoundException } from './session-errors';

const QR_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const QR_RANDOM_LENGTH = 10;

@Injectable()
export class SessionsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly verdicts: VerdictsRepository,
    private readonly views: SessionViewFill,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /** A new session of the signed-in member. The partner's token is answered this once and only its hash is kept. */
  async create(initiatorUserId: string, input: CreateSessionInput, audit: AuditContext): Promise<SessionJson> {
    const now = new Date();
    const recipientToken = generateRecipientToken();
    const qrCodeId = newQrCodeId(now, randomQrSuffix());
    const session = await this.unitOfWork.run(async (transaction) => {
      const id = await this.repository.insert(transaction, {
        qrCodeId,
        initiatorUserId,
        initiatorFullName: input.initiatorFullName,
        initiatorPictureUrl: input.initiatorPictureUrl,
        initiatorPhone: input.initiatorPhone || null,
        recipientTokenHash: hashRecipientToken(recipientToken),
        deleteAfterDays: input.deleteAfterDays,
        expiresAt: new Date(now.getTime() + this.config.SESSION_EXPIRY_MINUTES * 60_000),
      });
      await this.audit.append(
        transaction,
        id,
        'session_created',
        { qrCodeId, deleteAfterDays: input.deleteAfterDays },
        audit,
      );
      return this.repository.get(transaction, id);
    });
    return presentSession(session, now, { recipientToken });
  }

  /**
   * The owner's or the partner's view of a session. Both views go to the gateway's read model, which answers the
   * next polls of the session until it changes (`SessionViewFill`).
   */
  async read(id: string, caller: CallerContext): Promise<SessionJson> {
    const { session, now, member, partner } = await this.bothViews(id, (found, at) => canRead(found, caller, at));
    return isPartner(session, caller, now) ? partner : member;
  }

  /**
   * Both views for a live push, made for no caller, with the hash of the one credential the partner's is for (the
   * gateway's room of the sockets that presented it). No partner's view while no phone is proved (the link's holders
   * then read their own) and once the partner may no longer read the session.
   */
  async pushViews(id: string): Promise<SessionPushViews> {
    const { session, now, member, partner } = await this.bothViews(id, () => true);
    const credential = session.partnerCredentialHash;
    return {
      member,
      partner:
        credential && !isExpired(session, now)
          ? { session: partner, partnerCredentialHash: credential.toString('base64url') }
          : null,
    };
  }

  /** One read of the session, both its views, and the read model filled with them; a 404 unless `mayRead`. */
  private async bothViews(id: string, mayRead: (session: ConsentSession, now: Date) => boolean) {
    if (!isUuid(id)) throw new SessionNotFoundException();
    const observed = await this.views.observe(id);
    const now = new Date();
    const session = await this.repository.findById(id);
    if (!session || !mayRead(session, now)) throw new SessionNotFoundException();
    const verdict = await this.verdictOf(session);
    const member = presentSession(session, now, { verdict });
    const partner = await this.partnerView(session, now, verdict);
    await this.views.fill(id, observed, {
      initiatorUserId: session.initiatorUserId,
      recipientTokenHash: session.recipientTokenHash,
      partnerCredentialHash: session.partnerCredentialHash,
      partnerMayRead: !isExpired(session, now),
      freshUntil: readStableUntil(session, now),
      memberBody: JSON.stringify(member),
      partnerBody: JSON.stringify(partner),
    });
    return { session, now, member, partner };
  }

  /**
   * What the partner's form loads from the QR link; the link opened by anyone but the member is audited. Whoever may
   * not act as the partner (the member, the link without the proved phone's credential) is answered without the check.
   */
  async readByQrCode(qrCodeId: string, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const session = isQrCodeId(qrCodeId) ? await this.repository.find({ qrCodeId }) : null;
    if (!session || !canRead(session, caller, now)) throw new SessionNotFoundException();
    if (holdsLink(session, caller, now) && !isOwner(session, caller)) {
      await this.unitOfWork.run((transaction) =>
        this.audit.append(transaction, session.id, 'link_opened', {}, caller.audit),
      );
    }
    const verdict = await this.verdictOf(session);
    return isPartner(session, caller, now)
      ? this.partnerView(session, now, verdict)
      : presentSession(session, now, { verdict });
  }

  /**
   * The session with the speech check, for the holder of the link's token only: what was heard is the partner's own
   * statement, and whether they may record again tells the attempt's outcome, so the member is never answered either.
   */
  async presentToPartner(session: ConsentSession, now: Date): Promise<SessionJson> {
    return this.partnerView(session, now, await this.verdictOf(session));
  }

  private async partnerView(session: ConsentSession, now: Date, verdict: StoredOutcome | null): Promise<SessionJson> {
    const heard = showsWhatWasHeard(session, now) ? await this.attempts.latestTranscript(session.id) : null;
    return presentSession(session, now, { check: presentCheck(session, heard, now), verdict });
  }

  /** A denied session's verdict, for why it was denied (`deniedBecause`); no other state reads it. */
  private verdictOf(session: ConsentSession): Promise<StoredOutcome | null> {
    return session.aiVerdict === 'denied' ? this.verdicts.outcomeOf(session.id) : Promise.resolve(null);
  }

  /**
   * The session if the caller may act as its partner (`isPartner`), else refused (`refuseAsPartner`). Given a
   * transaction, the row is locked until commit, so the checks the caller makes on it still hold when it writes.
   */
  async partnerSession(id: string, caller: CallerContext, transaction?: Transaction): Promise<ConsentSession> {
    return this.lockedFor(id, transaction, (session) => refuseAsPartner(session, caller, new Date()));
  }

  /** As `partnerSession`, for proving the phone (`refuseAsProver`): after the proof the link's holder may prove it again. */
  async proofSession(id: string, caller: CallerContext, transaction?: Transaction): Promise<ConsentSession> {
    return this.lockedFor(id, transaction, (session) => refuseAsProver(session, caller, new Date()));
  }

  private async lockedFor(
    id: string,
    transaction: Transaction | undefined,
    refuse: (session: ConsentSession) => void,
  ): Promise<ConsentSession> {
    const session = isUuid(id) ? await this.repository.find({ id }, transaction) : null;
    if (!session) throw new SessionNotFoundException();
    refuse(session);
    return session;
  }
}

function randomQrSuffix(): string {
  return Array.from({ length: QR_RANDOM_LENGTH }, () => QR_ALPHABET[randomInt(QR_ALPHABET.length)]).join('');
}
