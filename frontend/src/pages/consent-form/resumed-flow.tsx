import type { ConsentSession } from '@app/contracts';
import { useEffect, useState } from 'react';
import { SimplePage } from '@/components/simple-page';
import { ConsentFlow } from '@/pages/consent-form/consent-flow';
import { clearDraft, readDraft } from '@/pages/consent-form/partner-draft';
import { RecipientDetailsLoading } from '@/pages/consent-form/recipient-details-step';
import { resumedStart, resumeStep } from '@/pages/consent-form/resume-step';
import { takes } from '@/pages/consent-form/take-store';

/** Still to be answered by this phone: unanswered, or a retake offered. */
function answerable(session: ConsentSession): boolean {
  return !session.expired && (session.aiVerdict === null || session.check?.retakeAllowed === true);
}

/**
 * The partner's form where this phone left it before a reload: the step from the server's state and this tab's draft,
 * and at the review the take kept on the phone. A session past its answer forgets both. Loaded only when there is
 * something to resume (`mayResume`), so a first visit does not download it.
 */
export default function ResumedFlow({ session, token }: { session: ConsentSession; token: string }) {
  const [draft] = useState(() => readDraft(session.id));
  const wantsTake = answerable(session) && resumeStep(session, draft, true) === 2;
  // undefined: still being read.
  const [take, setTake] = useState<Blob | null | undefined>(wantsTake ? undefined : null);

  useEffect(() => {
    if (wantsTake) void takes.load(session.id).then(setTake);
    else if (!answerable(session)) {
      clearDraft(session.id);
      void takes.remove(session.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once, as the page (re)loads.
  }, []);

  if (take === undefined) {
    return (
      <SimplePage>
        <RecipientDetailsLoading message="Loading consent session..." />
      </SimplePage>
    );
  }
  return <ConsentFlow session={session} token={token} start={resumedStart(session, draft, take)} />;
}
