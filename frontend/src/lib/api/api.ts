import type {
  AssetCreated,
  ConsentSession,
  PhoneCodeConfirmation,
  PhoneCodeRequest,
  PhoneCodeSent,
  RegisterAssetRequest,
  SafetyCheckRequest,
  StatusUpdateRequest,
  StoredRecording,
  User,
} from '@app/contracts';
import { type ExtraHeaders, request } from '@/lib/api/http';

/** Every partner call carries the link's secret (docs/API.md). */
export const partner = (token: string | undefined): ExtraHeaders => (token ? { 'X-Recipient-Token': token } : {});
export const segment = encodeURIComponent;

/** The public API, typed by the contract in libs/contracts. */
export const api = {
  me: () => request<User>('GET', '/api/auth/me'),
  logout: () => request<void>('POST', '/api/auth/logout'),

  /** The member reads their own session; the partner with the link's token. */
  session: (id: string, token?: string) =>
    request<ConsentSession>('GET', `/api/consent/sessions/${segment(id)}`, { headers: partner(token) }),
  sessionByQr: (qrCodeId: string, token: string) =>
    request<ConsentSession>('GET', `/api/consent/sessions/qr/${segment(qrCodeId)}`, { headers: partner(token) }),
  /** Only a refusal is taken (`{status: 'denied'}`): nothing but the recording's analysis grants consent. */
  updateStatus: (id: string, body: StatusUpdateRequest, token?: string) =>
    request<ConsentSession>('PATCH', `/api/consent/sessions/${segment(id)}/status`, {
      json: body,
      headers: partner(token),
    }),
  /** The partner's private safety answers before recording; a No to either ends the session. */
  safetyCheck: (id: string, body: SafetyCheckRequest, token: string) =>
    request<ConsentSession>('POST', `/api/consent/sessions/${segment(id)}/safety-check`, {
      json: body,
      headers: partner(token),
    }),
  /** Texts the partner a code proving their phone (again: a resend); recording waits for it. */
  sendPhoneCode: (id: string, body: PhoneCodeRequest, token: string) =>
    request<PhoneCodeSent>('POST', `/api/consent/sessions/${segment(id)}/phone-verification`, {
      json: body,
      headers: partner(token),
    }),
  confirmPhoneCode: (id: string, body: PhoneCodeConfirmation, token: string) =>
    request<ConsentSession>('POST', `/api/consent/sessions/${segment(id)}/phone-verification/confirm`, {
      json: body,
      headers: partner(token),
    }),
  registerAsset: (body: RegisterAssetRequest, token: string) =>
    request<AssetCreated>('POST', '/api/video/assets', { json: body, headers: partner(token) }),
  /** Multipart: fields sessionId and videoAssetId, then the file part video. */
  upload: (form: FormData, token: string) =>
    request<StoredRecording>('POST', '/api/upload', { form, headers: partner(token) }),
  /** Multipart: the partner's details and decision, then videoAssetId or the file part video. */
  processVideo: (form: FormData, token: string) =>
    request<ConsentSession>('POST', '/api/consent/process-video', { form, headers: partner(token) }),
};
