import { type BillingTestApp, startBillingTestApp } from '../../../billing/test/billing-test-app';
import { type ConsentTestApp, startConsentTestApp } from '../../../consent/test/consent-test-app';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

/** The gateway in front of the real consent and billing services, each on its own database, as the deletion jobs run. */
export interface DeletionStack {
  consent: ConsentTestApp;
  billing: BillingTestApp;
  gateway: GatewayTestApp;
  /** Another gateway instance of the same deployment (its database and storage), with `overrides`. */
  anotherGateway(overrides?: Record<string, string>): Promise<GatewayTestApp>;
  close(): Promise<void>;
}

export async function startDeletionStack(): Promise<DeletionStack> {
  const consent = await startConsentTestApp();
  const billing = await startBillingTestApp({ INTERNAL_SERVICE_TOKEN: consent.internalToken });
  const overrides = (extra: Record<string, string> = {}) => ({
    CONSENT_SERVICE_URL: consent.baseUrl,
    BILLING_SERVICE_URL: billing.baseUrl,
    INTERNAL_SERVICE_TOKEN: consent.internalToken,
    REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    SESSIONS_PER_MEMBER_PER_HOUR: '1000',
    ...extra,
  });
  const gateway = await startGatewayTestApp(overrides());
  return {
    consent,
    billing,
    gateway,
    anotherGateway: (extra = {}) =>
      startGatewayTestApp(overrides({ STORAGE_DIR: gateway.storageDir, ...extra }), {
        databaseUrl: gateway.config.DATABASE_URL,
      }),
    async close() {
      await gateway.close();
      await billing.close();
      await consent.close();
    },
  };
}
