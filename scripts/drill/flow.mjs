// One member and their sessions end to end through the public API only, as the web app and a partner's phone make
// the calls: registered, subscribed through the local provider's TEST MODE checkout, the member's socket open; then
// each session: created, the partner's phone proved with the texted code (which gives the partner's credential
// cookie, sent with every partner call after it), the partner's socket joined with the link's token and that cookie,
// the safety questions, the recording uploaded and Yes or No submitted. The drill's clock starts at the 202
// (`submittedAt`); the sockets record when the verdict reached them.
import { randomBytes } from 'node:crypto';
import { importTypeScript } from '../bench/support/typescript.mjs';
import { ApiError } from './client.mjs';
import { isVerdict, liveSocket } from './live.mjs';

const { partnerCookie } = await importTypeScript('../../libs/testing/src/partner-credential.ts', import.meta.url);

/** A valid 1x1 PNG: registration requires a picture. */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PARTNER_NAME = 'Jordan Lee';
const SUCCEEDING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/** The answer to a second submission the first of which was taken (its answer lost to a fault). */
const ALREADY_ANSWERED = new Set([409]);

/** A retried upload whose first try was stored after all (its answer lost to a fault) or is still being stored. */
const UPLOAD_TAKEN = 'recording_already_stored';
const UPLOAD_IN_PROGRESS = 'recording_uploading';
const UPLOAD_TRIES = 3;
/** The new codes a partner may ask for in a session (the product's limit). */
const CODE_RESENDS = 3;
/** What a retried call of the proof can meet after a lost answer (provedPartner). */
const RETRIED_PROOF_REFUSALS = new Set(['403 partner_phone_required', '400 phone_code_wrong']);

/**
 * The recording announced and uploaded: its asset id. A retry that finds the first try stored takes it; one that
 * finds it still being stored (its stream cut by a fault) starts over with a new recording, as the phone would.
 */
async function uploadedRecording(api, partner, sessionId, recording) {
  for (let attempt = 1; ; attempt += 1) {
    const asset = await api.call('POST', '/api/video/assets', {
      headers: partner,
      json: {
        sessionId,
        filename: 'recording.webm',
        mimeType: 'video/webm;codecs=vp8,opus',
        fileSize: recording.length,
      },
    });
    try {
      await api.call('POST', '/api/upload', {
        headers: partner,
        form: () => {
          const form = new FormData();
          form.append('sessionId', sessionId);
          form.append('videoAssetId', asset.id);
          form.append('video', new Blob([recording], { type: 'video/webm' }), 'recording.webm');
          return form;
        },
      });
      return asset.id;
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === UPLOAD_TAKEN) return asset.id;
      if (!(error instanceof ApiError && error.body?.code === UPLOAD_IN_PROGRESS) || attempt === UPLOAD_TRIES)
        throw error;
    }
  }
}

/** Each member proves a number of their own, in another range than the partners'. */
const memberPhone = (index) => `+1 555 010 ${String(index).padStart(4, '0')}`;

/** Each session's partner proves a number of their own (the daily limit is per number). */
const partnerPhone = (n) =>
  `+1 555 ${String(200 + Math.floor(n / 10_000)).padStart(3, '0')} ${String(n % 10_000).padStart(4, '0')}`;

/**
 * `context`: {api, gatewayUrls, origin, stopped, onError, phoneCode(sessionId, since), memberPhoneCode(phone)}.
 * Resolves once the member is active and their socket is connected.
 */
