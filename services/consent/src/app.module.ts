import { TRANSACTION_HOOKS, UnitOfWork } from '@app/database';
import {
  ApiErrorFilter,
  HealthController,
  loggerOptions,
  postgresAndRedisReadiness,
  SERVICE_CREDENTIALS,
  ServiceCredentialGuard,
  type ServiceCredentials,
} from '@app/http';
import { MetricsServer } from '@app/metrics';
import { JobBackboneModule } from '@app/queue';
import { RedisConnection } from '@app/redis';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AnalysisController } from './analysis/analysis.controller';
import { AnalysisResults } from './analysis/analysis-results';
import { CloseLapsedRetakes } from './analysis/close-lapsed-retakes';
import { RequeueProcessingSessions } from './analysis/requeue-processing-sessions';
import { RetakeOffer } from './attempt-outcomes/retake-offer';
import { StoreAttemptOutcome } from './attempt-outcomes/store-attempt-outcome';
import { AnalysisAttemptsRepository } from './attempts/analysis-attempts.repository';
import { AuditEntriesRepository } from './audit/audit-entries.repository';
import { AuditLogService } from './audit/audit-log.service';
import { CertificateRecords } from './certificates/certificate-records';
import { CertificateSigner } from './certificates/certificate-signer';
import { Certificates } from './certificates/certificates';
import { CertificatesController } from './certificates/certificates.controller';
import { CertificatesRepository } from './certificates/certificates.repository';
import { CONSENT_CONFIG, ConsentConfig } from './config/consent-config.schema';
import { consentDataSourceOptions } from './database/consent-data-source';
import { AnswerSafetyQuestions } from './decisions/answer-safety-questions';
import { HeldTakeAtYes } from './decisions/held-take-at-yes';
import { ProcessVideoController } from './decisions/process-video.controller';
import { RefuseConsent } from './decisions/refuse-consent';
import { SafetyCheckController } from './decisions/safety-check.controller';
import { StatusController } from './decisions/status.controller';
import { StoreSubmittedRecording } from './decisions/store-submitted-recording';
import { SubmitDecision } from './decisions/submit-decision';
import { PendingPushesRepository } from './events/pending-pushes.repository';
import { RequeuePendingPushes } from './events/requeue-pending-pushes';
import { SessionUpdates } from './events/session-updates';
import { DiscardAbandonedTakes } from './held-analyses/discard-abandoned-takes';
import { DiscardHeldAnalysis } from './held-analyses/discard-held-analysis';
import { HeldAnalysesController } from './held-analyses/held-analyses.controller';
import { HeldRecordings } from './held-analyses/held-recordings';
import { StartHeldAnalysis } from './held-analyses/start-held-analysis';
import { HeldAnalysesRepository } from './held-analysis-records/held-analyses.repository';
import { HeldTakes } from './held-analysis-records/held-takes';
import { HistoryController } from './history/history.controller';
import { HistoryRepository } from './history/history.repository';
import { MemberHistory } from './history/member-history';
import { ConfirmMemberPhoneCode } from './member-phones/confirm-member-phone-code';
import { MemberPhoneVerificationsRepository } from './member-phones/member-phone-verifications.repository';
import { MemberPhonesController } from './member-phones/member-phones.controller';
import { SendMemberPhoneCode } from './member-phones/send-member-phone-code';
import { DeleteMember } from './members/delete-member';
import { MembersController } from './members/members.controller';
import { ConfirmPhoneCode } from './phone-verification/confirm-phone-code';
import { PhoneCodeLimits } from './phone-verification/phone-code-limits';
import { PhoneVerificationController } from './phone-verification/phone-verification.controller';
import { PhoneVerificationsRepository } from './phone-verification/phone-verifications.repository';
import { SendPhoneCode } from './phone-verification/send-phone-code';
import { ReceiptsRepository } from './receipt-records/receipts.repository';
import { ReceiptsController } from './receipts/receipts.controller';
import { ReceiptsService } from './receipts/receipts.service';
import { WithdrawConsent } from './receipts/withdraw-consent';
import { WithdrawalController } from './receipts/withdrawal.controller';
import { RecordingIntake } from './recordings/recording-intake';
import { UploadClaims } from './recordings/upload-claims';
import { UploadsController } from './recordings/uploads.controller';
import { UploadsService } from './recordings/uploads.service';
import { VideoAssetsController } from './recordings/video-assets.controller';
import { VideoAssetsRepository } from './recordings/video-assets.repository';
import { VideoAssetsService } from './recordings/video-assets.service';
import { DeleteExpiredSessions } from './retention/delete-expired-sessions';
import { DeletionLogRepository } from './retention/deletion-log.repository';
import { RetentionController } from './retention/retention.controller';
import { SessionDeletion } from './retention/session-deletion';
import { ConsentSessionsRepository } from './session-records/consent-sessions.repository';
import { SessionViewFill } from './session-views/session-view-fill';
import { SessionViewMarks } from './session-views/session-view-marks';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { RecordingKeysRepository } from './storage/recording-keys.repository';
import { RecordingStorage } from './storage/recording-storage';
import { SupportController } from './support/support.controller';
import { SupportLookup } from './support/support-lookup';
import { DevTextsController } from './text-messages/dev-texts.controller';
import { RequeuePendingTexts } from './text-messages/requeue-pending-texts';
import { SendTextMessageProcessor } from './text-messages/send-text-message.processor';
import { TextDispatch } from './text-messages/text-dispatch';
import { createTextMessageSender, TEXT_MESSAGE_SENDER } from './text-messages/text-message-sender';
import { TextMessagesRepository } from './text-messages/text-messages.repository';
import { StoreVerdict } from './verdicts/store-verdict';
import { VerdictTexts } from './verdicts/verdict-texts';
import { VerdictsRepository } from './verdicts/verdicts.repository';

