import { singleHeader } from '@app/http';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { WebhookIntake } from './webhook-intake';

/**
 * `POST /webhooks`: the provider's events, relayed by the gateway with the raw body untouched (never JSON-parsed:
 * the signature covers the exact bytes) and the provider's signature header as `X-Provider-Signature`. Answered at
 * once: the event is processed from the queue.
 */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly intake: WebhookIntake) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() request: Request): Promise<{ received: true }> {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await this.intake.receive(rawBody, singleHeader(request.headers['x-provider-signature']));
    return { received: true };
  }
}
