import type { ConsentSession as SessionJson } from '@app/contracts';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { SessionsService } from '../sessions/sessions.service';
import { WithdrawConsent } from './withdraw-consent';

/** The partner's result screen, right after recording: the same withdrawal with the link's token instead of the receipt. */
@Controller('sessions')
export class WithdrawalController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly withdrawal: WithdrawConsent,
  ) {}

  /** The link's token only (every other caller, the member included, gets the unknown session's 404). */
  @Post(':id/withdraw')
  @HttpCode(200)
  async withdraw(@Param('id') id: string, @Caller() caller: CallerContext): Promise<SessionJson> {
    const session = await this.sessions.partnerSession(id, caller);
    return this.sessions.presentToPartner(await this.withdrawal.run(session.id, 'link', caller.audit), new Date());
  }
}
