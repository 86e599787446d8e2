export function FullScreenLoading({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-slate-50 px-6">
      <p className="text-lg font-semibold text-slate-600">{message}</p>
    </div>
  );
}
