import { Link } from 'react-router-dom';
import { QrCode } from 'lucide-react';
import { SimplePage } from '@/components/simple-page';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Placeholder until the consent session screen (QR code and live status) is built. */
export default function NewSessionPage() {
  return (
    <SimplePage>
      <Card className="text-center">
        <QrCode className="mx-auto h-12 w-12 text-rose-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Coming soon</h1>
        <p className="mt-2 text-sm text-slate-600">
          Creating a consent session and showing your partner’s QR code arrives in the next update.
        </p>
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
          Back to home
        </Link>
      </Card>
    </SimplePage>
  );
}
