import { queryPrepared, PreparedStatement } from '@app/database';
import type { DataSource } from 'typeorm';
import { CONSENT_SCHEMA } from '../database/consent-data-source';
import { ConsentSession } from './consent-session.entity';

/** Every column of ConsentSession (the token's hash too) under its property name, so a row becomes the entity as it is. */
const SESSION_BY_ID: PreparedStatement = {
  name: 'consent.session-by-id',
  text: `SELECT id, qr_code_id AS "qrCodeId", initiator_user_id AS "initiatorUserId", initiator_full_name AS "initiatorFullName",
                initiator_picture_url AS "initiatorPictureUrl", recipient_token_hash AS "recipientTokenHash",
                verified_over_18 AS "verifiedOver18", recipient_full_name AS "recipientFullName", recipient_phone AS "recipientPhone",
                consent_status AS "consentStatus", ai_verdict AS "aiVerdict", recipient_decision AS "recipientDecision",
                video_asset_id AS "videoAssetId", consent_granted_time AS "consentGrantedTime", delete_after_days AS "deleteAfterDays",
                expires_at AS "expiresAt", created_at AS "createdAt", updated_at AS "updatedAt"
           FROM ${CONSENT_SCHEMA}.consent_sessions
          WHERE id = $1`,
};

/**
 * A session as stored now (no cache: a verdict is seen as soon as it is committed), for the read every open
 * screen polls every 2 s. `id` must already be a uuid.
 */
export async function sessionById(dataSource: DataSource, id: string): Promise<ConsentSession | null> {
  const [row] = await queryPrepared<Partial<ConsentSession>>(dataSource, SESSION_BY_ID, [id]);
  return row ? Object.assign(new ConsentSession(), row) : null;
}
