import type { HeldAnalysisDiscard } from '@app/contracts';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { discardHeldAnalysis, holdAnalysis } from '@/pages/consent-form/held-analysis-api';
import { storeTake } from '@/pages/consent-form/recipient-api';

type Dropped = HeldAnalysisDiscard['reason'];
/** The answer's take: its store if it was stored as recorded (else null); from then on it is never discarded. */
export type ClaimTake = (take: Blob) => Promise<string> | null;

interface Held {
  take: Blob;
  stored: Promise<string>;
  /** Known once stored: what a discard names. */
  assetId?: string;
  /** `answered` from the tap on: never discarded after. */
  state: 'open' | 'answered' | Dropped;
}

/** A failure here is no error of the partner's: the answer then stores the take or has it analysed, as before. */
const quietly = (call: Promise<unknown>) => void call.catch(() => undefined);

interface Props {
  sessionId: string;
  token: string;
  /** The take at the review step; null at any other step. */
  reviewed: Blob | null;
  /** The name in the sentence shown, which the take is heard against. */
  fullName: string;
  /** Where the answer finds `ClaimTake`. */
  claim: RefObject<ClaimTake | null>;
  /** A take is stored and its analysis asked for: its verdict may now come with the answer (a failure is ignored). */
  onHeld: () => Promise<unknown>;
}

/**
 * The take under review, stored as soon as it is recorded and analysed while the partner reviews it: the server holds
 * the result until the answer (docs/API.md, The verdict at the tap). A take dropped before its answer (back to record
 * again, the page left) is discarded there too, its recording deleted. Loaded with the review step, not among the
 * page's first scripts; mounted from the first take on, so a new take is seen as one.
 */
export function HeldTake({ sessionId, token, reviewed, fullName, claim, onHeld }: Props) {
  const held = useRef<Held | null>(null);

  const hold = useCallback(
    (take: Blob) => {
      const mine: Held = { take, stored: storeTake(sessionId, token, take), state: 'open' };
      held.current = mine;
      quietly(
        mine.stored.then((videoAssetId): Promise<unknown> | undefined => {
          mine.assetId = videoAssetId;
          if (mine.state === 'open') return holdAnalysis(sessionId, { videoAssetId, fullName }, token).then(onHeld);
          // Dropped while uploading: discarded now that there is something to discard.
          if (mine.state !== 'answered')
            return discardHeldAnalysis(sessionId, { videoAssetId, reason: mine.state }, token);
        }),
      );
    },
    [sessionId, token, fullName, onHeld],
  );

  const drop = useCallback(
    (reason: Dropped) => {
      const mine = held.current;
      if (mine?.state !== 'open') return;
      mine.state = reason;
      if (mine.assetId) quietly(discardHeldAnalysis(sessionId, { videoAssetId: mine.assetId, reason }, token));
    },
    [sessionId, token],
  );

  useEffect(() => {
    // Also StrictMode's second run, and a re-render: the take already held stays as it is.
    if (held.current?.take === reviewed) return;
    drop('new_take');
    held.current = null;
    // An empty take is never sent ('Missing data').
    if (reviewed?.size) hold(reviewed);
  }, [reviewed, hold, drop]);

  useEffect(() => {
    const left = () => drop('left_page');
    // Back from the browser's page cache: the take shows again, so it is stored again (as a reload does).
    const back = (event: PageTransitionEvent) => {
      if (event.persisted && held.current?.state === 'left_page') hold(held.current.take);
    };
    addEventListener('pagehide', left);
    addEventListener('pageshow', back);
    return () => {
      removeEventListener('pagehide', left);
      removeEventListener('pageshow', back);
    };
  }, [hold, drop]);

  useEffect(() => {
    claim.current = (take) => {
      const mine = held.current;
      if (mine?.take !== take || (mine.state !== 'open' && mine.state !== 'answered')) return null;
      mine.state = 'answered';
      return mine.stored;
    };
  }, [claim]);

  return null;
}
