import { API_ERRORS, type HistoryPage, isUuid } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { HistoryRepository } from './history.repository';
import { firstNameOf, hasCertificate, historyStateOf } from './history-rules';

/** The member's own sessions, with what they may show: the time, the partner's first name, the state. */
@Injectable()
export class MemberHistory {
  constructor(private readonly repository: HistoryRepository) {}

  async page(userId: string, before: string | null, limit: number): Promise<HistoryPage> {
    if (before !== null && !(isUuid(before) && (await this.repository.isOwnSession(userId, before))))
      throw new ApiException(API_ERRORS.invalidCursor);
    // One more than asked tells whether another page follows.
    const sessions = await this.repository.page(userId, before, limit + 1);
    const now = new Date();
    const shown = sessions.slice(0, limit).map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      partnerFirstName: firstNameOf(session.recipientFullName),
      state: historyStateOf(session, now),
      certificate: hasCertificate(session),
    }));
    return { sessions: shown, nextCursor: sessions.length > limit ? shown[shown.length - 1].id : null };
  }
}
