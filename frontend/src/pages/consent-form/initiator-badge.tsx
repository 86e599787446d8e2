import type { ConsentSession } from '@app/contracts';

/** Who is asking: their photo (or initial) and name, so the partner knows whose request this is. */
export function InitiatorBadge({ session }: { session: ConsentSession }) {
  const name = session.initiator?.fullName || session.initiatorFullName;
  const photo = session.initiator?.profile_picture_url;

  return (
    <div className="flex items-center gap-3 rounded-2xl bg-rose-50 p-3">
      {photo ? (
        <img
          src={photo}
          alt={`Photo of ${name}`}
          className="h-14 w-14 shrink-0 rounded-full border-2 border-white object-cover shadow"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-rose-600 text-xl font-bold text-white shadow"
        >
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <p className="text-sm text-slate-700">
        <span className="block text-base font-semibold text-slate-900">{name}</span>
        is checking in with you. Only say yes if you mean it.
      </p>
    </div>
  );
}
