import { KEPT_NUMBERS, KEPT_TEXTS_PER_NUMBER, LISTED_TEXTS, LogTextMessageSender } from './log-text-message-sender';

const text = (phone: string, body: string) => ({ sessionId: null, purpose: 'phone_code', phone, body }) as const;

describe('LogTextMessageSender', () => {
  it("keeps a number's texts however many were sent to others since, and lists only the newest", async () => {
    const sender = new LogTextMessageSender();
    await sender.send(text('+15550000001', 'ConsentIQ code: 111111.'));
    for (let i = 0; i < LISTED_TEXTS + 10; i++)
      await sender.send(text(`+1555100${String(i).padStart(4, '0')}`, `other ${i}`));

    expect(sender.latest()).toHaveLength(LISTED_TEXTS);
    expect(sender.latest().map((kept) => kept.body)).not.toContain('ConsentIQ code: 111111.');
    expect(sender.sentTo('+15550000001').map((kept) => kept.body)).toEqual(['ConsentIQ code: 111111.']);
    expect(sender.sentTo('+15559999999')).toEqual([]);
  });

  it("keeps each number's newest texts first, up to its limit", async () => {
    const sender = new LogTextMessageSender();
    for (let i = 0; i < KEPT_TEXTS_PER_NUMBER + 5; i++) await sender.send(text('+15550000001', `text ${i}`));
    const kept = sender.sentTo('+15550000001');
    expect(kept).toHaveLength(KEPT_TEXTS_PER_NUMBER);
    expect(kept[0].body).toBe(`text ${KEPT_TEXTS_PER_NUMBER + 4}`);
  });

  it('forgets the number texted longest ago first, past its limit of numbers', async () => {
    const sender = new LogTextMessageSender();
    await sender.send(text('+15550000001', 'first'));
    await sender.send(text('+15550000002', 'second'));
    // Texted again: now the most recent.
    await sender.send(text('+15550000001', 'first again'));
    for (let i = 0; i < KEPT_NUMBERS - 1; i++)
      await sender.send(text(`+1555200${String(i).padStart(4, '0')}`, 'other'));

    expect(sender.sentTo('+15550000002')).toEqual([]);
    expect(sender.sentTo('+15550000001').map((kept) => kept.body)).toEqual(['first again', 'first']);
  });
});
