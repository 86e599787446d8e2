import type { DevText } from '@app/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { LogTextMessageSender } from './log-text-message-sender';
import { TEXT_MESSAGE_SENDER, type TextMessageSender } from './text-message-sender';

/**
 * GET /dev/texts: the texts the `log` provider kept in this process, newest first, so the app can be tried end to end
 * with a phone that receives nothing (none with another provider). Registered only when NODE_ENV is not production
 * (app.module.ts), where it does not exist.
 */
@Controller('dev')
export class DevTextsController {
  constructor(@Inject(TEXT_MESSAGE_SENDER) private readonly sender: TextMessageSender) {}

  @Get('texts')
  texts(): DevText[] {
    return this.sender instanceof LogTextMessageSender ? this.sender.latest() : [];
  }
}
