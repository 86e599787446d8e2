import {
  API_ERRORS,
  type CertificateKeySet,
  type CertificateVerification,
  isRawRecordingType,
  recordingTooLargeMessage,
  type RecordingVerification,
  type SignedCertificate,
  verifyCertificateRequestSchema,
} from '@app/contracts';
import { ApiException, parseRawJson, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { renderCertificatePdf } from './certificate-pdf';
import { attachedCertificateFile } from './certificate-pdf-attachment';
import { CertificateSigner } from './certificate-signer';
import { Certificates } from './certificates';
import { sha256OfStream, UploadTooLargeError } from './upload-hash';

const verifyCertificateFile = new ZodBodyPipe(verifyCertificateRequestSchema);

@Controller()
export class CertificatesController {
  constructor(
    private readonly certificates: Certificates,
    private readonly signer: CertificateSigner,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /** Public through the gateway: every key a certificate may name. */
  @Get('certificate-keys')
  keys(): CertificateKeySet {
    return this.signer.keySet();
  }

  /** The member's own session with a final verdict. */
  @Get('sessions/:id/certificate')
  certificate(@Param('id') id: string, @Caller() caller: CallerContext): Promise<SignedCertificate> {
    return this.certificates.issue(id, caller.actorUserId);
  }

  @Get('sessions/:id/certificate.pdf')
  async certificatePdf(
    @Param('id') id: string,
    @Caller() caller: CallerContext,
    @Res() response: Response,
  ): Promise<void> {
    const pdf = await renderCertificatePdf(await this.certificates.issue(id, caller.actorUserId));
    response.status(200).type('application/pdf').send(pdf);
  }

  /** The file's text as the body (read raw: JSON.parse would hide a key written twice). */
  @Post('verify/certificate')
  @HttpCode(200)
  verifyCertificate(@Body() body: unknown): Promise<CertificateVerification> {
    const { text, value } = parseRawJson(body);
    return this.certificates.verify(text, verifyCertificateFile.transform(value));
  }

  /** A certificate PDF as the body (read raw): the certificate file attached to it is checked as that file would be. */
  @Post('verify/certificate.pdf')
  @HttpCode(200)
  async verifyCertificatePdf(@Body() body: unknown): Promise<CertificateVerification> {
    const file = Buffer.isBuffer(body) ? await attachedCertificateFile(body) : null;
    if (!file) throw new ApiException(API_ERRORS.noCertificateInPdf);
    return this.verifyCertificate(file);
  }

  /** The file itself as the body: hashed as it streams in, never stored. */
  @Post('verify/recording')
  @HttpCode(200)
  async verifyRecording(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RecordingVerification> {
    if (!isRawRecordingType(request.headers['content-type'])) throw new ApiException(API_ERRORS.rawUploadExpected);
    let sha256: string;
    try {
      sha256 = await sha256OfStream(request, this.config.RECORDING_MAX_BYTES);
    } catch (error) {
      if (!(error instanceof UploadTooLargeError)) throw new ApiException(API_ERRORS.uploadInterrupted);
      // The rest is not read: closing tells the client to stop sending.
      response.setHeader('Connection', 'close');
      throw new ApiException(API_ERRORS.recordingTooLarge, recordingTooLargeMessage(this.config.RECORDING_MAX_BYTES));
    }
    return this.certificates.verifyRecording(sha256);
  }
}
