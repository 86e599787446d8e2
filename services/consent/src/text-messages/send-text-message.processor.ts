import { UnitOfWork } from '@app/database';
import { type JobPayload, JOBS, OnJob } from '@app/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { SessionUpdates } from '../events/session-updates';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { SessionViewMarks } from '../session-views/session-view-marks';
import type { TextMessage } from './text-message.entity';
import { TEXT_MESSAGE_SENDER, type TextMessageSender } from './text-message-sender';
import { TextMessagesRepository } from './text-messages.repository';
import { bodyWithoutSecrets, phoneCodeLapsed } from './text-secrets';

/**
 * The send-text-message worker: sends one outbox row through the configured provider.
 *
 * Once only, however often its job runs: the row is locked (FOR UPDATE) before the send and marked sent in the same
 * transaction, so a duplicated or retried job waits for the lock and then finds the row sent. Should the process die
 * (or the commit fail) after the provider took the text but before the commit, the row is still pending and the text is
 * sent again on the retry: delivery is at least once, never "at most once", because a verification text that is
 * never sent is worse than one sent twice, and no provider call can be made atomic with our commit.
 *
 * A failed attempt is counted on the row (attempts, last_error) and rethrown, so BullMQ retries it with backoff; a
 * permanent refusal (UnrecoverableError) or the last attempt marks the row failed. Nothing here touches the verdict.
 *
 * A row keeps its secret (a phone code, a receipt link's secret) only while pending: marked sent or failed for good, it
 * keeps its text without it (bodyWithoutSecrets). A phone code still pending past its code's lifetime is not sent.
 */
@Injectable()
export class SendTextMessageProcessor {
  private readonly logger = new Logger(SendTextMessageProcessor.name);

  constructor(
    @Inject(TEXT_MESSAGE_SENDER) private readonly sender: TextMessageSender,
    private readonly unitOfWork: UnitOfWork,
    private readonly messages: TextMessagesRepository,
    private readonly sessions: ConsentSessionsRepository,
    private readonly sessionUpdates: SessionUpdates,
    private readonly viewMarks: SessionViewMarks,
  ) {}

  /** One attempt at one text. */
  @OnJob(JOBS.sendTextMessage)
  async process(
    { messageId }: JobPayload<typeof JOBS.sendTextMessage>,
    job: Pick<Job, 'attemptsMade' | 'opts'>,
  ): Promise<void> {
    let message: TextMessage | null = null;
    try {
      const sent = await this.unitOfWork.run(async (transaction) => {
        message = await this.messages.lockForSending(transaction, messageId);
        if (!message || message.status !== 'pending') return null;
        if (phoneCodeLapsed(message, new Date())) {
          await this.messages.withdrawLapsed(transaction, message.id, bodyWithoutSecrets(message));
          return null;
        }
        // Only the verdict's text to the partner is the session's verification text (a phone code is not): its session.
        const verification =
          message.recipient === 'partner' && message.purpose === 'verdict' ? message.sessionId : null;
        // The session's read model is marked before the provider is called: should Redis be away, this attempt fails
        // before the text goes out, not after (which would send it twice).
        if (verification) await this.viewMarks.touch(transaction, [verification]);
        const { providerMessageId } = await this.sender.send(message);
        const sentAt = new Date();
        await this.messages.markSent(transaction, message.id, {
          provider: this.sender.provider,
          providerMessageId,
          sentAt,
          body: bodyWithoutSecrets(message),
        });
        if (!verification) return { message, session: null };
        await this.sessions.lock(transaction, verification);
        await this.sessions.update(transaction, verification, { verificationTextSentAt: sentAt });
        const session = await this.sessions.get(transaction, verification);
        await this.sessionUpdates.record(transaction, session, 'text_sent');
        return { message, session };
      });
      if (!sent) return;
      this.logger.log(
        `Text message ${sent.message.id} to the ${sent.message.recipient} sent by ${this.sender.provider}`,
      );
      if (sent.session) await this.sessionUpdates.publish(sent.session, 'text_sent');
    } catch (error) {
      throw await this.failed(messageId, message, error, job);
    }
  }

  /** Records the failed attempt and answers the error to rethrow, its text free of the number. */
  private async failed(
    messageId: string,
    message: TextMessage | null,
    error: unknown,
    job: Pick<Job, 'attemptsMade' | 'opts'>,
  ): Promise<Error> {
    const permanent = error instanceof UnrecoverableError;
    const attempt = job.attemptsMade + 1;
    const final = permanent || attempt >= (job.opts.attempts ?? 1);
    const reason = withoutPhone(error instanceof Error ? error.message : String(error), message?.phone);
    const safe = permanent ? new UnrecoverableError(reason) : new Error(reason);
    await this.messages
      .recordFailure(messageId, {
        error: reason,
        final,
        provider: this.sender.provider,
        keptBody: message ? bodyWithoutSecrets(message) : undefined,
      })
      .catch((recordError: Error) =>
        this.logger.warn(`Text message ${messageId}: failure not recorded: ${recordError.message}`),
      );
    const role = message ? ` to the ${message.recipient}` : '';
    this.logger.warn(
      `Text message ${messageId}${role}: attempt ${attempt} failed${final ? ' for good' : ''}: ${reason}`,
    );
    return safe;
  }
}

/** The senders never quote the number; this makes sure no other error (a driver's, a library's) does either. */
function withoutPhone(text: string, phone: string | undefined): string {
  if (!phone) return text;
  let safe = text.split(phone).join('[phone]');
  const digits = phone.replace(/\D/g, '');
  if (digits.length >= 4) safe = safe.split(digits).join('[phone]');
  return safe;
}
