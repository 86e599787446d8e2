import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BottomNav } from '@/components/bottom-nav';
import { LEARN_INTRO, LEARN_SECTIONS } from '@/content/learn-content';
import { WITHDRAW_ANY_TIME } from '@/lib/consent/session-status';

export default function LearnPage() {
  return (
    <div className="min-h-dvh bg-slate-50 pb-28">
      <main className="mx-auto max-w-2xl px-4 pt-6">
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Home
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Consent, the basics</h1>
        <p className="mt-3 text-base leading-relaxed text-slate-700">{LEARN_INTRO}</p>
        <p className="mt-3 text-base font-semibold text-slate-900">{WITHDRAW_ANY_TIME}</p>

        <nav aria-label="On this page" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">On this page</p>
          <ul className="mt-2 space-y-1 text-sm">
            {LEARN_SECTIONS.map(({ id, title }) => (
              <li key={id}>
                <a href={`#${id}`} className="text-rose-700 hover:underline">
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        {LEARN_SECTIONS.map(({ id, title, paragraphs, points }) => (
          <section key={id} id={id} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {points && (
              <ul className="mt-3 space-y-3">
                {points.map(({ term, text }) => (
                  <li key={term} className="border-l-4 border-rose-200 pl-3 leading-relaxed text-slate-700">
                    <strong className="text-slate-900">{term}</strong> {text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </main>
      <BottomNav />
    </div>
  );
}
