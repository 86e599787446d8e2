import { UnitOfWork } from '@app/database';
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
import { DataSource } from 'typeorm';
import { AccountController } from './accounts/account.controller';
import { MemberAccount } from './accounts/member-account';
import { BillingAuditRepository } from './audit/billing-audit.repository';
import { billingDataSourceOptions } from './billing-data-source';
import { CheckoutSessionsRepository } from './checkouts/checkout-sessions.repository';
import { OneLiveSubscription } from './checkouts/one-live-subscription';
import { RecordSubscription } from './checkouts/record-subscription';
import { StartCheckout } from './checkouts/start-checkout';
import { SubscriptionsController } from './checkouts/subscriptions.controller';
import { VerifyPayment } from './checkouts/verify-payment';
import { BILLING_CONFIG, BillingConfig } from './config/billing-config.schema';
import { CustomersRepository } from './customers/customers.repository';
import { LocalRenewals } from './events/local-renewals';
import { ProcessBillingEventProcessor } from './events/process-billing-event.processor';
import { ProviderEventsRepository } from './events/provider-events.repository';
import { RequeueUnprocessedEvents } from './events/requeue-unprocessed-events';
import { WebhookIntake } from './events/webhook-intake';
import { WebhooksController } from './events/webhooks.controller';
import { DeleteMember } from './members/delete-member';
import { DeletedMembersRepository } from './members/deleted-members.repository';
import { MembersController } from './members/members.controller';
import { createPaymentProvider } from './providers/create-payment-provider';
import { PAYMENT_PROVIDER } from './providers/payment-provider';
import { ReferralProgram } from './referrals/referral-program';
import { ReferralsController } from './referrals/referrals.controller';
import { ReferralsRepository } from './referrals/referrals.repository';
import { AccountUpdates } from './subscriptions/account-updates';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';
import { TestCheckoutController } from './test-checkout/test-checkout.controller';

@Module({})
export class AppModule {
  /** Built from an already-validated config, so tests can start the real app with their own database and Redis prefix. */
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions('billing', config)),
        TypeOrmModule.forRoot(billingDataSourceOptions(config.DATABASE_URL)),
        JobBackboneModule.forRoot({ service: 'billing', config }),
      ],
      controllers: [
        HealthController,
        SubscriptionsController,
        WebhooksController,
        AccountController,
        TestCheckoutController,
        ReferralsController,
        MembersController,
      ],
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        {
          provide: SERVICE_CREDENTIALS,
          useValue: { gateway: config.INTERNAL_SERVICE_TOKEN } satisfies ServiceCredentials,
        },
        { provide: APP_GUARD, useClass: ServiceCredentialGuard },
        {
          provide: PAYMENT_PROVIDER,
          useFactory: (dataSource: DataSource) => createPaymentProvider(config, dataSource),
          inject: [DataSource],
        },
        RedisConnection.provider(config),
        MetricsServer.provider(config),
        postgresAndRedisReadiness,
        UnitOfWork,
        CustomersRepository,
        CheckoutSessionsRepository,
        SubscriptionsRepository,
        ProviderEventsRepository,
        AccountUpdates,
        RecordSubscription,
        BillingAuditRepository,
        OneLiveSubscription,
        StartCheckout,
        VerifyPayment,
        MemberAccount,
        WebhookIntake,
        ProcessBillingEventProcessor,
        RequeueUnprocessedEvents,
        LocalRenewals,
        ReferralsRepository,
        ReferralProgram,
        DeletedMembersRepository,
        DeleteMember,
      ],
    };
  }
}
