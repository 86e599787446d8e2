import { API_ERRORS, type DevText } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { devTextsPage } from './dev-texts.page';
import { LoopbackOnlyGuard } from './loopback-only.guard';

/**
 * `/dev/texts`: the consent service's development outbox as a page, so `npm start` can be tried end to end with a
 * phone that receives nothing (the partner's code, the receipt link). Registered only when NODE_ENV is not
 * production (app.module.ts), as is the consent service's route behind it (reached with the service credential only),
 * and answered only to this machine: the texts hold phone codes and receipt links, and a development server may be
 * reachable from a network.
 */
@Controller('dev')
@UseGuards(LoopbackOnlyGuard)
export class DevTextsController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  @Get('texts')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async texts(): Promise<string> {
    const answer = await this.consent.read('/dev/texts', { actorUserId: null, recipientToken: null, clientIp: null });
    if (answer.status !== 200) throw new ApiException(API_ERRORS.consentServiceUnavailable);
    return devTextsPage(JSON.parse(answer.body.toString('utf8')) as DevText[]);
  }
}
