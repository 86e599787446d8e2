import { CircleX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export default function CancelPage() {
  return (
    <SimplePage>
      <Card className="text-center">
        <CircleX className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment cancelled</h1>
        <p className="mt-2 text-sm text-slate-600">Your payment was cancelled. No charges were made to your account.</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/subscribe" className={buttonClasses()}>
            Back to Plans
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
            Home
          </Link>
        </div>
      </Card>
    </SimplePage>
  );
}
