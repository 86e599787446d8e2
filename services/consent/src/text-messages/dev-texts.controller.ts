import { API_ERRORS, type DevText, toE164 } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Get, Inject, Query } from '@nestjs/common';
import { LogTextMessageSender } from './log-text-message-sender';
import { TEXT_MESSAGE_SENDER, type TextMessageSender } from './text-message-sender';

/**
 * GET /dev/texts: the texts the `log` provider kept in this process, newest first, so the app can be tried end to end
 * with a phone that receives nothing (none with another provider); `?to=` (E.164, as the gateway parsed it): that
 * number's texts, however old. Registered only when NODE_ENV is not production (app.module.ts), where it does not
 * exist.
 */
@Controller('dev')
export class DevTextsController {
  constructor(@Inject(TEXT_MESSAGE_SENDER) private readonly sender: TextMessageSender) {}

  @Get('texts')
  texts(@Query('to') to?: unknown): DevText[] {
    const phone = to === undefined ? null : typeof to === 'string' ? toE164(to) : null;
    if (to !== undefined && !phone) throw new ApiException(API_ERRORS.phoneInvalid);
    if (!(this.sender instanceof LogTextMessageSender)) return [];
    return phone ? this.sender.sentTo(phone) : this.sender.latest();
  }
}
