import { UnitOfWork } from '@app/database';
import { ApiErrorFilter, HealthController, loggerOptions, postgresAndRedisReadiness } from '@app/http';
import { MetricsServer } from '@app/metrics';
import { JobBackboneModule } from '@app/queue';
import { RedisConnection } from '@app/redis';
import { createObjectStorage, OBJECT_STORAGE } from '@app/storage';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AccountDeletionSchedule } from './account-deletion/account-deletion.schedule';
import { DeleteDueAccounts } from './account-deletion/delete-due-accounts';
import { DeleteExpiredRecords } from './account-deletion/delete-expired-records';
import { DueAccountsRepository } from './account-deletion/due-accounts.repository';
import { DashboardAccessLog } from './admin/queue-dashboard/dashboard-access-log';
import { QueueDashboard } from './admin/queue-dashboard/queue-dashboard';
import { StaffAccess } from './admin/staff-access';
import { SupportAccessLogRepository } from './admin/support-access-log.repository';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginRateLimiter } from './auth/login-rate-limiter';
import { PasswordHasher } from './auth/password-hasher';
import { AccountUpdatesProcessor } from './billing/account-updates.processor';
import { BillingController } from './billing/billing.controller';
import { BillingLimiter } from './billing/billing-limiter';
import { BillingServiceProxy } from './billing/billing-service.proxy';
import { ReferralNotice } from './billing/referral-notice';
import { MemberCertificatesController } from './certificates/member-certificates.controller';
import { VerificationController } from './certificates/verification.controller';
import { VerificationLimiter } from './certificates/verification-limiter';
import { GATEWAY_CONFIG, GatewayConfig } from './config/gateway-config.schema';
import { ConsentController } from './consent/consent.controller';
import { ConsentServiceProxy } from './consent/consent-service.proxy';
import { HeldAnalysisController } from './consent/held-analysis.controller';
import { MemberPhoneController } from './consent/member-phone.controller';
import { PhoneVerificationController } from './consent/phone-verification.controller';
import { isSessionPoll, PolledSession } from './consent/polled-session';
import { PolledSessionMiddleware } from './consent/polled-session.middleware';
import { SafetyCheckController } from './consent/safety-check.controller';
import { SessionCreationLimiter } from './consent/session-creation-limiter';
import { DevTextsController } from './dev/dev-texts.controller';
import { identityDataSourceOptions } from './identity-data-source';
import { LiveTakeStore } from './live-hearing/live-take.store';
import { LiveTakesGateway } from './live-hearing/live-takes.gateway';
import { StartTakeLimiter } from './live-hearing/start-take-limiter';
import { JoinSessionLimiter } from './live-updates/join-session-limiter';
import { LiveUpdatesGateway } from './live-updates/live-updates.gateway';
import { SessionReader } from './live-updates/session-reader';
import { SessionUpdatesProcessor } from './live-updates/session-updates.processor';
import { SocketAuthenticator } from './live-updates/socket-authenticator';
import { ProfilePicturesController } from './profile-pictures/profile-pictures.controller';
import { ProfilePicturesService } from './profile-pictures/profile-pictures.service';
import { ReceiptsController } from './receipts/receipts.controller';
import { RobotsController } from './robots/robots.controller';
import { AuthSessionsRepository } from './sign-ins/auth-sessions.repository';
import { JwtStrategy } from './sign-ins/jwt.strategy';
import { LiveSignIns } from './sign-ins/live-sign-ins/live-sign-ins';
import { SignInVerifier } from './sign-ins/sign-in-verifier';
import { VerifiedTokens } from './sign-ins/verified-tokens';
import { SiteController } from './site/site.controller';
import { JobStates } from './support/job-states';
import { SupportController } from './support/support.controller';
import { SupportLookup } from './support/support-lookup';
import { SupportRecordReader } from './support/support-record-reader';
import { MemberAccounts } from './users/member-accounts';
import { UsersRepository } from './users/users.repository';

@Module({})
export class AppModule {
  /** Built from an already-validated config, so tests can start the real app with their own database and Redis prefix. */
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions('gateway', config, isSessionPoll)),
        // Pushes and subscription changes are one small read or UPDATE each: a few at a time keep the pools calm.
        JobBackboneModule.forRoot({ service: 'gateway', config }),
        TypeOrmModule.forRoot(identityDataSourceOptions(config.DATABASE_URL)),
        PassportModule,
        JwtModule.register({ secret: config.JWT_SECRET, signOptions: { algorithm: 'HS256' } }),
      ],
      controllers: [
        AuthController,
        MemberPhoneController,
        BillingController,
        ConsentController,
        SafetyCheckController,
        HeldAnalysisController,
        HealthController,
        ProfilePicturesController,
        ReceiptsController,
        RobotsController,
        SiteController,
        SupportController,
        MemberCertificatesController,
        VerificationController,
        PhoneVerificationController,
        ...(config.NODE_ENV === 'production' ? [] : [DevTextsController]),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: OBJECT_STORAGE, useFactory: () => createObjectStorage(config) },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        RedisConnection.provider(config),
        RedisConnection.liveProvider(config),
        MetricsServer.provider(config),
        postgresAndRedisReadiness,
        UnitOfWork,
        UsersRepository,
        MemberAccounts,
        AuthSessionsRepository,
        VerifiedTokens,
        LiveSignIns,
        SignInVerifier,
        JwtStrategy,
        PasswordHasher,
        LoginRateLimiter,
        AuthService,
        ProfilePicturesService,
        ConsentServiceProxy,
        SessionCreationLimiter,
        PolledSession,
        PolledSessionMiddleware,
        VerificationLimiter,
        SocketAuthenticator,
        SessionReader,
        JoinSessionLimiter,
        LiveUpdatesGateway,
        SessionUpdatesProcessor,
        LiveTakeStore,
        StartTakeLimiter,
        LiveTakesGateway,
        BillingServiceProxy,
        BillingLimiter,
        ReferralNotice,
        AccountUpdatesProcessor,
        DueAccountsRepository,
        DeleteDueAccounts,
        DeleteExpiredRecords,
        AccountDeletionSchedule,
        StaffAccess,
        SupportAccessLogRepository,
        DashboardAccessLog,
        QueueDashboard,
        SupportRecordReader,
        JobStates,
        SupportLookup,
      ],
      // For `@RequireRole` on controllers of modules built on this one.
      exports: [StaffAccess, SupportAccessLogRepository],
    };
  }
}
