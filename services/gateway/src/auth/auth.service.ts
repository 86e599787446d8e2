import { API_ERRORS, type LoginInput, type RegisterInput } from '@app/contracts';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, QueryFailedError, Repository } from 'typeorm';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { ProfilePicturesService } from '../profile-pictures/profile-pictures.service';
import { memberPhone } from '../users/member-phone';
import { User } from '../users/user.entity';
import { AuthSession } from './auth-session.entity';
import { LiveSignIns } from './live-sign-ins/live-sign-ins';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { signedInUser } from './signed-in-user.query';

export interface IssuedSession {
  user: User;
  token: string;
  expiresAt: Date;
}

export interface TokenClaims {
  sub: string;
  sid: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AuthSession) private readonly sessions: Repository<AuthSession>,
    private readonly hasher: PasswordHasher,
    private readonly pictures: ProfilePicturesService,
    private readonly limiter: LoginRateLimiter,
    private readonly jwt: JwtService,
    private readonly dataSource: DataSource,
    private readonly signIns: LiveSignIns,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<IssuedSession> {
    // Counted before the e-mail is looked up, so "already registered" cannot list members faster than the limit.
    await this.limiter.consumeRegistration(ip);
    if (await this.users.existsBy({ email: input.username })) throw new ApiException(API_ERRORS.emailTaken);
    const phoneNumber = memberPhone(input.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    const picture = await this.pictures.prepare(input.profilePicture);
    const passwordHash = await this.hasher.hash(input.password);
    const pictureKey = await this.pictures.store(picture);
    try {
      // The account and its first session are written together or not at all.
      return await this.users.manager.transaction(async (manager) => {
        const user = await manager.save(
          manager.create(User, {
            email: input.username,
            passwordHash,
            fullName: input.fullName,
            phoneNumber,
            profilePictureKey: pictureKey,
          }),
        );
        return this.issue(user, manager.getRepository(AuthSession));
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
    const user = await this.users.findOneBy({ email: input.username });
    const passwordMatches = await this.hasher.verify(user?.passwordHash, input.password);
    // An account past its deletion date is as good as gone, even before the deletion job has reached it.
    const closed = user?.accountDeletionDate != null && user.accountDeletionDate.getTime() <= Date.now();
    if (!user || !passwordMatches || closed) {
      throw new ApiException(API_ERRORS.invalidCredentials);
    }
    await this.limiter.attemptSucceeded(ip, input.username);
    return this.issue(user, this.sessions);
  }

  /** Ends the session server-side: its token is refused from now on, whatever the browser keeps (or a poll's read model). */
  async logout(sessionId: string): Promise<void> {
    await this.signIns.ending({ signInId: sessionId }, () => this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() }));
  }

  /** The user behind a verified token, or null when its session was revoked, has expired or the user is gone. */
  resolve(claims: TokenClaims): Promise<User | null> {
    return signedInUser(this.dataSource, claims);
  }

  private async issue(user: User, sessions: Repository<AuthSession>): Promise<IssuedSession> {
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
    const session = await sessions.save(sessions.create({ id: randomUUID(), userId: user.id, expiresAt }));
    const claims: TokenClaims = { sub: user.id, sid: session.id };
    const token = await this.jwt.signAsync(claims, { expiresIn: this.config.SESSION_TTL_HOURS * 3600 });
    return { user, token, expiresAt };
  }
}
