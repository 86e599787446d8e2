export type ConsentStatus = 'pending' | 'granted' | 'denied';
export type AiVerdict = 'processing' | 'granted' | 'denied';

/** A consent session as the server answers it (docs/API.md, "Session object"). */
export interface ConsentSession {
  id: string;
  qrCodeId: string;
  initiatorUserId: string;
  initiatorFullName: string;
  verifiedOver18: boolean;
  recipientFullName: string | null;
  recipientPhone: string | null;
  consentStatus: ConsentStatus;
  aiVerdict: AiVerdict | null;
  consentGrantedTime: string | null;
  /** Only in the answer that created the session; null everywhere else. */
  recipientToken: string | null;
  deleteAfterDays: number;
  expiresAt: string;
  expired: boolean;
  createdAt: string;
  initiator?: { fullName: string; profile_picture_url: string | null };
}

/** What POST /api/consent/sessions is sent (spec section 7). */
export interface NewSessionPayload {
  qrCodeId: string;
  initiatorUserId: string;
  initiatorFullName: string;
  verifiedOver18: boolean;
  recipientFullName: string;
  recipientPhone: string;
  consentStatus: ConsentStatus;
  deleteAfterDays: number;
}
