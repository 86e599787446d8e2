import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export default function NotFound() {
  return (
    <SimplePage>
      <Card>
        <div className="flex items-center gap-2">
          <CircleAlert className="h-8 w-8 shrink-0 text-rose-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        {/* The spec's 'Did you forget to add the page to the router?' spoke to a developer (issue 32). */}
        <p className="mt-4 text-sm text-slate-600">
          We couldn't find this page. The link may be mistyped, or the page may have moved.
        </p>
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-6' })}>
          Go to the home page
        </Link>
      </Card>
    </SimplePage>
  );
}