export async function subscribedMember(context, index) {
  const { api } = context;
  const { user, token } = await api.call('POST', '/api/auth/register', {
    json: {
      username: `drill-${index}-${randomBytes(3).toString('hex')}@example.invalid`,
      password: randomBytes(12).toString('base64url'),
      fullName: `Drill Member ${index}`,
      phoneNumber: memberPhone(index),
      profilePicture: PICTURE,
    },
    preferred: index,
  });
  const bearer = { authorization: `Bearer ${token}` };
  // The member proves their own phone before their first session, as the dashboard's card has them do.
  await api.call('POST', '/api/auth/phone-verification', { headers: bearer, json: {} });
  await api.call('POST', '/api/auth/phone-verification/confirm', {
    headers: bearer,
    json: { code: await context.memberPhoneCode(user.phoneNumber) },
  });
  const checkout = await api.call('POST', '/api/stripe/create-subscription', {
    headers: bearer,
    json: { plan: 'monthly' },
  });
  await api.call('POST', `/api/billing/test-checkout/${encodeURIComponent(checkout.sessionId)}/pay`, {
    headers: bearer,
    json: SUCCEEDING_CARD,
  });
  // The payment reaches the gateway through billing's event and account-update jobs; /success asks until it has.
  for (;;) {
    const { subscriptionStatus } = await api.call('POST', '/api/stripe/verify-payment', {
      headers: bearer,
      json: { session_id: checkout.sessionId },
    });
    if (subscriptionStatus === 'active') break;
    if (context.stopped()) throw new Error(`member ${index} never became active (${subscriptionStatus})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const sessionIds = [];
  const socket = liveSocket({
    gatewayUrls: rotate(context.gatewayUrls, index),
    origin: context.origin,
    auth: { token },
    read: (id) => api.call('GET', `/api/consent/sessions/${id}`, { headers: bearer }),
    sessionIds: () => sessionIds,
    stopped: context.stopped,
    onError: context.onError,
  });
  await socket.start();
  return { index, userId: user.id, bearer, socket, sessionIds };
}

function rotate(list, by) {
  return list.map((_, i) => list[(i + by) % list.length]);
}

/**
 * The partner's phone proved: a code texted to `phone`, read as the phone receives it, typed back. The consent
 * service keeps the texts it "sent" in its memory only, so one sent just before it was killed may never be read: then
 * a new code is asked for, as the partner would press "New code", at most CODE_RESENDS times; so is one after a
 * call whose answer was lost made the code read unusable. Resolves with the
 * partner's headers from then on: the link's token and the credential cookie the confirmation set.
 */
async function provedPartner(context, session, phone) {
  const { api } = context;
  const partner = { 'X-Recipient-Token': session.recipientToken };
  const base = `/api/consent/sessions/${session.id}/phone-verification`;
  for (let resends = 0; ; resends += 1) {
    // Only a code texted after this ask is this ask's: an earlier one stops working once a new one is sent.
    const askedAt = Date.now();
    await api.call('POST', base, { headers: partner, json: { recipientPhone: phone } });
    const code = await context.phoneCode(session.id, askedAt);
    if (code) {
      try {
        const { setCookies } = await api.call('POST', `${base}/confirm`, {
          headers: partner,
          json: { code },
          cookies: true,
        });
        return { ...partner, Cookie: partnerCookie(setCookies, session.id) };
      } catch (error) {
        // Lost answers, retried: a confirmation that proved the phone for a credential that never arrived makes its
        // retry another browser's (403); a send retried after its answer was lost texts a second code, which
        // replaces the one read (400). Either way, as the partner would, press "New code".
        if (!(error instanceof ApiError && RETRIED_PROOF_REFUSALS.has(`${error.status} ${error.body?.code}`)))
          throw error;
      }
    }
    if (resends === CODE_RESENDS)
      throw new Error(`no code for session ${session.id} could be read, after ${CODE_RESENDS} new ones`);
  }
}

/**
 * One session of `member`, numbered `n` in the run: Yes with the recording when `decision` is 'yes', No with it
 * otherwise. Resolves with {id, submittedAt, partner} once the 202 came (null `submittedAt` if it never did before
 * the run's end), the partner's socket still open to hear the verdict.
 */
export async function submittedSession(context, member, n, decision, recording) {
  const { api } = context;
  const session = await api.call('POST', '/api/consent/sessions', {
    headers: member.bearer,
    json: { deleteAfterDays: 30 },
    preferred: n,
  });
  member.sessionIds.push(session.id);
  const base = `/api/consent/sessions/${session.id}`;
  const phone = partnerPhone(n);
  const partner = await provedPartner(context, session, phone);
  const partnerSocket = liveSocket({
    gatewayUrls: rotate(context.gatewayUrls, n + 1),
    origin: context.origin,
    auth: {},
    join: { sessionId: session.id, token: session.recipientToken },
    cookie: partner.Cookie,
    read: (id) => api.call('GET', `/api/consent/sessions/${id}`, { headers: partner }),
    sessionIds: () => [session.id],
    stopped: context.stopped,
    onError: context.onError,
  });
  await partnerSocket.start();
  await api.call('POST', `${base}/safety-check`, { headers: partner, json: { freeToSayNo: true, clearHeaded: true } });
  const assetId = await uploadedRecording(api, partner, session.id, recording);
  const fields = {
    sessionId: session.id,
    decision,
    recipient_full_name: PARTNER_NAME,
    recipient_phone: phone,
    is_over_18: 'true',
    videoAssetId: assetId,
  };
  try {
    await api.call('POST', '/api/consent/process-video', {
      headers: partner,
      form: () => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        return form;
      },
    });
  } catch (error) {
    // A retry after a lost answer: taken if the session shows the answer (processing, or its verdict already).
    if (!(error instanceof ApiError && ALREADY_ANSWERED.has(error.status))) throw error;
    const view = await api.call('GET', base, { headers: partner });
    if (view.aiVerdict !== 'processing' && !isVerdict(view.aiVerdict)) throw error;
  }
  return { id: session.id, submittedAt: Date.now(), member, partner: partnerSocket };
}
