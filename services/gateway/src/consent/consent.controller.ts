import {
  API_ERRORS,
  isQrCodeId,
  isUuid,
  type RegisterAssetInput,
  registerAssetRequestSchema,
  type StatusUpdateRequest,
  statusUpdateRequestSchema,
  toE164,
} from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, Inject, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { JwtAuthGuard } from '../sign-ins/jwt-auth.guard';
import { OptionalJwtAuthGuard } from '../sign-ins/optional-jwt-auth.guard';
import { OptionalPollingMemberGuard } from '../sign-ins/optional-polling-member.guard';
import { MemberAccounts } from '../users/member-accounts';
import { presentUser } from '../users/user.presenter';
import { ConsentServiceProxy } from './consent-service.proxy';
import { refuseDeclaredOversize } from './declared-upload-size';
import { SessionCreationLimiter } from './session-creation-limiter';
import { SessionIdPipe } from './session-id.pipe';

type MaybeMember = CurrentMember | null;

const validSessionId = new SessionIdPipe(isUuid);
const validQrCodeId = new SessionIdPipe(isQrCodeId);

/**
 * The spec's consent calls. The gateway decides who the caller is (a signed-in member, or an anonymous partner
 * whose link token is passed on) and refuses malformed ids and bodies at the edge; the consent service, which checks
 * them again, decides what that caller may see or do.
 */
@Controller('api')
export class ConsentController {
  constructor(
    private readonly consent: ConsentServiceProxy,
    private readonly accounts: MemberAccounts,
    private readonly limiter: SessionCreationLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The initiator is the signed-in member (id, name, picture, phone): identity fields in the body are ignored. */
  @Post('consent/sessions')
  @UseGuards(JwtAuthGuard)
  async createSession(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const account = await this.accounts.of(member.userId);
    if (account.subscriptionStatus !== 'active') throw new ApiException(API_ERRORS.subscriptionRequired);
    if (!account.phoneVerifiedAt) throw new ApiException(API_ERRORS.memberPhoneNotVerified);
    await this.limiter.consume(member.userId);
    const user = presentUser(account);
    const { deleteAfterDays } = (request.body ?? {}) as { deleteAfterDays?: unknown };
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/sessions',
      actorUserId: user.id,
      // The member's phone is for their confirmation text and the rule that the partner's is another; the consent service
      // stores it and never answers it. Accounts older than E.164 storage hold it as typed, hence the parse.
      body: {
        json: {
          initiatorFullName: user.fullName,
          initiatorPictureUrl: user.profile_picture_url,
          initiatorPhone: toE164(user.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE),
          deleteAfterDays,
        },
      },
    });
  }

  @Get('consent/sessions/qr/:qrCodeId')
  @UseGuards(OptionalJwtAuthGuard)
  async sessionByQr(
    @Param('qrCodeId', validQrCodeId) qrCodeId: string,
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'GET',
      path: `/sessions/qr/${encodeURIComponent(qrCodeId)}`,
      actorUserId: actorOf(member),
    });
  }

  /**
   * The read every open screen polls, when `PolledSessionMiddleware` (in front of the router) could not answer it from
   * the read model: the consent service answers, and fills the read model for the next poll. The member's sign-in is
   * checked as the middleware checks it (`SignInVerifier`).
   */
  @Get('consent/sessions/:id')
  @UseGuards(OptionalPollingMemberGuard)
  async session(
    @Param('id', validSessionId) id: string,
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'GET',
      path: `/sessions/${encodeURIComponent(id)}`,
      actorUserId: actorOf(member),
    });
  }

  @Patch('consent/sessions/:id/status')
  @UseGuards(OptionalJwtAuthGuard)
  async updateStatus(
    @Param('id', validSessionId) id: string,
    @Body(new ZodBodyPipe(statusUpdateRequestSchema)) update: StatusUpdateRequest,
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'PATCH',
      path: `/sessions/${encodeURIComponent(id)}/status`,
      actorUserId: actorOf(member),
      body: { json: update },
    });
  }

  @Post('video/assets')
  @UseGuards(OptionalJwtAuthGuard)
  async createVideoAsset(
    @Body(new ZodBodyPipe(registerAssetRequestSchema)) asset: RegisterAssetInput,
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/video-assets',
      actorUserId: actorOf(member),
      body: { json: asset },
    });
  }

  @Post('upload')
  @UseGuards(OptionalJwtAuthGuard)
  async upload(
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    requireMultipart(request);
    refuseDeclaredOversize(request, response, this.config.RECORDING_MAX_BYTES);
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/uploads',
      actorUserId: actorOf(member),
      body: 'stream',
    });
  }

  @Post('consent/process-video')
  @UseGuards(OptionalJwtAuthGuard)
  async processVideo(
    @CurrentMember() member: MaybeMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    requireMultipart(request);
    refuseDeclaredOversize(request, response, this.config.RECORDING_MAX_BYTES);
    await this.consent.forward(request, response, {
      method: 'POST',
      path: '/process-video',
      actorUserId: actorOf(member),
      body: 'stream',
    });
  }
}

function actorOf(member: MaybeMember): string | null {
  return member?.userId ?? null;
}

// A JSON body was already consumed by the body parser, so only a multipart stream can be passed on.
function requireMultipart(request: Request): void {
  if (!/^multipart\/form-data;/i.test(request.headers['content-type'] ?? '')) {
    throw new ApiException(API_ERRORS.multipartExpected);
  }
}
