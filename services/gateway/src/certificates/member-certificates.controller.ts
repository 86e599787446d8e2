import { isUuid } from '@app/contracts';
import { Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { SessionIdPipe } from '../consent/session-id.pipe';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { JwtAuthGuard } from '../sign-ins/jwt-auth.guard';

const validSessionId = new SessionIdPipe(isUuid);

/** The member's history and the certificates of their own sessions; the consent service decides what is theirs. */
@Controller('api/consent/sessions')
@UseGuards(JwtAuthGuard)
export class MemberCertificatesController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  /** `?before=<nextCursor>&limit=1..50`, passed on as given (the consent service checks them). */
  @Get()
  async history(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const query = new URLSearchParams();
    for (const name of ['before', 'limit']) {
      const value = request.query[name];
      if (typeof value === 'string') query.set(name, value);
    }
    await this.consent.forward(request, response, {
      method: 'GET',
      path: `/sessions?${query}`,
      actorUserId: member.userId,
    });
  }

  @Get(':id/certificate')
  async certificate(
    @Param('id', validSessionId) id: string,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Content-Disposition', `attachment; filename="consentiq-certificate-${id}.json"`);
    await this.consent.forward(request, response, {
      method: 'GET',
      path: `/sessions/${id}/certificate`,
      actorUserId: member.userId,
    });
  }

  @Get(':id/certificate.pdf')
  async certificatePdf(
    @Param('id', validSessionId) id: string,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Content-Disposition', `attachment; filename="consentiq-certificate-${id}.pdf"`);
    await this.consent.forward(request, response, {
      method: 'GET',
      path: `/sessions/${id}/certificate.pdf`,
      actorUserId: member.userId,
    });
  }
}
