import type { Receipt as ReceiptJson, SignedCertificate } from '@app/contracts';
import { singleHeader } from '@app/http';
import { Controller, Get, Headers, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { renderCertificatePdf } from '../certificates/certificate-pdf';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { ReceiptsService } from './receipts.service';

/** The header the gateway relays the receipt's secret in (the web app reads it from the link's fragment). */
const SECRET = 'x-receipt-secret';
type Secret = string | string[] | undefined;

/** The partner's receipt; every route needs its secret, and every refusal is the one 404 `receipt_not_found`. */
@Controller('receipts')
export class ReceiptsController {
  private readonly logger = new Logger(ReceiptsController.name);

  constructor(private readonly receipts: ReceiptsService) {}

  @Get(':id')
  read(@Param('id') id: string, @Headers(SECRET) secret: Secret): Promise<ReceiptJson> {
    return this.receipts.read(id, singleHeader(secret));
  }

  /** Streamed as it is decrypted; a segment that fails authentication ends the answer broken, never passes bad bytes. */
  @Get(':id/recording')
  async recording(@Param('id') id: string, @Headers(SECRET) secret: Secret, @Res() response: Response): Promise<void> {
    const { content, mimeType } = await this.receipts.recording(id, singleHeader(secret));
    response.status(200).setHeader('Content-Type', mimeType).setHeader('Cache-Control', 'no-store');
    await pipeline(content, response).catch((error: Error) => {
      this.logger.warn(`Recording of receipt ${id} not sent whole: ${error.message}`);
      response.destroy();
    });
  }

  /** The session's certificate, the same as the member's (`CertificatesController`). */
  @Get(':id/certificate')
  certificate(@Param('id') id: string, @Headers(SECRET) secret: Secret): Promise<SignedCertificate> {
    return this.receipts.certificate(id, singleHeader(secret));
  }

  @Get(':id/certificate.pdf')
  async certificatePdf(
    @Param('id') id: string,
    @Headers(SECRET) secret: Secret,
    @Res() response: Response,
  ): Promise<void> {
    const pdf = await renderCertificatePdf(await this.receipts.certificate(id, singleHeader(secret)));
    response.status(200).type('application/pdf').send(pdf);
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  withdraw(
    @Param('id') id: string,
    @Headers(SECRET) secret: Secret,
    @Caller() caller: CallerContext,
  ): Promise<ReceiptJson> {
    return this.receipts.withdraw(id, singleHeader(secret), caller.audit);
  }

  @Post(':id/delete-recording')
  @HttpCode(200)
  deleteRecording(
    @Param('id') id: string,
    @Headers(SECRET) secret: Secret,
    @Caller() caller: CallerContext,
  ): Promise<ReceiptJson> {
    return this.receipts.deleteRecording(id, singleHeader(secret), caller.audit);
  }
}
