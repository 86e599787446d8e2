import { FEATURES } from '@/content/landing-content';
import { IconCardGrid } from '@/pages/landing/icon-card-grid';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function FeaturesSection() {
  return (
    <LandingSection id="features" className="bg-slate-50">
      <SectionHeading
        eyebrow="The smart solution"
        title="A clear yes, recorded in seconds"
        text="Everything you need to ask properly, and nothing that gets in the way."
      />
      <IconCardGrid cards={FEATURES} />
    </LandingSection>
  );
}
