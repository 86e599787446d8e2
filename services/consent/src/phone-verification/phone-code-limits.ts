import { API_ERRORS } from '@app/contracts';
import type { Transaction } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { AuditEntriesRepository } from '../audit/audit-entries.repository';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { PHONE_CODE_DAY_MS, PHONE_CODE_HOUR_MS } from '../phone-codes/phone-code-rules';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { PhoneVerificationsRepository } from './phone-verifications.repository';

/**
 * The limits on texting codes, each exact under its own advisory lock, taken in one order (member, address, number)
 * so two sends never deadlock: per member in the last hour (their own phone's codes and their sessions' partners'),
 * per network address in the last hour, so one member or one client cannot text number after number; per number in
 * the last day, whoever asks.
 */
@Injectable()
export class PhoneCodeLimits {
  constructor(
    private readonly locks: PhoneVerificationsRepository,
    private readonly texts: TextMessagesRepository,
    private readonly auditEntries: AuditEntriesRepository,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  async assertWithin(
    transaction: Transaction,
    sender: { memberId: string; ip: string | null },
    phone: string,
    now: Date,
  ): Promise<void> {
    const hourAgo = new Date(now.getTime() - PHONE_CODE_HOUR_MS);
    await this.locks.lock(transaction, `member:${sender.memberId}`);
    if (
      (await this.texts.countMemberPhoneCodesSince(transaction, sender.memberId, hourAgo)) >=
      this.config.PHONE_CODES_PER_MEMBER_PER_HOUR
    ) {
      throw new ApiException(API_ERRORS.phoneCodeHourlyLimit);
    }
    if (sender.ip) {
      await this.locks.lock(transaction, `address:${sender.ip}`);
      if (
        (await this.auditEntries.countFromAddressSince(transaction, 'phone_code_sent', sender.ip, hourAgo)) >=
        this.config.PHONE_CODES_PER_ADDRESS_PER_HOUR
      ) {
        throw new ApiException(API_ERRORS.phoneCodeHourlyLimit);
      }
    }
    await this.locks.lock(transaction, `number:${phone}`);
    const sentToday = await this.texts.countPhoneCodesSince(
      transaction,
      phone,
      new Date(now.getTime() - PHONE_CODE_DAY_MS),
    );
    if (sentToday >= this.config.PHONE_CODES_PER_NUMBER_PER_DAY) throw new ApiException(API_ERRORS.phoneCodeDailyLimit);
  }
}
