import { API_ERRORS, HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX, type HistoryPage } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Get, Query } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { pageLimit } from './history-rules';
import { MemberHistory } from './member-history';

@Controller('sessions')
export class HistoryController {
  constructor(private readonly history: MemberHistory) {}

  /** The signed-in member's sessions, newest first: `?before=<nextCursor>&limit=1..50`. */
  @Get()
  list(
    @Caller() caller: CallerContext,
    @Query('before') before: unknown,
    @Query('limit') rawLimit: unknown,
  ): Promise<HistoryPage> {
    if (!caller.actorUserId) throw new ApiException(API_ERRORS.notSignedIn);
    const limit = pageLimit(rawLimit, HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX);
    if (limit === null)
      throw new ApiException(API_ERRORS.validationFailed, `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}`);
    if (before !== undefined && typeof before !== 'string') throw new ApiException(API_ERRORS.invalidCursor);
    return this.history.page(caller.actorUserId, before ?? null, limit);
  }
}
