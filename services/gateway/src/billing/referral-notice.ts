import { Injectable, Logger } from '@nestjs/common';
import { BillingServiceProxy } from './billing-service.proxy';

/** A new member's registration does not wait longer than this for billing. */
const REFERRAL_NOTICE_TIMEOUT_MS = 5_000;

/**
 * Tells the billing service that a new member came through a referral link (`/register?ref=CODE`): `POST /referrals
 * {code}` as the new member. Billing decides whether it counts. A failure never fails the registration: it is logged
 * without the code, the member or anything else personal.
 */
@Injectable()
export class ReferralNotice {
  private readonly logger = new Logger(ReferralNotice.name);

  constructor(private readonly billing: BillingServiceProxy) {}

  async referred(userId: string, code: string): Promise<void> {
    try {
      const answer = await this.billing.call(
        'POST',
        '/referrals',
        { actorUserId: userId, recipientToken: null, clientIp: null },
        { code },
        REFERRAL_NOTICE_TIMEOUT_MS,
      );
      if (answer.status !== 200) this.logger.warn(`Referral not recorded: billing answered ${answer.status}`);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.logger.warn(`Referral not recorded: billing service call failed: ${reason}`);
    }
  }
}
