import { API_ERRORS, type LoginInput, type RegisterInput } from '@app/contracts';
import { type Transaction, UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { QueryFailedError } from 'typeorm';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { ProfilePicturesService } from '../profile-pictures/profile-pictures.service';
import { AuthSessionsRepository } from '../sign-ins/auth-sessions.repository';
import { LiveSignIns } from '../sign-ins/live-sign-ins/live-sign-ins';
import type { TokenClaims } from '../sign-ins/session-token';
import { memberPhone } from '../users/member-phone';
import type { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';

export interface IssuedSession {
  user: User;
  token: string;
  expiresAt: Date;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly users: UsersRepository,
    private readonly sessions: AuthSessionsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly pictures: ProfilePicturesService,
    private readonly limiter: LoginRateLimiter,
    private readonly jwt: JwtService,
    private readonly signIns: LiveSignIns,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<IssuedSession> {
    // Counted before the e-mail is looked up, so "already registered" cannot list members faster than the limit.
    await this.limiter.consumeRegistration(ip);
    if (await this.users.emailTaken(input.username)) throw new ApiException(API_ERRORS.emailTaken);
    const phoneNumber = memberPhone(input.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    const picture = await this.pictures.prepare(input.profilePicture);
    const passwordHash = await this.hasher.hash(input.password);
    const pictureKey = await this.pictures.store(picture);
    try {
      // The account and its first session are written together or not at all.
      return await this.unitOfWork.run(async (transaction) => {
        const fields = {
          email: input.username,
          passwordHash,
          fullName: input.fullName,
          phoneNumber,
          profilePictureKey: pictureKey,
        };
        const user = await this.users.insert(transaction, fields);
        return this.issue(user, transaction);
      });
    } catch (error) {
      await this.pictures.remove(pictureKey);
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505') {
        throw new ApiException(API_ERRORS.emailTaken);
      }
      throw error;
    }
  }

  async login(input: LoginInput, ip: string): Promise<IssuedSession> {
    await this.limiter.beginAttempt(ip, input.username);
    const user = await this.users.byEmail(input.username);
    const passwordMatches = await this.hasher.verify(user?.passwordHash, input.password);
    // An account past its deletion date is as good as gone, even before the deletion job has reached it.
    const closed = user?.accountDeletionDate != null && user.accountDeletionDate.getTime() <= Date.now();
    if (!user || !passwordMatches || closed) {
      throw new ApiException(API_ERRORS.invalidCredentials);
    }
    await this.limiter.attemptSucceeded(ip, input.username);
    return this.issue(user);
  }

  /** Ends the session server-side: its token is refused from now on, whatever the browser keeps (or a poll's read model). */
  async logout(signInId: string): Promise<void> {
    await this.signIns.ending({ signInId }, () => this.sessions.revoke(signInId));
  }

  private async issue(user: User, transaction?: Transaction): Promise<IssuedSession> {
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
    const signInId = await this.sessions.open(user.id, expiresAt, transaction);
    const claims: TokenClaims = { sub: user.id, sid: signInId };
    const token = await this.jwt.signAsync(claims, { expiresIn: this.config.SESSION_TTL_HOURS * 3600 });
    return { user, token, expiresAt };
  }
}
