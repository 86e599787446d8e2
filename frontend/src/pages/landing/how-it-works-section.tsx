import { STEPS, STEPS_NOTE } from '@/content/landing-content';
import { IconCardGrid } from '@/pages/landing/icon-card-grid';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function HowItWorksSection() {
  return (
    <LandingSection id="how-it-works">
      <SectionHeading eyebrow="How it works" title="Three simple steps" />
      <IconCardGrid cards={STEPS} numbered />
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-slate-500">{STEPS_NOTE}</p>
    </LandingSection>
  );
}
