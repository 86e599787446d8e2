import type {
  AssetCreated,
  AuthResponse,
  BillingAccount,
  BillingPortal,
  ConsentSession,
  CreateSubscriptionResponse,
  LoginRequest,
  NewSessionRequest,
  PhoneCodeConfirmation,
  PhoneCodeRequest,
  PhoneCodeSent,
  PlanId,
  ReferralProgress,
  RegisterAssetRequest,
  RegisterRequest,
  SafetyCheckRequest,
  SiteFacts,
  StatusUpdateRequest,
  StoredRecording,
  SupportSessionLookup,
  TestCard,
  TestCheckout,
  TestCheckoutPaid,
  TestPortal,
  User,
  VerifyPaymentResponse,
} from '@app/contracts';
import { request, type ExtraHeaders } from '@/lib/api/http';

/** The card payment provider's name, which is also the path segment of the payment calls (spec section 7). */
export const PAYMENT_PROVIDER = 'stripe';

/** Every partner call carries the link's secret (docs/API.md). */
export const partner = (token: string | undefined): ExtraHeaders => (token ? { 'X-Recipient-Token': token } : {});
const segment = encodeURIComponent;

/** The public API, typed by the contract in libs/contracts. */
export const api = {
  me: () => request<User>('GET', '/api/auth/me'),
  login: (body: LoginRequest) => request<AuthResponse>('POST', '/api/auth/login', { json: body }),
  register: (body: RegisterRequest) => request<AuthResponse>('POST', '/api/auth/register', { json: body }),
  logout: () => request<void>('POST', '/api/auth/logout'),
  site: () => request<SiteFacts>('GET', '/api/site'),

  createSession: (body: NewSessionRequest) => request<ConsentSession>('POST', '/api/consent/sessions', { json: body }),
  /** The member reads their own session; the partner with the link's token. */
  session: (id: string, token?: string) => request<ConsentSession>('GET', `/api/consent/sessions/${segment(id)}`, { headers: partner(token) }),
  sessionByQr: (qrCodeId: string, token: string) =>
    request<ConsentSession>('GET', `/api/consent/sessions/qr/${segment(qrCodeId)}`, { headers: partner(token) }),
  /** Only a refusal is taken (`{status: 'denied'}`): nothing but the recording's analysis grants consent. */
  updateStatus: (id: string, body: StatusUpdateRequest, token?: string) =>
    request<ConsentSession>('PATCH', `/api/consent/sessions/${segment(id)}/status`, { json: body, headers: partner(token) }),
  /** The partner's private safety answers before recording; a No to either ends the session. */
  safetyCheck: (id: string, body: SafetyCheckRequest, token: string) =>
    request<ConsentSession>('POST', `/api/consent/sessions/${segment(id)}/safety-check`, { json: body, headers: partner(token) }),
  /** Texts the partner a code proving their phone (again: a resend); recording waits for it. */
  sendPhoneCode: (id: string, body: PhoneCodeRequest, token: string) =>
    request<PhoneCodeSent>('POST', `/api/consent/sessions/${segment(id)}/phone-verification`, { json: body, headers: partner(token) }),
  confirmPhoneCode: (id: string, body: PhoneCodeConfirmation, token: string) =>
    request<ConsentSession>('POST', `/api/consent/sessions/${segment(id)}/phone-verification/confirm`, { json: body, headers: partner(token) }),
  registerAsset: (body: RegisterAssetRequest, token: string) =>
    request<AssetCreated>('POST', '/api/video/assets', { json: body, headers: partner(token) }),
  /** Multipart: fields sessionId and videoAssetId, then the file part video. */
  upload: (form: FormData, token: string) => request<StoredRecording>('POST', '/api/upload', { form, headers: partner(token) }),
  /** Multipart: the partner's details and decision, then videoAssetId or the file part video. */
  processVideo: (form: FormData, token: string) =>
    request<ConsentSession>('POST', '/api/consent/process-video', { form, headers: partner(token) }),

  /**
   * Sent with an empty body (spec section 7); the checkout to verify, when known (/success?session_id=...), goes in
   * the query, which the gateway reads like a body's `session_id`. Without it the member's latest checkout is verified.
   */
  verifyPayment: (sessionId?: string | null) =>
    request<VerifyPaymentResponse>('POST', `/api/${PAYMENT_PROVIDER}/verify-payment${sessionId ? `?session_id=${segment(sessionId)}` : ''}`),
  createSubscription: (plan: PlanId) =>
    request<CreateSubscriptionResponse>('POST', `/api/${PAYMENT_PROVIDER}/create-subscription`, { json: { plan } }),

  /** The Profile page: plan, status, renewal or end date. */
  billingAccount: () => request<BillingAccount>('GET', '/api/billing/account'),
  /** Cancels at the end of the paid period; answers the account with its end date. */
  cancelSubscription: () => request<BillingAccount>('POST', '/api/billing/cancel'),
  /** Undoes a cancel at period end. */
  resumeSubscription: () => request<BillingAccount>('POST', '/api/billing/resume'),
  /** Where 'Manage billing' goes: the provider's customer portal. */
  billingPortal: () => request<BillingPortal>('POST', '/api/billing/portal'),
  /** The member's referral code and progress (`{code, counted, needed: 4, freeForLife}`). */
  referrals: () => request<ReferralProgress>('GET', '/api/billing/referrals'),
  /** The `local` provider's test checkout. */
  testCheckout: (sessionId: string) => request<TestCheckout>('GET', `/api/billing/test-checkout/${segment(sessionId)}`),
  payTestCheckout: (sessionId: string, card: TestCard) =>
    request<TestCheckoutPaid>('POST', `/api/billing/test-checkout/${segment(sessionId)}/pay`, { json: card }),
  testPortal: () => request<TestPortal>('GET', '/api/billing/test-checkout/portal'),
  updateTestPortalCard: (card: TestCard) => request<TestPortal>('POST', '/api/billing/test-checkout/portal/card', { json: card }),
  resumeTestPortal: () => request<TestPortal>('POST', '/api/billing/test-checkout/portal/resume'),

  /** Support and admin staff only: one session's timeline, jobs, texts and verdict, without personal data. */
  supportSession: (id: string) => request<SupportSessionLookup>('GET', `/api/admin/sessions/${segment(id)}`),
};
