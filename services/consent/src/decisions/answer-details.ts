/**
 * The partner's name and phone stored with a first answer given without a recording (a No, a No to a safety
 * question): a phone proved with the texted code stands; before the proof, the number step 0 took goes with the
 * answer, so the verification text reaches it.
 */
export function detailsWithoutRecording(
  session: { phoneVerifiedAt: Date | null; recipientPhone: string | null },
  name: string | undefined,
  phone: string | undefined,
): { recipientFullName: string | null; recipientPhone: string | null } {
  return {
    recipientFullName: name ?? null,
    recipientPhone: session.phoneVerifiedAt ? session.recipientPhone : (phone ?? null),
  };
}
