import { API_ERRORS, isUuid, RECEIPT_SECRET_HEADER } from '@app/contracts';
import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { SessionIdPipe } from '../consent/session-id.pipe';
import type { ForwardTarget } from '../internal-services/internal-service.proxy';

const validReceiptId = new SessionIdPipe(isUuid, API_ERRORS.receiptNotFound);
const validSessionId = new SessionIdPipe(isUuid);
// Secrets are 43 base64url characters; anything else could not match, and might not even be sendable as a header.
const SECRET = /^[\w-]{1,128}$/;

/**
 * The partner's receipt (the link in their verification text) and their withdrawal. Nobody signs in: the receipt's
 * secret (X-Receipt-Secret) or, on the result screen, the link's token is the only credential, and the member's
 * sign-in is never passed on, so the member cannot act here. The consent service decides whether the secret matches.
 */
@Controller('api')
export class ReceiptsController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  @Get('receipts/:id')
  async read(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, receiptCall(request, 'GET', `/receipts/${id}`));
  }

  /** The partner's recording, decrypted as it streams (the page fetches it with the header and plays it as a blob). */
  @Get('receipts/:id/recording')
  async recording(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      ...receiptCall(request, 'GET', `/receipts/${id}/recording`),
      answer: 'stream',
    });
  }

  /** The session's certificate, as the member's route answers it (`MemberCertificatesController`), saved as a file. */
  @Get('receipts/:id/certificate')
  async certificate(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Content-Disposition', 'attachment; filename="consentiq-certificate.json"');
    await this.consent.forward(request, response, receiptCall(request, 'GET', `/receipts/${id}/certificate`));
  }

  @Get('receipts/:id/certificate.pdf')
  async certificatePdf(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Content-Disposition', 'attachment; filename="consentiq-certificate.pdf"');
    await this.consent.forward(request, response, receiptCall(request, 'GET', `/receipts/${id}/certificate.pdf`));
  }

  @Post('receipts/:id/withdraw')
  async withdraw(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, receiptCall(request, 'POST', `/receipts/${id}/withdraw`));
  }

  @Post('receipts/:id/delete-recording')
  async deleteRecording(
    @Param('id', validReceiptId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, receiptCall(request, 'POST', `/receipts/${id}/delete-recording`));
  }

  /** The result screen's withdrawal, with the link's token (X-Recipient-Token), as the partner's other calls. */
  @Post('consent/sessions/:id/withdraw')
  async withdrawByLink(
    @Param('id', validSessionId) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'POST',
      path: `/sessions/${id}/withdraw`,
      actorUserId: null,
    });
  }
}

function receiptCall(request: Request, method: 'GET' | 'POST', path: string): ForwardTarget {
  const secret = request.headers[RECEIPT_SECRET_HEADER.toLowerCase()];
  return {
    method,
    path,
    actorUserId: null,
    headers: typeof secret === 'string' && SECRET.test(secret) ? { [RECEIPT_SECRET_HEADER]: secret } : {},
  };
}
