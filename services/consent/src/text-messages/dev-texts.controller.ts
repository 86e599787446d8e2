import type { DevText } from '@app/contracts';
import { Controller, Get } from '@nestjs/common';
import { TextMessagesRepository } from './text-messages.repository';

const SHOWN = 50;

/**
 * GET /dev/texts: the texts the `log` provider kept on this machine, so the app can be tried end to end with a phone
 * that receives nothing. Registered only when NODE_ENV is not production (app.module.ts), where it does not exist.
 */
@Controller('dev')
export class DevTextsController {
  constructor(private readonly messages: TextMessagesRepository) {}

  @Get('texts')
  async texts(): Promise<DevText[]> {
    const rows = await this.messages.latestLogged(SHOWN);
    return rows.map((row) => ({ to: row.phone, body: row.body, sentAt: row.sentAt?.toISOString() ?? null, purpose: row.purpose }));
  }
}
