import { PROBLEMS } from '@/content/landing-content';
import { IconCardGrid } from '@/pages/landing/icon-card-grid';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function ProblemSection() {
  return (
    <LandingSection id="problem">
      <SectionHeading
        eyebrow="The problem"
        title="“I thought you wanted to” isn’t good enough"
        text="Most trouble around intimacy starts with something that was never said out loud."
      />
      <IconCardGrid cards={PROBLEMS} />
    </LandingSection>
  );
}
