import { Star } from 'lucide-react';
import { RATING, TESTIMONIALS } from '@/content/landing-content';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" className="bg-slate-50">
      <SectionHeading eyebrow="Members" title="What members say" text={`${RATING.value} ${RATING.label}`} />
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map(({ quote, name, detail }) => (
          <li key={name}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex gap-0.5" aria-hidden>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} className="h-4 w-4 fill-amber-400 text-amber-400" />
                ))}
              </div>
              <blockquote className="mt-4 flex-1 text-slate-700">“{quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900">{name}</span>
                <span className="text-slate-500"> · {detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
