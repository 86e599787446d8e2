import { MonitorX } from 'lucide-react';
import { SimplePage } from '@/components/simple-page';
import { StatusCard } from '@/components/status-card';

const BROWSERS = ['Chrome 47+', 'Firefox 29+', 'Safari 14.1+', 'Edge 79+'];

/** Recording is impossible here; `problem` says why (see recording-support.ts). */
export function BrowserNotSupported({ problem }: { problem: string }) {
  return (
    <SimplePage>
      <StatusCard icon={<MonitorX className="h-12 w-12 text-rose-600" aria-hidden />} title="Browser Not Supported">
        <p role="alert" className="font-medium text-slate-800">
          {problem}
        </p>
        <p>Please open this link in one of these browsers, and allow camera and microphone access:</p>
        <ul className="mx-auto w-fit list-disc pl-5 text-left">
          {BROWSERS.map((browser) => (
            <li key={browser}>{browser}</li>
          ))}
        </ul>
      </StatusCard>
    </SimplePage>
  );
}
