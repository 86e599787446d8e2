import { API_ERRORS, type SupportSessionRecord, supportSessionRecordSchema } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable, Logger } from '@nestjs/common';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';

/** No member, partner or browser is behind the call: the consent service's support route needs the credential only. */
const STAFF_CALL = { actorUserId: null, recipientToken: null, clientIp: null };

/** A session's support record from the consent service: the record, the unknown session's 404, or 503. */
@Injectable()
export class SupportRecordReader {
  private readonly logger = new Logger(SupportRecordReader.name);

  constructor(private readonly consent: ConsentServiceProxy) {}

  async read(sessionId: string): Promise<SupportSessionRecord> {
    const answer = await this.consent
      .read(`/support/sessions/${encodeURIComponent(sessionId)}`, STAFF_CALL)
      .catch((error: NodeJS.ErrnoException) => {
        this.logger.warn(`consent service call failed: ${error.code ?? error.message}`);
        throw new ApiException(API_ERRORS.consentServiceUnavailable);
      });
    if (answer.status === 404) throw new ApiException(API_ERRORS.sessionNotFound);
    if (answer.status !== 200) {
      this.logger.warn(`consent service answered the support lookup with ${answer.status}`);
      throw new ApiException(API_ERRORS.consentServiceUnavailable);
    }
    // Parsed, not relayed: the contract's fields and nothing else reach staff.
    return supportSessionRecordSchema.parse(JSON.parse(answer.body.toString('utf8')));
  }
}
