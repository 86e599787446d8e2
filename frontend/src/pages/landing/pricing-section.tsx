import { Link } from 'react-router-dom';
import { PlanCard } from '@/components/plan-card';
import { buttonClasses } from '@/components/ui/button';
import { EARLY_PRICING_NOTE, PLANS } from '@/content/plans';
import { LandingSection, SectionHeading } from '@/pages/landing/landing-section';

export function PricingSection() {
  return (
    <LandingSection id="pricing">
      <SectionHeading eyebrow="Pricing" title="Simple, honest pricing" text={EARLY_PRICING_NOTE} />
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