@Module({})
export class AppModule {
  /** Built from an already-validated config, so tests can start the real app with their own database, Redis prefix and storage. */
  static forRoot(config: ConsentConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions('consent', config)),
        TypeOrmModule.forRoot(consentDataSourceOptions(config.DATABASE_URL)),
        JobBackboneModule.forRoot({ service: 'consent', config }),
      ],
      controllers: [
        HealthController,
        SessionsController,
        StatusController,
        SafetyCheckController,
        HeldAnalysesController,
        VideoAssetsController,
        UploadsController,
        ProcessVideoController,
        AnalysisController,
        MembersController,
        MemberPhonesController,
        RetentionController,
        SupportController,
        ReceiptsController,
        WithdrawalController,
        CertificatesController,
        HistoryController,
        PhoneVerificationController,
        ...(config.NODE_ENV === 'production' ? [] : [DevTextsController]),
      ],
      providers: [
        { provide: CONSENT_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        {
          provide: SERVICE_CREDENTIALS,
          useValue: {
            gateway: config.INTERNAL_SERVICE_TOKEN,
            'media-worker': config.MEDIA_WORKER_TOKEN,
          } satisfies ServiceCredentials,
        },
        { provide: APP_GUARD, useClass: ServiceCredentialGuard },
        RedisConnection.provider(config),
        MetricsServer.provider(config),
        postgresAndRedisReadiness,
        PendingPushesRepository,
        SessionUpdates,
        RequeuePendingPushes,
        RecordingKeysRepository,
        RecordingStorage,
        UnitOfWork,
        SessionViewMarks,
        { provide: TRANSACTION_HOOKS, useExisting: SessionViewMarks },
        SessionViewFill,
        ConsentSessionsRepository,
        VideoAssetsRepository,
        AuditEntriesRepository,
        AuditLogService,
        SessionsService,
        VideoAssetsService,
        UploadClaims,
        RecordingIntake,
        UploadsService,
        RefuseConsent,
        AnswerSafetyQuestions,
        StoreSubmittedRecording,
        SubmitDecision,
        HeldTakeAtYes,
        RequeueProcessingSessions,
        VerdictsRepository,
        StoreVerdict,
        AnalysisAttemptsRepository,
        RetakeOffer,
        StoreAttemptOutcome,
        AnalysisResults,
        CloseLapsedRetakes,
        HeldAnalysesRepository,
        HeldTakes,
        HeldRecordings,
        StartHeldAnalysis,
        DiscardHeldAnalysis,
        DiscardAbandonedTakes,
        TextMessagesRepository,
        { provide: TEXT_MESSAGE_SENDER, useFactory: createTextMessageSender, inject: [CONSENT_CONFIG] },
        VerdictTexts,
        TextDispatch,
        SendTextMessageProcessor,
        RequeuePendingTexts,
        DeletionLogRepository,
        SessionDeletion,
        DeleteMember,
        DeleteExpiredSessions,
        SupportLookup,
        CertificateSigner,
        CertificatesRepository,
        CertificateRecords,
        Certificates,
        HistoryRepository,
        MemberHistory,
        ReceiptsRepository,
        ReceiptsService,
        WithdrawConsent,
        PhoneVerificationsRepository,
        PhoneCodeLimits,
        SendPhoneCode,
        MemberPhoneVerificationsRepository,
        SendMemberPhoneCode,
        ConfirmMemberPhoneCode,
        ConfirmPhoneCode,
      ],
    };
  }
}
