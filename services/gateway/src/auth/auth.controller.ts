import {
  type AuthResponse,
  type LoginInput,
  loginRequestSchema,
  type RegisterInput,
  registerRequestSchema,
  SIGN_IN_HINT_COOKIE,
  type User,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ReferralNotice } from '../billing/referral-notice';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { clientIp } from '../http/client-info';
import { LiveUpdatesGateway } from '../live-updates/live-updates.gateway';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { JwtAuthGuard } from '../sign-ins/jwt-auth.guard';
import { SESSION_COOKIE, sessionCookieOptions, signInHintCookieOptions } from '../sign-ins/session-cookie';
import { MemberAccounts } from '../users/member-accounts';
import { presentUser } from '../users/user.presenter';
import { AuthService, IssuedSession } from './auth.service';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: MemberAccounts,
    private readonly referrals: ReferralNotice,
    private readonly live: LiveUpdatesGateway,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('register')
  async register(
    @Body(new ZodBodyPipe(registerRequestSchema)) input: RegisterInput,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const issued = await this.auth.register(input, clientIp(request));
    // The account exists: a referral is billing's to record, and never fails the registration.
    if (input.ref) await this.referrals.referred(issued.user.id, input.ref);
    return this.signIn(issued, response);
  }

  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodBodyPipe(loginRequestSchema)) input: LoginInput,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    return this.signIn(await this.auth.login(input, clientIp(request)), response);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  async me(@CurrentMember() member: CurrentMember): Promise<User> {
    return presentUser(await this.accounts.of(member.userId));
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  async logout(@CurrentMember() member: CurrentMember, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.auth.logout(member.signInId);
    // The sign-in's open sockets would otherwise go on receiving the member's sessions.
    this.live.closeSignIn(member.signInId);
    response.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config.COOKIE_SECURE));
    response.clearCookie(SIGN_IN_HINT_COOKIE, signInHintCookieOptions(this.config.COOKIE_SECURE));
  }

  private signIn(issued: IssuedSession, response: Response): AuthResponse {
    const maxAge = issued.expiresAt.getTime() - Date.now();
    response.cookie(SESSION_COOKIE, issued.token, sessionCookieOptions(this.config.COOKIE_SECURE, maxAge));
    response.cookie(SIGN_IN_HINT_COOKIE, '1', signInHintCookieOptions(this.config.COOKIE_SECURE, maxAge));
    return { user: presentUser(issued.user), token: issued.token };
  }
}
