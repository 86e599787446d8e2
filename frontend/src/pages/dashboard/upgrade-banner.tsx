import { CircleCheck } from 'lucide-react';

export function UpgradeBanner() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900"
    >
      <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden />
      <div>
        <p className="font-semibold">Payment successful. Welcome aboard!</p>
        <p className="mt-1 text-sm">Your subscription is active. You can start a consent session now.</p>
      </div>
    </div>
  );
}
