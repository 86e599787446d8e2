import {
  API_ERRORS,
  isRawRecordingType,
  recordingTooLargeMessage,
  verifyCertificateRequestSchema,
} from '@app/contracts';
import { ApiException, parseRawJson, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { clientIp } from '../http/client-info';
import { VerificationLimiter } from './verification-limiter';

const verifyCertificateFile = new ZodBodyPipe(verifyCertificateRequestSchema);

/** A PDF begins with its header, which readers look for in the first kilobyte. */
const isPdf = (body: unknown): body is Buffer => Buffer.isBuffer(body) && body.subarray(0, 1024).includes('%PDF-');

/** Anyone's: the published keys, and checking a certificate or a recording against our records. */
@Controller()
export class VerificationController {
  constructor(
    private readonly consent: ConsentServiceProxy,
    private readonly limiter: VerificationLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The keys certificates are signed with, so they can be verified without us. */
  @Get('.well-known/consentiq-keys.json')
  async keys(@Req() request: Request, @Res() response: Response): Promise<void> {
    // Keys change only with a rotation, which keeps the old ones listed.
    response.setHeader('Cache-Control', 'public, max-age=300');
    await this.consent.forward(request, response, { method: 'GET', path: '/certificate-keys', actorUserId: null });
  }

  /** The file's text as the body, read raw and passed on as it came: the consent service checks that text itself. */
  @Post('api/verify/certificate')
  async verifyCertificate(@Body() body: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    verifyCertificateFile.transform(parseRawJson(body).value);
    await this.limiter.consume(clientIp(request));
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/verify/certificate',
      actorUserId: null,
      body: { raw: body as Buffer, contentType: 'application/json' },
    });
  }

  /** A certificate PDF as the body, read raw and passed on: the consent service reads the certificate file it carries. */
  @Post('api/verify/certificate.pdf')
  async verifyCertificatePdf(@Body() body: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (!isPdf(body)) throw new ApiException(API_ERRORS.noCertificateInPdf);
    await this.limiter.consume(clientIp(request));
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/verify/certificate.pdf',
      actorUserId: null,
      body: { raw: body, contentType: 'application/pdf' },
    });
  }

  /** The recording file itself as the body, streamed through to be hashed; nobody stores it. */
  @Post('api/verify/recording')
  async verifyRecording(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.limiter.consume(clientIp(request));
    if (!isRawRecordingType(request.headers['content-type'])) throw new ApiException(API_ERRORS.rawUploadExpected);
    if (Number(request.headers['content-length']) > this.config.RECORDING_MAX_BYTES) {
      response.setHeader('Connection', 'close');
      throw new ApiException(API_ERRORS.recordingTooLarge, recordingTooLargeMessage(this.config.RECORDING_MAX_BYTES));
    }
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/verify/recording',
      actorUserId: null,
      body: 'stream',
    });
  }
}
