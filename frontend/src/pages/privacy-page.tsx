import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '@/content/privacy';

/** Public (the landing page's footer links here): the retention schedule and what the service never builds. */
export default function PrivacyPage() {
  return (
    <div className="min-h-dvh bg-slate-50 pb-12">
      <main className="mx-auto max-w-2xl px-4 pt-6">
        <Link to="/" aria-label="Home">
          <Logo />
        </Link>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Privacy</h1>
        <p className="mt-3 text-base leading-relaxed text-slate-700">{PRIVACY_INTRO}</p>
        {PRIVACY_SECTIONS.map(({ id, title, paragraphs }) => (
          <section
            key={id}
            id={id}
            aria-labelledby={`${id}-title`}
            className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
              {title}
            </h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
