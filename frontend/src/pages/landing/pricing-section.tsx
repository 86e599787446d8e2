import { Link } from 'react-router-dom';
import { PlanCard } from '@/components/plan-card';
import { buttonClasses } from '@/components/ui/button';
import { PLANS } from '@/content/plans';
import { useSiteInfo } from '@/lib/site';
import { earlyPricingLabel } from '@/pages/landing/early-pricing';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function PricingSection() {
  const { data: site } = useSiteInfo();
  return (
    <LandingSection id="pricing">
      <SectionHeading
        eyebrow="Pricing"
        title="Simple, honest pricing"
        text={earlyPricingLabel(site?.earlyPricingPlacesLeft)}
      />
      <div className="mx-auto mt-10 grid max-w-3xl gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Link
                to="/register"
                className={buttonClasses({ variant: plan.highlighted ? 'primary' : 'secondary', className: 'w-full' })}
              >
                Get Started
              </Link>
            }
          />
        ))}
      </div>
    </LandingSection>
  );
}
