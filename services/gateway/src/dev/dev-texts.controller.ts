import { API_ERRORS, type DevText, toE164 } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { devTextsPage, devTextsSearchPage } from './dev-texts.page';
import { LoopbackOnlyGuard } from './loopback-only.guard';

/**
 * `/dev/texts`: the consent service's development outbox as a page, so `npm start` can be tried end to end with a
 * phone that receives nothing (the partner's code, the receipt link); `?to=<number>`: that number's texts, however
 * old, the number read as the app reads a member's (without a country code: PHONE_DEFAULT_CALLING_CODE's), and a
 * blank `?to=` the form that asks for one. Registered only when
 * NODE_ENV is not production (app.module.ts), as is the consent service's route behind it (reached with the service
 * credential only), and answered only to this machine: the texts hold phone codes and receipt links, and a
 * development server may be reachable from a network.
 */
@Controller('dev')
@UseGuards(LoopbackOnlyGuard)
export class DevTextsController {
  constructor(
    private readonly consent: ConsentServiceProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('texts')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async texts(@Query('to') to?: unknown): Promise<string> {
    // Absent, or repeated (an array): the newest texts.
    if (typeof to !== 'string') return devTextsPage(await this.read('/dev/texts'));
    const written = to.trim();
    const phone = written ? toE164(written, this.config.PHONE_DEFAULT_CALLING_CODE) : null;
    if (!phone) return devTextsSearchPage(written || undefined);
    return devTextsPage(await this.read(`/dev/texts?to=${encodeURIComponent(phone)}`), phone);
  }

  private async read(path: string): Promise<DevText[]> {
    const answer = await this.consent.read(path, { actorUserId: null, recipientToken: null, clientIp: null });
    if (answer.status !== 200) throw new ApiException(API_ERRORS.consentServiceUnavailable);
    return JSON.parse(answer.body.toString('utf8')) as DevText[];
  }
}
