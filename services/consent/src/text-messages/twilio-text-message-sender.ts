import { UnrecoverableError } from 'bullmq';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import type { OutgoingText, TextMessageSender } from './text-message-sender';

/** Bounds the time a send holds its outbox row's lock. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** Tests and self-hosted Twilio-compatible gateways only: the origin every API call goes to instead of Twilio's. */
  apiBaseUrl?: string;
}

/**
 * The SDK's HTTP client, with two changes: calls can go to another origin (the path, form body and basic auth the SDK
 * built are kept, so a test server sees exactly what Twilio would), and the SDK's debug logging, which would print
 * the number and the text (`TWILIO_LOG_LEVEL=debug`), is never on.
 */
class TwilioHttpClient extends twilio.RequestClient {
  constructor(private readonly origin: URL | undefined) {
    super({ timeout: REQUEST_TIMEOUT_MS, autoRetry: false });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const uri = new URL(options.uri);
    if (this.origin) {
      uri.protocol = this.origin.protocol;
      uri.host = this.origin.host;
    }
    return super.request<TData>({ ...options, uri: uri.href, logLevel: undefined });
  }
}

/** Sends through Twilio's Messages API (`messages.create({to, from, body})`). */
export class TwilioTextMessageSender implements TextMessageSender {
  readonly provider = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSettings) {
    const origin = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: new TwilioHttpClient(origin),
      autoRetry: false,
    });
  }

  async send({ phone, body }: OutgoingText): Promise<{ providerMessageId: string }> {
    let sid: string | undefined;
    try {
      ({ sid } = await this.client.messages.create({ to: phone, from: this.settings.from, body }));
    } catch (error) {
      throw sendFailure(error);
    }
    if (!sid) throw new Error('Twilio accepted the message without a sid');
    return { providerMessageId: sid };
  }
}

/**
 * What a failed call becomes, described by status and Twilio's error code only: Twilio's own message can quote the
 * number ("The 'To' number +1555... is not a valid phone number"). A 4xx other than 408 and 429 (an invalid or
 * unreachable number such as 21211, a refused sender, bad credentials) fails the same way every time, so it is
 * permanent; a 5xx, a timeout or a network error may pass on a later attempt.
 */
export function sendFailure(error: unknown): Error {
  const status =
    typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : undefined;
  if (status !== undefined) {
    const code = (error as { code?: unknown }).code;
    const description = `Twilio answered ${status}${typeof code === 'number' ? ` (error ${code})` : ''}`;
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    return permanent ? new UnrecoverableError(description) : new Error(description);
  }
  const code = (error as { code?: unknown })?.code;
  return new Error(
    `Twilio not reached (${typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : 'network error'})`,
  );
}
